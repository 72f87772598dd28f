/** Trade-in campaigns (docs/api/oldfornew.md). */
export type DiscountType = "percent" | "fixed";
export const DISCOUNT_TYPES: readonly DiscountType[] = ["percent", "fixed"];
export const PERCENT = { min: 1, max: 90 } as const;
export const NAME_MAX = 80;
export const PRODUCTS_MAX = 200;
export const FILTERS = ["live", "scheduled", "expired", "closed"] as const;
export const SCREEN = "promotion-oldfornew";

export interface TradeInProduct {
  id: number;
  code: string;
  name: string;
  imageUrl: string | null;
  shopName: string;
  approvalStatus: string;
  price: number;
  tradeInPrice: number;
}

export interface Campaign {
  id: number;
  name: string;
  discountType: DiscountType;
  discountValue: number;
  startsAt: string;
  endsAt: string | null;
  timezone: string;
  status: "active" | "closed";
  createdBy: number | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
  productCount: number;
  products: TradeInProduct[];
}

/** What a customer pays when trading in, as the server works it out. */
export function tradeInPrice(price: number, type: DiscountType, value: number): number {
  const after = type === "percent" ? (price * (100 - value)) / 100 : price - value;
  return Math.round(Math.max(0, after) * 100) / 100;
}
