import type { Body } from "../../api";
import { useEffect, useMemo, useState } from "react";
import { useCustom, useTranslate } from "@refinedev/core";
import { Alert, Button, Drawer, Form, Input, Space, Spin, Tree, type TreeDataNode } from "antd";
import { applyFieldErrors, errorMessage } from "../../components/kit/errors";
import { writeRules } from "../../components/kit/rules";
import { readCall, REST, roleLabel, type MenuNode, type RoleDetail } from "./model";
import { useUserWrites } from "./useUserWrites";

const createRule = writeRules("/api/v2/roles");
const changeRule = writeRules("/api/v2/roles/{id}", "patch");

/**
 * The leaves (and the sections without leaves) among granted paths: the tree checks a section
 * itself when all its leaves are, and half-checks it for some.
 */
export function checkedOf(tree: MenuNode[], menus: string[]): string[] {
  const granted = new Set(menus);
  return tree.flatMap((s) =>
    s.children.length
      ? s.children.filter((c) => granted.has(c.path)).map((c) => c.path)
      : granted.has(s.path)
        ? [s.path]
        : [],
  );
}

/** A menu item only some roles may hold, and this role is not one of them (a new role is none of them). */
const offLimits = (onlyFor: string[] | null, code: string | undefined) =>
  !!onlyFor && !(code && onlyFor.includes(code));

/** One role: its name and its menus as a tree of checkboxes; what is checked is both its menu and its permissions. */
export function RoleDrawer({
  roleId,
  onClose,
  onSaved,
}: {
  roleId: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useTranslate();
  const [form] = Form.useForm<{ name: string }>();
  const { rest, busy } = useUserWrites();
  const menu = useCustom<{ items: MenuNode[] }>(readCall("getlistMenuNew", { area: "admin" }));
  const detail = useCustom<{ data: RoleDetail }>({
    ...readCall("getdetailrole", { id: roleId ?? 0 }),
    queryOptions: { enabled: roleId !== null },
  });
  const role = roleId === null ? undefined : detail.result.data?.data;
  const tree = useMemo(() => menu.result.data?.items ?? [], [menu.result.data]);
  const [checked, setChecked] = useState<string[]>([]);
  const [failure, setFailure] = useState<string>();
  const locked = !!role && !role.editable;

  // The checks follow the role as read (again after a failed save), once the menu is there to place them.
  const [placed, setPlaced] = useState<{ role?: RoleDetail; size: number }>({ size: 0 });
  if (role && tree.length && (role !== placed.role || tree.length !== placed.size)) {
    setPlaced({ role, size: tree.length });
    setChecked(checkedOf(tree, role.menus));
  }
  useEffect(() => {
    if (role && tree.length) form.setFieldsValue({ name: role.name });
  }, [role, tree.length, form]);

  const treeData: TreeDataNode[] = useMemo(
    () =>
      tree.map((s) => ({
        key: s.path,
        title: t(s.title),
        disabled: locked || offLimits(s.onlyFor, role?.code),
        children: s.children.map((c) => ({
          key: c.path,
          title: t(c.title),
          disabled: locked || offLimits(c.onlyFor, role?.code),
        })),
      })),
    [tree, locked, role?.code, t],
  );

  const save = async ({ name }: { name: string }) => {
    setFailure(undefined);
    const menus = checked;
    try {
      if (roleId === null)
        await rest(
          REST.roles,
          "post",
          { name, menus } satisfies Body<"/api/v2/roles">,
          t("users.messages.roleCreated", { name: name.trim() }),
          true,
        );
      else
        await rest(
          `${REST.roles}/${roleId}`,
          "patch",
          { version: role!.version, menus, ...(role!.builtin ? {} : { name }) } satisfies Body<
            "/api/v2/roles/{id}",
            "patch"
          >,
          t("users.messages.roleSaved", { name: name.trim() }),
          true,
        );
      onSaved();
    } catch (error) {
      if (!applyFieldErrors(form, error)) setFailure(errorMessage(error));
      if (roleId !== null) void detail.query.refetch();
    }
  };

  const loading = menu.query.isLoading || (roleId !== null && detail.query.isLoading);
  return (
    <Drawer
      open
      width={520}
      title={
        roleId === null ? t("users.roles.new") : t("users.roles.editTitle", { name: role ? roleLabel(t, role) : "" })
      }
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ display: "flex", justifyContent: "flex-end" }}>
          <Button onClick={onClose}>{t("buttons.cancel")}</Button>
          {!locked && (
            <Button type="primary" loading={busy} disabled={loading} onClick={() => form.submit()}>
              {t("buttons.save")}
            </Button>
          )}
        </Space>
      }
    >
      {loading ? (
        <Spin />
      ) : detail.query.isError && roleId !== null ? (
        <Alert type="error" showIcon message={errorMessage(detail.query.error)} />
      ) : (
        <Form form={form} layout="vertical" onFinish={save}>
          {locked && <Alert type="info" showIcon message={t("users.roles.adminLocked")} style={{ marginBottom: 16 }} />}
          {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} role="alert" />}
          <Form.Item
            name="name"
            label={t("users.roles.name")}
            extra={role?.builtin ? t("users.roles.builtinName") : undefined}
            rules={(roleId === null ? createRule : changeRule)("name", t("users.rules.roleName"), [
              { min: 2, max: 60, message: t("users.rules.roleName") },
            ])}
          >
            <Input dir="auto" maxLength={60} disabled={!!role?.builtin} />
          </Form.Item>
          <Form.Item label={t("users.roles.menus")} extra={t("users.roles.menusHint")}>
            <Tree
              checkable
              selectable={false}
              defaultExpandAll
              treeData={treeData}
              checkedKeys={locked ? tree.flatMap((s) => [s.path, ...s.children.map((c) => c.path)]) : checked}
              // A half-checked section is not sent: the server grants a leaf's section with it.
              onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
            />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
