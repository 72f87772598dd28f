import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import type { RunningServer } from "../support/server.js";
import { browserAvailable, browserSession, screenshot, signIn } from "./browser.js";
import { png } from "../support/png.js";

/** Confirms the open Popconfirm. */
async function confirm(page: Page) {
  const ok = page.locator(".ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary");
  await ok.click();
  await ok.waitFor({ state: "hidden" });
}

async function imageOrder(page: Page): Promise<string[]> {
  return page
    .locator(".product-image-tile")
    .evaluateAll((tiles) => tiles.map((t) => t.getAttribute("data-image-id") ?? ""));
}

describe.skipIf(!browserAvailable)("products in a real browser", () => {
  const session = browserSession();
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  beforeEach(() => void ({ server, browser, page } = session));

  it("supplier1 submits a new product with two reordered images; admin approves it and puts it online", async () => {
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const name = `Rattan lounge chair ${code}`;

    // Supplier: create the draft.
    await signIn(page, server.url, "supplier1");
    await page.goto(server.url + "/supplier/product/newproduct/create");
    await page.getByLabel("Code").fill(code);
    await page.getByLabel("Price (THB)").fill("1290");
    await page.getByLabel("Product name").fill(name);
    await screenshot(page, "product-supplier-create-en-light");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL(/\/supplier\/product\/newproduct\/\d+$/);
    const productId = Number(new URL(page.url()).pathname.split("/").pop());

    // Two images, then the second moved before the first with the keyboard.
    await page.getByRole("tab", { name: "Images" }).click();
    await page.locator("input[type=file]").setInputFiles([
      { name: "front.png", mimeType: "image/png", buffer: png(64, 48, [200, 60, 40]) },
      { name: "side.png", mimeType: "image/png", buffer: png(64, 48, [40, 90, 200]) },
    ]);
    await expect.poll(() => page.locator(".product-image-tile").count(), { timeout: 20_000 }).toBe(2);
    const before = await imageOrder(page);
    await page.getByRole("button", { name: "Move image 1" }).focus();
    // dnd-kit measures the tiles between key presses.
    for (const key of ["Space", "ArrowRight", "Space"]) {
      await page.keyboard.press(key);
      await page.waitForTimeout(300);
    }
    await expect.poll(() => imageOrder(page)).toEqual([before[1], before[0]]);
    await page.getByText("Image order saved").first().waitFor();
    await page.reload();
    await page.getByRole("tab", { name: "Images" }).click();
    await expect.poll(() => imageOrder(page)).toEqual([before[1], before[0]]);
    await screenshot(page, "product-supplier-newproduct-images-en-light");

    await page.getByRole("button", { name: "Submit for approval" }).click();
    await confirm(page);
    await page.locator(".ant-descriptions").getByText("Pending approval").waitFor();
    await screenshot(page, "product-supplier-newproduct-submitted-en-light");

    // Admin: approve it from the queue.
    const admin = await (await browser.newContext({ viewport: { width: 1366, height: 860 } })).newPage();
    await signIn(admin, server.url, "admin");
    await admin.goto(server.url + "/admin/product/listproductapprove");
    await admin.getByRole("searchbox", { name: "Search name or code" }).fill(code);
    const queueRow = admin.locator(".ant-table-row", { hasText: code });
    await queueRow.waitFor();
    await screenshot(admin, "product-admin-approve-queue-en-light");
    await queueRow.getByRole("button", { name: `Approve: ${name}` }).click();
    await confirm(admin);
    await admin.getByText("Product approved").first().waitFor();
    await queueRow.waitFor({ state: "detached" });

    // Approved in the admin list, and it can go online there.
    await admin.goto(server.url + "/admin/product/listproduct");
    await admin.getByRole("searchbox", { name: "Search name or code" }).fill(code);
    const row = admin.locator(".ant-table-row", { hasText: code });
    await row.getByText("Approved").waitFor();
    await row.getByRole("button", { name: `Put online: ${name}` }).click();
    await confirm(admin);
    await row.getByText("Online", { exact: true }).waitFor();
    await screenshot(admin, "product-admin-list-online-en-light");

    // The product page shows the state, the images in the supplier's order and the audit trail.
    await admin.goto(server.url + `/admin/product/${productId}`);
    await admin.locator(".ant-descriptions").getByText("Approved").waitFor();
    await admin.getByRole("tab", { name: "Change log" }).click();
    await expect.poll(() => admin.locator(".ant-tabs-tabpane-active .ant-table-row").count()).toBeGreaterThanOrEqual(4);
    await screenshot(admin, "product-admin-product-audit-en-light");
    await admin.context().close();

    // Supplier1 sees it approved and online in its own list.
    await page.goto(server.url + "/supplier/product/list");
    await page.getByRole("searchbox", { name: "Search name or code" }).fill(code);
    const own = page.locator(".ant-table-row", { hasText: code });
    await own.getByText("Approved").waitFor();
    await own.getByText("Online", { exact: true }).waitFor();
    await screenshot(page, "product-supplier-list-en-light");
  });

  // Three tests, not one: together they took 77 s alone and passed the 90 s limit beside another browser file.
  it("every admin product screen renders with data", async () => {
    await signIn(page, server.url, "admin");
    const adminScreens: [string, string][] = [
      ["/admin/product/listproduct", "product-admin-list"],
      ["/admin/product/8", "product-admin-edit"],
      ["/admin/product/listproductapprove", "product-admin-approve"],
      ["/admin/product/visible", "product-admin-visible"],
      ["/admin/product/masterattribute", "product-admin-attributes"],
      ["/admin/product/reportnewproduct", "product-admin-report-new"],
      ["/admin/product/installrate", "product-admin-installrate"],
    ];
    for (const [url, shot] of adminScreens) {
      await page.goto(server.url + url);
      await page.locator(".ant-table-row, .ant-form-item").first().waitFor();
      await screenshot(page, `${shot}-en-light`);
    }
  });

  it("exports the current filter as CSV from the server, and the product page's tabs load their panels", async () => {
    await signIn(page, server.url, "admin");
    await page.goto(server.url + "/admin/product/listproduct");
    await page.getByRole("searchbox", { name: "Search name or code" }).fill("HPL");
    const rows = page.locator(".ant-table-row");
    await expect
      .poll(async () => (await rows.allInnerTexts()).every((text) => text.includes("HPL-")) && (await rows.count()) > 0)
      .toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const csv = readFileSync(await download.path(), "utf8");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes("HPL-"))).toBe(true);

    // The product page's other tabs load their panels on demand.
    await page.goto(server.url + "/admin/product/35");
    for (const [tab, shot, ready] of [
      ["Images", "product-admin-edit-images", ".ant-tabs-tabpane-active .ant-card"],
      ["Tags & highlights", "product-admin-edit-content", ".ant-tabs-tabpane-active .ant-card"],
      ["Attributes", "product-admin-edit-attributes", ".ant-tabs-tabpane-active .ant-table-row"],
      ["TIS", "product-admin-edit-tis", ".ant-tabs-tabpane-active .ant-card"],
      ["Virtual rooms", "product-admin-edit-rooms", ".ant-tabs-tabpane-active .ant-card"],
      ["GP (ERP)", "product-admin-edit-gp", ".ant-tabs-tabpane-active .ant-descriptions"],
    ]) {
      await page.getByRole("tab", { name: tab }).click();
      await page.locator(ready).first().waitFor();
      await screenshot(page, `${shot}-en-light`);
    }
  });

  it("every supplier product screen renders with data, with no staff controls", async () => {
    await page.context().clearCookies();
    await signIn(page, server.url, "supplier1");
    await page.goto(server.url + "/supplier/product/list");
    const first = page.locator(".ant-table-row").first();
    await first.waitFor();
    await screenshot(page, "product-supplier-list-all-en-light");
    await first.getByRole("link").first().click();
    await page.waitForURL(/\/supplier\/product\/\d+$/);
    await page.locator(".ant-form-item").first().waitFor();
    // A supplier edits content and media only: no approval, online or sync controls.
    expect(await page.getByRole("button", { name: /Approve|Put online|Sync|Change price/ }).count()).toBe(0);
    await screenshot(page, "product-supplier-edit-en-light");
    await page.goto(server.url + "/supplier/product/newproduct");
    await page.locator(".ant-table-row").first().waitFor();
    await screenshot(page, "product-supplier-newproduct-list-en-light");
  });
});
