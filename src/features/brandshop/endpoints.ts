import type { EndpointMap, ResourceEndpoints } from "../../resources/types";
import { action, actions, pagedList } from "../../resources/endpoints";

const K = "/api/supplier/kanban";
const M = "/api/masterdata";

/** The storefront board's verbs; the house-brand family has the same ones under its own folder. */
export const BOARD_READS = ["master", "board", "detail-card"] as const;
export const BOARD_WRITES = [
  "columns/update",
  "columns/delete",
  "card/orderby",
  "card/update",
  "searchproduct-card",
  "card/detail-update",
  "card/detail-orderby",
] as const;

const endpoints = {
  list: pagedList(`${K}/shopprofile`, {
    filters: ["keyword", "status"],
    contains: ["keyword"],
    allValues: ["all"],
    sorts: ["createdAt", "name"],
  }),
  actions: {
    ...actions(K, [...BOARD_READS, "shopProfile"], BOARD_WRITES),
    deleteBannerCategory: action("/api/brandshop/deletebrannercate"),
    brands: action(`${M}/masterbrand`, "GET"),
    categories: action(`${M}/masterproductlevel1`, "GET"),
  },
} satisfies EndpointMap;

export const brandshop = {
  name: "brandshop",
  endpoints,
} satisfies ResourceEndpoints;

export default brandshop;
