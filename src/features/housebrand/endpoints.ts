import type { EndpointMap, ResourceEndpoints } from "../../resources/types";
import { action, actions, pagedList } from "../../resources/endpoints";
import { BOARD_READS, BOARD_WRITES } from "../brandshop/endpoints";

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
} satisfies ResourceEndpoints;

export default housebrand;
