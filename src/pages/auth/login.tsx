import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { Alert, Button } from "antd";
import Form from "rc-field-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { writeRules } from "../../components/kit/rules";
import { sessionExpiredIn, signupReceivedIn } from "../../providers/return-to";
import { authProvider, type LoginParams, type TypeLogin } from "../../providers/auth";
import { AuthFrame, AuthFooter } from "./AuthFrame";
import { PasswordInput, TextInput } from "./inputs";
import { useAuthSubmit } from "./useAuthSubmit";
import { AuthField } from "./AuthField";

const rule = writeRules("/api/account/login");

interface Values {
  users: string;
  password: string;
}

/** Staff sign in at /login, suppliers at /supplier/login; the server checks the area too. */
export default function LoginPage({ typeLogin }: { typeLogin: TypeLogin }) {
  const { t } = useTranslation();
  const { submit, pending: isPending, error } = useAuthSubmit<LoginParams>(authProvider.login);
  const supplier = typeLogin === "supplier";
  const { search } = useLocation();
  const expired = sessionExpiredIn(search);
  const signupReceived = supplier && signupReceivedIn(search);

  const onFinish = ({ users, password }: Values) => void submit({ users: users.trim(), password, typeLogin });

  return (
    <AuthFrame
      title={t(supplier ? "auth.supplierTitle" : "auth.staffTitle")}
      subtitle={t(supplier ? "auth.supplierSubtitle" : "auth.staffSubtitle")}
    >
      {expired && !error && (
        <Alert type="info" showIcon message={t("errors.sessionExpired")} role="status" style={{ marginBottom: 16 }} />
      )}
      {signupReceived && !error && (
        <Alert type="info" showIcon message={t("auth.signupReceived")} role="status" style={{ marginBottom: 16 }} />
      )}
      {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form<Values> onFinish={onFinish}>
        <AuthField label={t("auth.users")} name="users" rules={rule("users", t("auth.usersRequired"))}>
          <TextInput prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" disabled={isPending} />
        </AuthField>
        <AuthField label={t("auth.password")} name="password" rules={rule("password", t("auth.passwordRequired"))}>
          <PasswordInput prefix={<LockOutlined />} autoComplete="current-password" size="large" disabled={isPending} />
        </AuthField>
        <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
          {t("auth.signIn")}
        </Button>
      </Form>
      <AuthFooter>
        {supplier ? (
          <>
            {t("auth.noAccount")} <Link to="/supplier/register">{t("auth.register")}</Link>
            <br />
            <Link to="/login">{t("auth.staffLink")}</Link>
          </>
        ) : (
          <Link to="/supplier/login">{t("auth.supplierLink")}</Link>
        )}
      </AuthFooter>
    </AuthFrame>
  );
}
