import type { Locator, Page } from "playwright-core";
import type { RunningServer } from "../support/server.js";
import { browserAvailable, browserSession, dragKey, screenshot, signIn } from "./browser.js";

/** The board's section names, in order. */
const sections = (page: Page) =>
  page.locator(".kit-board-column:not(.kit-board-column-overlay) .kit-board-column-name").allTextContents();
/** The card titles of a section, top to bottom. */
const cardsIn = (section: Locator) => section.locator(".kit-board-card .storefront-card-name").allTextContents();
/** The save of a move: exactly one POST card/orderby per drop. */
const moveSaved = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith("/api/supplier/kanban/card/orderby") && r.request().method() === "POST");

/** Carries `what` (a card or a section's handle) by mouse to a point, in small steps as a hand does. */
async function drag(page: Page, what: Locator, to: { x: number; y: number }) {
  const from = (await what.boundingBox())!;
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let step = 1; step <= 15; step += 1) {
    await page.mouse.move(start.x + ((to.x - start.x) * step) / 15, start.y + ((to.y - start.y) * step) / 15);
  }
  await page.mouse.up();
}

describe.skipIf(!browserAvailable)("storefront builder in a real browser", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => void ({ server, page } = session));

  it("moves cards and sections by mouse and keyboard, keeps the order after a reload, and adds a product that the preview shows", async () => {
    await signIn(page, server.url, "supplier1");
    await page.goto(server.url + "/supplier/brandshop?lng=en");
    await page.getByRole("link", { name: "HomePro Lighting", exact: true }).click();
    await page.locator(".kit-board-card").first().waitFor();
    expect(await sections(page)).toEqual(["Hero", "Best sellers", "New arrivals"]);
    const hero = page.getByRole("region", { name: "Hero" });
    const best = page.getByRole("region", { name: "Best sellers" });
    const fresh = page.getByRole("region", { name: "New arrivals" });
    const [heroFirst] = await cardsIn(hero);

    // By mouse: the first Hero card to the top of Best sellers.
    const target = (await best.locator(".kit-board-card").first().boundingBox())!;
    const requests: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") requests.push(new URL(r.url()).pathname);
    });
    const saved = moveSaved(page);
    await drag(page, hero.locator(".kit-board-card").first(), { x: target.x + target.width / 2, y: target.y + 8 });
    expect((await saved).status()).toBe(200);
    expect(await cardsIn(best)).toContain(heroFirst);
    expect(await cardsIn(hero)).not.toContain(heroFirst);
    expect(requests).toEqual(["/api/supplier/kanban/card/orderby"]);
    // The drop shows at once; this says the server has it too.
    await page.locator(".ant-notification-notice").filter({ hasText: "Storefront order saved" }).first().waitFor();

    // By keyboard: the first New arrivals card one section to the left, as the second card there.
    const [freshFirst] = await cardsIn(fresh);
    const said = (words: string) => expect.poll(() => page.locator("[id^='DndLiveRegion']").textContent()).toBe(words);
    const savedAgain = moveSaved(page);
    await page.getByRole("button", { name: `Move card ${freshFirst}` }).focus();
    await dragKey(page, "Space", `Picked up card ${freshFirst}, in column New arrivals, position 1 of 2.`);
    await dragKey(page, "ArrowLeft", `Card ${freshFirst} is over column Best sellers, position 1.`);
    await dragKey(page, "ArrowDown", `Card ${freshFirst} is over column Best sellers, position 2.`);
    await page.keyboard.press("Space");
    expect((await savedAgain).status()).toBe(200);
    expect((await cardsIn(best))[1]).toBe(freshFirst);

    // A section by keyboard (New arrivals before Best sellers), then one by mouse (Hero to the end).
    const columnSaved = moveSaved(page);
    await page.getByRole("button", { name: "Move column New arrivals" }).focus();
    await dragKey(page, "Space", "Picked up column New arrivals, position 3 of 3.");
    await dragKey(page, "ArrowLeft", "Column New arrivals is over position 2 of 3.");
    await page.keyboard.press("Space");
    expect((await columnSaved).status()).toBe(200);
    await said("Column New arrivals moved to position 2 of 3.");
    expect(await sections(page)).toEqual(["Hero", "New arrivals", "Best sellers"]);
    const last = (await best.boundingBox())!;
    const mouseColumnSaved = moveSaved(page);
    await drag(page, page.getByRole("button", { name: "Move column Hero" }), {
      x: last.x + last.width - 10,
      y: last.y + 20,
    });
    expect((await mouseColumnSaved).status()).toBe(200);
    expect(await sections(page)).toEqual(["New arrivals", "Best sellers", "Hero"]);
    const arranged = { best: await cardsIn(best), hero: await cardsIn(hero), fresh: await cardsIn(fresh) };

    await page.reload();
    await page.locator(".kit-board-card").first().waitFor();
    expect(await sections(page)).toEqual(["New arrivals", "Best sellers", "Hero"]);
    expect({ best: await cardsIn(best), hero: await cardsIn(hero), fresh: await cardsIn(fresh) }).toEqual(arranged);
    await screenshot(page, "storefront-board-en-light-1366");

    // A product through the card's search, then seen in the preview.
    await best.locator(".kit-board-card .kit-board-card-body").first().click();
    const drawer = page.locator(".ant-drawer-content").last();
    await drawer.getByText("Add products").waitFor();
    const candidate = drawer.locator(".ant-list-item").first();
    const name = (await candidate.getByRole("checkbox").getAttribute("aria-label"))!;
    const searched = page.waitForResponse((r) => r.url().includes("/searchproduct-card"));
    await drawer.getByPlaceholder("Search name or code").fill(name);
    // Ticked before the search box has searched (a loaded machine, a quick hand): the tick survives the search.
    await drawer.getByRole("checkbox", { name, exact: true }).check();
    await searched;
    await expect.poll(() => drawer.getByRole("checkbox", { name, exact: true }).isChecked()).toBe(true);
    const added = page.waitForResponse((r) => r.url().endsWith("/card/detail-update"));
    await drawer.getByRole("button", { name: /Add 1 product/ }).click();
    expect((await added).status()).toBe(200);
    await drawer.getByRole("list", { name: "Products in the order shoppers see them" }).getByText(name).waitFor();
    await screenshot(page, "storefront-card-en-light-1366");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.locator(".storefront");
    await preview.getByRole("region", { name: "Best sellers" }).getByText(name).first().waitFor();
    await screenshot(page, "storefront-preview-en-light-1366");
  }, 180_000);

  it("a new supplier's shop waits for review: it arranges but cannot publish until staff approve it", async () => {
    const email = `garden.${Date.now()}@example.co.th`;
    await page.goto(server.url + "/supplier/register?lng=en");
    await page.getByLabel("First name").fill("Mali");
    await page.getByLabel("Last name").fill("Boonmee");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("Garden@2026");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/supplier\/dashboard/);
    await page.getByText("Your shop is waiting for review").waitFor();
    await page.getByRole("link", { name: "Arrange your storefront" }).click();
    await page.getByRole("link", { name: "Mali Boonmee Shop", exact: true }).click();
    await page.getByText("Mali Boonmee Shop is awaiting review").waitFor();
    const publish = page.getByRole("button", { name: "Publish" });
    expect(await publish.isDisabled()).toBe(true);
    // It can still arrange: a first section.
    await page.getByRole("button", { name: "Add section" }).click();
    await page.getByRole("dialog").getByLabel("Section name").fill("Garden tools");
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await page.getByRole("region", { name: "Garden tools" }).waitFor();
    // It says so, and the user is in the new section, at its "Add card" (not at "Add section", at the board's end).
    await page.locator(".ant-notification-notice").filter({ hasText: "Section Garden tools added" }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("[data-board-column]")?.textContent ?? ""))
      .toContain("Garden tools");
    const shopUrl = page.url();

    // Staff approve it from the review queue, pending shops first.
    const staff = await session.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const admin = await staff.newPage();
    await signIn(admin, server.url, "admin");
    await admin.goto(server.url + "/admin/brandshop?lng=en");
    const row = admin.locator("tr", { hasText: "Mali Boonmee Shop" });
    await row.getByRole("button", { name: "Approve: Mali Boonmee Shop" }).click();
    const approved = admin.waitForResponse((r) => /\/api\/v2\/shop-reviews\/\d+\/approve$/.test(r.url()));
    await admin.locator(".ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary").click();
    expect((await approved).status()).toBe(200);
    await row.getByText("Approved").waitFor();
    await staff.close();

    // The supplier can now publish.
    await page.goto(shopUrl);
    await page.getByRole("region", { name: "Garden tools" }).waitFor();
    await expect.poll(() => publish.isDisabled()).toBe(false);
    await publish.click();
    const published = page.waitForResponse((r) => /\/api\/v2\/shops\/\d+\/publish$/.test(r.url()));
    await page.locator(".ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary").click();
    expect((await published).status()).toBe(200);
    await page.getByText(/Live storefront: version 1/).waitFor();
  }, 180_000);
});
