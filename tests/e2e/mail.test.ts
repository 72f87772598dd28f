import type { Page } from "playwright-core";
import type { RunningServer } from "../support/server.js";
import { browserAvailable, browserSession, screenshot, signIn } from "./browser.js";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/** Waits until the mail screen has its folders and list. */
async function ready(page: Page) {
  await page.locator(".mail-frame[data-screen-ready]").waitFor();
  await page.waitForFunction(() => !document.querySelector(".ant-spin-spinning, .ant-skeleton-active"));
}

const row = (page: Page, subject: string) =>
  page.locator(".mail-list tr.ant-table-row", { has: page.getByRole("link", { name: subject }) });
const drawer = (page: Page) => page.locator(".ant-drawer-content.mail-composer");
const sent = (page: Page) =>
  page.waitForResponse(
    (r) => /\/api\/v2\/mails\/\d+\/send$/.test(new URL(r.url()).pathname) && r.request().method() === "POST",
  );

describe.skipIf(!browserAvailable)("mail in a real browser", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => void ({ server, page } = session));

  it("admin writes to supplier1 with a file; supplier1 sees it unread in the inbox, reads it and replies; admin sees the reply", async () => {
    const subject = `Photo check ${Date.now()}`;
    await signIn(page, server.url);
    await page.goto(server.url + "/admin/apps/mail?lng=en");
    await ready(page);

    // Writing: the recipient found by name among the contacts, a subject, the body and a PDF.
    await page.getByRole("button", { name: /Write/ }).click();
    const compose = drawer(page);
    await compose.getByText("New mail").waitFor();
    // The select's search box takes typing once the select is open.
    await compose.locator(".ant-select", { has: page.locator("#mail-to") }).click();
    await compose.locator("#mail-to").fill("Anan");
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option[title^='Anan Rattanakorn']").click();
    await page.keyboard.press("Escape");
    await compose.locator("#mail-subject").fill(subject);
    await compose.locator(".ProseMirror").click();
    await page.keyboard.type("Please send sharper photos of the 9W bulb box.");
    await compose
      .locator("input[type=file]")
      .setInputFiles({ name: "photo-guide.pdf", mimeType: "application/pdf", buffer: PDF });
    await compose.getByRole("link", { name: "photo-guide.pdf" }).waitFor();
    const out = sent(page);
    await compose.getByRole("button", { name: /Send/ }).click();
    expect((await out).status()).toBe(200);
    await compose.waitFor({ state: "detached" });
    await page.getByRole("button", { name: /^Sent/ }).click();
    await row(page, subject).waitFor();

    // supplier1, in a browser of their own: unread in the inbox, bold, counted on the folder.
    const other = await session.browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      const supplier = await other.newPage();
      await signIn(supplier, server.url, "supplier1");
      await supplier.goto(server.url + "/supplier/apps/mail?lng=en");
      await ready(supplier);
      const mine = row(supplier, subject);
      await expect.poll(() => mine.getAttribute("class")).toContain("is-unread");
      await expect.poll(() => mine.locator(".mail-row-who").textContent()).toBe("Somchai Wattanakul");
      const inbox = supplier.locator(".mail-label", { hasText: "Inbox" });
      const unreadBefore = Number(await inbox.locator(".ant-badge").textContent());
      expect(unreadBefore).toBeGreaterThanOrEqual(1);

      // Reading it marks it read; the file is there.
      await mine.getByRole("link", { name: subject }).click();
      const reader = supplier.locator(".mail-reader");
      await reader.getByRole("heading", { name: subject }).waitFor();
      await reader.getByText("Please send sharper photos of the 9W bulb box.").waitFor();
      await reader.getByRole("link", { name: "photo-guide.pdf", exact: true }).waitFor();
      await expect.poll(() => mine.getAttribute("class")).not.toContain("is-unread");
      await expect
        .poll(async () =>
          Number((await inbox.locator(".ant-badge").count()) ? await inbox.locator(".ant-badge").textContent() : 0),
        )
        .toBe(unreadBefore - 1);

      // The reply: to admin, "Re:" and the quote already there; the answer typed above the quote.
      await reader.getByRole("button", { name: /Reply/ }).click();
      const answer = drawer(supplier);
      await answer.getByText("Reply", { exact: true }).first().waitFor();
      expect(await answer.locator("#mail-subject").inputValue()).toBe(`Re: ${subject}`);
      await answer.locator(".ant-select-selection-item", { hasText: "Somchai Wattanakul" }).waitFor();
      await answer.locator(".ProseMirror p").first().click();
      await supplier.keyboard.type("New photos are uploaded.");
      const back = sent(supplier);
      await answer.getByRole("button", { name: /Send/ }).click();
      expect((await back).status()).toBe(200);
      await answer.waitFor({ state: "detached" });
    } finally {
      await other.close();
    }

    // admin: the reply in the inbox, unread; opened, the first mail shows above it in the conversation.
    await page.getByRole("button", { name: /^Inbox/ }).click();
    await page.reload();
    await ready(page);
    const reply = row(page, `Re: ${subject}`);
    await expect.poll(() => reply.getAttribute("class")).toContain("is-unread");
    await expect.poll(() => reply.locator(".mail-row-who").textContent()).toBe("Anan Rattanakorn");
    await reply.getByRole("link", { name: `Re: ${subject}` }).click();
    const reader = page.locator(".mail-reader");
    await reader.getByRole("heading", { name: `Re: ${subject}` }).waitFor();
    await reader.getByText("New photos are uploaded.").waitFor();
    await reader.locator(".mail-thread .mail-thread-from", { hasText: "Somchai Wattanakul" }).waitFor();
    await screenshot(page, "mail-admin-reply-en-light-1366");
  });
});
