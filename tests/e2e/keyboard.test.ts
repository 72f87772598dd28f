import type { Page } from "playwright-core";
import { browserAvailable, browserSession, DEMO_PASSWORD, signIn } from "./browser.js";

/** What has the focus: a short signature to compare, and its words (text or name) to match. */
interface Focus {
  sig: string;
  words: string;
  href: string;
  inMain: boolean;
  /** The tag, or an input's type. */
  kind: string;
}

const focused = (page: Page): Promise<Focus> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { sig: "body", words: "", href: "", inMain: false, kind: "body" };
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
      href: el instanceof HTMLAnchorElement && el.href ? new URL(el.href).pathname : "",
      inMain: !!el.closest("main"),
      kind: el instanceof HTMLInputElement ? el.type : el.tagName.toLowerCase(),
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
    // A person sees the section open before moving down into it: an arrow pressed while it still opens (a busy
    // machine; CC1 of 2026-12-08) walks past it to the top of the menu.
    await page.locator("aside").getByText("Users", { exact: true }).waitFor();
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

  it("with reduced motion asked for, nothing moves (a button's transition is 10 ms, 200 ms otherwise) and every popup still opens on the screen", async () => {
    const { page, server, browser } = session;
    const reduced = await browser.newContext({ reducedMotion: "reduce", viewport: { width: 1366, height: 900 } });
    try {
      const calm = await reduced.newPage();
      for (const [p, expected] of [
        [page, (s: number) => s > 0.05],
        [calm, (s: number) => s <= 0.01],
      ] as const) {
        await p.goto(server.url + "/login?lng=en");
        const seconds = await p
          .locator("button[type='submit']")
          .evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
        expect(expected(seconds), `transition ${seconds}s`).toBe(true);
      }
      // With every animation cut short (an earlier reading of reduced motion), Ant Design never placed its popups:
      // a select's list, a date picker and the language menu opened 13,660 px off the screen.
      await signIn(calm, server.url);
      await calm.goto(server.url + "/admin/orders/list?lng=en");
      await calm.locator(".ant-table-row").first().waitFor();
      const popup = calm.locator(
        ".ant-select-dropdown:not(.ant-select-dropdown-hidden), .ant-picker-dropdown:not(.ant-picker-dropdown-hidden), .ant-dropdown:not(.ant-dropdown-hidden)",
      );
      for (const [what, open] of [
        ["a select's list", () => calm.locator(".ant-select").filter({ hasText: "All channels" }).first().click()],
        ["a date picker", () => calm.getByPlaceholder("From").click()],
        [
          "the language menu",
          () =>
            calm
              .getByTestId("header")
              .locator("button", { has: calm.locator(".anticon-global") })
              .click(),
        ],
      ] as const) {
        await open();
        await popup.first().waitFor();
        await expect
          .poll(
            async () => {
              const box = await popup.first().boundingBox();
              return !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= 1366 && box.y + box.height <= 900;
            },
            { message: `${what} opens on the screen` },
          )
          .toBe(true);
        await calm.keyboard.press("Escape");
        await popup.first().waitFor({ state: "hidden" });
      }
    } finally {
      await reduced.close();
    }
  });
});

describe.skipIf(!browserAvailable)("keyboard only: the working day's tasks", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });

  /** Ctrl+K, the words, Enter: the palette opens the screen they name. */
  async function paletteTo(page: Page, words: string, path: RegExp) {
    await page.keyboard.press("Control+k");
    await page.getByTestId("palette-search").waitFor();
    await page.keyboard.type(words);
    await page.keyboard.press("Enter");
    await page.waitForURL(path);
  }

  it("goes to an order from the palette, marks its items ready and moves it on, then approves a payment slip", async () => {
    const { page, server } = session;
    await signIn(page, server.url);
    await page.goto(server.url + "/admin/dashboard?lng=en");
    await page.locator("main .ant-statistic").first().waitFor();

    await paletteTo(page, "Orders", /\/admin\/orders\/list/);
    await page.locator("main .ant-table-tbody tr.ant-table-row").first().waitFor();
    // The status tabs take one Tab stop (the chosen one); the arrows move along them.
    await keyTo(page, "the status tabs", (f) => /\bAll \(/.test(f.words));
    const tab = await keyTo(page, "the Preparing tab", (f) => /\bPreparing \(/.test(f.words), "ArrowRight", 12);
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.locator("main .ant-table-tbody tr.ant-table-row").first().innerText())
      .toContain("Preparing");
    expect(tab.inMain).toBe(true);
    const order = await keyTo(page, "an order's link", (f) => /^\/admin\/orders\/\d+\/view$/.test(f.href));
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`${order.href}$`));
    await expect.poll(() => page.locator(".ant-table-tbody .ant-switch").count()).toBeGreaterThan(0);

    if (await page.locator(".ant-table-tbody .ant-switch:not(.ant-switch-checked)").count()) {
      await keyTo(page, "Mark all ready", (f) => f.words === "Mark all ready");
      await page.keyboard.press("Enter");
      await expect.poll(() => page.locator(".ant-table-tbody .ant-switch:not(.ant-switch-checked)").count()).toBe(0);
    }
    await keyTo(page, "Move to Ready to ship", (f) => f.words === "Move to Ready to ship");
    await page.keyboard.press("Enter");
    // The confirmation takes the focus on its confirming button.
    await expect.poll(async () => (await focused(page)).words).toBe("Apply");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".ant-page-header-heading-title .ant-tag").innerText()).toBe("Ready to ship");

    // A slip waiting for review, found by its order number and approved from its dialog.
    await paletteTo(page, "Payment slips", /\/admin\/orders\/listslip/);
    const row = page.locator("main .ant-table-tbody tr.ant-table-row").first();
    await row.waitFor();
    const review = await keyTo(page, "a slip's Review button", (f) => /^Review: /.test(f.words));
    const orderNo = review.words.replace(/^Review: /, "");
    await page.keyboard.press("Enter");
    const dialog = page.locator(".ant-modal", { hasText: "Paid so far" });
    await dialog.waitFor();
    // The dialog takes the focus when its opening motion ends (a person is not faster): a confirmation opened
    // before then would lose the focus to it.
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest(".ant-modal"))).toBe(true);
    await keyTo(page, "the dialog's Approve", (f) => f.words === "Approve");
    await page.keyboard.press("Enter");
    // Escape closes the confirmation only, giving the focus back to the dialog's Approve.
    const confirming = page.locator(".ant-popconfirm:not(.ant-popover-hidden)");
    await expect.poll(async () => (await focused(page)).words).toBe("Approve");
    expect(await confirming.count()).toBe(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => confirming.count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.evaluate(() => !!document.activeElement?.closest(".ant-modal"))).toBe(true);
    expect((await focused(page)).words).toBe("Approve");
    await page.keyboard.press("Enter");
    await expect.poll(() => confirming.count()).toBe(1);
    await page.keyboard.press("Enter");
    await page.locator(".ant-notification-notice-success").first().waitFor();
    const slip = await page.evaluate(async (no) => {
      const res = await fetch(`/api/order/slippayment?status=all&search=${encodeURIComponent(no)}`, {
        headers: { authorization: `Bearer ${localStorage.getItem("accessToken")}` },
      });
      return res.json();
    }, orderNo);
    expect(JSON.stringify(slip)).toContain("approved");
  });

  it("places a checkout order: a product into the cart, the address, a delivery rate and the order — keyboard only", async () => {
    const { page, server } = session;
    await signIn(page, server.url);
    await page.goto(server.url + "/admin/dashboard?lng=en");
    await page.locator("main .ant-statistic").first().waitFor();
    await paletteTo(page, "Checkout", /\/admin\/apps\/checkout/);
    const card = page.locator(".checkout-card").filter({ hasNotText: "Sold out" }).first();
    const name = (await card.locator(".checkout-card-name").innerText()).trim();

    await keyTo(page, `the product ${name}`, (f) => f.words === name);
    await page.keyboard.press("Enter");
    await page.locator(".ant-modal").filter({ hasText: "Add to cart" }).waitFor();
    await keyTo(page, "Add to cart", (f) => f.words === "Add to cart");
    await page.keyboard.press("Enter");
    await keyTo(page, "the cart", (f) => /^Cart\b/.test(f.words));
    await page.keyboard.press("Enter");
    await keyTo(page, "Next: Billing address", (f) => f.words === "Next: Billing address");
    await page.keyboard.press("Enter");

    await keyTo(page, "Customer name", (f) => f.words === "Customer name");
    await page.keyboard.type("Keyboard Customer");
    await keyTo(page, "Phone", (f) => f.words === "Phone");
    await page.keyboard.type("081 234 5678");
    await keyTo(page, "Address", (f) => f.words.startsWith("Address"));
    await page.keyboard.type("1 Keyboard Rd");
    // A picker: type to search, Enter takes the highlighted option.
    await keyTo(page, "Province", (f) => f.words === "Province");
    await page.keyboard.type("Bangkok");
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").first().waitFor();
    await page.keyboard.press("Enter");
    await expect
      .poll(() =>
        page
          .locator("#provinceId")
          .evaluate((el) => el.closest(".ant-select")?.querySelector(".ant-select-selection-item")?.textContent),
      )
      .toBe("Bangkok");
    await page.waitForFunction(
      () => ![...document.querySelectorAll(".ant-select-dropdown")].some((d) => d.checkVisibility()),
    );
    await keyTo(page, "District", (f) => f.words === "District");
    await page.keyboard.press("ArrowDown");
    await page.locator("#districtId_list").waitFor({ state: "attached" });
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").first().waitFor();
    await page.keyboard.press("Enter");
    await expect
      .poll(() =>
        page
          .locator("#districtId")
          .evaluate((el) => el.closest(".ant-select")?.querySelector(".ant-select-selection-item")?.textContent),
      )
      .toBeTruthy();
    await keyTo(page, "Next: Delivery and payment", (f) => f.words === "Next: Delivery and payment");
    await page.keyboard.press("Enter");

    // The rates are radios: Tab reaches the group, Space takes the one with the focus.
    await page.locator("section[aria-labelledby=checkout-transport] .ant-radio-wrapper").first().waitFor();
    await keyTo(page, "a delivery rate", (f) => f.kind === "radio" && f.sig.includes("section"));
    await page.keyboard.press("Space");
    await expect.poll(() => page.locator("[data-testid=checkout-shipping]").innerText()).not.toContain("Not chosen");
    await keyTo(page, "Place order", (f) => f.words.startsWith("Place order"));
    await page.keyboard.press("Enter");
    const complete = page.locator("[data-testid=checkout-complete]");
    await complete.waitFor();
    expect(await complete.innerText()).toMatch(/Order BO\d+ placed/);
  });
});
