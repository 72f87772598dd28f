/** What the checkout endpoints answer (server/src/modules/checkout/schemas.ts), as the document gives them. */
import type { Answer, Body, RowOf } from "../../api";

export type GridProduct = RowOf<"/api/v2/checkout-products">;
export type Color = GridProduct["colors"][number];
export type ProductDetail = Answer<"/api/v2/checkout-products/{id}">;

export type Filters = Answer<"/api/v2/checkout-filters">;
export type Choice = Filters["shops"][number];

export type QuoteRequest = Body<"/api/v2/checkout-quotes">;
export type Quote = Answer<"/api/v2/checkout-quotes", "post">;
export type QuoteOption = Quote["options"][number];

export type NewOrder = Body<"/api/v2/checkout-orders">;
export type CouponCheck = Body<"/api/v2/coupon-checks">;
