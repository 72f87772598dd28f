import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";
import { housebrand as api } from "./endpoints";

/** The screens of `./endpoints`: the pages each route opens. Screens import the endpoints, never this file. */
export const housebrand = {
  ...api,
  pages: {
    housebrand: {
      list: page(() => import("../brandshop/ShopList").then((m) => m.ShopList), {
        family: "housebrand",
        area: "admin",
      }),
      edit: page(() => import("../brandshop/ShopDetail").then((m) => m.ShopDetail), {
        family: "housebrand",
        area: "admin",
      }),
    },
  },
  resources: screensOf("housebrand"),
} satisfies ResourceModule;

export default housebrand;
