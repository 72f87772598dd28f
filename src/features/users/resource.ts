import type { ResourceModule } from "../../resources/types";
import { actions, pagedList } from "../../resources/endpoints";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

const U = "/api/user";

/**
 * Users, staff roles and their menus (`/admin/setting/user`), and every signed-in user's own account
 * (`/admin/account`, `/supplier/account`). Staff accounts, roles, the own account's writes and the
 * one-time links are REST under /api/v2 (the `rest` data provider).
 */
export const users = {
  name: "setting-user",
  endpoints: {
    list: pagedList(`${U}/getlistusermangement`, {
      filters: ["search", "roleId", "status", "area"],
      contains: ["search"],
      sorts: ["name", "username", "createdAt"],
    }),
    actions: actions(
      U,
      ["getuserroles", "getdetailrole", "getlistMenuNew", "getemployeedata", "usertypemaster", "useraccount"],
      ["updateroleuser", "updatestatususer"],
    ),
  },
  pages: {
    "setting-user": {
      list: page(() => import("./UsersScreen").then((m) => m.UsersScreen)),
      create: page(() => import("./UserForm").then((m) => m.UserForm)),
      edit: page(() => import("./UserForm").then((m) => m.UserForm)),
    },
    account: { list: page(() => import("./AccountPage").then((m) => m.AccountPage), { screenId: "account" }) },
    "supplier-account": {
      list: page(() => import("./AccountPage").then((m) => m.AccountPage), { screenId: "supplier-account" }),
    },
  },
  resources: screensOf("users"),
} satisfies ResourceModule;

export default users;
