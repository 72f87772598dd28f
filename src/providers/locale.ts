import type { Locale } from "antd/es/locale";
import type dayjsType from "dayjs";
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

// dayjs stays out of the sign-in page's first load: it arrives with the first language's strings.
let dayjs: typeof dayjsType | undefined;

/**
 * Registers a language's dayjs locale without selecting it. i18next's backend waits for this before it
 * switches language, so the switch below finds dayjs and the locale already there.
 */
export async function loadDayjsLocale(lng: string): Promise<void> {
  const [loaded] = await Promise.all([import("dayjs"), DAYJS[lng]?.()]);
  dayjs = loaded.default;
}

/**
 * Selects dayjs's global locale for a language, synchronously, from i18next's `languageChanged`: the
 * event fires before React re-renders, so no screen formats a date in the language just left.
 */
export function selectDayjsLocale(lng: string | undefined): void {
  dayjs?.locale(DAYJS_NAME[lng ?? "en"] ?? "en");
}

/** Ant Design's locale for a language; undefined means English. */
export async function loadLocale(lng: string | undefined): Promise<Locale | undefined> {
  const antd = lng ? await ANTD[lng]?.() : undefined;
  return antd?.default;
}

/** Ant Design follows the i18next language. */
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
