import i18n from "i18next";
import HttpBackend from "i18next-http-backend";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next } from "react-i18next";
import type { I18nProvider } from "@refinedev/core";
import { DETECTION, LANGUAGES } from "./languages";

/**
 * Translation files: public/locales/<lng>/<namespace>.json, one namespace per domain, found in the
 * English folder at build time (vite.config.ts). Every namespace is also a fallback, so a plain
 * t("orders.fields.status") finds orders.json.
 */
export const NAMESPACES: string[] = __NAMESPACES__;

export const i18nReady = i18n
  .use(HttpBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: LANGUAGES.map((l) => l.code),
    fallbackLng: "en",
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

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: any, defaultMessage?: string) =>
    i18n.t(key, { defaultValue: defaultMessage, ...(typeof options === "object" ? options : {}) }) as string,
  changeLocale: (lang: string) => i18n.changeLanguage(lang),
  getLocale: () => i18n.resolvedLanguage ?? i18n.language ?? "en",
};

export default i18n;
