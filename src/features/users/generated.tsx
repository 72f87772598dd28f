import { useMemo } from "react";
import { useCustom, useOne, useParsed, useTranslate } from "@refinedev/core";
import { Alert, Input, Space, Spin, theme, Tree, Typography, type TreeDataNode } from "antd";
import { overridesOf } from "../../components/kit/generated/overrides";
import { ON_REST } from "../../providers/rest";
import { readCall, roleLabel, type MenuNode } from "./model";
import { SCREENS } from "../../../contract/screens";

/** Menu leaves that go with another menu (`heldWith`, e.g. the roles with the users): checked with it, not alone. */
const HELD_WITH = new Map(
  SCREENS.flatMap((s) => s.leaves ?? []).flatMap((l) => (l.heldWith ? [[l.path, l.heldWith] as const] : [])),
);

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

/** The role the form edits (none on a new one): the form read it already, so this is the same cached row. */
function useEditedRole() {
  const { id } = useParsed();
  const { result } = useOne<{ code: string; builtin: boolean }>({
    resource: "roles",
    id: id ?? "",
    ...ON_REST,
    queryOptions: { enabled: id !== undefined },
  });
  return id === undefined ? undefined : result;
}

/** A role's name; a built-in role keeps its own (the server refuses a new one on the field). */
function RoleName(props: { value?: string; onChange?(value: string): void; id?: string }) {
  const t = useTranslate();
  const role = useEditedRole();
  return (
    <>
      <Input
        id={props.id}
        dir="auto"
        maxLength={60}
        value={props.value}
        onChange={(e) => props.onChange?.(e.target.value)}
        disabled={!!role?.builtin}
      />
      {role?.builtin && <Typography.Text type="secondary">{t("users.role.builtinName")}</Typography.Text>}
    </>
  );
}

/**
 * A role's menus as a tree of checkboxes (Tab to it, arrows to move, Enter to check): what is checked is both
 * its menu and its permissions. A half-checked section is not sent: the server grants a leaf's section with it.
 * Menus only some roles may hold are off limits, a menu that goes with another follows it (the server grants it
 * with the other); the administrator role holds everything and is not changed.
 */
function MenuTree({ value, onChange, id }: { value?: string[]; onChange?(value: string[]): void; id?: string }) {
  const t = useTranslate();
  const { token } = theme.useToken();
  const role = useEditedRole();
  const menu = useCustom<{ items: MenuNode[] }>(readCall("getlistMenuNew", { area: "admin" }));
  const tree = useMemo(() => menu.result.data?.items ?? [], [menu.result.data]);
  const locked = role?.code === "admin";
  const offLimits = (onlyFor: string[] | null) => !!onlyFor && !(role && onlyFor.includes(role.code));
  // A menu the role cannot take: its box is disabled, its words stay readable (antd's disabled grey is below the
  // contrast minimum), in the secondary colour.
  const node = (path: string, title: string, off: boolean) => ({
    key: path,
    title: off ? <span style={{ color: token.colorTextSecondary }}>{t(title)}</span> : t(title),
    disableCheckbox: off,
  });
  const treeData: TreeDataNode[] = tree.map((s) => ({
    ...node(s.path, s.title, locked || offLimits(s.onlyFor)),
    children: s.children.map((c) => node(c.path, c.title, locked || offLimits(c.onlyFor) || HELD_WITH.has(c.path))),
  }));
  const own = checkedOf(tree, value ?? []).filter((p) => !HELD_WITH.has(p));
  const checked = [...own, ...[...HELD_WITH].filter(([, path]) => own.includes(path)).map(([leaf]) => leaf)];
  if (menu.query.isLoading) return <Spin />;
  return (
    <Space direction="vertical" style={{ width: "100%" }} id={id}>
      {locked && <Alert type="info" showIcon message={t("users.role.adminLocked")} />}
      <Typography.Text type="secondary">{t("users.role.menusHint")}</Typography.Text>
      <Tree
        checkable
        selectable={false}
        defaultExpandAll
        aria-label={t("users.role.fields.menus")}
        treeData={treeData}
        checkedKeys={locked ? tree.flatMap((s) => [s.path, ...s.children.map((c) => c.path)]) : checked}
        onCheck={(keys) =>
          onChange?.((Array.isArray(keys) ? keys : keys.checked).map(String).filter((p) => !HELD_WITH.has(p)))
        }
      />
    </Space>
  );
}

/** What the users feature's generated screens draw differently (src/components/kit/generated/overrides.ts). */
export const overrides = {
  "setting-role": overridesOf("roles", {
    cells: {
      // Built-in roles in the user's language, roles made here by their own name.
      name: (name, row) => <RoleLabel name={name} code={row.code} />,
      menus: (menus, row) => <MenuCount count={menus.length} all={row.code === "admin"} />,
    },
    inputs: { name: RoleName, menus: MenuTree },
  }),
};

function RoleLabel(role: { name: string; code: string }) {
  const t = useTranslate();
  return <bdi>{roleLabel(t, role)}</bdi>;
}

/** How many menus a role holds; the administrator role holds them all. */
function MenuCount({ count, all }: { count: number; all: boolean }) {
  const t = useTranslate();
  return <>{all ? t("users.role.everything") : count}</>;
}
