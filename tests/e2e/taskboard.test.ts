import type { Locator, Page } from "playwright-core";
import type { RunningServer } from "../support/server.js";
import { browserAvailable, browserSession, dragKey, screenshot, signIn } from "./browser.js";

/** Calls the API as the signed-in user of the page. */
async function api<T>(page: Page, method: string, path: string, body?: object): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        body: body ? JSON.stringify(body) : undefined,
        headers: {
          authorization: `Bearer ${localStorage.getItem("accessToken")}`,
          ...(body ? { "content-type": "application/json" } : {}),
        },
      });
      return res.json();
    },
    { method, path, body },
  );
}

const moveSaved = (page: Page) =>
  page.waitForResponse(
    (r) =>
      /\/api\/v2\/task-(cards|columns)\/\d+\/move$/.test(new URL(r.url()).pathname) && r.request().method() === "POST",
  );

/** The card names of a column, top to bottom. */
const namesIn = (column: Locator) => column.locator(".kit-board-card .taskboard-card-name").allTextContents();

describe.skipIf(!browserAvailable)("task board in a real browser", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => void ({ server, page } = session));

  it("creates columns and cards, moves a card by mouse and one by keyboard; after a reload the order is kept", async () => {
    await signIn(page, server.url);
    await page.goto(server.url + "/admin/apps/kanban?lng=en");
    await page.getByText("Your board is empty").waitFor();

    for (const name of ["Inbox", "Later"]) {
      await page
        .getByRole("button", { name: /Add column/ })
        .first()
        .click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Name").fill(name);
      await dialog.getByRole("button", { name: "Save" }).click();
      await page.getByRole("region", { name }).waitFor();
      await dialog.waitFor({ state: "hidden" });
    }
    const inbox = page.getByRole("region", { name: "Inbox" });
    const later = page.getByRole("region", { name: "Later" });
    for (const name of ["Call the supplier", "Send the invoice"]) {
      await inbox.getByRole("button", { name: /Add card/ }).click();
      const drawer = page.locator(".ant-drawer-content");
      await drawer.getByLabel("Name").fill(name);
      await drawer.getByRole("button", { name: "Save" }).click();
      await inbox.getByText(name).waitFor();
      await drawer.waitFor({ state: "detached" });
    }
    expect(await namesIn(inbox)).toEqual(["Call the supplier", "Send the invoice"]);

    // By mouse: pick the card up, carry it over the empty column, let go.
    const card = inbox.locator(".kit-board-card", { hasText: "Call the supplier" });
    const from = (await card.boundingBox())!;
    const to = (await later.boundingBox())!;
    const saved = page.waitForResponse(
      (r) => /\/api\/v2\/task-cards\/\d+\/move$/.test(new URL(r.url()).pathname) && r.request().method() === "POST",
    );
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 12; step += 1) {
      await page.mouse.move(
        from.x + from.width / 2 + ((to.x + to.width / 2 - from.x - from.width / 2) * step) / 12,
        from.y + from.height / 2 + ((to.y + 80 - from.y - from.height / 2) * step) / 12,
      );
    }
    await page.mouse.up();
    expect((await saved).status()).toBe(200);
    expect(await namesIn(later)).toEqual(["Call the supplier"]);
    expect(await namesIn(inbox)).toEqual(["Send the invoice"]);
    // The drop did not open the card.
    expect(await page.locator(".ant-drawer-content").count()).toBe(0);

    // By keyboard: lift with Space, right to the next column, down below its card, drop with Space;
    // each key after the screen reader's words for the one before, as a person would.
    const said = (words: string) => expect.poll(() => page.locator("[id^='DndLiveRegion']").textContent()).toBe(words);
    const savedAgain = page.waitForResponse((r) => /\/move$/.test(new URL(r.url()).pathname));
    await page.getByRole("button", { name: "Move card Send the invoice" }).focus();
    await dragKey(page, "Space", "Picked up card Send the invoice, in column Inbox, position 1 of 1.");
    await dragKey(page, "ArrowRight", "Card Send the invoice is over column Later, position 1.");
    await dragKey(page, "ArrowDown", "Card Send the invoice is over column Later, position 2.");
    await page.keyboard.press("Space");
    expect((await savedAgain).status()).toBe(200);
    await said("Card Send the invoice moved to column Later, position 2.");
    expect(await namesIn(later)).toEqual(["Call the supplier", "Send the invoice"]);

    // A column by mouse, by its header: Later before Inbox.
    const header = later.locator(".kit-board-column-header");
    const h = (await header.boundingBox())!;
    const i = (await inbox.boundingBox())!;
    const columnSaved = moveSaved(page);
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 12; step += 1)
      await page.mouse.move(h.x + h.width / 2 + (i.x + 40 - h.x - h.width / 2) * (step / 12), h.y + h.height / 2);
    await page.mouse.up();
    expect((await columnSaved).request().postDataJSON()).toEqual({ index: 0 });
    expect(await page.locator(".kit-board > .kit-board-column .kit-board-column-name").allTextContents()).toEqual([
      "Later",
      "Inbox",
    ]);

    await page.reload();
    await later.locator(".kit-board-card").nth(1).waitFor();
    expect(await page.locator(".kit-board > .kit-board-column .kit-board-column-name").allTextContents()).toEqual([
      "Later",
      "Inbox",
    ]);
    expect(await namesIn(later)).toEqual(["Call the supplier", "Send the invoice"]);
    expect(await namesIn(inbox)).toEqual([]);
    await inbox.getByText("No cards yet").waitFor();
    await screenshot(page, "taskboard-moved-en-light-1366");
  }, 120_000);

  it("on a phone: one column is most of the screen, and a card moves to the next column by touch", async () => {
    const phone = await session.browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const touchPage = await phone.newPage();
    try {
      await signIn(touchPage, server.url, "editor");
      const first = await api<{ column: { id: number } }>(touchPage, "POST", "/api/kanban/columns/update", {
        column: { name: "Today" },
      });
      await api(touchPage, "POST", "/api/kanban/columns/update", { column: { name: "Tomorrow" } });
      await api(touchPage, "POST", "/api/v2/task-cards", { columnId: first.column.id, name: "Water the plants" });
      await touchPage.goto(server.url + "/admin/apps/kanban?lng=en");
      const card = touchPage.locator(".kit-board-card", { hasText: "Water the plants" });
      await card.waitFor();
      const column = (await touchPage.getByRole("region", { name: "Today" }).boundingBox())!;
      expect(column.width / 390).toBeGreaterThan(0.8);
      expect(column.width / 390).toBeLessThan(0.9);
      expect(await touchPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // Press and hold (a swipe would scroll the board), then carry it onto the next column's edge.
      const box = (await card.boundingBox())!;
      const cdp = await phone.newCDPSession(touchPage);
      const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
        cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
      const saved = moveSaved(touchPage);
      const [x0, y0] = [box.x + box.width / 2, box.y + box.height / 2];
      await touch("touchStart", x0, y0);
      await touchPage.waitForTimeout(400);
      for (let step = 1; step <= 10; step += 1) await touch("touchMove", x0 + (382 - x0) * (step / 10), y0);
      await touchPage.waitForTimeout(600);
      await touch("touchEnd", 382, y0);
      expect((await saved).status()).toBe(200);
      await touchPage.reload();
      await touchPage.getByRole("region", { name: "Tomorrow" }).getByText("Water the plants").waitFor();
      await screenshot(touchPage, "taskboard-touch-en-light-390");
    } finally {
      await phone.close();
    }
  }, 120_000);
});
