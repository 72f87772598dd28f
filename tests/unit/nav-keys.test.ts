import { readFileSync } from "node:fs";
import { SCREENS } from "../../contract/screens";

const LANGUAGES = ["en", "fr", "vi", "cn", "ar"];

function lookup(tree: Record<string, unknown>, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe("menu labels from the server's navConfig", () => {
  // Every section and leaf of the table, built or not: a screen that gets built already has its menu words.
  const keys = [
    ...new Set(SCREENS.flatMap((s) => [s.section.group, s.section.title, ...(s.leaves ?? []).map((l) => l.title)])),
  ];

  it.each(LANGUAGES)("has every group and item title translated in %s", (lng) => {
    const shell = JSON.parse(readFileSync(`public/locales/${lng}/shell.json`, "utf8"));
    const missing = keys.filter((key) => typeof lookup(shell, key) !== "string");
    expect(missing).toEqual([]);
  });
});
