import type { Answer, Body, RowOf } from "../../api";

export const BATCHES = "coupon-batches";

export type CouponBatch = RowOf<"/api/v2/coupon-batches">;
export type NewBatch = Body<"/api/v2/coupon-batches">;
export type BatchStatus = CouponBatch["status"];
export const BATCH_STATUSES: readonly BatchStatus[] = ["live", "scheduled", "expired", "closed"];
export const STATUS_COLORS: Record<BatchStatus, string> = {
  live: "green",
  scheduled: "blue",
  expired: "default",
  closed: "red",
};

export type DiscountType = CouponBatch["discountType"];

export type CouponCode = RowOf<"/api/v2/coupon-batches/{id}/codes">;
export type BatchReport = Answer<"/api/v2/coupon-batches/{id}/report">;
export type Redemption = RowOf<"/api/v2/coupon-batches/{id}/redemptions">;
export type CouponCheck = Answer<"/api/v2/coupon-checks", "post">;

export type DiscountRule = Pick<CouponBatch, "discountType" | "discountValue" | "maxDiscount">;

/** The discount on a subtotal, as the server gives it: percent rounded to the satang and capped, never above the subtotal. */
export function discountOf(rule: DiscountRule, subtotal: number): number {
  const cents = Math.round(subtotal * 100);
  let off =
    rule.discountType === "percent"
      ? Math.round((cents * rule.discountValue) / 100)
      : Math.round(rule.discountValue * 100);
  if (rule.discountType === "percent" && rule.maxDiscount) off = Math.min(off, Math.round(rule.maxDiscount * 100));
  return Math.min(off, cents) / 100;
}

export const PERCENT_MAX = 90;
export const CODE_COUNT_MAX = 10_000;
