import { describe, expect, it } from "vitest";
import i18next from "i18next";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { documentTitle } from "../../src/components/layout/documentTitle";
import { resources } from "../../src/resources";

const read = (lng: string, ns: string) =>
  JSON.parse(readFileSync(resolve(__dirname, `../../public/locales/${lng}/${ns}.json`), "utf8"));
// The app name is in common, screen labels and title patterns in the shell's strings.
const common = (lng: string) => ({ ...read(lng, "common"), ...read(lng, "shell") });

async function tFor(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { [lng]: { translation: common(lng) } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe("browser tab titles", () => {
  const orders = resources.find((r) => r.identifier === "orders")!;

  it("are the translated screen label, the record id and the app name — never a raw key", async () => {
    const en = await tFor("en");
    expect(documentTitle(en, orders, "list", undefined)).toBe("Orders | Seller Center");
    expect(documentTitle(en, orders, "show", "12")).toBe("Orders · #12 | Seller Center");
    expect(documentTitle(en, undefined, undefined, undefined)).toBe("Seller Center");
    const fr = await tFor("fr");
    expect(documentTitle(fr, orders, "show", "12")).toBe("Commandes · n° 12 | Espace Vendeur");
  });

  it("has a translated title for every screen in all five languages", async () => {
    for (const lng of ["en", "fr", "vi", "cn", "ar"]) {
      const t = await tFor(lng);
      for (const r of resources) {
        const title = documentTitle(t, r, "edit", 5);
        expect(title, `${lng} ${r.identifier}`).not.toMatch(/resources\.|documentTitle\.|undefined/);
      }
    }
  });
});
