import type { TimeWindow } from "../../components/kit/window";

/** scheduled (not started), live, expired (its window is over) or closed (closed early; final). */
export const SALE_STATUSES = ["live", "scheduled", "expired", "closed"] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

export const STATUS_COLORS: Record<SaleStatus, string> = { live: "green", scheduled: "blue", expired: "default", closed: "red" };

export interface FlashSale extends TimeWindow {
  id: number;
  productId: number;
  productCode: string;
  productName: string;
  productImageUrl: string | null;
  productPrice: number;
  shopId: number;
  shopName: string;
  salePrice: number;
  normalPrice: number;
  discountPercent: number;
  stockLimit: number;
  endsAt: string;
  status: SaleStatus;
  closedAt: string | null;
  createdAt: string;
  createdByName: string | null;
}

export interface SaleFigures extends FlashSale {
  orderCount: number;
  unitsOrdered: number;
  unitsSold: number;
  revenue: number;
  discount: number;
}

/** A product a sale can be set for (approved and online). */
export interface Candidate {
  id: number;
  code: string;
  name: string;
  imageUrl: string | null;
  shopId: number;
  shopName: string;
  price: number;
  compareAtPrice: number | null;
}

/** `1290, 990` → 23 (% off, rounded). */
export const percentOff = (price: number, salePrice: number) => (price > 0 ? Math.round(((price - salePrice) / price) * 100) : 0);
