import { sql } from "drizzle-orm";
import { queryRows } from "../../server/src/db/client.js";
import { browserAvailable, browserSession, screenshot, signIn, eachLook } from "./browser.js";

const baht = (v: number) =>
  new Intl.NumberFormat("en", {
    style: "currency",
    currency: "THB",
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: 2,
  }).format(v);

describe.skipIf(!browserAvailable)("payment slips pay an order in parts, in a real browser", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });

  it("approving a slip for part of the total shows paid so far and still owed on the slip and order screens", async () => {
    const { page, server } = session;
    // A seeded order waiting for payment with one pending slip, made a slip for 100 THB of its total.
    const [o] = await queryRows<{ order_id: number; order_no: string; total: string; slip_id: number }>(
      server.app.db,
      sql`
      select o.id as order_id, o.order_no, o.total, p.id as slip_id from payment_slips p join orders o on o.id = p.order_id
      where p.status = 'pending' and o.status = 'pending_payment' and o.total > 500
        and not exists (select 1 from payment_slips x where x.order_id = o.id and x.id <> p.id)
      order by o.id limit 1`,
    );
    await queryRows(server.app.db, sql`update payment_slips set amount = 100 where id = ${o.slip_id}`);
    const total = Number(o.total);

    await signIn(page, server.url);
    await page.goto(`${server.url}/admin/orders/listslip`);
    await page.getByRole("tab", { name: "All" }).click();
    await page.getByLabel("Order no. or shop").fill(o.order_no);
    const row = page.locator(".ant-table-tbody tr.ant-table-row", { hasText: o.order_no });
    await expect.poll(() => row.innerText()).toContain(baht(total));
    // The list keeps its tab and search in the address: the screenshots below open it again.
    await expect.poll(() => page.url()).toContain(encodeURIComponent(o.order_no));
    const listUrl = page.url();
    await row.getByRole("button", { name: `Review: ${o.order_no}` }).click();
    const dialog = page.locator(".ant-modal", { hasText: "Paid so far" });
    await expect.poll(() => dialog.innerText()).toContain(`Still owed\n${baht(total)}`);
    await dialog.getByRole("button", { name: "Approve" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "Approve" }).click();
    await expect
      .poll(() => page.locator(".ant-notification").innerText())
      .toContain(`the order still owes ${baht(total - 100)}`);

    await page.goto(`${server.url}/admin/orders/${o.order_id}/view`);
    const totals = page.locator(".ant-card", { hasText: "Paid so far" }).last();
    await expect.poll(() => totals.innerText()).toContain(`Paid so far\n${baht(100)}`);
    expect(await totals.innerText()).toContain(`Still owed\n${baht(total - 100)}`);
    await expect
      .poll(() => page.locator(".ant-timeline").innerText())
      .toContain(`${baht(100)} of ${baht(total)} paid, ${baht(total - 100)} still owed`);

    // The screens as they look: en light and ar dark, desktop and phone.
    for await (const { lng, mode, width } of eachLook(page, server.url)) {
      for (const [name, url] of [
        ["order", `${server.url}/admin/orders/${o.order_id}/view`],
        ["slips", listUrl],
      ]) {
        await page.goto(`${url}${url.includes("?") ? "&" : "?"}lng=${lng}`);
        await page.waitForFunction((code) => document.documentElement.lang === code, lng);
        await page.locator(".ant-page-header-heading-title").first().waitFor();
        await page.waitForFunction(() => !document.querySelector(".ant-spin-spinning, .ant-skeleton-active"));
        await screenshot(page, `slips-partial-${name}-${lng}-${mode}-${width}`);
      }
      await page.locator(".ant-table-tbody tr.ant-table-row").first().getByRole("button").first().click();
      await page.locator(".ant-modal .ant-descriptions").waitFor();
      await screenshot(page, `slips-partial-review-${lng}-${mode}-${width}`);
      await page.keyboard.press("Escape");
    }
  }, 240_000);
});
