import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bundleOf } from "../../build/locale-bundles";
import type { Part } from "../../src/providers/locale-parts";

/**
 * The default language of config control reaches the client: src/providers/i18n.ts reads
 * GET /api/v2/client-settings before init, so a browser asking for none of the five languages opens
 * in it (and English when the server does not answer). A person's own choice still wins.
 */
const LOCALES = path.resolve(__dirname, "../../public/locales");

/** The server, as the dev server answers: the settings, and each language's strings in one file. */
function serve(defaultLanguage: string | null, settingsAnswered: Promise<unknown> = Promise.resolve()) {
  const fetch = vi.fn(async (url: string) => {
    if (String(url) === "/api/v2/client-settings") {
      await settingsAnswered;
      return defaultLanguage === null ? new Response("down", { status: 503 }) : Response.json({ defaultLanguage });
    }
    const [, lng, part] = /^\/@locale-bundles\/(\w+)\/(common|rest)\.json$/.exec(String(url)) ?? [];
    if (!lng || !existsSync(path.join(LOCALES, lng))) return new Response("not found", { status: 404 });
    return new Response(bundleOf(path.join(LOCALES, lng), part as Part), {
      status: 200,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

async function start(browser: string[]) {
  vi.resetModules();
  vi.spyOn(window.navigator, "languages", "get").mockReturnValue(browser);
  vi.spyOn(window.navigator, "language", "get").mockReturnValue(browser[0]);
  const { default: i18n, i18nReady } = await import("../../src/providers/i18n");
  await i18nReady;
  return i18n;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  document.documentElement.lang = "en";
});

describe("the default language setting", () => {
  it("opens in it when the browser asks for none of the five languages, and falls back to it", async () => {
    serve("fr");
    const i18n = await start(["de-DE", "de"]);
    expect(i18n.resolvedLanguage).toBe("fr");
    expect(document.documentElement.lang).toBe("fr");
    expect(i18n.t("auth.password")).toBe("Mot de passe");
    expect(i18n.options.fallbackLng).toEqual(["fr"]);
  });

  it("leaves a browser asking for one of the five in its language", async () => {
    serve("fr");
    expect((await start(["vi-VN"])).resolvedLanguage).toBe("vi");
  });

  it("asks for the likely language's strings, all namespaces at once, without waiting for the setting", async () => {
    let answer!: () => void;
    const fetch = serve("fr", new Promise<void>((r) => (answer = r)));
    const started = start(["vi-VN"]);
    const asked = () => fetch.mock.calls.map(([url]) => String(url));
    await vi.waitFor(() => expect(asked()).toContain("/@locale-bundles/vi/common.json"));
    answer();
    const i18n = await started;
    expect(i18n.resolvedLanguage).toBe("vi");
    expect(i18n.t("auth.password")).not.toBe("auth.password");
    // A sign-in page: the common strings of the language and of the default, one request each.
    const bundles = () =>
      asked()
        .filter((u) => u.startsWith("/@locale-bundles/"))
        .sort();
    expect(bundles()).toEqual(["/@locale-bundles/fr/common.json", "/@locale-bundles/vi/common.json"]);
    // Signed in: every other namespace too, in one more request each.
    const { loadAllStrings } = await import("../../src/providers/i18n");
    await loadAllStrings();
    expect(i18n.t("orders.fields.status", { lng: "vi" })).not.toBe("orders.fields.status");
    expect(bundles()).toEqual([
      "/@locale-bundles/fr/common.json",
      "/@locale-bundles/fr/rest.json",
      "/@locale-bundles/vi/common.json",
      "/@locale-bundles/vi/rest.json",
    ]);
  });

  it("is English when the server does not answer", async () => {
    serve(null);
    expect((await start(["de-DE"])).resolvedLanguage).toBe("en");
  });
});
