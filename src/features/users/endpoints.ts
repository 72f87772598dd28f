import type { ResourceEndpoints } from "../../resources/types";
import { actions, pagedList } from "../../resources/endpoints";

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
} satisfies ResourceEndpoints;

export default users;
