import type { Page } from "playwright-core";
import type { RunningServer } from "../support/server.js";
import { axeReport, axeViolations, levelOneHeadings, type Violation } from "./axe.js";
import { browserAvailable, browserSession, eachLook, screenshot } from "./browser.js";

const PASSWORD = "Demo@2026";

async function signIn(page: Page, base: string, loginPath: string, user: string, password = PASSWORD) {
  await page.goto(base + loginPath);
  await page.locator("input:not([type=password])").first().fill(user);
  await page.locator("input[type=password]").fill(password);
  await page.keyboard.press("Enter");
}

/** The labels of the side menu, in order, as the user sees them. */
async function menuLabels(page: Page): Promise<string[]> {
  const sider = page.locator(".ant-layout-sider .ant-menu");
  await sider.first().waitFor();
  return (await sider.first().locator(".ant-menu-title-content").allInnerTexts()).map((s) => s.trim());
}

describe.skipIf(!browserAvailable)("foundation in a real browser", () => {
  const session = browserSession();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => void ({ server, page } = session));

  it("admin signs in and sees the admin menu and real dashboard figures", async () => {
    await signIn(page, server.url, "/login", "admin");
    await page.waitForURL("**/admin/dashboard");
    const labels = await menuLabels(page);
    expect(labels).toEqual(expect.arrayContaining(["Dashboard", "Blog", "Route table"]));
    const stats = page.locator(".ant-statistic");
    await expect.poll(() => stats.count()).toBeGreaterThanOrEqual(6);
    const first = await page.locator(".ant-statistic-content-value").first().innerText();
    expect(Number(first.replace(/[^\d]/g, ""))).toBeGreaterThan(0);
    await screenshot(page, "admin-dashboard-en-light");
  });

  it("a wrong password shows the server's message and stays on the login page", async () => {
    await signIn(page, server.url, "/login", "admin", "not-the-password");
    await expect.poll(() => page.locator(".ant-alert").innerText()).toContain("Incorrect username or password.");
    expect(new URL(page.url()).pathname).toBe("/login");
    await screenshot(page, "login-error-en-light");
  });

  it("a return path the browser would read as another site is ignored: the user lands on their home page", async () => {
    // A tab in the path: the URL parser drops it, and "/\t/evil.example" becomes "//evil.example".
    await signIn(page, server.url, "/login?to=/%09/evil.example", "admin");
    await page.waitForURL("**/admin/dashboard");
    expect(new URL(page.url()).origin).toBe(new URL(server.url).origin);
  });

  it("signing up with an e-mail that has an account: the supplier sign-in page says what happened", async () => {
    const email = `taken.${Date.now()}@example.co.th`;
    const first = await page.request.post(server.url + "/api/account/register", {
      data: { email, password: "Garden2026", firstName: "Mali", lastName: "Boonmee" },
    });
    expect(first.status()).toBe(200);
    await page.goto(server.url + "/supplier/register?lng=en");
    await page.getByLabel("First name").fill("Someone");
    await page.getByLabel("Last name").fill("Else");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("Other@2026");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL((url) => url.pathname === "/supplier/login" && url.search === "?signup=1");
    await expect
      .poll(() => page.locator(".ant-alert-info").innerText())
      .toMatch(/^Thank you, we have your sign-up\. If this e-mail already had an account/);
    expect(await page.locator(".ant-alert-error").count()).toBe(0);
    for await (const { lng, mode, width } of eachLook(page, server.url)) {
      await page.goto(`${server.url}/supplier/login?signup=1&lng=${lng}`);
      await page.locator(".ant-alert-info").waitFor();
      await screenshot(page, `signup-received-${lng}-${mode}-${width}`);
    }
  });

  it("the pages before signing in: no serious or critical axe violation and one level-1 heading, en light and ar dark, at 1366 and 390 px", async () => {
    const pages = ["/login", "/supplier/login", "/supplier/login?signup=1", "/supplier/register", "/set-password"];
    const found: Violation[] = [];
    const headings: string[] = [];
    for await (const { lng, mode, width } of eachLook(page, server.url)) {
      for (const path of pages) {
        await page.goto(`${server.url}${path}${path.includes("?") ? "&" : "?"}lng=${lng}`);
        await page.locator("form, .ant-result").first().waitFor();
        await page.waitForFunction((l) => document.documentElement.lang === l, lng);
        const where = `${lng} ${mode} ${width} ${path}`;
        found.push(...(await axeViolations(page, where)));
        const h1 = await levelOneHeadings(page);
        if (h1.length !== 1) headings.push(`${where}: ${h1.length} level-1 headings (${h1.join(" | ")})`);
      }
    }
    expect(axeReport(found)).toBe("");
    expect(headings).toEqual([]);
  });

  it("supplier1 lands on its dashboard and sees only its own shop's posts", async () => {
    await signIn(page, server.url, "/supplier/login", "supplier1");
    await page.waitForURL("**/supplier/dashboard");
    await screenshot(page, "supplier-dashboard-en-light");

    const me = await page.evaluate(() => JSON.parse(localStorage.getItem("users") ?? "{}"));
    const ownShops: string[] = me.shops.map((s: { name: string }) => s.name);
    expect(ownShops).toHaveLength(1);

    await page.goto(server.url + "/supplier/blog/posts");
    const rows = page.locator(".ant-table-tbody tr.ant-table-row");
    await rows.first().waitFor();
    const texts = await rows.allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    const otherShops = (await server.shopNames()).filter((n) => !ownShops.includes(n));
    for (const text of texts) {
      expect(text).toContain(ownShops[0]);
      for (const other of otherShops) expect(text).not.toContain(other);
    }
    await screenshot(page, "supplier-blog-list-en-light");
  });

  it("supplier1 typing an admin URL gets the 403 page", async () => {
    await signIn(page, server.url, "/supplier/login", "supplier1");
    await page.waitForURL("**/supplier/dashboard");
    await page.goto(server.url + "/admin/blog/posts");
    await expect.poll(() => page.locator(".ant-result-403").count()).toBe(1);
    expect(await page.locator(".ant-table-row").count()).toBe(0);
    await screenshot(page, "supplier-forbidden-en-light");
  });

  it("editor sees only its menu", async () => {
    await signIn(page, server.url, "/login", "editor");
    await page.waitForURL("**/admin/blog/posts");
    const labels = await menuLabels(page);
    expect(labels).toContain("Blog");
    expect(labels).not.toContain("Dashboard");
    expect(labels).not.toContain("Route table");
    await page.goto(server.url + "/admin/dashboard");
    await expect.poll(() => page.locator(".ant-result-403").count()).toBe(1);
    await screenshot(page, "editor-menu-en-light");
  });
});

describe.skipIf(!browserAvailable)("token expiry in a real browser", () => {
  const session = browserSession({ config: { tokenTtl: 4 } });

  it.each([
    ["supplier1", "/supplier/login", "/supplier/dashboard", "/supplier/login"],
    ["admin", "/login", "/admin/dashboard", "/login"],
  ])("an expired token sends %s back to its root", async (user, loginPath, landing, signedOut) => {
    const { page, server } = session;
    await signIn(page, server.url, loginPath, user);
    // The timer fires at the token's exp (4 s): the token is gone and the root sends to its login page, which says
    // the session expired and will come back to the landing page. On a loaded machine the landing may last less
    // than a check's interval, so its address is read from the way back rather than waited for.
    const back = encodeURIComponent(landing);
    await page.waitForURL((url) => url.pathname === signedOut && url.search === `?to=${back}&expired=1`, {
      timeout: 30_000,
    });
    await page.getByText("Your session has expired").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
  });
});
