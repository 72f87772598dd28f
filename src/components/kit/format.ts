import dayjs from "dayjs";
import localizedFormat from "dayjs/plugin/localizedFormat";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

dayjs.extend(localizedFormat);

/** What every screen shows for a value that is not there. */
export const EMPTY = "—";

type Value = number | string | null | undefined;
const missing = (v: Value) => v === null || v === undefined || v === "";

/**
 * App language codes → Intl locales: `cn` is the app's code for Simplified Chinese; Arabic keeps
 * Latin digits so amounts read like the order numbers and codes beside them.
 */
const INTL_LOCALES: Record<string, string> = { cn: "zh-CN", ar: "ar-u-nu-latn" };

/** Number formats for one UI language. Money is always THB, shown with its symbol and two decimals. */
export function numberFormats(language?: string) {
  const locale = language ? (INTL_LOCALES[language] ?? language) : undefined;
  const money = new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "THB",
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: 2,
  });
  const count = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  return {
    // `+ 0` turns -0 (a discount of nothing) into 0, which formats without a minus sign.
    money: (v: Value) => (missing(v) ? EMPTY : money.format(Number(v) + 0)),
    number: (v: Value) => (missing(v) ? EMPTY : count.format(Number(v))),
    /** `0.125` → 12.5 % */
    percent: (v: Value) => (missing(v) ? EMPTY : percent.format(Number(v))),
  };
}

/** Money and numbers in the current UI language. */
export function useFormat() {
  const locale = useTranslation().i18n.resolvedLanguage;
  return useMemo(() => numberFormats(locale), [locale]);
}

// Dates follow dayjs's global locale, which the locale provider switches with the UI language.
export const dateTime = (value: string | null | undefined) => (value ? dayjs(value).format("lll") : EMPTY);
export const date = (value: string | null | undefined) => (value ? dayjs(value).format("ll") : EMPTY);
/** Text that may be empty. */
export const text = (value: string | null | undefined) => (value?.trim() ? value : EMPTY);
