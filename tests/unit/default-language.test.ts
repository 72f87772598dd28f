import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * The default language of config control reaches the client: src/providers/i18n.ts reads
 * GET /api/v2/client-settings before init, so a browser asking for none of the five languages opens
 * in it (and English when the server does not answer). A person's own choice still wins.
 */
const LOCALES = path.resolve(__dirname, "../../public/locales");

function serve(defaultLanguage: string | null) {
  vi.stubGlobal("fetch", vi.fn(async (url: string) => {
    if (String(url) === "/api/v2/client-settings") {
      return defaultLanguage === null ? new Response("down", { status: 503 }) : Response.json({ defaultLanguage });
    }
    const [, lng, file] = /\/locales\/(\w+)\/(\w+\.json)/.exec(String(url)) ?? [];
    const full = path.join(LOCALES, lng ?? "", file ?? "");
    if (!lng || !existsSync(full)) return new Response("not found", { status: 404 });
    return new Response(readFileSync(full, "utf8"), { status: 200, headers: { "Content-Type": "application/json" } });
  }));
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

  it("is English when the server does not answer", async () => {
    serve(null);
    expect((await start(["de-DE"])).resolvedLanguage).toBe("en");
  });
});
