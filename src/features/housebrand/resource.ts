import type { EndpointMap, ResourceModule } from "../../resources/types";
import { action, actions, pagedList } from "../../resources/endpoints";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";
import { BOARD_READS, BOARD_WRITES } from "../brandshop/resource";

const H = "/api/housebrand";

const endpoints = {
  list: pagedList(`${H}/brandprofile`, { method: "POST", filters: ["keyword"], contains: ["keyword"] }),
  actions: {
    ...actions(H, [...BOARD_READS, "shopmaster"], BOARD_WRITES),
    brands: action(`${H}/masterbrand`, "GET"),
    categories: action("/api/masterdata/masterproductlevel1", "GET"),
  },
} satisfies EndpointMap;

/** House brands: the marketplace's own brands, their profile and storefront board — the brand-shop screens on another family. */
export const housebrand = {
  name: "housebrand",
  endpoints,
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
