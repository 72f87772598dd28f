import type { BrowserContext, Page } from "playwright-core";
import type { RunningServer } from "../support/server.js";
import { browserAvailable, browserSession, screenshot } from "./browser.js";
import {
  WIDTH,
  signIn,
  sider,
  box,
  htmlAttr,
  openSettings,
  closeSettings,
  pick,
  chooseLanguage,
  settle,
} from "./shell-kit.js";

describe.skipIf(!browserAvailable)("app shell in a real browser", () => {
  const session = browserSession({ viewport: { width: WIDTH, height: 860 } });
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;
  beforeEach(() => void ({ server, context, page } = session));

  it("switches to Arabic + dark + mini and back; settings survive a reload", async () => {
    await signIn(page, server.url);
    await page.waitForURL("**/admin/dashboard");
    await settle(page);
    expect(await htmlAttr(page, "dir")).toBe("ltr");
    expect((await box(page, "sider")).x).toBe(0);
    expect((await box(page, "sider")).width).toBe(280);
    expect((await box(page, "header")).height).toBe(92);
    expect(await page.getByTestId("settings-dot").count()).toBe(0);
    await screenshot(page, "shell-en-light-vertical");

    await openSettings(page);
    expect((await page.locator(".ant-drawer-content-wrapper").boundingBox())!.width).toBe(260);
    await expect.poll(() => page.locator(".ant-drawer [aria-label*='1600px']").count()).toBe(1);
    await pick(page, "Dark");
    await page.locator(".ant-drawer [data-layout=mini]").click();
    await screenshot(page, "settings-drawer-en-dark");
    await closeSettings(page);
    expect(await htmlAttr(page, "data-theme")).toBe("dark");
    await expect.poll(async () => (await box(page, "sider")).width).toBe(88);
    expect(await page.getByTestId("settings-dot").count()).toBe(1);
    // Mini shows icons only; the label comes in a tooltip.
    await sider(page).locator(".ant-menu-item").first().hover();
    await expect.poll(() => page.locator(".ant-tooltip:not(.ant-tooltip-hidden)").innerText()).toBe("Dashboard");
    await page.mouse.move(700, 500);
    await settle(page);
    await screenshot(page, "shell-en-dark-mini");

    await chooseLanguage(page, "العربية");
    await expect.poll(() => htmlAttr(page, "dir")).toBe("rtl");
    expect(await htmlAttr(page, "lang")).toBe("ar");
    // The sider moves to the reading side: flush with the right edge of the page (scrollbar aside).
    const pageWidth = await page.evaluate(() => Math.round(document.body.getBoundingClientRect().right));
    await expect
      .poll(async () => {
        const b = await box(page, "sider");
        return Math.round(b.x + b.width);
      })
      .toBe(pageWidth);
    await expect.poll(() => page.locator(".ant-statistic-title").first().innerText()).not.toBe("Products");
    await settle(page);
    await screenshot(page, "shell-ar-dark-mini");

    await page.reload();
    await page.getByTestId("sider").waitFor();
    expect(await htmlAttr(page, "dir")).toBe("rtl");
    expect(await htmlAttr(page, "data-theme")).toBe("dark");
    expect((await box(page, "sider")).width).toBe(88);
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    expect(cookies).toMatchObject({ themeMode: "dark", themeLayout: "mini", themeDirection: "rtl" });
    const expiry = (await context.cookies()).find((c) => c.name === "themeMode")!.expires * 1000;
    expect(Math.round((expiry - Date.now()) / 86_400_000)).toBe(3);

    await chooseLanguage(page, "English");
    await expect.poll(() => htmlAttr(page, "dir")).toBe("ltr");
    await expect.poll(async () => (await box(page, "sider")).x).toBe(0);
    await openSettings(page);
    await page.locator(".ant-drawer button[aria-label=Reset]").click();
    await closeSettings(page);
    expect(await htmlAttr(page, "data-theme")).toBe("light");
    await expect.poll(async () => (await box(page, "sider")).width).toBe(280);
    expect(await page.getByTestId("settings-dot").count()).toBe(0);
    expect((await context.cookies()).filter((c) => c.name.startsWith("theme"))).toEqual([]);
  }, 180_000);

  it("stretch widens the content only above 1600 px", async () => {
    await page.setViewportSize({ width: 1700, height: 900 });
    await signIn(page, server.url);
    await page.waitForURL("**/admin/dashboard");
    const content = page.locator(".ant-layout-content");
    expect((await content.boundingBox())!.width).toBe(1280);
    await openSettings(page);
    await page.locator(".ant-drawer .ant-switch").click();
    await closeSettings(page);
    await expect.poll(async () => (await content.boundingBox())!.width).toBeGreaterThan(1280);
    await page.setViewportSize({ width: 1500, height: 900 });
    await expect.poll(async () => (await content.boundingBox())!.width).toBeLessThanOrEqual(1280);

    await openSettings(page);
    await pick(page, "Bold");
    await page.locator(".ant-drawer [data-preset=purple]").click();
    await screenshot(page, "settings-drawer-en-light-bold-purple");
    await closeSettings(page);
    await settle(page);
    await screenshot(page, "shell-en-light-bold-purple");
  });

  it("Chinese and Vietnamese stay left to right", async () => {
    await signIn(page, server.url);
    await page.getByTestId("sider").waitFor();
    await settle(page);
    await chooseLanguage(page, "中文");
    expect(await htmlAttr(page, "dir")).toBe("ltr");
    await settle(page);
    await screenshot(page, "shell-cn-light-vertical");
    await chooseLanguage(page, "Tiếng Việt");
    expect(await htmlAttr(page, "dir")).toBe("ltr");
    await settle(page);
    await screenshot(page, "shell-vi-light-vertical");
  });

  it("horizontal layout puts the menu under the header, in both directions", async () => {
    await signIn(page, server.url);
    await page.waitForURL("**/admin/dashboard");
    await openSettings(page);
    await page.locator(".ant-drawer [data-layout=horizontal]").click();
    await closeSettings(page);
    await page.getByTestId("top-nav").waitFor();
    expect(await sider(page).count()).toBe(0);
    await settle(page);
    await screenshot(page, "shell-en-light-horizontal");

    await chooseLanguage(page, "العربية");
    await expect.poll(() => htmlAttr(page, "dir")).toBe("rtl");
    await openSettings(page);
    await pick(page, "داكن");
    await closeSettings(page);
    await settle(page);
    await screenshot(page, "shell-ar-dark-horizontal");

    await openSettings(page);
    await page.locator(".ant-drawer [data-layout=vertical]").click();
    await closeSettings(page);
    await page.goto(server.url + "/admin/blog/posts");
    await page.locator(".ant-table-row").first().waitFor();
    await settle(page);
    await screenshot(page, "blog-ar-dark-vertical");
  });

  it("shows the progress bar only when a route change takes longer than 300 ms", async () => {
    await signIn(page, server.url);
    await page.waitForURL("**/admin/dashboard");
    await settle(page);
    let seen = false;
    await page.exposeFunction("progressSeen", () => (seen = true));
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.querySelector("[data-testid=route-progress]")) (window as any).progressSeen();
      }).observe(document.body, { childList: true, subtree: true });
    });
    // Fast: back to a screen whose chunk is loaded and which needs no data.
    await page.locator(".ant-menu-item", { hasText: "Route table" }).click();
    await page.waitForURL("**/admin/routes");
    await page.locator(".ant-table-row").first().waitFor();
    await page.locator(".ant-menu-item", { hasText: "Dashboard" }).click();
    await page.waitForURL("**/admin/dashboard");
    await settle(page);
    seen = false;
    const started = Date.now();
    await page.locator(".ant-menu-item", { hasText: "Route table" }).click();
    await page.waitForURL("**/admin/routes");
    await page.getByRole("heading", { level: 1, name: "Route table" }).waitFor();
    const took = Date.now() - started;
    await page.waitForTimeout(800);
    // Measured from here the change took at least as long as in the page. On a machine too loaded to change screens
    // in 300 ms even this change is slow, and the bar is right to show (a CI run saw that once).
    if (took < 300) expect(seen).toBe(false);

    // Slow: the blog list's data takes a second.
    await page.route("**/api/blogs/**", async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page.goto(server.url + "/admin/dashboard");
    await settle(page);
    await page.locator(".ant-menu-submenu-title", { hasText: "Blog" }).click();
    await page.locator(".ant-menu-item", { hasText: "Posts" }).click();
    // The change takes at least the 1.2 s the data is held, so the bar must show, however loaded the machine is.
    await page.getByTestId("route-progress").waitFor();
    await page.locator(".ant-table-row").first().waitFor();
    await page.getByTestId("route-progress").waitFor({ state: "detached" });
  });

  it("breadcrumbs show translated menu labels with icons, not keys", async () => {
    await signIn(page, server.url);
    await page.waitForURL("**/admin/dashboard");
    await page.goto(server.url + "/admin/blog/posts");
    await page.locator(".ant-table-row").first().waitFor();
    // Row actions are links: the view action opens the post.
    await page
      .locator(".ant-table-row")
      .first()
      .getByRole("link", { name: /^View: / })
      .click();
    await page.waitForURL(/\/admin\/blog\/post\/\d+$/);
    const crumbs = page.locator(".ant-breadcrumb li:not(.ant-breadcrumb-separator)");
    // A record's trail is its list's menu chain, then the action.
    await expect.poll(() => crumbs.allInnerTexts()).toEqual(["Blog", "Posts", "View"]);
    expect(await page.locator(".ant-breadcrumb .anticon").count()).toBe(1);

    await chooseLanguage(page, "Français");
    await expect.poll(() => crumbs.allInnerTexts()).toEqual(["Blog", "Articles", "Détail"]);
    await settle(page);
    await screenshot(page, "blog-show-fr-light-breadcrumb");
  });

  it("sign-in pages follow mode and language; the favicon is an SVG logo", async () => {
    await page.goto(server.url + "/login");
    await page.locator("input[type=password]").waitFor();
    await settle(page);
    await screenshot(page, "login-en-light");
    const favicon = await page.request.get(server.url + "/favicon.svg");
    expect(favicon.headers()["content-type"]).toContain("svg");
    expect((await favicon.text()).length).toBeGreaterThan(100);

    await page.locator("select[aria-label=Language]").selectOption("ar");
    await page.waitForFunction(() => document.documentElement.lang === "ar");
    await expect.poll(() => htmlAttr(page, "dir")).toBe("rtl");
    await openSettings(page);
    await pick(page, "داكن");
    await closeSettings(page);
    await settle(page);
    await screenshot(page, "login-ar-dark");

    await page.goto(server.url + "/supplier/register");
    await page.locator("input[type=password]").waitFor();
    expect(await htmlAttr(page, "dir")).toBe("rtl");
    await settle(page);
    await screenshot(page, "register-ar-dark");
  });

  it("small screens get a 64 px header and a drawer menu", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, server.url);
    await page.waitForURL("**/admin/dashboard");
    expect((await box(page, "header")).height).toBe(64);
    expect(await sider(page).count()).toBe(0);
    await page.locator("button[aria-label='Open menu']").click();
    await page.locator(".ant-drawer .ant-menu").waitFor();
    await settle(page);
    await screenshot(page, "shell-en-light-mobile-menu");
  });
});
