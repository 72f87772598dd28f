import type { Locale } from "antd/es/locale";
import { useEffect, useState } from "react";

type Loader<T> = () => Promise<{ default: T }>;

// One chunk per language, fetched only when that language is active. English needs none:
// it is Ant Design's and dayjs's built-in locale.
const ANTD: Record<string, Loader<Locale>> = {
  fr: () => import("antd/es/locale/fr_FR"),
  vi: () => import("antd/es/locale/vi_VN"),
  cn: () => import("antd/es/locale/zh_CN"),
  ar: () => import("antd/es/locale/ar_EG"),
};
const DAYJS: Record<string, () => Promise<unknown>> = {
  fr: () => import("dayjs/locale/fr"),
  vi: () => import("dayjs/locale/vi"),
  cn: () => import("dayjs/locale/zh-cn"),
  ar: () => import("dayjs/locale/ar"),
};
const DAYJS_NAME: Record<string, string> = { en: "en", fr: "fr", vi: "vi", cn: "zh-cn", ar: "ar" };

let dayjsChanged = false;

/** Loads the Ant Design locale and switches dayjs for a language; undefined means English. */
export async function loadLocale(lng: string | undefined): Promise<Locale | undefined> {
  const code = lng && DAYJS_NAME[lng] ? lng : "en";
  if (code === "en" && !dayjsChanged) return undefined;
  const [antd, { default: dayjs }] = await Promise.all([ANTD[code]?.(), import("dayjs"), DAYJS[code]?.()]);
  dayjs.locale(DAYJS_NAME[code]);
  dayjsChanged = code !== "en";
  return antd?.default;
}

/** Ant Design and dayjs follow the i18next language. */
export function useAntdLocale(lng: string | undefined): Locale | undefined {
  const [locale, setLocale] = useState<Locale | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void loadLocale(lng).then((loaded) => current && setLocale(loaded));
    return () => {
      current = false;
    };
  }, [lng]);
  return locale;
}
