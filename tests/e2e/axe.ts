/** axe-core over the shown page, through the kept Playwright integration: WCAG 2.0/2.1 A and AA rules. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** One serious or critical violation, with the elements it was found on (the first few). */
export interface Violation {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

/**
 * The serious and critical violations on the page as it is now. Legacy mode runs axe in the page itself:
 * the app draws no iframes, and the default mode opens a blank page per run to finish it.
 */
export async function axeViolations(page: Page, where: string): Promise<Violation[]> {
  const result = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(true)
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      where,
      rule: v.id,
      impact: v.impact!,
      targets: v.nodes.slice(0, 4).map((n) => n.target.join(" > ")),
      summary: (v.nodes[0]?.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 200),
    }));
}

/**
 * The failure message: the count by rule first, then each fault once (rule, the elements, axe's summary) with the
 * screens it was found on — a fault in the shared shell is one line, not one per screen.
 */
export function axeReport(found: Violation[]): string {
  if (found.length === 0) return "";
  const byRule = new Map<string, number>();
  for (const v of found) byRule.set(v.rule, (byRule.get(v.rule) ?? 0) + 1);
  const faults = new Map<string, string[]>();
  for (const v of found) {
    const key = `${v.rule} (${v.impact}) on ${v.targets.join(" | ")} — ${v.summary}`;
    faults.set(key, [...(faults.get(key) ?? []), v.where]);
  }
  return [
    `${found.length} serious or critical axe violations (screen × rule) — by rule: ${[...byRule]
      .sort((a, b) => b[1] - a[1])
      .map(([r, n]) => `${r} ${n}`)
      .join(", ")}`,
    ...[...faults].map(([fault, where]) => `${fault}\n    on ${where.length} screen(s): ${where.join(", ")}`),
  ].join("\n");
}

/** The screen's level-1 headings (an h1, or a heading given level 1), by their words: a screen has exactly one. */
export const levelOneHeadings = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll("h1, h2, h3, h4, h5, h6, [role='heading']")]
      .filter((h) => (h.getAttribute("aria-level") ?? (h.tagName === "H1" ? "1" : "")) === "1")
      .filter((h) => (h as HTMLElement).offsetParent !== null || getComputedStyle(h).position === "fixed")
      .map((h) => (h.textContent ?? "").trim().slice(0, 40)),
  );
