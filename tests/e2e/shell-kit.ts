/** What the shell browser tests share: signing in at the root, the palette, the language menu, the settings drawer. */
import type { Page } from "playwright-core";
import { signIn as signInByApi } from "./browser.js";

export const WIDTH = 1366;

/** Signed in, at the root: the app sends the user to their home screen. */
export async function signIn(page: Page, base: string, user = "admin") {
  await signInByApi(page, base, user);
  await page.goto(base + "/");
}

export const sider = (page: Page) => page.getByTestId("sider");
export const box = async (page: Page, testId: string) => (await page.getByTestId(testId).boundingBox())!;
export const htmlAttr = (page: Page, name: string) =>
  page.evaluate((n) => document.documentElement.getAttribute(n), name);

export async function openSettings(page: Page) {
  await page.getByTestId("settings-button").click();
  await page.locator(".ant-drawer-content").waitFor();
}
export async function closeSettings(page: Page) {
  await page.getByTestId("settings-close").click();
  await page.locator(".ant-drawer-content").waitFor({ state: "hidden" });
}
/** Picks an option of a segmented control in the drawer by its visible label. */
export const pick = (page: Page, label: string) =>
  page.locator(".ant-drawer .ant-segmented-item", { hasText: label }).click();

export const paletteSearch = (page: Page) => page.getByTestId("palette-search");

/**
 * Ctrl+K until the palette shows. Under load, a press landing while the shell re-renders after a
 * language switch is sometimes lost (seen in about one run in three, not reproduced alone), so one
 * more press is allowed; the palette must still open from the keyboard.
 */
export async function openPalette(page: Page) {
  for (let attempt = 0; attempt < 2; attempt++) {
    await page.keyboard.press("Control+k");
    if (
      await paletteSearch(page)
        .waitFor({ timeout: 5_000 })
        .then(
          () => true,
          () => false,
        )
    )
      return;
  }
  throw new Error("Ctrl+K did not open the command palette");
}

export const LANGUAGE_CODES: Record<string, string> = {
  English: "en",
  Français: "fr",
  العربية: "ar",
  中文: "zh-CN",
  "Tiếng Việt": "vi",
};

/** Picks a language in the header and waits until its translations are in (several files load). */
export async function chooseLanguage(page: Page, label: string) {
  // A menu opened while the previous one is still closing can swallow the click, and a page still
  // drawing its figures can close the menu under the pointer (both seen in loaded full runs). A switch
  // re-renders the whole shell in the new words: with both cores busy that once took longer than 3 x 20 s
  // (CI, after a reload in Arabic). So: one deadline, the menu opened again only when it is closed, and
  // the language read again before each try, since a slow switch may land while the menu is reopened.
  const code = LANGUAGE_CODES[label];
  const item = page.locator(".ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item", { hasText: label });
  const isOn = () => page.evaluate((c) => document.documentElement.lang === c, code);
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline) {
    if (await isOn()) return;
    if (!(await item.isVisible()))
      await page
        .getByTestId("header")
        .locator("button", { has: page.locator(".anticon-global") })
        .click();
    const picked = await item.click({ timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (!picked) {
      await page.keyboard.press("Escape");
      continue;
    }
    await page
      .waitForFunction((c) => document.documentElement.lang === c, code, { timeout: 30_000 })
      .catch(() => undefined);
  }
  const state = await page.evaluate(() => ({
    lang: document.documentElement.lang,
    stored: localStorage.getItem("i18nextLng"),
    url: location.href,
  }));
  throw new Error(`The language menu did not switch to ${label}: ${JSON.stringify(state)}`);
}

/**
 * Waits for fonts, locale files and the page's figures before a picture. Not "networkidle": the
 * notification bell keeps its event stream open for as long as the page lives.
 */
export async function settle(page: Page) {
  await page.waitForLoadState("load");
  await page.waitForFunction(() => !document.querySelector(".ant-spin-spinning, .ant-skeleton-active"));
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
}
