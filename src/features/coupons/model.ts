import type { TimeWindow } from "../../components/kit/window";

export const REST = { dataProviderName: "rest" } as const;
export const BATCHES = "coupon-batches";

export const BATCH_STATUSES = ["live", "scheduled", "expired", "closed"] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const STATUS_COLORS: Record<BatchStatus, string> = { live: "green", scheduled: "blue", expired: "default", closed: "red" };

export type DiscountType = "percent" | "fixed";

export interface CouponBatch extends TimeWindow {
  id: number;
  name: string;
  prefix: string;
  discountType: DiscountType;
  discountValue: number;
  maxDiscount: number | null;
  minSpend: number;
  codeCount: number;
  usesPerCode: number;
  usesPerCustomer: number;
  status: BatchStatus;
  codesUsed: number;
  redemptionCount: number;
  createdAt: string;
  createdByName: string | null;
}

export interface CouponCode { id: number; code: string; usedCount: number; usesLeft: number }

export interface BatchReport {
  batchId: number; codeCount: number; codesUsed: number; redemptions: number; orders: number; customers: number;
  discountGiven: number; firstRedeemedAt: string | null; lastRedeemedAt: string | null;
}

export interface Redemption { id: number; code: string; orderId: number | null; orderNo: string | null; customer: string; discount: number; redeemedAt: string }

export interface DiscountRule { discountType: DiscountType; discountValue: number; maxDiscount: number | null }

/** The discount on a subtotal, as the server gives it: percent rounded to the satang and capped, never above the subtotal. */
export function discountOf(rule: DiscountRule, subtotal: number): number {
  const cents = Math.round(subtotal * 100);
  let off = rule.discountType === "percent" ? Math.round((cents * rule.discountValue) / 100) : Math.round(rule.discountValue * 100);
  if (rule.discountType === "percent" && rule.maxDiscount) off = Math.min(off, Math.round(rule.maxDiscount * 100));
  return Math.min(off, cents) / 100;
}

export const PERCENT_MAX = 90;
export const CODE_COUNT_MAX = 10_000;
