import { useState } from "react";
import { List } from "@refinedev/antd";
import { useTranslate } from "@refinedev/core";
import { Tabs } from "antd";
import { CreateButton } from "../../components/kit/buttons";
import { RESOURCE } from "./model";
import { UserList } from "./UserList";
import { RolesPanel } from "./RolesPanel";

/** `/admin/setting/user`: the accounts (search, role, status and area filters) and the staff roles with their menus. */
export function UsersScreen() {
  const t = useTranslate();
  const [tab, setTab] = useState<"users" | "roles">("users");
  return (
    <List
      title={t("resources.setting-user")}
      resource={RESOURCE}
      headerButtons={
        tab === "users" ? (
          <CreateButton type="primary" resource={RESOURCE}>
            {t("users.actions.new")}
          </CreateButton>
        ) : null
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as "users" | "roles")}
        destroyOnHidden
        items={[
          { key: "users", label: t("users.tabs.users"), children: <UserList /> },
          { key: "roles", label: t("users.tabs.roles"), children: <RolesPanel /> },
        ]}
      />
    </List>
  );
}
