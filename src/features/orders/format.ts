import { useGetLocale } from "@refinedev/core";
import dayjs from "dayjs";
import localizedFormat from "dayjs/plugin/localizedFormat";
import { useMemo } from "react";

dayjs.extend(localizedFormat);

/** App language codes → Intl locales (`cn` is the app's code for Simplified Chinese). */
const INTL_LOCALES: Record<string, string> = { cn: "zh-CN" };

/** Money is always THB; the number format follows the UI language. */
export function useMoney() {
  const locale = useGetLocale()();
  return useMemo(() => {
    const format = new Intl.NumberFormat(locale ? (INTL_LOCALES[locale] ?? locale) : undefined, {
      style: "currency",
      currency: "THB",
      currencyDisplay: "narrowSymbol",
    });
    return (value: number | string | null | undefined) => (value === null || value === undefined || value === "" ? "—" : format.format(Number(value)));
  }, [locale]);
}

export const dateTime = (value: string | null | undefined) => (value ? dayjs(value).format("lll") : "—");
export const dateOnly = (value: string | null | undefined) => (value ? dayjs(value).format("ll") : "—");
