import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../../public/locales");
const LANGS = ["en", "fr", "vi", "cn", "ar"];

function keys(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

const read = (lng: string, file: string) => JSON.parse(readFileSync(path.join(ROOT, lng, file), "utf8"));
const namespaces = readdirSync(path.join(ROOT, "en")).filter((f) => f.endsWith(".json"));

describe("locale files", () => {
  it("has the five languages and at least the common namespace", () => {
    expect(readdirSync(ROOT).sort()).toEqual([...LANGS].sort());
    expect(namespaces).toContain("common.json");
  });

  describe.each(namespaces)("%s", (file) => {
    const english = keys(read("en", file));
    it.each(LANGS.filter((l) => l !== "en"))("%s has every English key", (lng) => {
      const other = new Set(keys(read(lng, file)));
      expect(english.filter((k) => !other.has(k))).toEqual([]);
    });
    it.each(LANGS)("%s has no empty strings", (lng) => {
      const flat = (v: unknown): unknown[] => (v && typeof v === "object" ? Object.values(v).flatMap(flat) : [v]);
      expect(flat(read(lng, file)).filter((s) => typeof s !== "string" || s.trim() === "")).toEqual([]);
    });
    // The app's formatter only isolates values (src/providers/languages.ts): a format would be ignored.
    it.each(LANGS)("%s names no value format ({{value, number}})", (lng) => {
      expect(JSON.stringify(read(lng, file)).match(/\{\{[^}]*,[^}]*\}\}/g) ?? []).toEqual([]);
    });
  });
});
