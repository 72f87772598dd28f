import type { Page } from "playwright-core";
import { SCREENS } from "../../contract/screens.js";
import type { RunningServer } from "../support/server.js";
import { browserAvailable, browserSession, screenshot, signIn } from "./browser.js";

/** Every built screen with a list route (dashboards included), with the user who opens it. */
const LISTS = SCREENS.filter((s) => s.built && s.routes.list).map((s) => ({
  id: s.id,
  path: s.routes.list!,
  user: s.area === "supplier" ? "supplier1" : "admin",
}));

/**
 * Waits until the list has drawn its rows (or its empty state) and nothing is loading. Screens without a
 * table (the apps: mail, chat, calendar, checkout) mark their root `data-screen-ready` once their data is in.
 */
async function settled(page: Page) {
  await page
    .locator(".ant-table-tbody tr.ant-table-row, .ant-empty, .ant-statistic, [data-screen-ready]")
    .first()
    .waitFor();
  await page.waitForFunction(() => !document.querySelector(".ant-spin-spinning, .ant-skeleton-active"));
}

/**
 * Opens a list the way the menu does (no reload): a page load per list would spend most of the walk on
 * starting the app again. The first list of a language or theme is loaded in full, so the app starts in it.
 */
async function open(page: Page, base: string, path: string, lng: string, reload: boolean) {
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
function layoutProblems(): string[] {
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
        range.setStart(node, m.index!);
        range.setEnd(node, m.index! + m[0].length);
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
  if (document.documentElement.scrollWidth > window.innerWidth + 1) {
    problems.push(`page wider than the window: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
  }
  return problems;
}

/** On a phone: each row's key link (its first link) lies wholly inside the table's visible part. */
function keyTextCut(): string[] {
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

describe.skipIf(!browserAvailable)("every list at 1366 px in French and Arabic", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => void ({ server, page } = session));

  for (const user of ["admin", "supplier1"]) {
    it(`${user}'s lists: no broken word, no overlapping or spilling tag, no page overflow`, async () => {
      await signIn(page, server.url, user);
      const found: string[] = [];
      for (const lng of ["fr", "ar"]) {
        for (const [i, list] of LISTS.filter((l) => l.user === user).entries()) {
          await open(page, server.url, list.path, lng, i === 0);
          found.push(...(await page.evaluate(layoutProblems)).map((p) => `${lng} ${list.path}: ${p}`));
        }
      }
      expect(found).toEqual([]);
    }, 300_000);
  }
});

/**
 * The phone width in Arabic always (its check runs there: right to left is where key text runs off); the
 * desktop width, English and the record pages' shots only when screenshots are asked for (SCREENSHOTS_DIR).
 */
const SHOTS = !!process.env.SCREENSHOTS_DIR;
const LIST_WIDTHS = SHOTS ? [1366, 390] : [390];
const LOOKS = SHOTS
  ? ([
      ["en", "light"],
      ["ar", "dark"],
    ] as const)
  : ([["ar", "dark"]] as const);

describe.skipIf(!browserAvailable)("screenshots of every list", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });

  it("en light and ar dark, at 1366 and 390 px; on a phone every row's key text is on the screen", async () => {
    const { page, server, context } = session;
    const cut: string[] = [];
    for (const user of ["admin", "supplier1"]) {
      await context.clearCookies();
      await page.goto(server.url + "/login");
      await page.evaluate(() => localStorage.clear());
      await signIn(page, server.url, user);
      for (const [lng, mode] of LOOKS) {
        await context.addCookies([{ name: "themeMode", value: mode, url: server.url }]);
        for (const width of LIST_WIDTHS) {
          await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
          for (const [i, list] of LISTS.filter((l) => l.user === user).entries()) {
            await open(page, server.url, list.path, lng, i === 0);
            await screenshot(page, `list-${list.id}-${lng}-${mode}-${width}`);
            if (width < 400) cut.push(...(await page.evaluate(keyTextCut)).map((p) => `${lng} ${list.path}: ${p}`));
          }
        }
      }
    }
    expect(cut).toEqual([]);
  }, 600_000);
});

describe.skipIf(!browserAvailable || !SHOTS)("screenshots of record pages", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });

  it("en light and ar dark, at 1366 and 390 px", async () => {
    const { page, server, context } = session;
    const pages: [string, string][] = [
      ["product-edit", "/admin/product/1"],
      ["product-create", "/supplier/product/newproduct/create"],
      ["order-view", "/admin/orders/3/view"],
      ["claim-view", "/admin/orders/productclaim/product-claim-detail/1/view"],
      ["post-show", "/admin/blog/post/1"],
      ["post-edit", "/admin/blog/post/1/edit"],
      ["brandshop-board", "/admin/brandshop/1"],
      ["housebrand-board", "/admin/housebrand/4"],
      ["supplier-brandshop-board", "/supplier/brandshop/1"],
      ["supplier-brandshop-banners", "/supplier/brandshop/1?tab=banners"],
    ];
    for (const user of ["admin", "supplier1"]) {
      await context.clearCookies();
      await page.goto(server.url + "/login");
      await page.evaluate(() => localStorage.clear());
      await signIn(page, server.url, user);
      for (const [lng, mode] of [
        ["en", "light"],
        ["ar", "dark"],
      ] as const) {
        await context.addCookies([{ name: "themeMode", value: mode, url: server.url }]);
        for (const width of [1366, 390]) {
          await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
          for (const [name, path] of pages.filter(([, p]) => p.startsWith(user === "admin" ? "/admin" : "/supplier"))) {
            await page.goto(`${server.url}${path}${path.includes("?") ? "&" : "?"}lng=${lng}`);
            await page.locator(".ant-page-header-heading-title, .ant-result").first().waitFor();
            await page.waitForFunction(() => !document.querySelector(".ant-spin-spinning, .ant-skeleton-active"));
            await screenshot(page, `page-${name}-${lng}-${mode}-${width}`);
          }
        }
      }
    }
  }, 600_000);
});
