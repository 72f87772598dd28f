import { and, asc, eq, notExists } from "drizzle-orm";
import type { Page } from "playwright-core";
import type { RunningServer } from "../support/server.js";
import { couponBatches, couponCodes, flashSales, orderItems, orders, products } from "../../server/src/db/schema.js";
import { browserAvailable, browserSession, screenshot, signIn } from "./browser.js";

/** A Bangkok wall-clock time as the window field takes it: "2026-11-25 16:05". */
const bangkok = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");

/** Types a window into the kit's WindowField (start, then end) in the open dialog. */
async function pickWindow(page: Page, start: string, end: string) {
  const dialog = page.getByRole("dialog");
  const inputs = dialog.locator(".ant-picker-input input");
  await inputs.first().click();
  await inputs.first().fill(start);
  await page.keyboard.press("Enter");
  await inputs.nth(1).click();
  await inputs.nth(1).fill(end);
  await page.keyboard.press("Enter");
  await dialog.locator(".ant-modal-title").click();
}

describe.skipIf(!browserAvailable)("flash sales and coupon lines in a real browser", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => void ({ server, page } = session));

  it("creates a flash sale, sees an order placed in its window in the report, and makes a coupon batch whose codes it lists", async () => {
    const db = server.app.db;
    const [product] = await db
      .select()
      .from(products)
      .where(
        and(
          eq(products.approvalStatus, "approved"),
          eq(products.online, true),
          notExists(db.select({ id: flashSales.id }).from(flashSales).where(eq(flashSales.productId, products.id))),
        ),
      )
      .orderBy(asc(products.id))
      .limit(1);
    const salePrice = Math.floor(Number(product.price) * 0.7);

    await signIn(page, server.url);
    await page.goto(server.url + "/admin/promotion/flashsale?lng=en");
    await page.getByRole("button", { name: "New flash sale" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.locator(".ant-select-selector").first().click();
    await page.keyboard.type(product.code);
    await page.locator(".ant-select-item-option", { hasText: product.name }).click();
    await dialog.locator(".ant-select-selection-item", { hasText: product.name }).waitFor();
    await dialog.getByLabel("Sale price").fill(String(salePrice));
    await dialog.getByText(/Normal price ฿[\d,.]+ · \d+% off/).waitFor();
    await dialog.getByLabel("Stock limit").fill("5");
    const now = Date.now();
    await pickWindow(page, bangkok(now), bangkok(now + 86_400_000));
    const created = page.waitForResponse((r) => r.url().endsWith("/api/promotion/setproductflashsale"));
    await dialog.getByRole("button", { name: "Save" }).click();
    expect((await created).status()).toBe(200);
    const row = page.locator("tr.ant-table-row", { hasText: product.name });
    await expect.poll(() => row.locator(".ant-tag").last().textContent()).toBe("Live");
    const [sale] = await db.select().from(flashSales).where(eq(flashSales.productId, product.id));
    expect(sale).toMatchObject({ salePrice: salePrice.toFixed(2), stockLimit: 5, timezone: "Asia/Bangkok" });

    // An order of 3 units placed inside the window (checkout comes later: inserted as the demo seed does).
    const [order] = await db
      .insert(orders)
      .values({
        shopId: product.shopId,
        orderNo: `E2E${now}`,
        customerName: "Napat Boonmee",
        channel: "web",
        status: "paid",
        itemCount: 1,
        subtotal: (salePrice * 3).toFixed(2),
        total: (salePrice * 3).toFixed(2),
        createdAt: new Date(Math.max(now, sale.startsAt.getTime()) + 1000),
      })
      .returning();
    await db.insert(orderItems).values({
      orderId: order.id,
      productId: product.id,
      productCode: product.code,
      productName: product.name,
      qty: 3,
      unitPrice: salePrice.toFixed(2),
      amount: (salePrice * 3).toFixed(2),
    });

    await row.getByRole("button", { name: `Sales report: ${product.name}` }).click();
    const drawer = page.locator(".ant-drawer");
    await expect.poll(() => drawer.getByTestId("units-sold").textContent()).toBe("3 of 5");
    const revenue = new Intl.NumberFormat("en", {
      style: "currency",
      currency: "THB",
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: 2,
    }).format(salePrice * 3);
    expect(await drawer.getByTestId("revenue").textContent()).toBe(revenue);
    await screenshot(page, "flashsale-report-en-light-1366");
    await drawer.locator(".ant-drawer-close").click();

    // A coupon batch: its codes are made at once and listed in the drawer.
    await page.goto(server.url + "/admin/promotion/couponline?lng=en");
    await page.getByRole("button", { name: "New coupon batch" }).click();
    const form = page.getByRole("dialog");
    await form.getByLabel("Name", { exact: true }).fill("Rainy season LINE 12%");
    await form.getByLabel("Code prefix").fill("rain");
    await form.getByLabel("Percent off (1–90)").fill("12");
    await form.getByLabel("Number of codes").fill("5");
    await form.getByTestId("rule-preview").getByText("12% off").waitFor();
    const inputs = form.locator(".ant-picker-input input");
    await inputs.first().click();
    await inputs.first().fill(bangkok(now));
    await page.keyboard.press("Enter");
    await form.locator(".ant-modal-title").click();
    const made = page.waitForResponse(
      (r) => r.url().endsWith("/api/v2/coupon-batches") && r.request().method() === "POST",
    );
    await form.getByRole("button", { name: "Create codes" }).click();
    expect((await made).status()).toBe(201);
    const [batch] = await db.select().from(couponBatches).where(eq(couponBatches.prefix, "RAIN"));
    const codes = (
      await db.select().from(couponCodes).where(eq(couponCodes.batchId, batch.id)).orderBy(asc(couponCodes.id))
    ).map((c) => c.code);
    expect(codes).toHaveLength(5);
    const listed = page.locator(".ant-drawer .ant-table-row code");
    await expect.poll(() => listed.allTextContents()).toEqual(codes);
    for (const code of codes) expect(code).toMatch(/^RAIN-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    await screenshot(page, "coupons-codes-en-light-1366");
  });
});
