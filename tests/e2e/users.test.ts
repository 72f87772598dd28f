import type { Page } from "playwright-core";
import type { RunningServer } from "../support/server.js";
import { browserAvailable, browserSession, screenshot, signIn } from "./browser.js";

/** Calls the API as the signed-in user of the page; answers the status. */
const status = (page: Page, path: string) =>
  page.evaluate(
    async (path) =>
      (await fetch(path, { headers: { authorization: `Bearer ${localStorage.getItem("accessToken")}` } })).status,
    path,
  );

/** The labels of the side menu, as the user sees them. */
async function menuLabels(page: Page): Promise<string[]> {
  const sider = page.locator(".ant-layout-sider .ant-menu").first();
  await sider.waitFor();
  return (await sider.locator(".ant-menu-title-content").allInnerTexts()).map((s) => s.trim());
}

const ROLE = "Home tiles desk";
const USER = { username: "tiles.desk", firstName: "Ratana", lastName: "Tiledesk", email: "tiles.desk@example.com" };
const PASSWORD = "Tiles2026pass";

describe.skipIf(!browserAvailable)("users, roles and menus in a real browser", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => void ({ server, page } = session));

  it("a staff user whose role holds one menu sees and uses only it, gets 403 elsewhere, and is out at the next action once disabled", async () => {
    await signIn(page, server.url);
    // The roles have their own screen, in the menu beside the users.
    await page.goto(server.url + "/admin/setting/user?lng=en");
    await page.locator(".ant-layout-sider").getByRole("menuitem", { name: "Roles", exact: true }).click();
    await page.waitForURL(/\/admin\/setting\/role$/);

    // A role holding only the home categories, made on the generated form with the menu tree.
    await page.getByRole("link", { name: "Create" }).click();
    await page.waitForURL(/\/admin\/setting\/role\/create/);
    await page.locator("form").getByLabel("Role name").fill(ROLE);
    await page
      .locator(".ant-tree-treenode")
      .filter({ has: page.getByText("Home categories", { exact: true }) })
      .locator(".ant-tree-checkbox")
      .click();
    await page.getByRole("button", { name: "Save" }).click();
    // Back on the list, which soon writes its page into the URL (?pageSize=…): either is the list.
    await page.waitForURL(/\/admin\/setting\/role(\?|$)/);
    await page.getByRole("cell", { name: ROLE, exact: true }).waitFor();

    // The staff user, invited with that role: the one-time link is shown to copy.
    await page.goto(server.url + "/admin/setting/user?lng=en");
    await page.getByRole("link", { name: "New staff user" }).click();
    await page.waitForURL(/\/admin\/setting\/user\/create/);
    await page.getByLabel("Username").fill(USER.username);
    await page.getByLabel("Role", { exact: true }).click();
    await page.locator(".ant-select-item-option", { hasText: ROLE }).click();
    await page.getByLabel("First name").fill(USER.firstName);
    await page.getByLabel("Last name").fill(USER.lastName);
    await page.getByLabel("E-mail").fill(USER.email);
    await page.getByRole("button", { name: "Invite" }).click();
    const shown = page.getByTestId("password-link");
    await shown.waitFor();
    const link = (await shown.textContent())!.trim();
    expect(link).toMatch(/\/set-password\?token=[\w-]{20,}$/);
    await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
    await page.waitForURL(/\/admin\/setting\/user\/\d+$/);
    await page.getByText("Invited").waitFor();

    // The user sets the password through the link in another browser, then signs in.
    const other = await session.browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      const staff = await other.newPage();
      await staff.goto(`${link}&lng=en`);
      await staff.getByText(`Welcome, ${USER.firstName} ${USER.lastName}`).waitFor();
      await staff.getByLabel("New password", { exact: true }).fill(PASSWORD);
      await staff.getByLabel("Repeat the new password").fill(PASSWORD);
      await staff.getByRole("button", { name: "Set password" }).click();
      await staff.getByText("Your password is set").waitFor();
      // The link works once.
      await staff.goto(`${link}&lng=en`);
      await staff.getByText("This link cannot be used").waitFor();

      await signIn(staff, server.url, USER.username, PASSWORD);
      await staff.goto(server.url + "/");
      await staff.waitForURL(/\/admin\/homecategory/);
      expect(await menuLabels(staff)).toEqual(["Home categories"]);
      await staff.locator(".ant-table-row").first().waitFor();
      expect(await status(staff, "/api/v2/homecategories")).toBe(200);

      // Anywhere else: the not-allowed page, and the API says 403.
      await staff.goto(server.url + "/admin/setting/user?lng=en");
      await staff.locator(".ant-result-403").waitFor();
      expect(await status(staff, "/api/user/getlistusermangement")).toBe(403);
      expect(await status(staff, "/api/blogs/master/posts")).toBe(403);
      // The own account is everyone's.
      await staff.goto(server.url + "/admin/account?lng=en");
      await staff.getByText("Sign-in details").waitFor();
      await staff.goto(server.url + "/admin/homecategory?lng=en");
      await staff.locator(".ant-table-row").first().waitFor();

      // The administrator gives the role the blog posts too: the user's menu follows at their next request, with no new sign-in.
      const changed = await page.evaluate(async (name) => {
        const headers = {
          authorization: `Bearer ${localStorage.getItem("accessToken")}`,
          "content-type": "application/json",
        };
        const [role]: { id: number; version: string; menus: string[] }[] = await (
          await fetch(`/api/v2/roles?name_like=${encodeURIComponent(name)}`, { headers })
        ).json();
        const body = JSON.stringify({ version: role.version, menus: [...role.menus, "/admin/blog/posts"] });
        return (await fetch(`/api/v2/roles/${role.id}`, { method: "PATCH", headers, body })).status;
      }, ROLE);
      expect(changed).toBe(200);
      // The open page converges without a reload at the user's next request (here: opening the own account from the
      // user menu); a background request may bring it sooner, so the test waits for the menu, not for a moment.
      await staff.getByRole("button", { name: "User menu" }).click();
      await staff.getByRole("menuitem", { name: "My account" }).click();
      await staff.waitForURL(/\/admin\/account/);
      await expect.poll(() => menuLabels(staff), { timeout: 10_000 }).toEqual(["Blog", "Home categories"]);
      await staff.getByRole("menuitem", { name: "Home categories" }).click();
      await staff.locator(".ant-table-row").first().waitFor();

      // The administrator disables the user (with a confirm) ...
      await page.goto(server.url + "/admin/setting/user?lng=en");
      await page.getByLabel("Search name, username, e-mail, phone").fill(USER.username);
      const name = `${USER.firstName} ${USER.lastName}`;
      await page.getByRole("row").filter({ hasText: name }).waitFor();
      await expect.poll(() => page.locator(".ant-table-row").count()).toBe(1);
      await page.getByRole("switch", { name: `Disable: ${name}` }).click();
      await page.locator(".ant-popconfirm").getByRole("button", { name: "Disable", exact: true }).click();
      await page.getByText(`${name} is disabled`).waitFor();
      await expect.poll(() => page.getByRole("switch", { name: `Enable: ${name}` }).count()).toBe(1);

      // ... and the user's next action fails: signed out, back to sign-in.
      expect(await status(staff, "/api/v2/homecategories")).toBe(401);
      await staff.reload();
      await staff.waitForURL(/\/login/);
    } finally {
      await other.close();
    }
  }, 240_000);

  it("the own account: changes the name (the header follows) and refuses a wrong current password", async () => {
    await signIn(page, server.url, "editor");
    // Straight to the page: the way there from the user menu is the test above (opened on "/" while it still
    // redirected, the menu's click went nowhere once in the clean-clone run).
    await page.goto(server.url + "/admin/account");
    await page.getByLabel("First name").fill("Pimmy");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Your details are saved").waitFor();
    await page
      .getByRole("button", { name: "User menu" })
      .getByText(/^Pimmy /)
      .waitFor();

    await page.getByLabel("Current password").fill("not-my-password1");
    await page.getByLabel("New password", { exact: true }).fill("Another2026x");
    await page.getByLabel("Repeat the new password").fill("Another2026x");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("The current password is not correct.").waitFor();
    await screenshot(page, "account-en-light-1366");
  }, 120_000);

  it("the own account lists its sessions, this one marked, and signs out everywhere else but here", async () => {
    const other = await session.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const phone = await other.newPage();
      await signIn(phone, server.url, "nattapong");
      await signIn(page, server.url, "nattapong");
      await page.goto(server.url + "/admin/account?lng=en");
      const list = page.getByTestId("sessions");
      await expect.poll(() => list.locator(".ant-list-item").count()).toBe(2);
      expect(await list.locator("[data-current]").getByText("This device").count()).toBe(1);
      await page.getByRole("button", { name: "Sign out everywhere else" }).click();
      await page.locator(".ant-popconfirm").getByRole("button", { name: "Sign out everywhere else" }).click();
      await page.getByText("Signed out everywhere else", { exact: true }).waitFor();
      await expect.poll(() => list.locator(".ant-list-item").count()).toBe(1);
      // The other device is out; this one goes on with the token the server answered.
      expect(await status(phone, "/api/account/me")).toBe(401);
      expect(await status(page, "/api/account/me")).toBe(200);
    } finally {
      await other.close();
    }
  }, 120_000);
});
