import i18n from "i18next";
import HttpBackend from "i18next-http-backend";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next, setI18n } from "react-i18next";
import type { I18nProvider } from "@refinedev/core";
import { DETECTION, LANGUAGES } from "./languages";

/**
 * Translation files: public/locales/<lng>/<namespace>.json, one namespace per domain, found in the
 * English folder at build time (vite.config.ts). Every namespace is also a fallback, so a plain
 * t("orders.fields.status") finds orders.json.
 */
export const NAMESPACES: string[] = __NAMESPACES__;

/**
 * The default language (config control's `defaultLanguage`, public `GET /api/v2/client-settings`):
 * it becomes the html tag's language, the last place detection looks, so a browser asking for none of
 * the five languages gets it, and the language a missing translation falls back to. English when the
 * server does not answer in time.
 */
async function defaultLanguage(): Promise<string> {
  const codes: string[] = LANGUAGES.map((l) => l.code);
  try {
    const res = await fetch("/api/v2/client-settings", { signal: AbortSignal.timeout(3000) });
    const lng = res.ok ? ((await res.json()) as { defaultLanguage?: string }).defaultLanguage : undefined;
    return lng && codes.includes(lng) ? lng : "en";
  } catch {
    return "en";
  }
}

// Registered at once (i18next hands itself to react-i18next only in init): the hooks find the
// instance and suspend until init has loaded the language.
i18n.use(HttpBackend).use(LanguageDetector).use(initReactI18next);
setI18n(i18n);

export const i18nReady = defaultLanguage().then((fallbackLng) => {
  document.documentElement.lang = fallbackLng;
  return i18n.init({
    supportedLngs: LANGUAGES.map((l) => l.code),
    fallbackLng,
    ns: NAMESPACES,
    defaultNS: "common",
    fallbackNS: NAMESPACES,
    load: "languageOnly",
    interpolation: { escapeValue: false },
    backend: { loadPath: "/locales/{{lng}}/{{ns}}.json" },
    maxParallelReads: 10,
    maxRetries: 5,
    retryTimeout: 350,
    detection: DETECTION,
    react: { useSuspense: true },
  });
});

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: any, defaultMessage?: string) =>
    i18n.t(key, { defaultValue: defaultMessage, ...(typeof options === "object" ? options : {}) }) as string,
  changeLocale: (lang: string) => i18n.changeLanguage(lang),
  getLocale: () => i18n.resolvedLanguage ?? i18n.language ?? "en",
};

export default i18n;
