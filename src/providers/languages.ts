import type { FormatterModule } from "i18next";
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

/**
 * Right to left, each text put into a sentence (an order number, an e-mail address, a path, a name) is isolated with
 * its first letter deciding its direction (FSI … PDI, as Fluent does), so its own slashes, signs and brackets stay with
 * it instead of being read into the sentence. i18next calls this for every value (`interpolation.alwaysFormat`); the
 * app's strings name no format (`{{value, number}}`), so this formatter has none.
 */
export const isolatingFormatter: FormatterModule = {
  type: "formatter",
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  // Any other value goes on as it is: i18next writes it as text after this.
  format: (value: unknown, _format, lng) =>
    typeof value === "string" && value !== "" && directionOf(lng) === "rtl"
      ? `\u2068${value}\u2069`
      : (value as string),
};

/** Spec §2: query string `lng`, cookie, localStorage `i18nextLng`, sessionStorage, browser, html tag. */
export const DETECTION: DetectorOptions = {
  order: ["querystring", "cookie", "localStorage", "sessionStorage", "navigator", "htmlTag"],
  lookupQuerystring: "lng",
  lookupLocalStorage: "i18nextLng",
  caches: ["localStorage"],
  // Browsers report Chinese as zh-*; this app names it cn.
  convertDetectedLanguage: (lng: string) => (lng.toLowerCase().startsWith("zh") ? "cn" : lng),
};
