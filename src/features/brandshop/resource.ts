import type { EndpointMap, ResourceModule } from "../../resources/types";
import { action, actions, pagedList } from "../../resources/endpoints";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

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

const ShopList = () => import("./ShopList").then((m) => m.ShopList);
const ShopDetail = () => import("./ShopDetail").then((m) => m.ShopDetail);

export const brandshop = {
  name: "brandshop",
  endpoints,
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
