import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";
import { brandshop as api } from "./endpoints";

const ShopList = () => import("./ShopList").then((m) => m.ShopList);
const ShopDetail = () => import("./ShopDetail").then((m) => m.ShopDetail);

/** The screens of `./endpoints`: the pages each route opens. Screens import the endpoints, never this file. */
export const brandshop = {
  ...api,
  pages: {
    brandshop: {
      list: page(ShopList, { family: "supplier", area: "admin" }),
      edit: page(ShopDetail, { family: "supplier", area: "admin" }),
    },
    "supplier-brandshop": {
      list: page(ShopList, { family: "supplier", area: "supplier" }),
      edit: page(ShopDetail, { family: "supplier", area: "supplier" }),
    },
  },
  resources: screensOf("brandshop"),
} satisfies ResourceModule;

export default brandshop;
