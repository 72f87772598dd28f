import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";
import { blog as api } from "./endpoints";
import type { BlogKind } from "./model";

const pagesOf = (kind: BlogKind) => ({
  list: page(() => import("./PostList").then((m) => m.PostList), { blog: kind }),
  create: page(() => import("./PostForm").then((m) => m.PostForm), { blog: kind, mode: "create" }),
  edit: page(() => import("./PostForm").then((m) => m.PostForm), { blog: kind, mode: "edit" }),
  show: page(() => import("./PostShow").then((m) => m.PostShow), { blog: kind }),
});

/** The screens of `./endpoints`: the pages each route opens. Screens import the endpoints, never this file. */
export const blog = {
  ...api,
  pages: { blog: pagesOf("admin"), "supplier-blog": pagesOf("supplier"), "housebrand-blog": pagesOf("housebrand") },
  resources: screensOf("blogs"),
} satisfies ResourceModule;

export default blog;
