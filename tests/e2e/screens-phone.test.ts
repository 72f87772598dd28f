import { browserAvailable, browserSession, screenshot, signIn, eachLook } from "./browser.js";
import { LISTS, keyTextCut, open, placeholderCut, scrollCueMissing } from "./screens-walk.js";

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

  it("en light and ar dark, at 1366 and 390 px; on a phone every row's key text is on the screen, a table that scrolls sideways shows it and no picker's words are cut", async () => {
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
            if (width < 400) {
              const checks = [keyTextCut, scrollCueMissing, placeholderCut].map((check) => page.evaluate(check));
              const found = (await Promise.all(checks)).flat();
              cut.push(...found.map((p) => `${lng} ${list.path}: ${p}`));
            }
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
      for await (const { lng, mode, width } of eachLook(page, server.url)) {
        for (const [name, path] of pages.filter(([, p]) => p.startsWith(user === "admin" ? "/admin" : "/supplier"))) {
          await page.goto(`${server.url}${path}${path.includes("?") ? "&" : "?"}lng=${lng}`);
          await page.locator(".ant-page-header-heading-title, .ant-result").first().waitFor();
          await page.waitForFunction(() => !document.querySelector(".ant-spin-spinning, .ant-skeleton-active"));
          await screenshot(page, `page-${name}-${lng}-${mode}-${width}`);
        }
      }
    }
  }, 600_000);
});
