import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

/**
 * LINE coupon lines: batches, their codes, report and the code check are REST under /api/v2
 * (`coupon-batches`, `coupon-checks`), read through the `rest` data provider; no legacy verbs.
 */
export const coupons = {
  name: "promotion-coupon",
  endpoints: {},
  pages: { "promotion-coupon": { list: page(() => import("./BatchList").then((m) => m.BatchList)) } },
  resources: screensOf("coupons"),
} satisfies ResourceModule;

export default coupons;
