import type { Locator, Page } from "playwright-core";
import { browserAvailable, browserSession, screenshot, signIn, eachLook } from "./browser.js";

const SHOTS = !!process.env.SCREENSHOTS_DIR;

/**
 * Picks an option of an antd Select whose text contains `text` (the first option when none is given), typing it
 * into a searchable one. `input` is the select's combobox (a form field's is found by its id, the field name).
 */
async function choose(page: Page, input: Locator, text?: string, search = false) {
  await page.locator(".ant-select").filter({ has: input }).click();
  if (text && search) await input.fill(text);
  const dropdown = page.locator(".ant-select-dropdown:visible");
  const option = text
    ? dropdown.locator(".ant-select-item-option", { hasText: text }).first()
    : dropdown.locator(".ant-select-item-option").first();
  await option.click();
  // The list closes with an animation: the next select's list is the only one open after it.
  await page.waitForFunction(
    () => ![...document.querySelectorAll(".ant-select-dropdown")].some((d) => d.checkVisibility()),
  );
}

/** Calls the API as the signed-in user of the page (GET without a body). */
async function api<T>(page: Page, path: string, body?: object): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(path, {
        method: body ? "POST" : "GET",
        body: body ? JSON.stringify(body) : undefined,
        headers: { authorization: `Bearer ${localStorage.getItem("accessToken")}`, "content-type": "application/json" },
      });
      return res.json();
    },
    { path, body },
  );
}

describe.skipIf(!browserAvailable)("checkout in a real browser", () => {
  const s = browserSession();

  it("staff put products in the cart from the grid, give the address, pick delivery and place the order; it is in the order list", async () => {
    const { page } = s;
    await signIn(page, s.server.url);
    await page.goto(s.server.url + "/admin/apps/checkout");
    const cards = page.locator(".checkout-card");
    await cards.first().waitFor();

    // The sort is kept in browser storage under redux-: chosen, then still chosen after a reload.
    await choose(page, page.getByRole("combobox", { name: "Sort", exact: true }), "Price: low to high");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("redux-sort"))).toBe(JSON.stringify("priceAsc"));
    await page.reload();
    await cards.first().waitFor();
    await expect
      .poll(() => page.locator(".ant-select-selection-item", { hasText: "Price: low to high" }).count())
      .toBe(1);
    await screenshot(page, "checkout-grid-en-light");

    // A product in stock: its detail, two units, added; then once more (one line, quantity added).
    const inStock = cards.filter({ hasNotText: "Sold out" }).first();
    const name = (await inStock.locator(".checkout-card-name").innerText()).trim();
    await inStock.click();
    const dialog = page.locator(".ant-modal").filter({ hasText: "Add to cart" });
    await dialog.getByLabel("Quantity").fill("2");
    await screenshot(page, "checkout-product-en-light");
    await dialog.getByRole("button", { name: "Add to cart" }).click();
    await dialog.waitFor({ state: "hidden" });
    await inStock.click();
    await dialog.getByRole("button", { name: "Add to cart" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect
      .poll(() =>
        page.locator("[data-testid=checkout-cart-button]").locator("..").locator(".ant-badge-count").innerText(),
      )
      .toBe("3");
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("redux-checkout") ?? "{}"));
    expect(kept.cart).toHaveLength(1);
    expect(kept.cart[0]).toMatchObject({ name, quantity: 3 });

    // The cart survives a reload; −1 takes it to 2.
    await page.reload();
    await page.locator("[data-testid=checkout-cart-button]").click();
    await page.locator(".checkout-line").first().waitFor();
    await page.getByRole("button", { name: `One fewer ${name}` }).click();
    await expect.poll(() => page.locator("[data-testid=checkout-items]").innerText()).toContain("2");
    const unit = kept.cart[0].price as number;
    const thb = (v: number) => v.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await expect.poll(() => page.locator("[data-testid=checkout-subtotal]").innerText()).toContain(thb(unit * 2));
    await screenshot(page, "checkout-cart-en-light");

    await page.getByRole("button", { name: "Next: Billing address" }).click();
    await page.getByLabel("Customer name").fill("Somchai Jaidee");
    await page.getByLabel("Phone").fill("081 234 5678");
    await page.getByLabel("Address (house number, street)").fill("99/1 Sukhumvit Rd");
    await choose(page, page.locator("#provinceId"), "Bangkok", true);
    await choose(page, page.locator("#districtId"));
    await screenshot(page, "checkout-billing-en-light");
    await page.getByRole("button", { name: "Next: Delivery and payment" }).click();

    // Delivery: the first transport type with a rate; the total is the server's subtotal plus its price.
    // Within the transport section: the payment radios are there before the quote's are.
    const rate = page
      .locator("section[aria-labelledby=checkout-transport] .ant-radio-wrapper:not(.ant-radio-wrapper-disabled)")
      .first();
    await rate.waitFor();
    await rate.click();
    await expect.poll(() => page.locator("[data-testid=checkout-shipping]").innerText()).not.toContain("Not chosen");
    const total = await page.locator("[data-testid=checkout-total]").innerText();
    await screenshot(page, "checkout-delivery-en-light");
    // A double click places one order (one idempotency key).
    await page.locator("[data-testid=checkout-place]").dblclick();
    const complete = page.locator("[data-testid=checkout-complete]");
    await complete.waitFor();
    const orderNo = /Order (BO\d+) placed/.exec(await complete.innerText())?.[1];
    expect(orderNo).toBeTruthy();
    expect(await complete.innerText()).toContain(total.replace(/^Total\s*/, "").trim());
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("redux-checkout") ?? "{}").cart)).toEqual([]);
    // The double click placed one order: the customer's back-office orders are this one.
    const mine = await api<{ orders: { orderNo: string }[] }>(page, "/api/order/orderlist", {
      channel: "back office",
      search: "Somchai Jaidee",
      page: 1,
      limit: 100,
    });
    expect(mine.orders.map((o) => o.orderNo)).toEqual([orderNo]);
    await screenshot(page, "checkout-complete-en-light");

    // In the order list, once, awaiting payment.
    await complete.getByRole("button", { name: "Order list" }).click();
    await page.waitForURL(/\/admin\/orders\/list/);
    await page.getByLabel("Order no., customer or phone").fill(orderNo!);
    const rows = page.locator(".ant-table-tbody tr.ant-table-row");
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().innerText()).toContain(orderNo!);
    expect(await rows.first().innerText()).toContain("Somchai Jaidee");
  });
  it("a product on flash sale is charged its sale price, saving shown; the order keeps it, the carrier chosen and who placed it", async () => {
    const { page, server } = s;
    await signIn(page, server.url);
    // The demo's running flash sale (the year-end air conditioner).
    const sales = await api<{
      items: {
        productId: number;
        productCode: string;
        productName: string;
        shopId: number;
        shopName: string;
        salePrice: number;
        normalPrice: number;
      }[];
    }>(page, "/api/promotion/productflashsale?status=live&page=1&limit=10");
    const sale = sales.items[0];
    expect(sale.salePrice).toBeLessThan(sale.normalPrice);
    const thb = (v: number) => v.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

    await page.goto(`${server.url}/admin/apps/checkout?product=${sale.productId}`);
    const dialog = page.locator(".ant-modal").filter({ hasText: "Add to cart" });
    // The product's page sells it at the sale price already.
    await dialog.getByTestId("checkout-product-promotion").waitFor();
    expect(await dialog.innerText()).toContain(thb(sale.salePrice));
    await screenshot(page, "checkout-flash-product-en-light");
    await dialog.getByRole("button", { name: "Add to cart" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.locator("[data-testid=checkout-cart-button]").click();
    const line = page.locator(`.checkout-line[data-product="${sale.productId}"]`);
    await line.waitFor();
    // The cart is priced by the server: the sale price, the normal one struck through, what it saves.
    await expect.poll(() => line.locator("[data-testid=checkout-line-promotion]").innerText()).toContain("Flash sale");
    expect(await line.locator("del").innerText()).toContain(thb(sale.normalPrice));
    expect(await line.innerText()).toMatch(new RegExp(`You save \\D*${thb(sale.normalPrice - sale.salePrice)}`));
    await expect.poll(() => page.locator("[data-testid=checkout-subtotal]").innerText()).toContain(thb(sale.salePrice));
    expect(await page.locator("[data-testid=checkout-saving]").innerText()).toContain(
      thb(sale.normalPrice - sale.salePrice),
    );
    await screenshot(page, "checkout-flash-cart-en-light");

    await page.getByRole("button", { name: "Next: Billing address" }).click();
    await page.getByLabel("Customer name").fill("Malee Srisuk");
    await page.getByLabel("Phone").fill("089 765 4321");
    await page.getByLabel("Address (house number, street)").fill("12 Rama IV Rd");
    await choose(page, page.locator("#provinceId"), "Bangkok", true);
    await choose(page, page.locator("#districtId"));
    await page.getByRole("button", { name: "Next: Delivery and payment" }).click();
    const flash = page.locator("section[aria-labelledby=checkout-transport] .ant-radio-wrapper", {
      hasText: "Flash Express",
    });
    await flash.waitFor();
    await flash.click();
    await expect.poll(() => page.locator("[data-testid=checkout-shipping]").innerText()).not.toContain("Not chosen");
    await screenshot(page, "checkout-flash-delivery-en-light");
    await page.locator("[data-testid=checkout-place]").click();
    const complete = page.locator("[data-testid=checkout-complete]");
    await complete.waitFor();

    // The order: the line at the sale price with its promotion, the carrier, and the timeline's first entry.
    await complete.getByRole("button", { name: "Open the order" }).click();
    await page.waitForURL(/\/admin\/orders\/\d+\/view$/);
    const orderId = Number(/orders\/(\d+)\/view/.exec(page.url())![1]);
    await page.getByTestId("order-carrier").waitFor();
    expect(await page.getByTestId("order-carrier").innerText()).toContain("Flash Express");
    expect(await page.getByTestId("order-expected-delivery").innerText()).toMatch(/\d{4}/);
    const items = page.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: sale.productName });
    await expect.poll(() => items.innerText()).toContain("Flash sale");
    expect(await items.innerText()).toContain(thb(sale.salePrice));
    const timeline = page.locator(".ant-timeline-item");
    await expect.poll(() => timeline.count()).toBe(1);
    expect(await timeline.first().innerText()).toMatch(/Order placed[\s\S]*Placed at checkout by \S+/);
    await screenshot(page, "checkout-flash-order-en-light");

    if (!SHOTS) return;
    const kept = {
      cart: [
        {
          id: sale.productId,
          price: sale.normalPrice,
          name: sale.productName,
          code: sale.productCode,
          imageUrl: null,
          shopId: sale.shopId,
          shopName: sale.shopName,
          quantity: 1,
          colors: [],
          stock: 1,
        },
      ],
    };
    for await (const { lng, mode, width } of eachLook(page, server.url)) {
      await page.evaluate((k) => localStorage.setItem("redux-checkout", JSON.stringify(k)), kept);
      await page.goto(`${server.url}/admin/apps/checkout?view=checkout&lng=${lng}`);
      await page.locator("[data-testid=checkout-line-promotion]").waitFor();
      await screenshot(page, `checkout-flash-cart-${lng}-${mode}-${width}`);
      await page.goto(`${server.url}/admin/orders/${orderId}/view?lng=${lng}`);
      await page.getByTestId("order-carrier").waitFor();
      await page.locator(".ant-timeline-item").first().waitFor();
      await screenshot(page, `checkout-flash-order-${lng}-${mode}-${width}`);
    }
  }, 300_000);
});
