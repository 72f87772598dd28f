import type { Page } from "playwright-core";
import { browserAvailable, browserSession, DEMO_PASSWORD } from "./browser.js";

/** What has the focus: a short signature to compare, and its words (text or name) to match. */
interface Focus {
  sig: string;
  words: string;
  href: string;
  inMain: boolean;
}

const focused = (page: Page): Promise<Focus> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { sig: "body", words: "", href: "", inMain: false };
    const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
    const words = (el.getAttribute("aria-label") ?? label ?? el.innerText ?? "").replace(/\s+/g, " ").trim();
    const path: string[] = [];
    for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
      path.unshift(
        `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}:${[...(e.parentElement?.children ?? [])].indexOf(e)}`,
      );
    }
    return {
      sig: path.join(">"),
      words: words.slice(0, 80),
      href: el instanceof HTMLAnchorElement ? new URL(el.href).pathname : "",
      inMain: !!el.closest("main"),
    };
  });

/**
 * Presses `key` until the focus is on what `wanted` accepts. Fails when the focus does not move (a trap), or
 * when it comes back to where it started without reaching it (unreachable), telling the path it took.
 */
async function keyTo(page: Page, what: string, wanted: (f: Focus) => boolean, key = "Tab", most = 120): Promise<Focus> {
  const path: Focus[] = [];
  for (let i = 0; i < most; i += 1) {
    await page.keyboard.press(key);
    let now = await focused(page);
    // The menu moves its focus a frame later; on a busy machine that is after the first look.
    const before = path[path.length - 1]?.sig;
    for (let wait = 0; now.sig === before && !wanted(now) && wait < 20; wait += 1) {
      await page.waitForTimeout(100);
      now = await focused(page);
    }
    if (wanted(now)) return now;
    const trail = () =>
      path
        .slice(-25)
        .map((f) => f.words || f.sig.split(">").pop())
        .join(" → ");
    if (path.length && now.sig === path[path.length - 1].sig && now.sig !== "body")
      throw new Error(
        `${what}: the focus is trapped on "${now.words || now.sig}" (${key} does not move it); came: ${trail()}`,
      );
    if (path.length > 2 && now.sig === path[0].sig && now.sig !== "body")
      throw new Error(`${what}: not reachable with ${key} — the focus went round: ${trail()}`);
    path.push(now);
  }
  throw new Error(`${what}: not reached in ${most} presses of ${key}`);
}

describe.skipIf(!browserAvailable)("keyboard only", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });

  it("signs in, skips to the content, opens the staff users from the menu, opens one, changes the position and saves — only Tab, Shift+Tab, arrows, Enter and Space", async () => {
    const { page, server } = session;
    await page.goto(server.url + "/login?lng=en");
    // Looking, not pressing: Tab before the form is drawn only walks the empty page.
    await page.locator("form input").first().waitFor();
    await keyTo(page, "the username field", (f) => /username/i.test(f.words));
    await page.keyboard.type("admin");
    await keyTo(page, "the password field", (f) => /password/i.test(f.words));
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/admin\/dashboard/);
    await page.locator("main .ant-statistic").first().waitFor();

    // The first stop is the skip link; it takes the focus to the screen.
    await page.keyboard.press("Tab");
    expect((await focused(page)).words).toBe("Skip to content");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main-content");

    // Back to the menu: Shift+Tab leaves the screen for the header and the menu; the menu's closed sections open
    // with the arrow keys.
    await keyTo(page, "the side menu", (f) => f.sig.includes("aside") && !f.inMain, "Shift+Tab");
    const settings = await keyTo(page, "the Settings section", (f) => /^Settings\b/.test(f.words), "ArrowDown", 60);
    expect(settings.href).toBe("");
    await page.keyboard.press("Enter");
    await keyTo(page, "Users in the menu", (f) => /users/i.test(f.words), "ArrowDown", 10);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/admin\/setting\/user$/);
    await page.locator("main .ant-table-tbody tr.ant-table-row").first().waitFor();

    // The list: Tab to the first user's link, Enter opens the user.
    const user = await keyTo(page, "a user's link", (f) => /^\/admin\/setting\/user\/\d+$/.test(f.href));
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`${user.href}$`));
    await page.locator("main form").waitFor();
    await page.waitForFunction(() => !document.querySelector(".ant-spin-spinning"));

    // A field changed and saved with the keyboard; the toast is announced (a live region).
    await keyTo(page, "the Position field", (f) => f.words === "Position");
    await page.keyboard.press("End");
    await page.keyboard.type(" (keyboard)");
    await keyTo(page, "the Save button", (f) => f.words === "Save");
    await page.keyboard.press("Space");
    const toast = page
      .locator(".ant-notification-notice [role='alert'], .ant-notification-notice[role='alert']")
      .first();
    await toast.waitFor();
    const id = user.href.split("/").pop();
    const saved = await page.evaluate(async (id) => {
      const res = await fetch(`/api/v2/staff-users/${id}`, {
        headers: { authorization: `Bearer ${localStorage.getItem("accessToken")}` },
      });
      return ((await res.json()) as { position?: string }).position;
    }, id);
    expect(saved).toMatch(/ \(keyboard\)$/);
  });

  it("with reduced motion asked for, Ant Design animates nothing: the sign-in button has no transition (it has one otherwise)", async () => {
    const { page, server, browser } = session;
    const reduced = await browser.newContext({ reducedMotion: "reduce", viewport: { width: 1366, height: 900 } });
    try {
      const calm = await reduced.newPage();
      for (const [p, expected] of [
        [page, (s: number) => s > 0.05],
        [calm, (s: number) => s < 0.001],
      ] as const) {
        await p.goto(server.url + "/login?lng=en");
        const seconds = await p
          .locator("button[type='submit']")
          .evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
        expect(expected(seconds), `transition ${seconds}s`).toBe(true);
      }
    } finally {
      await reduced.close();
    }
  });
});
