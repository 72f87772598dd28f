/** Home-sale groups (docs/api/homesale.md), as the document gives them. */
import type { DataOf, ItemOf, Query } from "../../api";

type PR = "/api/promotion";

export type Group = ItemOf<`${PR}/listhomesale`>;
export type GroupDetail = DataOf<`${PR}/loadhomesale`>;
export type Link = GroupDetail["links"][number];
export type GroupType = ItemOf<`${PR}/mastergrouplist`>;

/** A row of /api/product/productlist, as the product picker shows it. */
export type PickedProduct = Pick<
  ItemOf<"/api/product/productlist">,
  "id" | "code" | "name" | "shopName" | "price" | "compareAtPrice" | "imageUrl" | "approvalStatus"
>;
export type ProductQuery = Query<"/api/product/productlist">;

export const STATES = ["live", "scheduled", "expired", "off"] as const;
export const NAME_MAX = 80;
export const LINKS_MAX = 100;
export const SCREEN = "promotion-homesale";
