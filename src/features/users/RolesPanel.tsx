import { useState } from "react";
import { useCustom, useTranslate } from "@refinedev/core";
import { Button, Flex, Popconfirm, Space, Table, Tag, Tooltip } from "antd";
import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { readCall, REST, roleLabel, type Role } from "./model";
import { RoleDrawer } from "./RoleDrawer";
import { useUserWrites } from "./useUserWrites";

/** The staff roles with how many accounts and menus each has; a role opens with its menu tree. */
export function RolesPanel() {
  const t = useTranslate();
  const { rest } = useUserWrites();
  const { result, query } = useCustom<{ items: Role[] }>(readCall("getuserroles", { area: "admin" }));
  // undefined: closed; null: a new role; a number: that role.
  const [open, setOpen] = useState<number | null | undefined>(undefined);

  const remove = (role: Role) =>
    rest(`${REST.roles}/${role.id}`, "delete", {}, t("users.messages.roleDeleted", { name: role.name })).then(
      () => query.refetch(),
      () => undefined,
    );

  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(null)}>
          {t("users.roles.new")}
        </Button>
      </Flex>
      <Table<Role>
        dataSource={result.data?.items ?? []}
        loading={query.isLoading}
        rowKey="id"
        pagination={false}
        scroll={{ x: "max-content" }}
      >
        <Table.Column<Role>
          key="name"
          title={t("users.roles.name")}
          render={(_, r) => (
            <Space size={6} wrap>
              <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(r.id)}>
                <bdi>{roleLabel(t, r)}</bdi>
              </Button>
              {r.builtin && <Tag>{t("users.roles.builtin")}</Tag>}
            </Space>
          )}
        />
        <Table.Column<Role> dataIndex="userCount" title={t("users.roles.users")} width={110} align="end" />
        <Table.Column<Role>
          key="menus"
          title={t("users.roles.menus")}
          width={130}
          align="end"
          render={(_, r) => (r.editable ? r.menuCount : t("users.roles.everything"))}
        />
        <Table.Column<Role>
          key="actions"
          width={100}
          render={(_, r) => (
            <Space size={4}>
              <Tooltip title={t("users.roles.edit")}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`${t("users.roles.edit")}: ${r.name}`}
                  onClick={() => setOpen(r.id)}
                />
              </Tooltip>
              {!r.builtin && (
                <Popconfirm
                  title={t("users.roles.confirmDelete", { name: r.name })}
                  description={r.userCount ? t("users.roles.stillUsed", { count: r.userCount }) : undefined}
                  okText={t("users.roles.delete")}
                  okButtonProps={{ danger: true, disabled: r.userCount > 0 }}
                  cancelText={t("buttons.cancel")}
                  onConfirm={() => remove(r)}
                >
                  <Tooltip title={t("users.roles.delete")}>
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${t("users.roles.delete")}: ${r.name}`}
                    />
                  </Tooltip>
                </Popconfirm>
              )}
            </Space>
          )}
        />
      </Table>
      {open !== undefined && (
        <RoleDrawer
          roleId={open}
          onClose={() => setOpen(undefined)}
          onSaved={() => {
            setOpen(undefined);
            void query.refetch();
          }}
        />
      )}
    </>
  );
}
