import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import i18next from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DETECTION, LANGUAGES } from "../../src/providers/languages";
import { bundleOf } from "../../build/locale-bundles";
import type { Part } from "../../src/providers/locale-parts";

const LOCALES = path.resolve(__dirname, "../../public/locales");

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = "i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  window.history.replaceState(null, "", "/");
});

async function detect(): Promise<string> {
  const instance = i18next.createInstance().use(LanguageDetector);
  await instance.init({
    supportedLngs: LANGUAGES.map((l) => l.code),
    fallbackLng: "en",
    load: "languageOnly",
    // One string per language, so i18next can resolve to it.
    resources: Object.fromEntries(LANGUAGES.map((l) => [l.code, { translation: { code: l.code } }])),
    detection: DETECTION,
  });
  return instance.resolvedLanguage!;
}

describe("language detection", () => {
  it("reads query string, cookie, localStorage, sessionStorage, browser, html tag — in that order", async () => {
    window.history.replaceState(null, "", "/login?lng=fr");
    document.cookie = "i18next=vi; path=/";
    localStorage.setItem("i18nextLng", "ar");
    sessionStorage.setItem("i18nextLng", "cn");
    const navigatorLanguages = vi.spyOn(window.navigator, "languages", "get").mockReturnValue(["vi-VN"]);
    vi.spyOn(window.navigator, "language", "get").mockReturnValue("vi-VN");
    document.documentElement.lang = "ar";

    expect(await detect()).toBe("fr");
    window.history.replaceState(null, "", "/login");
    expect(await detect()).toBe("vi");
    document.cookie = "i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
    localStorage.setItem("i18nextLng", "ar");
    expect(await detect()).toBe("ar");
    localStorage.removeItem("i18nextLng");
    expect(await detect()).toBe("cn");
    sessionStorage.clear();
    localStorage.clear();
    expect(await detect()).toBe("vi");
    navigatorLanguages.mockReturnValue([]);
    vi.spyOn(window.navigator, "language", "get").mockReturnValue("");
    localStorage.clear();
    expect(await detect()).toBe("ar");
    vi.restoreAllMocks();
  });

  it("caches the result in localStorage and maps zh-* browsers to cn", async () => {
    vi.spyOn(window.navigator, "languages", "get").mockReturnValue(["zh-TW"]);
    expect(await detect()).toBe("cn");
    expect(localStorage.getItem("i18nextLng")).toBe("cn");
    vi.restoreAllMocks();
  });
});

describe("the app's i18next setup", () => {
  it("falls back to English for a key missing in another language, across namespaces; a failed strings request is tried again; right to left, values are isolated", async () => {
    // Each language's strings come as one file (build/locale-bundles.ts); French lacks one key on purpose, and its
    // first request fails.
    let frenchAsked = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const [, lng, part] = /^\/@locale-bundles\/(\w+)\/(common|rest)\.json$/.exec(String(url)) ?? [];
        if (!lng || !existsSync(path.join(LOCALES, lng))) return new Response("not found", { status: 404 });
        if (lng === "fr" && part === "common" && ++frenchAsked === 1) return new Response("busy", { status: 503 });
        const body = JSON.parse(bundleOf(path.join(LOCALES, lng), part as Part));
        if (lng === "fr" && part === "common") delete body.common.auth.signIn;
        return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
      }),
    );
    const { default: i18n, i18nReady, loadAllStrings } = await import("../../src/providers/i18n");
    await i18nReady;
    await loadAllStrings();

    await i18n.changeLanguage("fr");
    expect(frenchAsked).toBe(2);
    expect(i18n.t("auth.password")).toBe("Mot de passe");
    expect(i18n.t("auth.signIn")).toBe("Sign in");
    // Domain namespaces answer a plain t() too.
    const blogFr = JSON.parse(readFileSync(path.join(LOCALES, "fr/blogs.json"), "utf8"));
    const [firstKey] = Object.keys(blogFr.blogs ?? {});
    expect(firstKey).toBeDefined();
    expect(i18n.t(`blogs.${firstKey}`, { returnObjects: true })).toEqual(blogFr.blogs[firstKey]);

    // Right to left, a value put into a sentence keeps its own direction (isolated: a path's slashes stay with it);
    // left to right, and for numbers, the value is as written.
    await i18n.changeLanguage("ar");
    expect(i18n.t("orders.titles.show", { orderNo: "/SO1/" })).toBe("الطلب \u2068/SO1/\u2069");
    expect(i18n.t("orders.titles.show", { orderNo: "/SO1/", lng: "fr" })).toBe("Commande /SO1/");
    expect(i18n.t("orders.titles.show", { orderNo: 7 })).toBe("الطلب 7");
  });
});

describe("namespaces", () => {
  it("are the English folder's files, common first, with no list to keep by hand", () => {
    const files = readdirSync(path.join(LOCALES, "en"))
      .filter((f: string) => f.endsWith(".json"))
      .map((f: string) => f.slice(0, -5));
    expect(__NAMESPACES__[0]).toBe("common");
    expect([...__NAMESPACES__].sort()).toEqual(files.sort());
  });
});
