import { List } from "@refinedev/antd";
import { useTranslate } from "@refinedev/core";
import { CreateButton } from "../../components/kit/buttons";
import { RESOURCE } from "./model";
import { UserList } from "./UserList";

/** `/admin/setting/user`: the accounts, with search, role, status and area filters (the roles are their own screen). */
export function UsersScreen() {
  const t = useTranslate();
  return (
    <List
      title={t("resources.setting-user")}
      resource={RESOURCE}
      headerButtons={
        <CreateButton type="primary" resource={RESOURCE}>
          {t("users.actions.new")}
        </CreateButton>
      }
    >
      <UserList />
    </List>
  );
}
