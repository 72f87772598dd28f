import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import type { RunningServer } from "../support/server.js";
import { queryRows } from "../../server/src/db/client.js";
import { browserAvailable, browserSession, screenshot, signIn } from "./browser.js";

const FROM = "2026-05-01";
const TO = "2026-11-30";
/** The same range as instants: Bangkok days [FROM, TO]. */
const RANGE = sql`created_at >= '2026-04-30T17:00:00Z'::timestamptz and created_at < '2026-11-30T17:00:00Z'::timestamptz`;

/** Types a range into the report's range picker. */
async function pickRange(page: Page, from: string, to: string) {
  const inputs = page.locator(".ant-picker-range .ant-picker-input input");
  await inputs.first().click();
  await inputs.first().fill(from);
  await page.keyboard.press("Enter");
  await inputs.nth(1).fill(to);
  await page.keyboard.press("Enter");
}

/** Picks an option of the filter select with this label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.locator(".ant-select-item-option", { hasText: option }).first().click();
}

const rowsShown = (page: Page) => page.getByTestId("report-rows").locator(".ant-statistic-content").textContent();
const lines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r\n/);

describe.skipIf(!browserAvailable)("reports in a real browser", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => void ({ server, page } = session));
  const count = async (q: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: string }>(server.app.db, q))[0].n).toLocaleString("en");

  it("opens two reports, filters them (the filter in the URL), shows totals and a chart, and exports the filter as CSV", async () => {
    await signIn(page, server.url);
    await page.goto(`${server.url}/admin/reports/reporttrackorder?lng=en`);
    await pickRange(page, FROM, TO);
    await expect
      .poll(() => rowsShown(page), { timeout: 15_000 })
      .toBe(await count(sql`select count(*) as n from orders where ${RANGE}`));
    await page.locator(".report-totals").getByText("Totals").waitFor();
    await page.getByTestId("report-chart").locator(".recharts-bar-rectangle").first().waitFor();

    await choose(page, "Status", "Delivered");
    const delivered = await count(sql`select count(*) as n from orders where status = 'delivered' and ${RANGE}`);
    await expect.poll(() => rowsShown(page), { timeout: 15_000 }).toBe(delivered);
    expect(decodeURIComponent(page.url())).toContain("[value]=delivered");
    const statuses = await page.locator("tr.ant-table-row td:nth-child(6)").allInnerTexts();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(["Delivered"]));
    // A reload keeps the filter.
    await page.reload();
    await expect.poll(() => rowsShown(page), { timeout: 15_000 }).toBe(delivered);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("order-tracking.csv");
    const csv = lines(readFileSync(await download.path(), "utf8"));
    expect(csv[0].split(",").slice(0, 3)).toEqual(["order_no", "created_at", "shop_name"]);
    expect((csv.length - 1).toLocaleString("en")).toBe(delivered);
    const status = csv[0].split(",").indexOf("status");
    expect(csv.slice(1).every((l) => l.split(",")[status] === "delivered")).toBe(true);
    await page.getByText(`Exported ${delivered} rows`).waitFor();

    // The second report: reviews, by rating.
    await page.goto(`${server.url}/admin/reports/reportreview?lng=en`);
    await pickRange(page, FROM, TO);
    await expect
      .poll(() => rowsShown(page), { timeout: 15_000 })
      .toBe(await count(sql`select count(*) as n from product_reviews where ${RANGE}`));
    await choose(page, "Rating", "1 star");
    const ones = await count(sql`select count(*) as n from product_reviews where rating = 1 and ${RANGE}`);
    await expect.poll(() => rowsShown(page), { timeout: 15_000 }).toBe(ones);
    await screenshot(page, "reports-review-filtered-en-light-1366");
    const [reviews] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const text = lines(readFileSync(await reviews.path(), "utf8"));
    expect(text[0]).toContain("rating");
    expect((text.length - 1).toLocaleString("en")).toBe(ones);
  }, 180_000);

  it("shows a long export's progress and cancels it: no file is saved", async () => {
    const [shop] = await queryRows<{ id: number }>(
      server.app.db,
      sql`select id from shops where name = 'Siam Tile & Bath'`,
    );
    await server.app.db
      .execute(sql`insert into orders (shop_id, order_no, customer_name, channel, status, total, created_at, updated_at)
      select ${shop.id}, 'BIG' || lpad(g::text, 6, '0'), md5(g::text) || md5((g * 7)::text) || md5((g * 13)::text), 'web', 'paid', 100, '2026-12-10T05:00:00Z'::timestamptz + g * interval '1 ms', now()
      from generate_series(1, 20000) g`);
    await signIn(page, server.url);
    await page.goto(`${server.url}/admin/reports/reporttrackorder?lng=en`);
    await pickRange(page, "2026-12-10", "2026-12-10");
    await expect.poll(() => rowsShown(page), { timeout: 15_000 }).toBe("20,000");
    let saved = false;
    page.on("download", () => void (saved = true));
    // A slow connection (50 KB/s; the file is compressed on the way, so its names are random hex: still about
    // a megabyte), so the export is still coming when Cancel is pressed.
    const cdp = await session.context.newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: 50_000,
      uploadThroughput: 50_000,
    });
    await page.getByRole("button", { name: "Export CSV" }).click();
    const progress = page.locator(".report-export");
    // Rows are counted as they arrive, against the total the server announced.
    await progress.getByText(/Exporting… [1-9][\d,]* of 20,000 rows/).waitFor();
    await progress.getByRole("button", { name: "Cancel" }).click();
    await page.getByText("Export cancelled").waitFor();
    await expect.poll(() => progress.count(), { timeout: 15_000 }).toBe(0);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(saved).toBe(false);
    // The server is free for the next read.
    await choose(page, "Status", "Paid");
    await expect.poll(() => rowsShown(page), { timeout: 15_000 }).toBe("20,000");
  }, 180_000);
});
