import { readFileSync } from "node:fs";
import { menuCatalogue } from "../../contract/screens";

const MENU_CATALOGUE = menuCatalogue();

const LANGUAGES = ["en", "fr", "vi", "cn", "ar"];

function lookup(tree: Record<string, unknown>, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe("menu labels from the server's navConfig", () => {
  const keys = [...new Set(MENU_CATALOGUE.flatMap((item) => [item.group, item.title]))];

  it.each(LANGUAGES)("has every group and item title translated in %s", (lng) => {
    const common = JSON.parse(readFileSync(`public/locales/${lng}/common.json`, "utf8"));
    const missing = keys.filter((key) => typeof lookup(common, key) !== "string");
    expect(missing).toEqual([]);
  });
});
