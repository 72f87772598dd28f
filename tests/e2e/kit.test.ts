import type { Page } from "playwright-core";
import { sql } from "drizzle-orm";
import type { RunningServer } from "../support/server.js";
import { browserAvailable, browserSession, screenshot } from "./browser.js";

const PASSWORD = "Demo@2026";

async function fillSignIn(page: Page, user: string) {
  await page.locator("input:not([type=password])").first().fill(user);
  await page.locator("input[type=password]").fill(PASSWORD);
  await page.keyboard.press("Enter");
}

/** Counts the page's calls to one API path. */
function countCalls(page: Page, path: string) {
  const seen = { count: 0 };
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === path) seen.count += 1;
  });
  return seen;
}

/** A product of a shop supplier1 does not belong to. */
async function foreignProductId(server: RunningServer): Promise<number> {
  const { rows } = await server.app.db.execute<{ id: number }>(sql`
    select p.id from products p
    where p.shop_id not in (select us.shop_id from user_shops us join users u on u.id = us.user_id where u.username = 'supplier1')
    order by p.id limit 1`);
  return Number(rows[0].id);
}

describe.skipIf(!browserAvailable)("screen kit in a real browser", () => {
  const session = browserSession();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => void ({ server, page } = session));

  it("a deep link opened while signed out comes back after signing in", async () => {
    await page.goto(server.url + "/admin/orders/3/view");
    await page.waitForURL(/\/login\?to=%2Fadmin%2Forders%2F3%2Fview$/);
    await fillSignIn(page, "admin");
    await page.waitForURL("**/admin/orders/3/view");
    await page.locator(".ant-descriptions").first().waitFor();
    await page.goto(`${server.url}/admin/product/999999`);
    await page.getByText("This record does not exist").waitFor();
    expect(await page.getByRole("button", { name: "Save" }).count()).toBe(0);
  });

  it("a record page's back arrow goes to the list, whatever page came before it", async () => {
    await page.goto(server.url + "/login");
    await fillSignIn(page, "admin");
    await page.waitForURL("**/admin/dashboard");
    // The page before is another product: going back in history would land there.
    await page.goto(server.url + "/admin/product/2?lng=en");
    await page.goto(server.url + "/admin/product/1?lng=en");
    await page.getByRole("link", { name: "Back to the list" }).click();
    await page.waitForURL("**/admin/product/listproduct**");
    // The header's own back handler ran in the same click, if at all: by the time the list has drawn it would have moved on.
    await page.locator(".ant-table-tbody tr.ant-table-row").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/product/listproduct");
  });

  it("tab titles are translated: the screen's label and record id in French and Arabic", async () => {
    await page.goto(server.url + "/login");
    await fillSignIn(page, "admin");
    await page.waitForURL("**/admin/dashboard");
    await page.goto(server.url + "/admin/orders/list?lng=fr");
    await expect.poll(() => page.title()).toBe("Commandes | Espace Vendeur");
    await page.goto(server.url + "/admin/orders/3/view?lng=ar");
    // Right to left, each value in the title is isolated (U+2068 … U+2069: src/providers/languages.ts).
    await expect.poll(() => page.title()).toBe("\u2068الطلبات\u2069 · #\u20683\u2069 | مركز البائعين");
    await page.goto(server.url + "/admin/product/1?lng=ar");
    await expect.poll(() => page.title()).toMatch(/^\u2068المنتجات\u2069 · #\u20681\u2069 · تعديل \| /);
  });

  it("another shop's product is a not-found page after one request, with no form", async () => {
    const id = await foreignProductId(server);
    await page.goto(server.url + "/supplier/login");
    await fillSignIn(page, "supplier1");
    await page.waitForURL("**/supplier/dashboard");
    const reads = countCalls(page, "/api/product/getproduct");
    await page.goto(`${server.url}/supplier/product/${id}`);
    await page.getByText("This record does not exist").waitFor();
    expect(await page.locator("form input, button:has-text('Save')").count()).toBe(0);
    expect(reads.count).toBe(1);
    await page.getByRole("link", { name: "Back to the list" }).click();
    await page.waitForURL("**/supplier/product/list");
  });

  it("a token that breaks mid-session goes to sign-in at once, says why, and comes back", async () => {
    await page.goto(server.url + "/login");
    await fillSignIn(page, "admin");
    await page.waitForURL("**/admin/dashboard");
    // A token the server no longer accepts, though its exp is still ahead (e.g. signed with an old key).
    await page.evaluate(() => {
      const [h, p] = localStorage.getItem("accessToken")!.split(".");
      localStorage.setItem("accessToken", `${h}.${p}.invalidsignature`);
    });
    const lists = countCalls(page, "/api/order/orderlist");
    await page.goto(server.url + "/admin/orders/list");
    // The list keeps its page in the URL: the way back includes it.
    await page.waitForURL(/\/login\?to=%2Fadmin%2Forders%2Flist(%3F[^&]*)?&expired=1$/);
    await page.getByText("Your session has expired").waitFor();
    expect(lists.count).toBe(1);
    await screenshot(page, "session-expired-en-light");
    await fillSignIn(page, "admin");
    await page.waitForURL(/\/admin\/orders\/list(\?|$)/);
  });
});
