import dayjs from "dayjs";
import { sql } from "drizzle-orm";
import { queryRows } from "../../server/src/db/client.js";
import { browserAvailable, browserSession, signIn } from "./browser.js";

const DAY = "YYYY-MM-DD";

describe.skipIf(!browserAvailable)("analytics and e-commerce overview in a real browser", () => {
  const s = browserSession();

  it("admin opens analytics, picks the last 7 days (kept in the address), then follows a waiting queue from the overview to its filtered list", async () => {
    const { page } = s;
    // The demo's orders end on the seed's fixed date; one from yesterday keeps the default range (the last 30
    // days) from being empty on whatever day this runs.
    const [shop] = await queryRows<{ id: number }>(s.server.app.db, sql`select id from shops order by id limit 1`);
    await s.server.app.db.execute(
      sql`insert into orders (shop_id, order_no, customer_name, channel, status, total, created_at, updated_at)
        values (${shop.id}, 'YESTERDAY01', 'A buyer from yesterday', 'web', 'paid', 100, now() - interval '1 day', now())`,
    );
    await signIn(page, s.server.url);

    await page.goto(s.server.url + "/admin/two");
    await page.getByRole("heading", { name: "Analytics" }).waitFor();
    await page.locator(".ant-statistic").first().waitFor();
    // The default range: the last 30 days, compared with the 30 before.
    await expect.poll(() => page.getByText(/^Compared with /).count()).toBe(1);
    await page.getByRole("table").getByText("Web", { exact: true }).waitFor();

    const today = dayjs();
    const from = today.subtract(6, "day").format(DAY);
    const to = today.format(DAY);
    const answer = page.waitForResponse((r) => r.url().includes(`/api/v2/analytics?from=${from}&to=${to}`) && r.ok());
    await page.locator(".ant-picker-range").click();
    await page.locator(".ant-picker-presets").getByText("Last 7 days").click();
    await answer;
    await page.waitForURL((u) => u.searchParams.get("from") === from && u.searchParams.get("to") === to);
    await expect
      .poll(() => page.getByText(/^Compared with /).innerText())
      .toBe(
        `Compared with ${today.subtract(13, "day").format("MMM D, YYYY")} – ${today.subtract(7, "day").format("MMM D, YYYY")}`,
      );
    // A reload keeps the range.
    await page.reload();
    await expect.poll(() => page.locator(".ant-picker-range input").first().inputValue()).toBe(from);

    await page.goto(s.server.url + "/admin/three");
    await page.getByRole("heading", { name: "E-commerce overview" }).waitFor();
    const filed = page.getByRole("link", { name: /\bFiled\b/ });
    await filed.waitFor();
    const waiting = Number(await filed.locator(".ant-badge").innerText());
    expect(waiting).toBeGreaterThan(0);
    await filed.click();

    await page.waitForURL(
      (u) => u.pathname === "/admin/orders/productclaim" && u.search.includes("filters[0][value]=filed"),
    );
    const rows = page.locator(".ant-table-tbody tr.ant-table-row");
    await expect.poll(() => rows.count()).toBe(waiting);
    const statuses = await rows.locator(".ant-tag").allInnerTexts();
    expect(statuses.filter((x) => x === "Filed")).toHaveLength(waiting);
  });
});
