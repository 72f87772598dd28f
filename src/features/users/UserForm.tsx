import type { Answer, Body } from "../../api";
import { useState } from "react";
import { Create, Edit, useForm } from "@refinedev/antd";
import { useCustom, useGo, useTranslate, type HttpError } from "@refinedev/core";
import {
  Alert,
  AutoComplete,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Popconfirm,
  Row,
  Select,
  Space,
  Switch,
  Tag,
} from "antd";
import { KeyOutlined } from "@ant-design/icons";
import { BackLink } from "../../components/kit/direction";
import { errorMessage, errorStatus, hasFieldErrors } from "../../components/kit/errors";
import { dateTime } from "../../components/kit/format";
import { RecordFailure } from "../../components/kit/RecordFailure";
import { writeRules } from "../../components/kit/rules";
import { useAuthContext } from "../../providers/session";
import { LinkDialog } from "./LinkDialog";
import {
  fullName,
  NAME_MAX,
  PHONE_PATTERN,
  readCall,
  REST,
  RESOURCE,
  roleLabel,
  userPaths,
  type PasswordLink,
  type Role,
  type StaffUser,
  type UserSummary,
} from "./model";
import { useUserWrites } from "./useUserWrites";
import { LtrInput } from "./LtrInput";
import { ON_REST } from "../../providers/rest";

type Invite = Body<"/api/v2/staff-users">;
const invite = writeRules("/api/v2/staff-users");
const change = writeRules("/api/v2/staff-users/{id}", "patch");
/** The invite's fields; username and role are set on the invite only. */
type Values = Omit<Invite, "username" | "roleId"> & Partial<Pick<Invite, "username" | "roleId">>;

const EDITABLE = [
  "email",
  "firstName",
  "lastName",
  "phone",
  "employeeCode",
  "department",
  "position",
  "userType",
] as const;

/** The choices of the form: staff roles, user types and the departments already named. */
function useChoices() {
  const roles = useCustom<{ items: Role[] }>(readCall("getuserroles", { area: "admin" }));
  const types = useCustom<Answer<"/api/user/usertypemaster">>(readCall("usertypemaster"));
  const staff = useCustom<Answer<"/api/user/getemployeedata">>(readCall("getemployeedata", { limit: 1 }));
  return {
    roles: roles.result.data?.items ?? [],
    types: types.result.data?.items ?? [],
    departments: staff.result.data?.departments ?? [],
  };
}

/**
 * A staff account: invited with a one-time password link (shown once to copy), then edited — its
 * details with the `updatedAt` read, its role, whether it may sign in, and a new link when asked for.
 */
export function UserForm({ id }: { id?: string }) {
  const t = useTranslate();
  const go = useGo();
  const mode = id === undefined ? "create" : "edit";
  const choices = useChoices();
  const [formError, setFormError] = useState<string | null>(null);
  const [link, setLink] = useState<{ link: PasswordLink; name: string; then?: string } | null>(null);

  const { form, formProps, saveButtonProps, onFinish, query, formLoading } = useForm<
    StaffUser | Answer<"/api/v2/staff-users", "post">,
    HttpError,
    Values
  >({
    resource: REST.staff,
    ...ON_REST,
    action: mode,
    id,
    redirect: false,
    warnWhenUnsavedChanges: true,
    successNotification: () => ({
      type: "success",
      message: t(mode === "create" ? "users.messages.invited" : "users.messages.saved"),
    }),
    errorNotification: (error) =>
      errorStatus(error) === 400 || errorStatus(error) === 409
        ? false
        : { type: "error", message: t("users.messages.failed"), description: errorMessage(error) },
    onMutationSuccess: ({ data }) => {
      if (mode === "create" && "link" in data)
        setLink({ link: data.link, name: fullName(data.user), then: userPaths.edit(data.user.id) });
    },
    onMutationError: (error) => setFormError(hasFieldErrors(form, error) ? null : errorMessage(error)),
  });
  const user = mode === "edit" ? (query?.data?.data as StaffUser | undefined) : undefined;
  // The marks of the write sent.
  const rule = mode === "create" ? invite : change;

  const submit = (values: Values) => {
    setFormError(null);
    const payload: Record<string, unknown> = {};
    for (const k of EDITABLE)
      if (values[k] !== undefined) payload[k] = typeof values[k] === "string" ? values[k].trim() || null : values[k];
    if (mode === "create") Object.assign(payload, { username: values.username?.trim(), roleId: values.roleId });
    else payload.updatedAt = user?.updatedAt;
    return onFinish(payload as unknown as Values).catch(() => undefined);
  };

  const fields = (
    <Form<Values> {...formProps} onFinish={submit} layout="vertical" style={{ maxWidth: 880 }}>
      {formError && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} message={formError} />}
      <Row gutter={16}>
        {mode === "create" && (
          <>
            <Col xs={24} md={12}>
              <Form.Item
                name="username"
                label={t("users.fields.username")}
                extra={t("users.hints.username")}
                rules={invite("username", t("users.rules.username"), [
                  { pattern: /^[A-Za-z0-9._-]{3,50}$/, message: t("users.rules.username") },
                ])}
              >
                <LtrInput autoComplete="off" maxLength={50} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="roleId"
                label={t("users.fields.role")}
                extra={t("users.hints.role")}
                rules={invite("roleId", t("users.rules.role"))}
              >
                <Select options={choices.roles.map((r) => ({ value: r.id, label: roleLabel(t, r) }))} />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={24} md={12}>
          <Form.Item
            name="firstName"
            label={t("users.fields.firstName")}
            rules={rule("firstName", t("users.rules.firstName"), [{ max: NAME_MAX }])}
          >
            <Input dir="auto" maxLength={NAME_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="lastName"
            label={t("users.fields.lastName")}
            rules={rule("lastName", t("users.rules.lastName"), [{ max: NAME_MAX }])}
          >
            <Input dir="auto" maxLength={NAME_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={t("users.fields.email")}
            rules={rule("email", t("users.rules.email"), [{ type: "email", message: t("users.rules.email") }])}
          >
            <LtrInput type="email" maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="phone"
            label={t("users.fields.phone")}
            rules={[{ pattern: PHONE_PATTERN, message: t("users.rules.phone") }]}
          >
            <LtrInput type="tel" maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="employeeCode" label={t("users.fields.employeeCode")} rules={[{ max: 30 }]}>
            <LtrInput maxLength={30} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="userType" label={t("users.fields.userType")}>
            <Select
              allowClear
              options={choices.types.map((u) => ({ value: u.code, label: t(`users.userTypes.${u.code}`, u.name) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="department" label={t("users.fields.department")} rules={[{ max: 80 }]}>
            <AutoComplete options={choices.departments.map((d) => ({ value: d }))} filterOption maxLength={80} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="position" label={t("users.fields.position")} rules={[{ max: 80 }]}>
            <Input dir="auto" maxLength={80} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );

  const linkDialog = (
    <LinkDialog
      link={link?.link ?? null}
      name={link?.name ?? ""}
      onClose={() => {
        const then = link?.then;
        setLink(null);
        if (then) go({ to: then, type: "replace" });
      }}
    />
  );
  const back = <BackLink to={userPaths.list()} label={t("buttons.backToList")} />;
  const save = { ...saveButtonProps, children: t(mode === "create" ? "users.actions.invite" : "buttons.save") };

  if (mode === "create") {
    return (
      <Create title={t("users.titles.create")} resource={RESOURCE} goBack={back} saveButtonProps={save}>
        <Alert type="info" showIcon message={t("users.hints.invite")} style={{ marginBottom: 16, maxWidth: 880 }} />
        {fields}
        {linkDialog}
      </Create>
    );
  }
  if (query?.isError) return <RecordFailure query={query} backTo={userPaths.list()} />;
  return (
    <Edit
      title={user ? fullName(user) : t("users.titles.edit")}
      resource={RESOURCE}
      recordItemId={id}
      goBack={back}
      headerButtons={() => null}
      isLoading={formLoading}
      saveButtonProps={save}
    >
      {user && (
        <AccessCard
          user={user}
          roles={choices.roles}
          onChanged={() => query?.refetch()}
          onLink={(l) => setLink({ link: l, name: fullName(user) })}
        />
      )}
      {fields}
      {linkDialog}
    </Edit>
  );
}

/** Who the account is and what it may do: its role, whether it may sign in, a new password link. */
function AccessCard({
  user,
  roles,
  onChanged,
  onLink,
}: {
  user: UserSummary;
  roles: Role[];
  onChanged: () => unknown;
  onLink: (link: PasswordLink) => void;
}) {
  const t = useTranslate();
  const { user: me } = useAuthContext();
  const { verb, rest, busy } = useUserWrites();
  const [roleId, setRoleId] = useState(user.roleId);
  const active = user.status === "active";
  const self = me?.id === user.id;

  const changeRole = () =>
    verb(
      "updateroleuser",
      { userId: user.id, roleId, updatedAt: user.updatedAt },
      t("users.messages.roleChanged"),
    ).then(onChanged, () => setRoleId(user.roleId));
  const toggle = () =>
    verb(
      "updatestatususer",
      { userId: user.id, status: active ? "disabled" : "active", updatedAt: user.updatedAt },
      t(active ? "users.messages.disabled" : "users.messages.enabled", { name: fullName(user) }),
    ).then(onChanged, () => undefined);
  const newLink = () =>
    rest<PasswordLink>(`${REST.staff}/${user.id}/password-link`, "post", {}).then(onLink, () => undefined);

  return (
    <Card size="small" title={t("users.titles.access")} style={{ marginBottom: 24, maxWidth: 880 }}>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t("users.fields.username")}>
          <bdi>{user.username}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t("users.fields.createdAt")}>{dateTime(user.createdAt)}</Descriptions.Item>
        {user.invitation && (
          <Descriptions.Item label={t("users.fields.invitation")}>
            <Tag color={user.invitation === "pending" ? "processing" : "warning"}>
              {t(`users.invitation.${user.invitation}`)}
            </Tag>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Space wrap size={[16, 12]} align="center">
        <Space.Compact>
          <Select
            aria-label={t("users.fields.role")}
            value={roleId}
            onChange={setRoleId}
            style={{ minWidth: 200 }}
            options={roles.map((r) => ({ value: r.id, label: roleLabel(t, r) }))}
          />
          <Button onClick={changeRole} disabled={roleId === user.roleId} loading={busy}>
            {t("users.actions.changeRole")}
          </Button>
        </Space.Compact>
        <Popconfirm
          title={t(active ? "users.confirm.disable" : "users.confirm.enable", { name: fullName(user) })}
          description={active ? t("users.confirm.disableHint") : undefined}
          okText={t(active ? "users.actions.disable" : "users.actions.enable")}
          okButtonProps={{ danger: active }}
          cancelText={t("buttons.cancel")}
          onConfirm={toggle}
          disabled={self}
        >
          <Space>
            <Switch
              checked={active}
              disabled={self}
              aria-label={t(active ? "users.actions.disable" : "users.actions.enable")}
            />
            <span>{t(`users.status.${user.status}`)}</span>
          </Space>
        </Popconfirm>
        {active && (
          <Popconfirm
            title={t("users.confirm.newLink")}
            description={t("users.confirm.newLinkHint")}
            okText={t("users.actions.newLink")}
            cancelText={t("buttons.cancel")}
            onConfirm={newLink}
          >
            <Button icon={<KeyOutlined />}>{t("users.actions.newLink")}</Button>
          </Popconfirm>
        )}
      </Space>
    </Card>
  );
}
