import type { Page } from "playwright-core";
import { readFileSync } from "node:fs";
import { eq, gte } from "drizzle-orm";
import { installRates } from "../../server/src/db/schema.js";
import type { RunningServer } from "../support/server.js";
import { browserAvailable, browserSession, eachLook, screenshot, signIn } from "./browser.js";

/**
 * A generated screen (no page code: contract/screens.ts `generated`, src/components/kit/generated/): the install
 * rates over `/api/v2/install-rates`. List columns, sorting, filters and empty state from the resource; the form
 * from its change body with the server's field errors on their fields; a missing id is the not-found page.
 */
describe.skipIf(!browserAvailable)("a generated screen: install rates", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => void ({ server, page } = session));

  const rows = () => page.locator(".ant-table-tbody tr.ant-table-row");
  const prices = async () =>
    (await rows().locator("td:nth-child(4)").allInnerTexts()).map((x) => Number(x.replace(/[^\d.]/g, "")));

  it("lists, sorts, filters and edits with the server's rules, in English and Arabic", async () => {
    await signIn(page, server.url);
    await page.goto(server.url + "/admin/product/installrate?lng=en");
    await rows().first().waitFor();
    for (const header of ["Service", "Category", "Code", "Price (THB)", "Status", "Updated"])
      await page.getByRole("columnheader", { name: header }).first().waitFor();
    // The state is a switch in the row (the product feature's override of the cell).
    const state = (name: string) => page.getByRole("switch", { name: `Status: ${name}` }).getAttribute("aria-checked");
    await expect.poll(() => state("Ceiling fan installation")).toBe("false");
    expect(await state("Ceiling lamp installation")).toBe("true");
    await rows().filter({ hasText: "Toilet installation" }).getByText("฿1,200.00").waitFor();

    // Sorting where the server sorts: price, highest first after two clicks; kept in the address.
    const price = page.getByRole("columnheader", { name: "Price (THB)" });
    await price.click();
    await expect
      .poll(async () => {
        const p = await prices();
        return p.length > 1 && p.every((v, i) => i === 0 || p[i - 1] <= v);
      })
      .toBe(true);
    await price.click();
    await expect
      .poll(async () => {
        const p = await prices();
        return p.length > 1 && p.every((v, i) => i === 0 || p[i - 1] >= v);
      })
      .toBe(true);
    expect(decodeURIComponent(page.url())).toContain("price");
    // The category is a computed name: not sortable (the server refuses it).
    expect(await page.getByRole("columnheader", { name: "Category" }).getAttribute("aria-sort")).toBeNull();

    // Filters the server takes: the state, and text contains on the name.
    await page.getByRole("combobox", { name: "Status" }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Off"]').click();
    await expect.poll(() => rows().count()).toBe(1);
    await rows().getByText("Ceiling fan installation").waitFor();
    await page.getByRole("searchbox", { name: "Search Service" }).fill("no such service");
    await page.getByText("Nothing matches these filters").waitFor();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => rows().count()).toBeGreaterThan(5);

    // A price range (applied on Enter), then a CSV of exactly the filtered rows, with the screen's words.
    const from = page.getByRole("spinbutton", { name: "Price (THB): From" });
    await from.fill("1000");
    await from.press("Enter");
    await expect.poll(async () => (await prices()).length > 0 && (await prices()).every((p) => p >= 1000)).toBe(true);
    const expensive = await server.app.db.select().from(installRates).where(gte(installRates.price, "1000"));
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^install-rates-\d{8}-\d{4}\.csv$/);
    const lines = readFileSync(await file.path(), "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("Service,Category,Code,Price (THB),Status,Updated");
    // One line per filtered rate; a name with a comma is quoted.
    expect(lines).toHaveLength(expensive.length + 1);
    for (const { name } of expensive)
      expect(lines.some((l) => l.startsWith(name.includes(",") ? `"${name}",` : `${name},`))).toBe(true);
    expect(lines.find((l) => l.startsWith("Toilet installation,"))).toMatch(/,1200,(On|Off),/);
    await from.fill("");
    await from.press("Enter");
    await expect.poll(() => rows().count()).toBeGreaterThan(5);

    // The form: the change body's fields; a price at or above the regular price is refused on its field.
    const [lamp] = await server.app.db
      .select()
      .from(installRates)
      .where(eq(installRates.name, "Ceiling lamp installation"));
    await server.app.db.update(installRates).set({ compareAtPrice: "500.00" }).where(eq(installRates.id, lamp.id));
    await page.getByRole("link", { name: "Ceiling lamp installation" }).click();
    await page.waitForURL(`**/admin/product/installrate/${lamp.id}`);
    const priceInput = page.getByLabel("Price (THB)");
    await expect.poll(() => priceInput.inputValue()).toBe("400.00");
    await priceInput.fill("600");
    await page.getByRole("button", { name: "Save" }).click();
    await page
      .locator(".ant-form-item", { has: priceInput })
      .getByText("The price must stay below the regular price (500.00).")
      .waitFor();
    // A text that may not be blank is refused before sending: no request leaves.
    let patches = 0;
    page.on("request", (r) => void (r.method() === "PATCH" && (patches += 1)));
    await page.getByLabel("Service").fill(" ");
    await page.getByRole("button", { name: "Save" }).click();
    await page
      .locator(".ant-form-item", { has: page.getByLabel("Service") })
      .locator(".ant-form-item-explain-error")
      .waitFor();
    expect(patches).toBe(0);
    await page.getByLabel("Service").fill("Ceiling lamp installation (2 lamps)");
    await priceInput.fill("450");
    await page
      .locator(".ant-form-item", { has: page.getByRole("combobox", { name: "Status" }) })
      .locator(".ant-select-selector")
      .click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Off"]').click();
    const saved = page.waitForResponse(
      (r) => r.url().includes(`/api/v2/install-rates/${lamp.id}`) && r.request().method() === "PATCH",
    );
    await page.getByRole("button", { name: "Save" }).click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL(/\/admin\/product\/installrate(\?.*)?$/, { waitUntil: "commit" });
    const changed = rows().filter({ hasText: "Ceiling lamp installation (2 lamps)" });
    await changed.getByText("฿450.00").waitFor();
    await expect.poll(() => state("Ceiling lamp installation (2 lamps)")).toBe("false");
    const [after] = await server.app.db.select().from(installRates).where(eq(installRates.id, lamp.id));
    expect(after).toMatchObject({ name: "Ceiling lamp installation (2 lamps)", price: "450.00", status: "inactive" });

    // The feature's override (src/features/product/generated.tsx): a rate is switched on in its row.
    await page.getByRole("switch", { name: "Status: Ceiling lamp installation (2 lamps)" }).click();
    await page.getByText("Ceiling lamp installation (2 lamps): switched on").waitFor();
    await expect.poll(() => state("Ceiling lamp installation (2 lamps)")).toBe("true");
    const [switched] = await server.app.db.select().from(installRates).where(eq(installRates.id, lamp.id));
    expect(switched.status).toBe("active");

    // No create or delete: the resource serves neither, so no button offers them.
    expect(await page.getByRole("button", { name: "Create", exact: true }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Delete", exact: true }).count()).toBe(0);

    // A missing id is the not-found page.
    await page.goto(server.url + "/admin/product/installrate/999999");
    await page.getByText("This record does not exist").waitFor();

    for await (const look of eachLook(page, server.url)) {
      await page.goto(`${server.url}/admin/product/installrate?lng=${look.lng}`);
      await rows().first().waitFor();
      await page.waitForFunction(() => !document.querySelector(".ant-spin-spinning"));
      await screenshot(page, `generated-installrate-list-${look.lng}-${look.mode}-${look.width}`);
      await page.goto(`${server.url}/admin/product/installrate/${lamp.id}?lng=${look.lng}`);
      await page.locator(".ant-form-item").first().waitFor();
      await expect.poll(() => page.locator("input.ant-input-number-input").inputValue()).toBe("450.00");
      await screenshot(page, `generated-installrate-edit-${look.lng}-${look.mode}-${look.width}`);
    }
    // Arabic words on the generated list (no raw key).
    await page.goto(`${server.url}/admin/product/installrate?lng=ar`);
    await page.getByRole("columnheader", { name: "الخدمة" }).first().waitFor();
    expect(await page.locator("body").innerText()).not.toMatch(/installRate\./);
  });

  it("is not open to a supplier", async () => {
    await signIn(page, server.url, "supplier1");
    await page.goto(server.url + "/admin/product/installrate?lng=en");
    await page.locator(".ant-result").first().waitFor();
    expect(await rows().count()).toBe(0);
  });
});
