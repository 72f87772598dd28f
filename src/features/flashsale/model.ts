import type { ItemOf } from "../../api";

type PR = "/api/promotion";

export type FlashSale = ItemOf<`${PR}/productflashsale`>;
/** scheduled (not started), live, expired (its window is over) or closed (closed early; final). */
export type SaleStatus = FlashSale["status"];
export const SALE_STATUSES: readonly SaleStatus[] = ["live", "scheduled", "expired", "closed"];
export const STATUS_COLORS: Record<SaleStatus, string> = {
  live: "green",
  scheduled: "blue",
  expired: "default",
  closed: "red",
};

/** A sale with what it sold (`reportproductflashsale`). */
export type SaleFigures = ItemOf<`${PR}/reportproductflashsale`>;

/** A product a sale can be set for (approved and online). */
export type Candidate = ItemOf<`${PR}/listSelectProductFlashsale`>;

/** `1290, 990` → 23 (% off, rounded). */
export const percentOff = (price: number, salePrice: number) =>
  price > 0 ? Math.round(((price - salePrice) / price) * 100) : 0;
