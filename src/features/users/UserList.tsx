import { Link, useCustom, useTranslate } from "@refinedev/core";
import { App, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from "antd";
import { date, dateTime } from "../../components/kit/format";
import {
  FilterBar,
  SearchBox,
  useListTable,
  useNarrow,
  usePinned,
  useTableScroll,
  WIDE,
} from "../../components/kit/list";
import { useAuthContext } from "../../providers/session";
import { fullName, readCall, RESOURCE, roleLabel, STATUSES, userPaths, type Role, type UserSummary } from "./model";
import { useUserWrites } from "./useUserWrites";

/** The accounts of both areas, by name; staff accounts open for editing, and any account but one's own can be enabled or disabled. */
export function UserList() {
  const t = useTranslate();
  const { message } = App.useApp();
  const scroll = useTableScroll();
  const narrow = useNarrow();
  const pinned = usePinned();
  const { user: me } = useAuthContext();
  const { verb } = useUserWrites();
  const { result: roles } = useCustom<{ items: Role[] }>(readCall("getuserroles"));
  const { tableProps, tableQuery, filters, apply, savedViews } = useListTable<UserSummary>(RESOURCE, {
    numeric: ["roleId"],
    empty: t("users.messages.empty"),
  });

  const toggle = async (u: UserSummary) => {
    const status = u.status === "active" ? "disabled" : "active";
    try {
      await verb("updatestatususer", { userId: u.id, status, updatedAt: u.updatedAt });
      message.success(
        t(status === "active" ? "users.messages.enabled" : "users.messages.disabled", { name: fullName(u) }),
      );
    } finally {
      await tableQuery.refetch();
    }
  };

  const roleOptions = (roles.data?.items ?? []).map((r) => ({ value: r.id, label: roleLabel(t, r) }));

  return (
    <>
      <FilterBar extra={savedViews}>
        <SearchBox
          label={t("users.fields.search")}
          value={filters.search as string | undefined}
          onSearch={(search) => apply({ search })}
        />
        <Select
          allowClear
          aria-label={t("users.fields.role")}
          placeholder={t("users.fields.allRoles")}
          options={roleOptions}
          value={filters.roleId as number | undefined}
          onChange={(roleId?: number) => apply({ roleId })}
          style={{ width: 190 }}
        />
        <Select
          allowClear
          aria-label={t("users.fields.status")}
          placeholder={t("users.fields.allStatuses")}
          options={STATUSES.map((s) => ({ value: s, label: t(`users.status.${s}`) }))}
          value={filters.status as string | undefined}
          onChange={(status?: string) => apply({ status })}
          style={{ width: 160 }}
        />
        <Select
          allowClear
          aria-label={t("users.fields.area")}
          placeholder={t("users.fields.allAreas")}
          options={(["admin", "supplier"] as const).map((a) => ({ value: a, label: t(`users.area.${a}`) }))}
          value={filters.area as string | undefined}
          onChange={(area?: string) => apply({ area })}
          // As wide as its words need ("الموظفون والموردون").
          style={{ minWidth: 160 }}
        />
      </FilterBar>
      <Table<UserSummary> {...tableProps} rowKey="id" scroll={scroll(1000)}>
        <Table.Column<UserSummary>
          key="name"
          title={t("users.fields.name")}
          fixed={pinned("left")}
          render={(_, u) => (
            <div style={{ maxWidth: narrow ? 200 : 280 }}>
              {u.area === "admin" ? (
                <Link to={userPaths.edit(u.id)}>
                  <bdi>{fullName(u)}</bdi>
                </Link>
              ) : (
                <bdi>{fullName(u)}</bdi>
              )}
              <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }} ellipsis>
                <bdi>{u.username}</bdi> · <bdi>{u.email}</bdi>
              </Typography.Text>
              {/* On a phone the role column gives way to the switch: the role shows here. */}
              {narrow && <RoleTags user={u} />}
            </div>
          )}
        />
        <Table.Column<UserSummary>
          key="role"
          title={t("users.fields.role")}
          width={170}
          responsive={WIDE}
          render={(_, u) => <RoleTags user={u} />}
        />
        <Table.Column<UserSummary>
          key="detail"
          title={t("users.fields.detail")}
          responsive={WIDE}
          render={(_, u) =>
            u.area === "supplier"
              ? u.shops.map((s) => s.name).join(", ") || "—"
              : [u.position, u.department].filter(Boolean).join(" · ") || "—"
          }
        />
        <Table.Column<UserSummary>
          dataIndex="employeeCode"
          title={t("users.fields.employeeCode")}
          width={120}
          responsive={WIDE}
          render={(v: string | null) => v ?? "—"}
        />
        <Table.Column<UserSummary>
          dataIndex="createdAt"
          title={t("users.fields.createdAt")}
          width={120}
          responsive={WIDE}
          render={(v: string) => <span title={dateTime(v)}>{date(v)}</span>}
        />
        <Table.Column<UserSummary>
          key="status"
          title={t("users.fields.enabled")}
          width={110}
          fixed={pinned("right")}
          render={(_, u) => {
            const active = u.status === "active";
            const label = `${t(active ? "users.actions.disable" : "users.actions.enable")}: ${fullName(u)}`;
            if (u.id === me?.id) return <Switch size="small" checked disabled aria-label={label} />;
            return (
              <Popconfirm
                title={t(active ? "users.confirm.disable" : "users.confirm.enable", { name: fullName(u) })}
                description={active ? t("users.confirm.disableHint") : undefined}
                okText={t(active ? "users.actions.disable" : "users.actions.enable")}
                okButtonProps={{ danger: active }}
                cancelText={t("buttons.cancel")}
                onConfirm={() => toggle(u).catch(() => undefined)}
              >
                <Switch size="small" checked={active} aria-label={label} />
              </Popconfirm>
            );
          }}
        />
      </Table>
    </>
  );
}

/** The account's role, and whether it is still an invitation. */
function RoleTags({ user: u }: { user: UserSummary }) {
  const t = useTranslate();
  return (
    <Space size={4} wrap>
      <Tag color={u.role === "admin" ? "gold" : u.area === "supplier" ? "blue" : "default"}>{roleLabel(t, u)}</Tag>
      {u.invitation && (
        <Tag color={u.invitation === "pending" ? "processing" : "warning"}>{t(`users.invitation.${u.invitation}`)}</Tag>
      )}
    </Space>
  );
}
