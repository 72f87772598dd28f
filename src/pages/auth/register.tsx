import { useRegister } from "@refinedev/core";
import { Alert, Button, Col, Form, Input, Row, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { RegisterParams } from "../../providers/auth";
import { errorMessage } from "../../providers/http";
import { AuthFrame } from "./AuthFrame";

/** Same rule as the server: at least 8 characters with a letter and a digit. */
export const STRONG_PASSWORD = /^(?=.*[A-Za-z])(?=.*\d).{8,}$/;

export default function RegisterPage() {
  const { t } = useTranslation();
  const { mutate: register, isPending } = useRegister<RegisterParams>();
  const [error, setError] = useState<string | null>(null);

  const onFinish = (values: RegisterParams) => {
    setError(null);
    register(
      { ...values, email: values.email.trim(), firstName: values.firstName.trim(), lastName: values.lastName.trim() },
      {
        onSuccess: (result) => {
          if (!result.success) setError(errorMessage(result.error));
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <AuthFrame title={t("auth.registerTitle")} subtitle={t("auth.registerSubtitle")}>
      {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form<RegisterParams> layout="vertical" onFinish={onFinish} requiredMark={false} disabled={isPending}>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              label={t("auth.firstName")}
              name="firstName"
              rules={[{ required: true, whitespace: true, message: t("auth.firstNameRequired") }]}
            >
              <Input autoComplete="given-name" autoFocus />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label={t("auth.lastName")}
              name="lastName"
              rules={[{ required: true, whitespace: true, message: t("auth.lastNameRequired") }]}
            >
              <Input autoComplete="family-name" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label={t("auth.email")}
          name="email"
          rules={[
            { required: true, message: t("auth.emailRequired") },
            { type: "email", message: t("auth.emailInvalid") },
          ]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          label={t("auth.password")}
          name="password"
          extra={t("auth.passwordHint")}
          rules={[
            { required: true, message: t("auth.passwordRequired") },
            { pattern: STRONG_PASSWORD, message: t("auth.passwordWeak") },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
          {t("auth.createAccount")}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: "center" }}>
        {t("auth.haveAccount")} <Link to="/supplier/login">{t("auth.signIn")}</Link>
      </Typography.Paragraph>
    </AuthFrame>
  );
}
