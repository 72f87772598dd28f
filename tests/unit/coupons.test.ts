import { describe, expect, it } from "vitest";
import { discountOf } from "../../src/features/coupons/model";
import { percentOff } from "../../src/features/flashsale/model";

/** The create dialog's preview computes the discount as the server's check does (server/src/modules/coupons/redeem.ts). */
describe("coupon discount preview", () => {
  const tenCapped = { discountType: "percent" as const, discountValue: 10, maxDiscount: 500 };

  it("takes the percent of the subtotal to the satang, capped at the most it gives", () => {
    expect(discountOf(tenCapped, 3000)).toBe(300);
    expect(discountOf(tenCapped, 9000)).toBe(500);
    expect(discountOf({ ...tenCapped, maxDiscount: null }, 9000)).toBe(900);
    // 10 % of 999.95 is 99.995: rounded to the satang.
    expect(discountOf({ ...tenCapped, maxDiscount: null }, 999.95)).toBe(100);
    expect(discountOf({ discountType: "percent", discountValue: 15, maxDiscount: null }, 1234.56)).toBe(185.18);
  });

  it("gives a fixed amount, never more than the subtotal", () => {
    const fixed = { discountType: "fixed" as const, discountValue: 150, maxDiscount: null };
    expect(discountOf(fixed, 1000)).toBe(150);
    expect(discountOf(fixed, 100)).toBe(100);
    expect(discountOf(fixed, 0)).toBe(0);
  });
});

describe("flash sale discount shown while the price is typed", () => {
  it("is the rounded percent below the normal price", () => {
    expect(percentOff(949, 709)).toBe(25);
    expect(percentOff(2590, 2090)).toBe(19);
    expect(percentOff(0, 0)).toBe(0);
  });
});
