/** Trade-in campaigns (docs/api/oldfornew.md). */
import type { Body, ItemOf } from "../../api";

export type Campaign = ItemOf<"/api/promotion/oldfornew">;
export type TradeInProduct = Campaign["products"][number];
export type NewCampaign = Body<"/api/promotion/createoldfornew">;
export type DiscountType = Campaign["discountType"];
export const DISCOUNT_TYPES: readonly DiscountType[] = ["percent", "fixed"];
export const PERCENT = { min: 1, max: 90 } as const;
export const NAME_MAX = 80;
export const PRODUCTS_MAX = 200;
export const FILTERS = ["live", "scheduled", "expired", "closed"] as const;
export const SCREEN = "promotion-oldfornew";

/** What a customer pays when trading in, as the server works it out. */
export function tradeInPrice(price: number, type: DiscountType, value: number): number {
  const after = type === "percent" ? (price * (100 - value)) / 100 : price - value;
  return Math.round(Math.max(0, after) * 100) / 100;
}
