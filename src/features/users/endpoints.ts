import type { ResourceEndpoints } from "../../resources/types";
import { actions, pagedList } from "../../resources/endpoints";

const U = "/api/user";

/**
 * Users (`/admin/setting/user`), the menu tree of the staff roles (`/admin/setting/role`, a generated screen
 * over `/api/v2/roles`), and every signed-in user's own account (`/admin/account`, `/supplier/account`).
 * Staff accounts, the own account's writes and the one-time links are REST under /api/v2 (the `rest` data provider).
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
      ["getuserroles", "getlistMenuNew", "getemployeedata", "usertypemaster", "useraccount"],
      ["updateroleuser", "updatestatususer"],
    ),
  },
} satisfies ResourceEndpoints;

export default users;
