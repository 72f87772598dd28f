import { useTranslate } from "@refinedev/core";
import { useFormat } from "../../components/kit/format";
import type { DiscountRule } from "./model";

/** A discount rule in words: "10% off, at most ฿300.00" or "฿500.00 off". */
export function useRuleText() {
  const t = useTranslate();
  const { money } = useFormat();
  return (r: Partial<DiscountRule>) => {
    if (!r.discountValue) return "";
    if (r.discountType === "fixed") return t("coupons.rule.fixed", { amount: money(r.discountValue) });
    return r.maxDiscount
      ? t("coupons.rule.percentCapped", { percent: r.discountValue, max: money(r.maxDiscount) })
      : t("coupons.rule.percent", { percent: r.discountValue });
  };
}
