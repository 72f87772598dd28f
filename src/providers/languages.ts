import type { DetectorOptions } from "i18next-browser-languagedetector";

/** Languages the app ships; no i18next import, so pickers load without initialising it. */
export const LANGUAGES = [
  { code: "en", label: "English" },
  { code: "fr", label: "Français" },
  { code: "vi", label: "Tiếng Việt" },
  { code: "cn", label: "中文" },
  { code: "ar", label: "العربية" },
] as const;

/** The BCP 47 tag of an app language for `lang` attributes: the app calls Chinese "cn", the document needs "zh-CN". */
export const langTag = (lng: string | undefined): string => (lng === "cn" ? "zh-CN" : (lng ?? "en"));

export const directionOf = (lng: string | undefined): "rtl" | "ltr" => (lng?.startsWith("ar") ? "rtl" : "ltr");

/** Spec §2: query string `lng`, cookie, localStorage `i18nextLng`, sessionStorage, browser, html tag. */
export const DETECTION: DetectorOptions = {
  order: ["querystring", "cookie", "localStorage", "sessionStorage", "navigator", "htmlTag"],
  lookupQuerystring: "lng",
  lookupLocalStorage: "i18nextLng",
  caches: ["localStorage"],
  // Browsers report Chinese as zh-*; this app names it cn.
  convertDetectedLanguage: (lng: string) => (lng.toLowerCase().startsWith("zh") ? "cn" : lng),
};
