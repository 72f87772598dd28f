import i18n from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { urls } from "virtual:locale-bundles";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next, setI18n } from "react-i18next";
import type { I18nProvider } from "@refinedev/core";
import { DETECTION, LANGUAGES, isolatingFormatter, langTag } from "./languages";
import { loadDayjsLocale, selectDayjsLocale } from "./locale";
import { partOf } from "./locale-parts";

/**
 * Translation files: public/locales/<lng>/<namespace>.json, one namespace per domain, found in the
 * English folder at build time (vite.config.ts). Every namespace is also a fallback, so a plain
 * t("orders.fields.status") finds orders.json. A language's namespaces arrive in two files
 * (build/locale-bundles.ts): `common`, all a sign-in page needs, and the rest, loaded for the signed-in app
 * (`loadAllStrings`) or a page that names its namespace (`useTranslation("users")`).
 */
export const NAMESPACES: string[] = __NAMESPACES__;

/** The files a language's strings come in (the virtual module's declaration, src/globals.d.ts). */
type Part = keyof (typeof urls)[string];
type Bundle = Record<string, Record<string, unknown>>;
const bundles = new Map<string, Promise<Bundle>>();

/** One part of a language's strings, asked for once; a failed request is tried again, then the next read asks anew. */
function bundleOf(lng: string, part: Part): Promise<Bundle> {
  const url = urls[lng]?.[part];
  if (!url) return Promise.resolve({});
  const key = `${lng}/${part}`;
  let loading = bundles.get(key);
  if (!loading) {
    loading = (async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          const res = await fetch(url);
          if (res.ok) return (await res.json()) as Bundle;
          if (res.status < 500 || attempt === 3) throw new Error(`${url}: ${res.status}`);
        } catch (err) {
          if (attempt === 3) throw err;
        }
        await new Promise((r) => setTimeout(r, 350 * attempt));
      }
    })();
    loading.catch(() => bundles.delete(key));
    bundles.set(key, loading);
  }
  return loading;
}

/**
 * The language the detector will most likely pick (a choice kept in the query, storage or cookie, else the
 * browser's): its strings start loading beside the default-language request instead of after it.
 */
function likelyLanguage(): string | undefined {
  const codes: string[] = LANGUAGES.map((l) => l.code);
  const convert = DETECTION.convertDetectedLanguage as (lng: string) => string;
  const cookie = /(?:^|;\s*)i18next=([^;]+)/.exec(document.cookie)?.[1];
  const candidates = [
    new URLSearchParams(window.location.search).get("lng"),
    cookie,
    localStorage.getItem("i18nextLng"),
    ...navigator.languages,
  ];
  return candidates
    .filter((l): l is string => !!l)
    .map((l) => convert(l).toLowerCase().split("-")[0])
    .find((l) => codes.includes(l));
}

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
// A language's strings and its dayjs locale arrive together: i18next switches language only once both
// are in, and dayjs is switched in the same tick as i18next, before any screen re-renders.
i18n
  .use(
    resourcesToBackend((lng: string, ns: string) =>
      Promise.all([bundleOf(lng, partOf(ns)), loadDayjsLocale(lng)]).then(([b]) => b[ns] ?? {}),
    ),
  )
  .use(LanguageDetector)
  .use(isolatingFormatter)
  .use(initReactI18next);
i18n.on("languageChanged", () => selectDayjsLocale(i18n.resolvedLanguage));
setI18n(i18n);

const likely = likelyLanguage();
if (likely) bundleOf(likely, "common").catch(() => undefined);

export const i18nReady = defaultLanguage().then((fallbackLng) => {
  // A real tag ("zh-CN" for "cn"): detection reads it back through DETECTION's zh → cn.
  document.documentElement.lang = langTag(fallbackLng);
  return i18n.init({
    supportedLngs: LANGUAGES.map((l) => l.code),
    fallbackLng,
    ns: ["common"],
    defaultNS: "common",
    fallbackNS: NAMESPACES,
    load: "languageOnly",
    interpolation: { escapeValue: false, alwaysFormat: true },
    detection: DETECTION,
    react: { useSuspense: true },
  });
});

/** Every namespace in the language in use (and its fallback), for the signed-in app; the likely language's file starts at once. */
export function loadAllStrings(): Promise<unknown> {
  if (likely) bundleOf(likely, "rest").catch(() => undefined);
  return i18nReady.then(() => i18n.loadNamespaces(NAMESPACES));
}

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) =>
    i18n.t(key, { defaultValue: defaultMessage, ...(typeof options === "object" ? options : {}) }),
  changeLocale: (lang: string) => i18n.changeLanguage(lang),
  getLocale: () => i18n.resolvedLanguage ?? i18n.language ?? "en",
};

export default i18n;
