import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";
import { homesale as api } from "./endpoints";

/** The screens of `./endpoints`: the pages each route opens. Screens import the endpoints, never this file. */
export const homesale = {
  ...api,
  pages: { "promotion-homesale": { list: page(() => import("./GroupList").then((m) => m.GroupList)) } },
  resources: screensOf("homesale"),
} satisfies ResourceModule;

export default homesale;
