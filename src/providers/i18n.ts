import i18n from "i18next";
import HttpBackend from "i18next-http-backend";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next } from "react-i18next";
import type { I18nProvider } from "@refinedev/core";
import { directionOf, LANGUAGES } from "./languages";

/** Arabic reads right to left; the document follows the language. */
function applyDocumentLanguage(lng: string) {
  document.documentElement.lang = lng;
  document.documentElement.dir = directionOf(lng);
}

export const i18nReady = i18n
  .use(HttpBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: LANGUAGES.map((l) => l.code),
    fallbackLng: "en",
    ns: ["common", "blog"],
    defaultNS: "common",
    // blog.json keys resolve through plain t() as well.
    fallbackNS: ["blog"],
    load: "languageOnly",
    interpolation: { escapeValue: false },
    backend: { loadPath: "/locales/{{lng}}/{{ns}}.json" },
    maxParallelReads: 10,
    maxRetries: 5,
    retryTimeout: 350,
    detection: {
      order: ["querystring", "cookie", "localStorage", "sessionStorage", "navigator", "htmlTag"],
      lookupQuerystring: "lng",
      lookupLocalStorage: "i18nextLng",
      caches: ["localStorage"],
      // Browsers report Chinese as zh-*; this app names it cn.
      convertDetectedLanguage: (lng: string) => (lng.toLowerCase().startsWith("zh") ? "cn" : lng),
    },
    react: { useSuspense: true },
  });

i18n.on("languageChanged", applyDocumentLanguage);
if (i18n.language) applyDocumentLanguage(i18n.language);

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: any, defaultMessage?: string) =>
    i18n.t(key, { defaultValue: defaultMessage, ...(typeof options === "object" ? options : {}) }) as string,
  changeLocale: (lang: string) => i18n.changeLanguage(lang),
  getLocale: () => i18n.resolvedLanguage ?? i18n.language ?? "en",
};

export default i18n;
