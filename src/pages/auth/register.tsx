import { Alert, Button, Col, Form, Row } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { writeRules } from "../../components/kit/rules";
import { authProvider, type RegisterParams } from "../../providers/auth";
import { AuthFooter, AuthFrame } from "./AuthFrame";
import { PasswordInput, TextInput } from "./inputs";
import { useAuthSubmit } from "./useAuthSubmit";

/** Same rule as the server: at least 8 characters with a letter and a digit. */
export const STRONG_PASSWORD = /^(?=.*[A-Za-z])(?=.*\d).{8,}$/;

const rule = writeRules("/api/account/register");

export default function RegisterPage() {
  const { t } = useTranslation();
  const { submit, pending: isPending, error } = useAuthSubmit<RegisterParams>(authProvider.register!);

  const onFinish = (values: RegisterParams) =>
    void submit({
      ...values,
      email: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
    });

  return (
    <AuthFrame title={t("auth.registerTitle")} subtitle={t("auth.registerSubtitle")}>
      {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form<RegisterParams> layout="vertical" onFinish={onFinish} requiredMark={false} disabled={isPending}>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              label={t("auth.firstName")}
              name="firstName"
              rules={rule("firstName", t("auth.firstNameRequired"))}
            >
              <TextInput autoComplete="given-name" autoFocus />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={t("auth.lastName")} name="lastName" rules={rule("lastName", t("auth.lastNameRequired"))}>
              <TextInput autoComplete="family-name" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label={t("auth.email")}
          name="email"
          rules={rule("email", t("auth.emailRequired"), [{ type: "email", message: t("auth.emailInvalid") }])}
        >
          <TextInput type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          label={t("auth.password")}
          name="password"
          extra={t("auth.passwordHint")}
          rules={rule("password", t("auth.passwordRequired"), [
            { pattern: STRONG_PASSWORD, message: t("auth.passwordWeak") },
          ])}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
          {t("auth.createAccount")}
        </Button>
      </Form>
      <AuthFooter>
        {t("auth.haveAccount")} <Link to="/supplier/login">{t("auth.signIn")}</Link>
      </AuthFooter>
    </AuthFrame>
  );
}
