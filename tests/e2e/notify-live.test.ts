import type { BrowserContext, Page } from "playwright-core";
import type { RunningServer } from "../support/server.js";
import { browserAvailable, browserSession, screenshot, signIn, eachLook } from "./browser.js";

/** Calls the API as the signed-in user of the page. */
async function api<T>(page: Page, path: string, body?: object): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(path, {
        method: body ? "POST" : "GET",
        headers: {
          authorization: `Bearer ${localStorage.getItem("accessToken")}`,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: await res.json() };
    },
    { path, body },
  );
}

const bell = (page: Page) => page.getByTestId("notification-bell");
const unread = async (page: Page) =>
  (await api<{ unread: number }>(page, "/api/notify/getmessagenotify?limit=1")).json.unread;
const SHOTS = !!process.env.SCREENSHOTS_DIR;
/**
 * How long the test waits for a pushed notification: generous, so a loaded machine does not fail it; the
 * push itself is what is tested (polling is off while the stream is up, and the page is never reloaded).
 */
const ARRIVAL_MS = 10_000;

describe.skipIf(!browserAvailable)("notifications pushed to a second browser", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });
  let server: RunningServer;
  let staff: Page;
  let supplierContext: BrowserContext;
  let supplier: Page;
  beforeEach(async () => {
    ({ server, page: staff } = session);
    supplierContext = await session.browser.newContext({ viewport: { width: 1366, height: 900 } });
    supplier = await supplierContext.newPage();
  });
  afterEach(async () => {
    await supplierContext?.close();
  });

  it("a supplier's bell counts up and lists the approval as soon as staff approve its product", async () => {
    await signIn(supplier, server.url, "supplier1");
    await supplier.goto(server.url + "/supplier/dashboard?lng=en");
    await supplier.locator("[data-testid=notification-bell][data-live=true]").waitFor({ timeout: ARRIVAL_MS });
    const before = await unread(supplier);

    await signIn(staff, server.url, "admin");
    // A product of supplier1's shop waiting for approval (what the supplier's own list shows).
    const own = await api<{ items: { id: number; name: string }[] }>(
      supplier,
      "/api/product/productlist?approvalStatus=pending&page=1&limit=1",
    );
    const product = own.json.items[0];
    expect(product, "a pending product of supplier1's shop in the demo data").toBeDefined();
    expect((await api(staff, "/api/product/approveproduct", { id: product.id })).status).toBe(200);

    await supplier
      .locator(`[data-testid=notification-bell][aria-label="Notifications, ${before + 1} unread"]`)
      .waitFor({ timeout: ARRIVAL_MS });
    await bell(supplier).click();
    const item = supplier.getByTestId("notification-item").first();
    await item.waitFor();
    expect(await item.textContent()).toContain(`Product approved: ${product.name}`);
    expect(await item.getAttribute("data-unread")).toBe("true");
    if (SHOTS) await screenshot(supplier, "notify-bell-en-light-1366");
  });
});

describe.skipIf(!browserAvailable || !SHOTS)("bell screenshots", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });

  it("en light and ar dark at 1366 and 390 px", async () => {
    const { page, server } = session;
    await signIn(page, server.url, "supplier1");
    for await (const { lng, mode, width } of eachLook(page, server.url)) {
      await page.goto(`${server.url}/supplier/dashboard?lng=${lng}`);
      await page.locator("[data-testid=notification-bell][data-live=true]").waitFor({ timeout: ARRIVAL_MS });
      await bell(page).click();
      await page.getByTestId("notification-item").first().waitFor();
      await screenshot(page, `notify-bell-${lng}-${mode}-${width}`);
      await page.keyboard.press("Escape");
    }
  }, 300_000);
});
