import type { Answer, Body, ItemOf, RowOf } from "../../api";
import { screenPath } from "../../resources/calls";

type K = "/api/supplier/kanban";

export type ShopSummary = ItemOf<`${K}/shopprofile`>;
/** Which storefronts a screen works on: suppliers' brand shops or the marketplace's house brands (docs/api/storefronts.md). */
export type Family = ShopSummary["kind"];
export type ShopStatus = ShopSummary["status"];
export const SHOP_STATUSES: readonly ShopStatus[] = ["pending", "active", "rejected"];
export const STATUS_COLORS: Record<ShopStatus, string> = { pending: "gold", active: "green", rejected: "red" };

export type ShopProfile = Answer<"/api/v2/shops/{id}">;
export type ProfilePatch = Body<"/api/v2/shops/{id}", "patch">;

/** The board and its version (the house-brand family answers the same shapes under /api/housebrand). */
export type BoardAnswer = Answer<`${K}/board`>;
export type CardDetail = Answer<`${K}/detail-card`>;
/** A card as the board's add-a-card dialog sends it. */
export type NewCard = NonNullable<Body<`${K}/columns/update`>["card"]>;
/** A storefront board card: a product group or a banner strip. */
export type Card = CardDetail["property"];
export type CardType = Card["type"];
export type StoreProduct = CardDetail["property_items"][number];
export type CardTypeItem = ItemOf<`${K}/master`>;

/** What a shopper sees: the arranged sections with their products and banners. */
export type Storefront = Answer<"/api/v2/shops/{id}/storefront">;
export type StorefrontBanner = Storefront["sections"][number]["cards"][number]["banners"][number];

export type BannerCategory = RowOf<"/api/v2/shop-banner-categories">;
export type Banner = RowOf<"/api/v2/shop-banners">;

export type MasterItem = ItemOf<"/api/masterdata/masterbrand">;

/** The screens of each family and area, from the table of screens. */
export function shopScreen(family: Family, area: "admin" | "supplier"): string {
  if (family === "housebrand") return "housebrand";
  return area === "admin" ? "brandshop" : "supplier-brandshop";
}

export function shopPaths(screen: string) {
  return {
    list: screenPath(screen, "list"),
    edit: (id: number | string) => screenPath(screen, "edit", id),
  };
}

export const storefrontUrl = (shopId: number | string) => `/api/v2/shops/${shopId}`;
