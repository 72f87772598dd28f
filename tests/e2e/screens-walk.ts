/** The walk over every list of the screens table that the screens browser tests share. */
import type { Page } from "playwright-core";
import { SCREENS } from "../../contract/screens.js";

/** Every built screen with a list route (dashboards included), with the user who opens it. */
export const LISTS = SCREENS.filter((s) => s.built && s.routes.list).map((s) => ({
  id: s.id,
  path: s.routes.list!,
  user: s.area === "supplier" ? "supplier1" : "admin",
}));

/**
 * Waits until the list has drawn its rows (or its empty state) and nothing is loading. Screens without a
 * table (the apps: mail, chat, calendar, checkout) mark their root `data-screen-ready` once their data is in.
 */
// A loading button is drawn faded: the screen is not settled (and axe would measure the fade) until it is done.
const BUSY = ".ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading";

export async function settled(page: Page) {
  await page
    .locator(".ant-table-tbody tr.ant-table-row, .ant-empty, .ant-statistic, [data-screen-ready]")
    .first()
    .waitFor();
  await page.waitForFunction((busy) => !document.querySelector(busy), BUSY);
}

/**
 * Opens a list the way the menu does (no reload): a page load per list would spend most of the walk on
 * starting the app again. The first list of a language or theme is loaded in full, so the app starts in it.
 */
export async function open(page: Page, base: string, path: string, lng: string, reload: boolean) {
  if (reload) await page.goto(`${base}${path}?lng=${lng}`);
  else {
    // The old screen stays up while the new one loads: its tab title tells when the new one is shown.
    const before = await page.title();
    await page.evaluate((to) => {
      history.pushState(null, "", to);
      dispatchEvent(new PopStateEvent("popstate"));
    }, path);
    await page
      .waitForFunction((old) => document.title !== old, before, { timeout: 20_000 })
      .catch(() => {
        throw new Error(`${path}: the tab title stayed "${before}"`);
      });
  }
  await settled(page);
}

/**
 * What a person would call broken, measured in the page: a word split over two lines (in headers,
 * tags, tabs and buttons), a tag overlapping another or spilling out of its cell, and a page
 * wider than the window.
 */
export function layoutProblems(): string[] {
  const problems: string[] = [];
  const label = (el: Element) =>
    `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join(".")} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  for (const el of document.querySelectorAll(
    ".ant-table-thead th, .ant-tag, .ant-tabs-tab-btn, .ant-btn, .ant-page-header-heading-title",
  )) {
    if (!visible(el)) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (const m of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) problems.push(`word broken across lines: "${m[0]}" in ${label(el)}`);
      }
    }
  }
  const tags = [...document.querySelectorAll(".ant-table-tbody .ant-tag")].filter(visible);
  const boxes = tags.map((t) => t.getBoundingClientRect());
  for (let i = 0; i < tags.length; i += 1) {
    const cell = tags[i].closest("td")!.getBoundingClientRect();
    if (boxes[i].left < cell.left - 1 || boxes[i].right > cell.right + 1)
      problems.push(`tag spills out of its cell: ${label(tags[i])}`);
    for (let j = i + 1; j < tags.length; j += 1) {
      const [a, b] = [boxes[i], boxes[j]];
      if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) {
        problems.push(`tags overlap: ${label(tags[i])} / ${label(tags[j])}`);
      }
    }
  }
  // Code (paths, endpoints) reads left to right in a right-to-left page.
  for (const el of document.querySelectorAll("main code, main kbd"))
    if (getComputedStyle(el).direction !== "ltr") problems.push(`code read right to left: ${label(el)}`);
  if (document.documentElement.scrollWidth > window.innerWidth + 1) {
    problems.push(`page wider than the window: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
  }
  return problems;
}

/** On a phone: each row's key link (its first link) lies wholly inside the table's visible part. */
export function keyTextCut(): string[] {
  const holder = document.querySelector(".ant-table-content, .ant-table-body");
  if (!holder) return [];
  const view = holder.getBoundingClientRect();
  const cut: string[] = [];
  for (const row of [...document.querySelectorAll(".ant-table-tbody tr.ant-table-row")].slice(0, 5)) {
    const link = row.querySelector("td a[href]:not(.ant-btn)");
    if (!link) continue;
    const r = link.getBoundingClientRect();
    if (r.left < view.left - 1 || r.right > view.right + 1)
      cut.push(`key text runs off the screen: "${(link.textContent ?? "").trim().slice(0, 40)}"`);
  }
  return cut;
}

/** On a phone: a picker's placeholder (the words that say what it picks) is whole, not cut with an ellipsis. */
export function placeholderCut(): string[] {
  return [...document.querySelectorAll<HTMLElement>("main .ant-select-selection-placeholder")]
    .filter((el) => el.checkVisibility() && el.scrollWidth > el.clientWidth + 1)
    .map((el) => `a picker's words are cut: "${(el.textContent ?? "").trim()}"`);
}

/**
 * A table that scrolls sideways shows it: on each side with more columns, a shade at least 15 % opaque (Ant Design's
 * own, 6 %, is not seen). The container's ::before is the left side and ::after the right, whichever way text reads.
 */
export function scrollCueMissing(): string[] {
  const missing: string[] = [];
  const opacity = (shadow: string) => {
    if (shadow === "none") return 0;
    const rgba = /rgba?\(([^)]+)\)/.exec(shadow);
    const parts = rgba ? rgba[1].split(",").map(Number) : [];
    return parts.length === 4 ? parts[3] : parts.length === 3 ? 1 : 0;
  };
  for (const frame of document.querySelectorAll<HTMLElement>(".ant-table-content, .ant-table-body")) {
    const table = frame.closest(".ant-table");
    if (!table || frame.scrollWidth <= frame.clientWidth + 1 || !frame.checkVisibility()) continue;
    const rtl = getComputedStyle(frame).direction === "rtl";
    const gone = Math.abs(frame.scrollLeft);
    const rest = frame.scrollWidth - frame.clientWidth - gone;
    const more = { left: rtl ? rest > 1 : gone > 1, right: rtl ? gone > 1 : rest > 1 };
    for (const side of ["left", "right"] as const) {
      if (!more[side]) continue;
      const fixed = table.classList.contains(`ant-table-has-fix-${side}`);
      const el = fixed
        ? table.querySelector(`.ant-table-cell-fix-${side}-last, .ant-table-cell-fix-${side}-first`)
        : table.querySelector(".ant-table-container");
      const pseudo = fixed || side === "right" ? "::after" : "::before";
      const shadow = el ? getComputedStyle(el, pseudo).boxShadow : "none";
      if (opacity(shadow) < 0.15) missing.push(`a table scrolls to the ${side} without showing it (${shadow})`);
    }
  }
  return missing;
}

/** Every record page of a built screen (create, edit, show), with its route and the user who opens it. */
export const RECORDS = SCREENS.filter((s) => s.built).flatMap((s) =>
  (["create", "edit", "show"] as const)
    .filter((a) => s.routes[a])
    .map((action) => ({
      id: `${s.id} ${action}`,
      route: s.routes[action]!,
      user: s.area === "supplier" ? "supplier1" : "admin",
    })),
);

/**
 * Record routes no list links to, with the route whose record they take: a new claim is filed from a delivered
 * order's line (the walk's first order may not be one), for that order's id.
 */
export const ID_FROM: Record<string, string> = {
  "/admin/orders/productclaim/product-claim-new/:id": "/admin/orders/:id/view",
};

/** A route's pattern (`/admin/orders/:id/view`) as a regular expression's source for a path. */
export const routePattern = (route: string) => `^${route.replace(/:[a-z]+/gi, "[^/?#]+")}$`;

/** Every route of the table without a parameter: a link there is no record's (`/admin/housebrand/blog/posts`). */
export const STATIC_ROUTES = SCREENS.flatMap((s) => Object.values(s.routes)).filter((r) => !r.includes(":"));

/** The first link in the screen (not the menu) to each of these routes (by pattern source), as a path. */
export function linksTo([patterns, statics]: [string[], string[]]): Record<string, string> {
  const found: Record<string, string> = {};
  const paths = [...document.querySelectorAll("main a[href]")]
    .map((a) => new URL((a as HTMLAnchorElement).href).pathname)
    .filter((path) => !statics.includes(path) && !path.includes(":"));
  for (const p of patterns) {
    const re = new RegExp(p);
    const hit = paths.find((path) => re.test(path));
    if (hit) found[p] = hit;
  }
  return found;
}

/**
 * Opens a record page the way a link does (no reload) and waits for its header (or its result page,
 * or an app's ready mark) with nothing loading.
 */
export async function openRecord(page: Page, path: string) {
  const before = await page.evaluate(() => location.pathname);
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  if (before === path) return;
  await page
    .locator("main .ant-page-header-heading-title, main .ant-result, [data-screen-ready], main h1")
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(() => {
      throw new Error(`${path}: no header came`);
    });
  await page.waitForFunction((busy) => !document.querySelector(busy), BUSY);
}
