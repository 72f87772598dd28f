import type { Answer, Body } from "../../api";
import { useState } from "react";
import { List } from "@refinedev/antd";
import { useCustom, useTranslate } from "@refinedev/core";
import { Alert, Button, Card, Col, Descriptions, Form, Input, Row, Spin, Tag } from "antd";
import { applyFieldErrors, errorMessage } from "../../components/kit/errors";
import { formOnlyRequired, writeRules } from "../../components/kit/rules";
import { dateTime } from "../../components/kit/format";
import { readNavConfig, readToken, readUser, storeSession } from "../../providers/session-store";
import { NAME_MAX, PHONE_PATTERN, readCall, REST, roleLabel, type UserSummary } from "./model";
import { useUserWrites } from "./useUserWrites";
import { LtrInput } from "./LtrInput";
import { AccountSessions } from "./AccountSessions";
import { renewToken } from "../../providers/auth";

const profileRule = writeRules("/api/v2/my-account", "patch");
const passwordRule = writeRules("/api/v2/my-account/password");

interface Profile {
  firstName: string;
  lastName: string;
  phone?: string | null;
}
interface Passwords {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

/** The signed-in user's own account (both areas): name and phone, the password with the current one, the sessions. */
export function AccountPage({ screenId }: { screenId: "account" | "supplier-account" }) {
  const t = useTranslate();
  const { result, query } = useCustom<{ data: UserSummary }>(readCall("useraccount"));
  const me = result.data?.data;
  return (
    <List title={t("resources.account")} resource={screenId} headerButtons={null}>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message={errorMessage(query.error)}
          action={<Button onClick={() => query.refetch()}>{t("users.actions.retry")}</Button>}
        />
      ) : !me ? (
        <Spin />
      ) : (
        <Account me={me} onSaved={() => query.refetch()} />
      )}
    </List>
  );
}

function Account({ me, onSaved }: { me: UserSummary; onSaved: () => unknown }) {
  const t = useTranslate();
  return (
    // Marked once the account is in: the screens walk waits for it (no table here).
    <Row gutter={[24, 24]} style={{ maxWidth: 1100 }} data-screen-ready>
      <Col xs={24}>
        <Card title={t("users.account.details")}>
          <Descriptions size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t("users.fields.username")}>
              <bdi>{me.username}</bdi>
            </Descriptions.Item>
            <Descriptions.Item label={t("users.fields.email")}>
              <bdi>{me.email}</bdi>
            </Descriptions.Item>
            <Descriptions.Item label={t("users.fields.role")}>
              <Tag>{roleLabel(t, me)}</Tag>
            </Descriptions.Item>
            {me.shops.length > 0 && (
              <Descriptions.Item label={t("users.fields.shops")}>
                {me.shops.map((s) => s.name).join(", ")}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t("users.fields.createdAt")}>{dateTime(me.createdAt)}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <ProfileForm me={me} onSaved={onSaved} />
      </Col>
      <Col xs={24} lg={12}>
        <PasswordForm />
      </Col>
      <Col xs={24}>
        <AccountSessions />
      </Col>
    </Row>
  );
}

function ProfileForm({ me, onSaved }: { me: UserSummary; onSaved: () => unknown }) {
  const t = useTranslate();
  const [form] = Form.useForm<Profile>();
  const { rest, busy } = useUserWrites();
  const [failure, setFailure] = useState<string>();
  const save = async (v: Profile) => {
    setFailure(undefined);
    try {
      const saved = await rest<UserSummary>(
        REST.account,
        "patch",
        { updatedAt: me.updatedAt, firstName: v.firstName, lastName: v.lastName, phone: v.phone?.trim() || null },
        t("users.messages.profileSaved"),
        true,
      );
      // The header shows the name from the session: keep it in step.
      const token = readToken();
      const user = readUser();
      if (token && user)
        storeSession(token, { ...user, firstName: saved.firstName, lastName: saved.lastName }, readNavConfig());
      await onSaved();
    } catch (error) {
      if (!applyFieldErrors(form, error)) setFailure(errorMessage(error));
    }
  };
  return (
    <Card title={t("users.account.profile")}>
      <Form<Profile>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{ firstName: me.firstName, lastName: me.lastName, phone: me.phone }}
      >
        {failure && <Alert type="error" showIcon role="alert" message={failure} style={{ marginBottom: 16 }} />}
        <Form.Item
          name="firstName"
          label={t("users.fields.firstName")}
          rules={profileRule("firstName", t("users.rules.firstName"), [{ max: NAME_MAX }])}
        >
          <Input dir="auto" maxLength={NAME_MAX} autoComplete="given-name" />
        </Form.Item>
        <Form.Item
          name="lastName"
          label={t("users.fields.lastName")}
          rules={profileRule("lastName", t("users.rules.lastName"), [{ max: NAME_MAX }])}
        >
          <Input dir="auto" maxLength={NAME_MAX} autoComplete="family-name" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t("users.fields.phone")}
          rules={[{ pattern: PHONE_PATTERN, message: t("users.rules.phone") }]}
        >
          <LtrInput type="tel" maxLength={20} autoComplete="tel" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t("buttons.save")}
        </Button>
      </Form>
    </Card>
  );
}

/** At least 8 characters with a letter and a digit (the server's rule). */
export const strongEnough = (v: string) => v.length >= 8 && /[A-Za-z]/.test(v) && /\d/.test(v);

function PasswordForm() {
  const t = useTranslate();
  const [form] = Form.useForm<Passwords>();
  const { rest, busy } = useUserWrites();
  const [failure, setFailure] = useState<string>();
  const save = async (v: Passwords) => {
    setFailure(undefined);
    try {
      const done = await rest<Answer<"/api/v2/my-account/password", "post">>(
        `${REST.account}/password`,
        "post",
        {
          currentPassword: v.currentPassword,
          newPassword: v.newPassword,
        } satisfies Body<"/api/v2/my-account/password">,
        t("users.messages.passwordChanged"),
        true,
      );
      // The server ended the other sessions and refuses the old token: this session goes on with the new one.
      renewToken(done.accessToken);
      form.resetFields();
    } catch (error) {
      if (!applyFieldErrors(form, error)) setFailure(errorMessage(error));
    }
  };
  return (
    <Card title={t("users.account.password")}>
      <Form<Passwords> form={form} layout="vertical" onFinish={save}>
        {failure && <Alert type="error" showIcon role="alert" message={failure} style={{ marginBottom: 16 }} />}
        <Form.Item
          name="currentPassword"
          label={t("users.fields.currentPassword")}
          rules={passwordRule("currentPassword", t("users.rules.currentPassword"))}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t("users.fields.newPassword")}
          extra={t("users.hints.password")}
          rules={passwordRule("newPassword", t("users.rules.password"), [
            {
              validator: (_, v?: string) =>
                !v || strongEnough(v) ? Promise.resolve() : Promise.reject(new Error(t("users.rules.password"))),
            },
          ])}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t("users.fields.confirmPassword")}
          dependencies={["newPassword"]}
          rules={[
            // The repeated password stays in the form: the server is sent newPassword only.
            formOnlyRequired(t("users.rules.confirm")),
            ({ getFieldValue }) => ({
              validator: (_, v?: string) =>
                !v || v === getFieldValue("newPassword")
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("users.rules.confirm"))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t("users.actions.changePassword")}
        </Button>
      </Form>
    </Card>
  );
}
