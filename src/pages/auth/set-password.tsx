import { useEffect, useState } from "react";
import { Alert, Button, Form, Result, Spin } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { Answer } from "../../api";
import { formOnlyRequired, writeRules } from "../../components/kit/rules";
import { errorMessage, errorStatus, post } from "../../providers/http";
import { AuthFrame, AuthFooter } from "./AuthFrame";
import { PasswordInput } from "./inputs";
import { STRONG_PASSWORD } from "./register";

const rule = writeRules("/api/v2/password-set");

interface LinkInfo {
  username: string;
  firstName: string;
  lastName: string;
  purpose: "invite" | "reset";
}
interface Values {
  password: string;
  confirm: string;
}

/**
 * `/set-password?token=…`: an invited staff member (or one sent a reset link) sets their password through
 * the one-time link an administrator gave them; the link then stops working. Public, without Refine.
 */
export default function SetPasswordPage() {
  // Reached signed out: its words are in the users namespace, which a sign-in page does not load otherwise.
  const { t } = useTranslation(["users", "common"]);
  const token = new URLSearchParams(useLocation().search).get("token") ?? "";
  const [info, setInfo] = useState<LinkInfo | null>(null);
  // Why the link cannot be used: the server's message, or none for a link it does not know (said in the words shown).
  const [broken, setBroken] = useState<{ message?: string } | null>(token.length >= 20 ? null : {});
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ username: string; area: "admin" | "supplier" } | null>(null);

  useEffect(() => {
    if (token.length < 20) return;
    post<{ data: LinkInfo }>("/api/v2/password-set/check", { token })
      .then((body) => setInfo(body.data))
      .catch((e) => setBroken(errorStatus(e) === 404 ? {} : { message: errorMessage(e) }));
  }, [token]);

  const submit = async ({ password }: Values) => {
    setPending(true);
    setError(null);
    try {
      setDone(await post<Answer<"/api/v2/password-set", "post">>("/api/v2/password-set", { token, password }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPending(false);
    }
  };

  const signIn = done?.area === "supplier" ? "/supplier/login" : "/login";
  return (
    <AuthFrame
      title={t("users.setPassword.title")}
      subtitle={
        info ? t(`users.setPassword.${info.purpose}`, { name: [info.firstName, info.lastName].join(" ") }) : undefined
      }
    >
      {broken ? (
        <Result
          status="warning"
          title={t("users.setPassword.unusable")}
          subTitle={broken.message ?? t("users.setPassword.invalid")}
          extra={<Link to="/login">{t("auth.signIn")}</Link>}
        />
      ) : done ? (
        <Result
          status="success"
          title={t("users.setPassword.done")}
          subTitle={t("users.setPassword.doneHint", { username: done.username })}
          extra={
            <Link to={signIn}>
              <Button type="primary">{t("auth.signIn")}</Button>
            </Link>
          }
        />
      ) : !info ? (
        <Spin />
      ) : (
        <>
          {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 16 }} />}
          <p>
            {t("users.setPassword.username")}: <strong dir="ltr">{info.username}</strong>
          </p>
          <Form<Values> layout="vertical" onFinish={submit} requiredMark={false} disabled={pending}>
            <Form.Item
              label={t("users.fields.newPassword")}
              name="password"
              extra={t("auth.passwordHint")}
              rules={rule("password", t("auth.passwordRequired"), [
                { pattern: STRONG_PASSWORD, message: t("auth.passwordWeak") },
              ])}
            >
              <PasswordInput autoComplete="new-password" autoFocus />
            </Form.Item>
            <Form.Item
              label={t("users.fields.confirmPassword")}
              name="confirm"
              dependencies={["password"]}
              rules={[
                // The repeated password stays in the form: the server is sent the password once.
                formOnlyRequired(t("users.rules.confirm")),
                ({ getFieldValue }) => ({
                  validator: (_, v?: string) =>
                    !v || v === getFieldValue("password")
                      ? Promise.resolve()
                      : Promise.reject(new Error(t("users.rules.confirm"))),
                }),
              ]}
            >
              <PasswordInput autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={pending}>
              {t("users.setPassword.submit")}
            </Button>
          </Form>
        </>
      )}
      <AuthFooter>
        <Link to="/login">{t("auth.staffLink")}</Link>
      </AuthFooter>
    </AuthFrame>
  );
}
