import type { Page } from "playwright-core";
import type { RunningServer } from "../support/server.js";
import { browserAvailable, browserSession, screenshot, signIn } from "./browser.js";

/** The count a status tab shows, e.g. `Preparing (12)` → 12. */
async function tabCount(page: Page, status: string): Promise<number> {
  const text = await page.locator(`[data-status="${status}"]`).innerText();
  return Number(/\((\d+)\)/.exec(text)?.[1] ?? NaN);
}

describe.skipIf(!browserAvailable)("orders in a real browser", () => {
  // A page of its own per test (signed in afresh), and a failed test's report: what was shown, the last API answers.
  const session = browserSession({ viewport: { width: 1366, height: 860 } });
  let server: RunningServer;
  let page: Page;
  beforeEach(async () => {
    ({ server, page } = session);
    await signIn(page, server.url);
  });

  it("admin filters by status, opens an order, marks the items ready, ships it and sees the tab counts change", async () => {
    await page.goto(server.url + "/admin/orders/list");
    await page.locator(".ant-table-tbody tr.ant-table-row").first().waitFor();
    await expect.poll(() => tabCount(page, "all")).toBeGreaterThan(0);
    const preparing = await tabCount(page, "preparing");
    const shipped = await tabCount(page, "shipped");
    expect(preparing).toBeGreaterThan(0);
    await screenshot(page, "orders-list-en-light");

    await page.locator('[data-status="preparing"]').click();
    const firstRow = page.locator(".ant-table-tbody tr.ant-table-row").first();
    await expect.poll(() => firstRow.innerText()).toContain("Preparing");
    await firstRow.locator("a").first().click();
    await page.waitForURL(/\/admin\/orders\/\d+\/view$/);

    const allReady = page.getByRole("button", { name: "Mark all ready" });
    await allReady.waitFor();
    // The button stays disabled until the items have loaded; only then can it be judged.
    const switches = page.locator(".ant-table-tbody .ant-switch");
    await expect.poll(() => switches.count()).toBeGreaterThan(0);
    if (await page.locator(".ant-table-tbody .ant-switch:not(.ant-switch-checked)").count()) await allReady.click();
    await expect.poll(() => page.locator(".ant-switch-checked").count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator(".ant-table-tbody .ant-switch:not(.ant-switch-checked)").count()).toBe(0);
    await screenshot(page, "orders-view-items-ready-en-light");

    // The order is read again after the items change: act once nothing is loading, as a person waits for the page.
    await page.waitForFunction(() => !document.querySelector(".ant-btn-loading, .ant-spin-spinning"));
    await page.getByRole("button", { name: "Move to Ready to ship" }).click();
    const apply = page.locator(".ant-popconfirm").getByRole("button", { name: "Apply" });
    await apply.waitFor();
    // The popover has finished opening (a click during its zoom can land beside the button on a loaded machine).
    await page.waitForFunction(
      () => !document.querySelector(".ant-popover[class*='-appear'], .ant-popover[class*='-enter']"),
    );
    const moved = page.waitForResponse((r) => r.url().includes("/changestatusorder"));
    await apply.click();
    expect((await moved).status()).toBe(200);
    // The success toast opens top right, where the record's actions are: below them at any scroll position, once
    // the page has laid out its new state (a loaded machine may take some frames). The pointer rests where Apply was,
    // so antd holds the toast open: it must stay below the actions all that time. Each reading is one step in the
    // page, so the toast cannot close between the two boxes measured.
    const toast = page.locator(".ant-notification-notice-success").filter({ hasText: "Order status changed" });
    await toast.waitFor();
    const gap = () =>
      toast.evaluate((notice) => {
        window.scrollTo(0, 0);
        const actions = document.querySelector(".ant-page-header-heading-extra")!.getBoundingClientRect();
        return notice.getBoundingClientRect().top - actions.bottom;
      });
    await expect.poll(gap).toBeGreaterThanOrEqual(0);
    await page.waitForTimeout(5_000);
    if (await toast.isVisible()) expect(await gap()).toBeGreaterThanOrEqual(0);
    await page
      .locator(".ant-page-header-heading-extra button")
      .filter({ hasText: /^Ship$/ })
      .click();
    const dialog = page.locator(".ant-modal").filter({ hasText: "Ship the order" });
    await dialog.getByRole("combobox").click();
    await page.locator(".ant-select-dropdown .ant-select-item-option").first().click();
    await dialog.getByLabel("Tracking number").fill("TH123456789");
    await dialog.getByRole("button", { name: "Ship" }).click();
    await expect.poll(() => page.locator(".ant-page-header-heading-title .ant-tag").innerText()).toBe("Shipped");
    await screenshot(page, "orders-view-shipped-en-light");

    await page.getByRole("button", { name: "Print bill" }).click();
    await page.locator(".orders-print table").waitFor();
    await screenshot(page, "orders-bill-en-light");
    await page.keyboard.press("Escape");

    await page.goto(server.url + "/admin/orders/list");
    await expect.poll(() => tabCount(page, "shipped")).toBe(shipped + 1);
    expect(await tabCount(page, "preparing")).toBe(preparing - 1);
  });

  it("a refused bulk status change tells its toast and leaves no page error", async () => {
    const errors: string[] = [];
    const onError = (e: Error) => errors.push(e.message);
    page.on("pageerror", onError);
    try {
      await page.goto(server.url + "/admin/orders/list");
      await page.locator('[data-status="completed"]').click();
      // Every row shown is a completed order (not the rows of the list before the filter came).
      const rows = page.locator(".ant-table-tbody tr.ant-table-row");
      await expect
        .poll(async () => {
          const texts = await rows.allInnerTexts();
          return texts.length > 0 && texts.every((r) => r.includes("Completed"));
        })
        .toBe(true);
      const firstRow = rows.first();
      await firstRow.locator(".ant-checkbox-input").check();
      await page.getByRole("toolbar", { name: "Bulk actions" }).getByText("1 selected").waitFor();
      await page.getByRole("combobox", { name: "New status" }).click();
      await page
        .locator(".ant-select-dropdown .ant-select-item-option")
        .filter({ hasText: /^Paid$/ })
        .click();
      await page.getByRole("button", { name: "Change status" }).click();
      const answer = page.waitForResponse((r) => r.url().includes("/changestatusorder"));
      await page.locator(".ant-popconfirm").getByRole("button", { name: "Apply" }).click();
      // A completed order cannot be paid again: the server refuses the whole change.
      expect((await answer).status()).toBe(409);
      await page.locator(".ant-notification-notice-error").filter({ hasText: "No order could be changed" }).waitFor();
      // An unhandled rejection is reported a moment after the toast: give it the time to arrive.
      await page.waitForTimeout(500);
      expect(errors).toEqual([]);
    } finally {
      page.off("pageerror", onError);
    }
  });

  it("Thai names render in the shipped Kanit font", async () => {
    await page.goto(server.url + "/admin/orders/list");
    const firstRow = page.locator(".ant-table-tbody tr.ant-table-row").first();
    await firstRow.waitFor();
    const kanit = () =>
      page.evaluate(
        () => [...document.fonts].filter((f) => f.family.replace(/"/g, "") === "Kanit" && f.status === "loaded").length,
      );
    // A customer named in Thai, as a shop types it.
    await firstRow
      .locator("td")
      .nth(3)
      .evaluate((cell) => {
        cell.textContent = "สมชาย ใจดี";
      });
    await expect.poll(kanit).toBeGreaterThan(0);
    await screenshot(page, "orders-list-thai-name-en-light");
  });

  it("admin approves a slip from the slip list", async () => {
    await page.goto(server.url + "/admin/orders/listslip");
    const row = page.locator(".ant-table-tbody tr.ant-table-row").first();
    await row.waitFor();
    await expect.poll(() => page.locator(".ant-table-tbody .ant-skeleton").count()).toBe(0);
    await screenshot(page, "orders-slips-en-light");
    const orderNo = (await row.locator("td").nth(1).innerText()).trim();
    await row.getByRole("button", { name: /^Review/ }).click();
    const dialog = page.locator(".ant-modal").filter({ hasText: "Review payment slip" });
    await dialog.getByText("Order total").waitFor();
    await expect.poll(() => dialog.locator(".ant-skeleton").count()).toBe(0);
    await screenshot(page, "orders-slip-review-en-light");
    await dialog.getByRole("button", { name: "Approve" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "Approve" }).click();
    await page.locator(".ant-notification").getByText("Slip approved: the order is paid").waitFor();
    // The pending tab no longer lists that order's slip.
    await expect.poll(() => page.locator(".ant-table-tbody").innerText()).not.toContain(orderNo);
  });

  it("branch orders and claims open", async () => {
    await page.goto(server.url + "/admin/orders/listbranch");
    await page.locator(".ant-table-tbody tr.ant-table-row").first().waitFor();
    await screenshot(page, "orders-branch-list-en-light");
    await page.locator(".ant-table-tbody tr.ant-table-row a").first().click();
    await page.waitForURL(/\/viewbranch$/);
    await page.getByText("Timeline").waitFor();
    await screenshot(page, "orders-branch-view-en-light");

    await page.goto(server.url + "/admin/orders/productclaim");
    await page.locator(".ant-table-tbody tr.ant-table-row").first().waitFor();
    await screenshot(page, "orders-claims-en-light");
    await page.locator(".ant-table-tbody tr.ant-table-row a").first().click();
    await page.waitForURL(/product-(claim|return)-detail/);
    await page.locator(".ant-descriptions").waitFor();
    await screenshot(page, "orders-claim-detail-en-light");
  });
});
