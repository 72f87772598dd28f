import { readFileSync } from "node:fs";
import path from "node:path";
import type { Request, Route } from "playwright-core";
import { browserAvailable, browserSession, DIST, signIn } from "./browser.js";

/**
 * Issue 15: a signed-in reload asks for its code in at most two waves before the page's own chunk,
 * and for the page's first data while that code loads.
 * Wave 1 is what index.html loads (its script and modulepreloads); main.tsx then starts Refine, the
 * shell and the route loader in one go (wave 2, each with its static imports, which Vite preloads
 * together); the route loader starts the page's chunk (wave 3). Counted here from the built
 * manifest; the browser test below shows the page and its data do not wait for Refine or the shell.
 */
interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** What main.tsx starts at once on a signed-in load. */
const SIGNED_IN_BOOT = ["src/RefineRoot.tsx", "src/components/layout/Shell.tsx", "src/preload.ts"];
const PAGES = {
  "/admin/orders/list": "src/features/orders/OrderList.tsx",
  "/admin/dashboard": "src/features/dashboard/DashboardView.tsx",
  "/supplier/product/list": "src/features/product/ProductList.tsx",
};
const MAX_WAVES_BEFORE_PAGE = 2;

describe("loading waterfall (built manifest)", () => {
  const manifest = JSON.parse(readFileSync(path.join(DIST, ".vite/manifest.json"), "utf8")) as Record<string, Chunk>;
  const closure = (keys: string[], seen = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (seen.has(key)) continue;
      expect(manifest[key], `manifest entry ${key}`).toBeDefined();
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };

  /** The wave in which each chunk can first be asked for: 1 + the earliest wave of a chunk that imports it dynamically. */
  function waves(): Map<string, number> {
    const wave = new Map<string, number>();
    for (const key of closure(["index.html"])) wave.set(key, 1);
    // index.html's own dynamic imports that main.tsx starts before rendering.
    for (const key of closure(SIGNED_IN_BOOT)) if (!wave.has(key)) wave.set(key, 2);
    for (let w = 2; w < 10; w++) {
      const starters = [...wave].filter(([, n]) => n === w).map(([k]) => k);
      const next = closure(starters.flatMap((k) => manifest[k].dynamicImports ?? []));
      for (const key of next) if (!wave.has(key)) wave.set(key, w + 1);
    }
    return wave;
  }

  it("main.tsx starts Refine, the shell and the route loader from the entry", () => {
    const started = manifest["index.html"].dynamicImports ?? [];
    for (const key of SIGNED_IN_BOOT) expect(started).toContain(key);
    // None of them is in the entry's own graph: the sign-in page loads none of it.
    const entry = closure(["index.html"]);
    for (const key of SIGNED_IN_BOOT) expect(entry.has(key)).toBe(false);
  });

  it.each(Object.entries(PAGES))(
    `%s: at most ${MAX_WAVES_BEFORE_PAGE} waves of code before its page chunk`,
    (_route, page) => {
      const wave = waves().get(page);
      expect(wave, `${page} is never reached from the boot`).toBeDefined();
      expect(wave! - 1).toBeLessThanOrEqual(MAX_WAVES_BEFORE_PAGE);
    },
  );

  it("every screen the route loader knows starts by the third wave", () => {
    const wave = waves();
    const pages = [...closure(["src/preload.ts"])].flatMap((k) => manifest[k].dynamicImports ?? []);
    expect(pages.length).toBeGreaterThan(20);
    for (const page of pages) expect(wave.get(page), page).toBeLessThanOrEqual(MAX_WAVES_BEFORE_PAGE + 1);
  });

  it("an English page's code holds no other language's locale", () => {
    const english = new Set(
      ["index.html", ...SIGNED_IN_BOOT, ...Object.values(PAGES)].flatMap((k) => [...closure([k])]),
    );
    // Locale modules (dayjs/locale/fr.js, antd/es/locale/zh_CN.js, ...) and the chunks named after them.
    const foreign = [...english].filter(
      (k) => /[/\\]locales?[/\\](?!en)/.test(k) || /zh[-_]cn/i.test(manifest[k].file),
    );
    expect(foreign).toEqual([]);
  });
});

describe.skipIf(!browserAvailable)("loading waterfall in a real browser", () => {
  const s = browserSession();

  it("a reload of the order list asks for its chunk and its rows while Refine and the shell are still loading, and reads each once", async () => {
    const { page } = s;
    await signIn(page, s.server.url);

    // Refine's and the shell's chunks are held back until the page's chunk and first read have been asked for.
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const holding: string[] = [];
    const hold = async (route: Route) => {
      holding.push(route.request().url());
      await held;
      await route.continue();
    };
    await page.route(/\/assets\/(RefineRoot|Shell)-[\w-]+\.js$/, hold);
    const requests: Request[] = [];
    page.on("request", (r) => requests.push(r));
    const asked = (pattern: RegExp) => requests.filter((r) => pattern.test(r.url())).length;

    await page.goto(s.server.url + "/admin/orders/list", { waitUntil: "commit" });
    await expect.poll(() => holding.length).toBe(2);
    await expect.poll(() => asked(/\/assets\/OrderList-[\w-]+\.js$/)).toBe(1);
    await expect.poll(() => asked(/\/api\/order\/orderlist$/)).toBe(1);
    await expect.poll(() => asked(/\/api\/masterdata\/masterorderstatus/)).toBe(1);
    release();

    await page.locator(".ant-table-tbody tr.ant-table-row").first().waitFor();
    // The list's own query took the early answer over: no second request for the same rows or masters.
    expect(asked(/\/api\/order\/orderlist$/)).toBe(1);
    for (const master of ["masterorderstatus", "masterorderchanel", "masterbranch"])
      expect(asked(new RegExp(`/api/masterdata/${master}`))).toBe(1);
    expect(asked(/\/api\/product\/masterproduct/)).toBe(1);
    // English: no other language's code or strings, and all of its strings in two requests (common, the rest).
    const urls = requests.map((r) => r.url());
    expect(urls.filter((u) => /zh[-_]c|\/locales[-/](fr|vi|cn|ar)[-/]/i.test(u))).toEqual([]);
    expect(
      urls
        .filter((u) => /\/locales[-/]en[-/]/.test(u))
        .map((u) => /locales-en-(common|rest)-/.exec(u)?.[1])
        .sort(),
    ).toEqual(["common", "rest"]);
  });

  it("a reload gives Ant Design its styles back from the last visit instead of having it write them again", async () => {
    const { page } = s;
    await signIn(page, s.server.url);
    await page.goto(s.server.url + "/admin/orders/list");
    await page.locator(".ant-table-tbody tr.ant-table-row").first().waitFor();
    // Saved when the page is left; the shell starts keeping them once the page has settled.
    await expect
      .poll(() => page.evaluate(() => document.querySelectorAll("[data-testid=sider] .ant-menu-item").length))
      .toBeGreaterThan(3);
    // The keeper's listener is an effect of the same commit: give it the frame to run in.
    await page.waitForTimeout(300);
    await page.reload();
    await page.locator(".ant-table-tbody tr.ant-table-row").first().waitFor();
    const saved = await page.evaluate(
      () => JSON.parse(localStorage.getItem("antd-styles") ?? "[]") as { css: string }[],
    );
    expect(saved.length).toBeGreaterThan(20);
    expect(saved.some((style) => style.css.includes(".ant-table"))).toBe(true);

    // Each saved style is marked before the next load reads it: a style Ant Design wrote again would lose the mark.
    await page.addInitScript(() => {
      const saved = JSON.parse(localStorage.getItem("antd-styles") ?? "[]") as { css: string }[];
      for (const style of saved) if (!style.css.startsWith(".data-ant-cssinjs-cache-path")) style.css += "/*kept*/";
      localStorage.setItem("antd-styles", JSON.stringify(saved));
    });
    await page.reload();
    await page.locator(".ant-table-tbody tr.ant-table-row").first().waitFor();
    const styles = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLStyleElement>("style[data-css-hash]")].map((style) => ({
        kept: style.textContent.endsWith("/*kept*/"),
        table: style.textContent.includes(".ant-table"),
      })),
    );
    expect(styles.filter((style) => style.table).every((style) => style.kept)).toBe(true);
    expect(styles.filter((style) => style.kept).length).toBeGreaterThan(20);
    // One record of each style: nothing was written twice.
    const hashes = await page.evaluate(() =>
      [...document.querySelectorAll("style[data-css-hash]")].map((style) => style.getAttribute("data-css-hash")),
    );
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it("an address with filters is left to the table: no early read, and the filtered rows are read once", async () => {
    const { page } = s;
    await signIn(page, s.server.url);
    const bodies: string[] = [];
    page.on("request", (r) => {
      if (/\/api\/order\/orderlist$/.test(r.url())) bodies.push(r.postData() ?? "");
    });
    const filtered =
      "/admin/orders/list?filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=pending_payment";
    await page.goto(s.server.url + filtered);
    await page.locator(".ant-table-tbody tr.ant-table-row, .ant-empty").first().waitFor();
    expect(bodies).toHaveLength(1);
    expect(JSON.parse(bodies[0])).toMatchObject({ status: "pending_payment", page: 1 });
  });
});
