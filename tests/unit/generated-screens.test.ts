import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SCREENS } from "../../contract/screens";
import { REST_RESOURCES } from "../../src/api/resources";
import type { FieldSchema, RestResourceDoc } from "../../src/api/resource-doc";
import { formFields, generatedOf, kindOf, listFields, wordKeys } from "../../src/components/kit/generated/model";
import { loadOverrides } from "../../src/components/kit/generated/overrides";
import { pages } from "../../src/resources";

const LANGS = ["en", "fr", "vi", "cn", "ar"];
const ROOT = path.resolve(__dirname, "../../public/locales");
const GENERATED = SCREENS.filter((s) => s.generated);

/** Every key of one language, over all its namespace files (keys start with their namespace). */
function keysOf(lng: string): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown, prefix: string) => {
    if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, prefix ? `${prefix}.${k}` : k);
    else out.add(prefix);
  };
  const en = path.join(ROOT, "en");
  for (const file of readdirSync(en)) walk(JSON.parse(readFileSync(path.join(ROOT, lng, file), "utf8")), "");
  return out;
}

describe("generated screens", () => {
  it("exist, and each names a resource the server serves, which its endpoints list", () => {
    expect(GENERATED.map((s) => s.id)).toEqual(
      expect.arrayContaining(["product-installrate", "setting-shippingzone", "setting-role", "homecategory"]),
    );
    for (const s of GENERATED) {
      const doc = (REST_RESOURCES as Record<string, RestResourceDoc>)[s.generated!.resource];
      expect(doc, s.id).toBeDefined();
      expect(s.endpoints, s.id).toContain(`/api/v2/${s.generated!.resource}`);
      // A route for a verb the resource does not serve would be a page that cannot work.
      if (s.routes.create) expect(doc.verbs, `${s.id} create`).toContain("create");
      if (s.routes.edit) expect(doc.verbs, `${s.id} edit`).toContain("update");
      if (s.routes.show) expect(doc.verbs, `${s.id} show`).toContain("get");
      // An image field is uploaded through the storefront images before the write names it.
      const g = generatedOf(s.id);
      if ([...formFields(g, "create"), ...formFields(g, "edit")].some((f) => f.kind === "image"))
        expect(s.endpoints, `${s.id} images`).toContain("/api/v2/storefront-images");
    }
  });

  it("get a page for every route their row names, and no page code", () => {
    for (const s of GENERATED) {
      expect(Object.keys(pages[s.id] ?? {}).sort(), s.id).toEqual(Object.keys(s.routes).sort());
    }
  });

  it("have every word they show in the five languages", () => {
    const missing: string[] = [];
    for (const lng of LANGS) {
      const keys = keysOf(lng);
      for (const s of GENERATED)
        for (const k of wordKeys(generatedOf(s.id))) if (!keys.has(k)) missing.push(`${lng}: ${k}`);
    }
    expect(missing).toEqual([]);
  });

  it("fails the words check when a word is missing (the check can fail)", () => {
    const g = generatedOf("product-installrate");
    const keys = keysOf("fr");
    keys.delete("product.installRate.fields.price");
    expect(wordKeys(g).filter((k) => !keys.has(k))).toEqual(["product.installRate.fields.price"]);
  });

  it("read each field's kind from the schema: install rates", () => {
    const g = generatedOf("product-installrate");
    const kinds = Object.fromEntries(listFields(g).map(([f, s]) => [f, kindOf(f, s, g.doc)]));
    expect(kinds).toEqual({
      name: "text",
      level1Name: "text",
      productCode: "text",
      price: "money",
      status: "enum",
      updatedAt: "dateTime",
    });
    // Computed fields are not in the form; only what the change body takes.
    expect(formFields(g, "edit").map((f) => f.name)).toEqual(["name", "price", "status"]);
    expect(g.doc.sort).toEqual(["id", "name", "price", "updatedAt"]);
    expect(() => generatedOf("orders")).toThrow(/not a generated screen/);
  });

  it("read each field's kind from the schema: shipping zones (a code set once, a list of province codes)", () => {
    const g = generatedOf("setting-shippingzone");
    const kinds = Object.fromEntries(listFields(g).map(([f, s]) => [f, kindOf(f, s, g.doc)]));
    expect(Object.entries(kinds)).toEqual([
      ["name", "text"],
      ["nameTh", "text"],
      ["code", "text"],
      ["provinces", "textList"],
    ]);
    expect(formFields(g, "create").map((f) => [f.name, f.required])).toEqual([
      ["name", true],
      ["nameTh", true],
      ["code", true],
      ["provinces", false],
    ]);
    // The code names the zone in rates: it is not in the change.
    expect(formFields(g, "edit").map((f) => f.name)).toEqual(["name", "nameTh", "provinces"]);
    expect(g.doc.verbs).not.toContain("delete");
    expect(g.words).toBe("shipping.zones");
  });

  it("read the roles: the menus a list of words, the version a token sent back hidden and never shown", () => {
    const g = generatedOf("setting-role");
    const kinds = Object.fromEntries(listFields(g).map(([f, s]) => [f, kindOf(f, s, g.doc)]));
    expect(kinds).toEqual({ name: "text", code: "text", builtin: "boolean", userCount: "integer", menus: "textList" });
    expect(formFields(g, "create").map((f) => [f.name, f.hidden])).toEqual([
      ["name", false],
      ["menus", false],
    ]);
    expect(formFields(g, "edit").map((f) => [f.name, f.hidden])).toEqual([
      ["name", false],
      ["menus", false],
      ["version", true],
    ]);
    expect(wordKeys(g)).not.toContain("users.role.fields.version");
    expect(wordKeys(g)).toContain("users.role.fields.menus");
  });

  it("read lists from the schema: states of a set, typed words; other arrays stay documents", () => {
    const { doc } = generatedOf("product-installrate");
    const array = (items: FieldSchema) => ({ type: "array", items });
    expect(kindOf("rooms", array({ type: "string", enum: ["kitchen", "bath"] }), doc)).toBe("enumList");
    expect(kindOf("labels", array({ type: "string", maxLength: 20 }), doc)).toBe("textList");
    expect(kindOf("times", array({ type: "string", format: "date-time" }), doc)).toBe("json");
    expect(kindOf("lines", array({ type: "object", properties: {} }), doc)).toBe("json");
  });

  it("load the overrides their feature declares, whose column titles are words in the five languages", async () => {
    const missing: string[] = [];
    for (const s of GENERATED) {
      const o = await loadOverrides(s.feature, s.id);
      for (const c of o.columns ?? [])
        for (const lng of LANGS) if (!keysOf(lng).has(c.title)) missing.push(`${lng}: ${s.id} ${c.title}`);
    }
    expect(missing).toEqual([]);
    expect(Object.keys((await loadOverrides("product", "product-installrate")).cells ?? {})).toEqual(["status"]);
    const zones = await loadOverrides("settings", "setting-shippingzone");
    expect([Object.keys(zones.cells ?? {}), Object.keys(zones.inputs ?? {})]).toEqual([["provinces"], ["provinces"]]);
    const roles = await loadOverrides("users", "setting-role");
    expect(Object.keys(roles.cells ?? {})).toEqual(["name", "menus"]);
    expect(Object.keys(roles.inputs ?? {})).toEqual(["name", "menus"]);
    expect(Object.keys((await loadOverrides("homecategory", "homecategory")).inputs ?? {}).sort()).toEqual([
      "active",
      "linkId",
      "linkType",
      "names",
      "timezone",
    ]);
    // A feature without a generated.tsx, or a screen it does not name: nothing overridden.
    expect(await loadOverrides("orders", "orders")).toEqual({});
    expect(await loadOverrides("product", "product")).toEqual({});
  });
});
