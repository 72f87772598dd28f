import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import type { RunningServer } from "../support/server.js";
import { SCREENSHOTS, browserAvailable, browserSession, screenshot } from "./browser.js";
import {
  WIDTH,
  signIn,
  htmlAttr,
  closeSettings,
  paletteSearch,
  openPalette,
  chooseLanguage,
  settle,
} from "./shell-kit.js";

describe.skipIf(!browserAvailable)("command palette in a real browser", () => {
  const session = browserSession({ viewport: { width: WIDTH, height: 860 } });
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;
  beforeEach(() => void ({ server, context, page } = session));

  it("the palette signs out", async () => {
    await signIn(page, server.url);
    await page.getByTestId("sider").waitFor();
    await openPalette(page);
    await paletteSearch(page).fill("sign out");
    await page.locator("[role=option]", { hasText: "Sign out" }).click();
    await page.waitForURL("**/login");
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
  });

  it("the palette keeps up with typing at full speed: Enter opens what was typed", async () => {
    await signIn(page, server.url);
    await page.waitForURL("**/admin/dashboard");
    await page.getByTestId("sider").waitFor();
    for (const [typed, path] of [
      ["order list", "/admin/orders/list"],
      ["payment slips", "/admin/orders/listslip"],
      ["route table", "/admin/routes"],
    ]) {
      await openPalette(page);
      // No delay between keys and none before Enter: what a fast typist does.
      await page.keyboard.type(typed, { delay: 0 });
      await page.keyboard.press("Enter");
      await page.waitForURL("**" + path);
      await paletteSearch(page).waitFor({ state: "detached" });
    }
  });

  it("keys typed right after Ctrl+K, before the search box is there, are typed into it; Enter opens what they match", async () => {
    await signIn(page, server.url);
    await page.waitForURL("**/admin/dashboard");
    await page.getByTestId("sider").waitFor();
    await settle(page);
    for (const [typed, path] of [
      ["ord", "/admin/orders/list"],
      ["route table", "/admin/routes"],
    ]) {
      // One CDP call: the shortcut, the letters and Enter reach the page before React has drawn the palette.
      await page.evaluate((typed) => {
        const key = (key: string, init: KeyboardEventInit = {}) =>
          window.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init }));
        key("k", { ctrlKey: true, code: "KeyK" });
        for (const ch of typed) key(ch);
        key("Enter");
      }, typed);
      await page.waitForURL("**" + path);
      await paletteSearch(page).waitFor({ state: "detached" });
    }
  });

  it("command palette lists the user's screens and runs actions", async () => {
    await signIn(page, server.url);
    await page.waitForURL("**/admin/dashboard");
    await page.getByTestId("sider").waitFor();
    await openPalette(page);
    const search = paletteSearch(page);
    await search.waitFor();
    await search.fill("route");
    const options = page.locator("[role=option]");
    await expect.poll(async () => (await options.allInnerTexts()).join("|")).not.toContain("Posts");
    expect((await options.allInnerTexts()).join("|")).toContain("Route table");
    await screenshot(page, "palette-en-light");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/admin/routes");

    await openPalette(page);
    await paletteSearch(page).fill("dark mode");
    await page.locator("[role=option]", { hasText: "Switch to dark mode" }).click();
    await expect.poll(() => htmlAttr(page, "data-theme")).toBe("dark");
    // The theme switch re-renders the whole shell; a palette opened during that render can lose its search text.
    await paletteSearch(page).waitFor({ state: "detached" });
    await settle(page);

    await openPalette(page);
    await paletteSearch(page).fill("language");
    await expect.poll(() => paletteSearch(page).inputValue()).toBe("language");
    await page.locator("[role=option]", { hasText: "Change language" }).click();
    await page.locator("[role=option]", { hasText: "Français" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "fr");
    await paletteSearch(page).waitFor({ state: "detached" });
    // The shell re-renders in French (its translations load first); the palette's shortcut is there again after that.
    await page.getByTestId("sider").getByText("Table des routes").waitFor();
    await settle(page);

    await openPalette(page);
    await paletteSearch(page).fill("param");
    await page.locator("[role=option]", { hasText: "Ouvrir les paramètres" }).click();
    await page.locator(".ant-drawer-content").waitFor();
    await closeSettings(page);
    await chooseLanguage(page, "English");

    // The route table's own toasts: bottom left.
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await page.locator("button[aria-label^='Copy path']").first().click();
    await page.locator(".ant-notification-bottomLeft .ant-notification-notice").waitFor();
    await settle(page);
    // The table is long; the toast sits at the bottom of the viewport.
    await page.screenshot({ path: path.join(SCREENSHOTS, "routes-en-dark-toast.png") });
  });

  it("the palette offers an editor only the editor's screens", async () => {
    await signIn(page, server.url, "editor");
    await page.waitForURL("**/admin/blog/posts");
    await page.getByTestId("sider").waitFor();
    await openPalette(page);
    await paletteSearch(page).waitFor();
    const names = await page.locator("[role=option]").allInnerTexts();
    expect(names.join("\n")).toContain("Posts");
    expect(names.join("\n")).not.toContain("Route table");
    expect(names.join("\n")).not.toContain("Dashboard");
  });
});
