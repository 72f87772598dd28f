import type { Page } from "playwright-core";
import type { RunningServer } from "../support/server.js";
import { axeReport, axeViolations, levelOneHeadings, type Violation } from "./axe.js";
import { browserAvailable, browserSession, signIn } from "./browser.js";
import {
  ID_FROM,
  LISTS,
  RECORDS,
  STATIC_ROUTES,
  layoutProblems,
  linksTo,
  open,
  openRecord,
  routePattern,
} from "./screens-walk.js";

/**
 * One walk per look over every screen of the screens table: the layout is checked in French (long words)
 * and Arabic (right to left), axe's WCAG 2.1 A/AA rules in English light and Arabic dark, on every list and on
 * every record page (a record's id is the first link to it on any list).
 */
export const LOOKS = {
  fr: { lng: "fr", mode: "light", layout: true, axe: false },
  en: { lng: "en", mode: "light", layout: false, axe: true },
  ar: { lng: "ar", mode: "dark", layout: true, axe: true },
} as const;

/**
 * The walks of `runs`, one test (one signed-in context) per user and look. The walks are split over a few files so
 * that the browser files, run side by side, end near the same time: the admin's axe walks are the longest files.
 */
export function walkScreens(runs: { user: "admin" | "supplier1"; look: keyof typeof LOOKS }[]): void {
  describe.skipIf(!browserAvailable)(
    "every screen at 1366 px: layout in French and Arabic, axe in en light and ar dark",
    () => {
      const session = browserSession({ viewport: { width: 1366, height: 900 }, reducedMotion: true });
      let server: RunningServer;
      let page: Page;
      beforeEach(() => void ({ server, page } = session));

      for (const { user, look } of runs) {
        const { lng, mode, layout, axe: checked } = LOOKS[look];
        const what = [
          layout && "no broken word, no overlapping or spilling tag, no page overflow",
          checked && "no serious or critical axe violation on a list or record page",
        ].filter(Boolean);
        it(`${user}'s screens in ${lng} ${mode}: ${what.join("; ")}`, async () => {
          await signIn(page, server.url, user);
          await page.context().addCookies([{ name: "themeMode", value: mode, url: server.url }]);
          const found: string[] = [];
          const axe: Violation[] = [];
          const oneTitle = async (path: string) => {
            const titles = await levelOneHeadings(page);
            if (titles.length !== 1) found.push(`${path}: ${titles.length} level-1 headings (${titles.join(" | ")})`);
          };
          const records = RECORDS.filter((r) => r.user === user);
          const patterns = records.filter((r) => r.route.includes(":")).map((r) => routePattern(r.route));
          const links: Record<string, string> = {};
          const collectLinks = async () => {
            const missing = patterns.filter((p) => !links[p]);
            if (missing.length)
              Object.assign(links, await page.evaluate(linksTo, [missing, STATIC_ROUTES] as [string[], string[]]));
          };
          for (const [i, list] of LISTS.filter((l) => l.user === user).entries()) {
            await open(page, server.url, list.path, lng, i === 0);
            if (layout) found.push(...(await page.evaluate(layoutProblems)).map((p) => `${lng} ${list.path}: ${p}`));
            if (!checked) continue;
            axe.push(...(await axeViolations(page, `${lng} ${mode} ${list.path}`)));
            await oneTitle(list.path);
            await collectLinks();
          }
          if (checked) {
            for (const record of records) {
              const from = ID_FROM[record.route] && links[routePattern(ID_FROM[record.route])];
              const id =
                from && new RegExp(routePattern(ID_FROM[record.route]).replace("[^/?#]+", "([^/?#]+)")).exec(from)?.[1];
              const path = !record.route.includes(":")
                ? record.route
                : (links[routePattern(record.route)] ?? (id ? record.route.replace(/:[a-z]+/i, id) : undefined));
              if (!path) {
                found.push(`${record.id}: no list links to ${record.route}`);
                continue;
              }
              await openRecord(page, path);
              axe.push(...(await axeViolations(page, `${lng} ${mode} ${path}`)));
              await oneTitle(path);
              // A record links to other records (an order to its new claim).
              await collectLinks();
            }
          }
          expect.soft(found).toEqual([]);
          expect(axeReport(axe)).toBe("");
        }, 600_000);
      }
    },
  );
}
