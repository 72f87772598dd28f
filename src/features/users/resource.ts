import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";
import { users as api } from "./endpoints";

/** The screens of `./endpoints`: the pages each route opens. Screens import the endpoints, never this file. */
export const users = {
  ...api,
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
