import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { useLogin } from "@refinedev/core";
import { Alert, Button, Form, Input, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { LoginParams, TypeLogin } from "../../providers/auth";
import { errorMessage } from "../../providers/http";
import { AuthFrame } from "./AuthFrame";

interface Values {
  users: string;
  password: string;
}

/** Staff sign in at /login, suppliers at /supplier/login; the server checks the area too. */
export default function LoginPage({ typeLogin }: { typeLogin: TypeLogin }) {
  const { t } = useTranslation();
  const { mutate: login, isPending } = useLogin<LoginParams>();
  const [error, setError] = useState<string | null>(null);
  const supplier = typeLogin === "supplier";

  const onFinish = ({ users, password }: Values) => {
    setError(null);
    login(
      { users: users.trim(), password, typeLogin },
      {
        onSuccess: (result) => {
          if (!result.success) setError(errorMessage(result.error));
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <AuthFrame
      title={t(supplier ? "auth.supplierTitle" : "auth.staffTitle")}
      subtitle={t(supplier ? "auth.supplierSubtitle" : "auth.staffSubtitle")}
    >
      {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form<Values> layout="vertical" onFinish={onFinish} requiredMark={false} disabled={isPending}>
        <Form.Item
          label={t("auth.users")}
          name="users"
          rules={[{ required: true, whitespace: true, message: t("auth.usersRequired") }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
        </Form.Item>
        <Form.Item label={t("auth.password")} name="password" rules={[{ required: true, message: t("auth.passwordRequired") }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
          {t("auth.signIn")}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: "center" }}>
        {supplier ? (
          <>
            {t("auth.noAccount")} <Link to="/supplier/register">{t("auth.register")}</Link>
            <br />
            <Link to="/login">{t("auth.staffLink")}</Link>
          </>
        ) : (
          <Link to="/supplier/login">{t("auth.supplierLink")}</Link>
        )}
      </Typography.Paragraph>
    </AuthFrame>
  );
}
