import type { ResourceEndpoints } from "../../resources/types";

const M = "/api/masterdata";

/**
 * Checkout (docs/api/checkout.md): staff place an order for a customer. Products, quotes and orders
 * are REST under /api/v2 (`checkout-products`, `checkout-filters`, `checkout-quotes`, `checkout-orders`,
 * `coupon-checks`), read through the `rest` data provider; the billing address's provinces and
 * districts are the shared master data.
 */
export const checkout = {
  name: "checkout",
  endpoints: {
    actions: {
      provinces: { method: "GET", path: `${M}/masterprovince` },
      districts: { method: "GET", path: `${M}/masterdistrict` },
    },
  },
} satisfies ResourceEndpoints;

export default checkout;
