import type { Page } from "playwright-core";
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

const SHOTS = !!process.env.SCREENSHOTS_DIR;

describe.skipIf(!browserAvailable)("the audit log viewer", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => void ({ server, page } = session));

  it("finds a product's approval by record type and action, and shows its fields before and after", async () => {
    await signIn(page, server.url, "admin");
    const pending = await api<{ items: { id: number; name: string }[] }>(
      page,
      "/api/product/productlist?approvalStatus=pending&page=1&limit=1",
    );
    const product = pending.json.items[0];
    expect((await api(page, "/api/product/approveproduct", { id: product.id })).status).toBe(200);

    await page.goto(server.url + "/admin/audit?lng=en");
    const table = page.getByTestId("audit-table");
    await table.locator("tr.ant-table-row").first().waitFor();
    await page.getByRole("combobox", { name: "Record type" }).click();
    await page.locator(".ant-select-item-option", { hasText: /^Product$/ }).click();
    await page.getByRole("spinbutton", { name: "Record ID" }).fill(String(product.id));
    await page.getByRole("combobox", { name: "Action" }).click();
    await page.locator(".ant-select-item-option", { hasText: /^Approve$/ }).click();
    await expect.poll(() => page.url()).toContain("approve");
    const rows = table.locator("tr.ant-table-row");
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain(`Product #${product.id}`);
    expect(await rows.first().textContent()).toContain("Somchai Wattanakul");

    // The filters are in the address: a reload shows the same one entry.
    await page.reload();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);

    await rows.first().getByTestId("audit-view").click();
    const drawer = page.getByTestId("audit-entry");
    const status = drawer.locator("[data-testid=audit-change][data-field=approvalStatus]");
    await status.waitFor();
    expect(await status.textContent()).toMatch(/Before.*pending.*After.*approved/s);
    await drawer.getByRole("button", { name: /Show \d+ unchanged field/ }).click();
    await drawer.getByText(product.name, { exact: true }).waitFor();
    if (SHOTS) await screenshot(page, "audit-entry-en-light-1366");
  });

  it("is not offered to the editor: the screen and its API answer 403", async () => {
    await signIn(page, server.url, "editor");
    expect((await api(page, "/api/v2/audit-log")).status).toBe(403);
    await page.goto(server.url + "/admin/audit?lng=en");
    await page.getByText("403").first().waitFor();
  });
});

describe.skipIf(!browserAvailable || !SHOTS)("audit log screenshots", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });

  it("en light and ar dark at 1366 and 390 px, the list and an entry", async () => {
    const { page, server } = session;
    await signIn(page, server.url, "admin");
    const pending = await api<{ items: { id: number }[] }>(
      page,
      "/api/product/productlist?approvalStatus=pending&page=1&limit=1",
    );
    await api(page, "/api/product/approveproduct", { id: pending.json.items[0].id });
    for await (const { lng, mode, width } of eachLook(page, server.url)) {
      await page.goto(`${server.url}/admin/audit?lng=${lng}`);
      await page.getByTestId("audit-table").locator("tr.ant-table-row").first().waitFor();
      await screenshot(page, `audit-list-${lng}-${mode}-${width}`);
      await page.getByTestId("audit-view").first().click();
      await page.getByTestId("audit-change").first().waitFor();
      await screenshot(page, `audit-entry-${lng}-${mode}-${width}`);
    }
  }, 300_000);
});
