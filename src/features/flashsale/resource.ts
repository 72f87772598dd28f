import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";
import { flashsale as api } from "./endpoints";

/** The screens of `./endpoints`: the pages each route opens. Screens import the endpoints, never this file. */
export const flashsale = {
  ...api,
  pages: { "promotion-flashsale": { list: page(() => import("./FlashSaleList").then((m) => m.FlashSaleList)) } },
  resources: screensOf("flashsale"),
} satisfies ResourceModule;

export default flashsale;
