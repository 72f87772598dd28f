import type { Page } from "playwright-core";
import { png } from "../support/png.js";
import type { RunningServer } from "../support/server.js";
import { browserAvailable, browserSession, screenshot, signIn } from "./browser.js";

interface Conversation {
  id: number;
  unreadCount: number;
  participants: { username: string }[];
}

/** Calls the API as the signed-in user of the page. */
async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (path) => {
    const res = await fetch(path, { headers: { authorization: `Bearer ${localStorage.getItem("accessToken")}` } });
    return res.json();
  }, path);
}

/** The ids of the messages shown in the open conversation, top to bottom. */
const shownIds = (page: Page) =>
  page
    .locator(".chat-messages [data-message-id]")
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-message-id"))));

/** Opens the chat and waits until its event stream has answered (what is sent from now on comes live). */
async function openChat(page: Page, url: string) {
  const streaming = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/api/v2/chat-events" && r.status() === 200,
  );
  await page.goto(url);
  await streaming;
  await page.locator("[data-screen-ready]").waitFor();
}

/** The conversation button in the list named after the other person. */
const item = (page: Page, name: string) =>
  page
    .getByRole("list", { name: "Conversations" })
    .getByRole("button")
    .filter({ has: page.locator(".chat-item-name", { hasText: new RegExp(`^${name}$`) }) });

describe.skipIf(!browserAvailable)("chat in a real browser", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => void ({ server, page } = session));

  it("two users chat live: a new conversation, text and an image, the unread count shown and cleared on open, nothing twice after a reconnect", async () => {
    const editorContext = await session.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const editor = await editorContext.newPage();
    // Using chat asks nothing the server refuses: any 4xx from the API is a wrong request.
    const refused: string[] = [];
    for (const p of [page, editor])
      p.on("response", (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith("/api/") && r.status() >= 400 && r.status() < 500)
          refused.push(`${r.status()} ${r.request().method()} ${url.pathname}${url.search}`);
      });
    try {
      await signIn(page, server.url, "admin");
      await signIn(editor, server.url, "editor");
      await openChat(editor, server.url + "/admin/apps/chat?lng=en");
      await openChat(page, server.url + "/admin/apps/chat?lng=en");
      // The admin and the editor have no direct conversation yet.
      expect(await item(editor, "Somchai Wattanakul").count()).toBe(0);

      // The admin starts one from the contacts and writes.
      await page.getByText("Contacts", { exact: true }).click();
      await page.getByRole("searchbox", { name: "Search people" }).fill("Pimchanok");
      await page
        .getByRole("list", { name: "Contacts" })
        .getByRole("button", { name: /Pimchanok Srisuk/ })
        .click();
      await page.waitForURL((url) => url.searchParams.has("c"));
      const conversationId = Number(new URL(page.url()).searchParams.get("c"));
      await page.getByText("No messages yet. Say hello!").waitFor();
      const box = page.getByRole("textbox", { name: "Write a message" });
      await box.fill("Hello Pim, can you check the banner texts?");
      await box.press("Enter");
      await page
        .locator(".chat-messages [data-message-id]")
        .filter({ hasText: "Hello Pim, can you check the banner texts?" })
        .waitFor();
      await box.fill("The December ones.");
      await box.press("Enter");
      await page.locator(".chat-messages [data-message-id]").filter({ hasText: "The December ones." }).waitFor();

      // The editor, without reloading: the new conversation with two unread messages, counted on the tab too.
      const theirs = item(editor, "Somchai Wattanakul");
      await theirs.getByLabel("2 unread messages").waitFor();
      await expect.poll(() => theirs.textContent()).toContain("The December ones.");
      expect(await editor.locator(".ant-segmented .ant-badge").first().textContent()).toMatch(/\d/);
      expect((await api<Conversation>(editor, `/api/v2/chat-conversations/${conversationId}`)).unreadCount).toBe(2);
      await screenshot(editor, "chat-unread-en-light-1366");

      // Opening it shows the messages in order and clears the count, on the screen and on the server.
      await theirs.click();
      await editor.locator(".chat-messages [data-message-id]").filter({ hasText: "The December ones." }).waitFor();
      expect(await editor.locator(".chat-messages .chat-text").allTextContents()).toEqual([
        "Hello Pim, can you check the banner texts?",
        "The December ones.",
      ]);
      await expect
        .poll(async () => (await api<Conversation>(editor, `/api/v2/chat-conversations/${conversationId}`)).unreadCount)
        .toBe(0);
      expect(await theirs.getByLabel(/unread/).count()).toBe(0);

      // The editor answers; the admin, who has the conversation open, sees it come in.
      const editorBox = editor.getByRole("textbox", { name: "Write a message" });
      await editorBox.fill("Sure, I will look after lunch.");
      await editorBox.press("Enter");
      await page
        .locator(".chat-messages [data-message-id]")
        .filter({ hasText: "Sure, I will look after lunch." })
        .waitFor();
      // Open on the admin's screen: read there, so no count for it.
      await expect
        .poll(async () => (await api<Conversation>(page, `/api/v2/chat-conversations/${conversationId}`)).unreadCount)
        .toBe(0);
      expect(
        await item(page, "Pimchanok Srisuk")
          .getByLabel(/unread/)
          .count(),
      ).toBe(0);

      // An image from the admin reaches the editor as an image.
      await page
        .locator(".chat-composer input[type=file]")
        .setInputFiles({ name: "banner-draft.png", mimeType: "image/png", buffer: png(64, 48) });
      const sentImage = page.locator(".chat-messages [data-message-id] img.chat-image");
      await sentImage.waitFor();
      expect(await sentImage.getAttribute("src")).toMatch(/^\/uploads\/image\/[0-9a-f]{32}\.png$/);
      const gotImage = editor.locator(".chat-messages [data-message-id] img.chat-image");
      await gotImage.waitFor();
      expect(await gotImage.getAttribute("src")).toBe(await sentImage.getAttribute("src"));

      // The editor's connection drops; the admin writes meanwhile; back online, the editor gets it once, in order.
      const reconnected = editor.waitForRequest(
        (r) => new URL(r.url()).pathname === "/api/v2/chat-events" && r.headers()["last-event-id"] !== undefined,
      );
      await editorContext.setOffline(true);
      // Offline stops new requests only: the open stream is cut on the server's side (the admin's too; it reconnects).
      server.app.server.closeAllConnections();
      await editor.getByRole("status").filter({ hasText: "Connection lost" }).waitFor();
      await box.fill("Sent while you were offline.");
      await box.press("Enter");
      await page
        .locator(".chat-messages [data-message-id]")
        .filter({ hasText: "Sent while you were offline." })
        .waitFor();
      await editorContext.setOffline(false);
      const request = await reconnected;
      await editor
        .locator(".chat-messages [data-message-id]")
        .filter({ hasText: "Sent while you were offline." })
        .waitFor();
      await editor.getByRole("status").filter({ hasText: "Connection lost" }).waitFor({ state: "detached" });
      const ids = await shownIds(editor);
      expect(ids).toHaveLength(5);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      expect(new Set(ids).size).toBe(ids.length);
      expect(Number(request.headers()["last-event-id"])).toBe(ids[3]);
      expect(await shownIds(page)).toEqual(ids);
      await screenshot(editor, "chat-conversation-en-light-1366");
      expect(refused).toEqual([]);
    } finally {
      await editorContext.close();
    }
  });

  it("on a phone: the list alone, then the conversation alone with a way back", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, server.url, "supplier1");
    await openChat(page, server.url + "/supplier/apps/chat?lng=en");
    const admin = item(page, "Somchai Wattanakul");
    // Two messages from the admin are unread in the demo data.
    await admin.getByLabel("2 unread messages").waitFor();
    expect(await page.locator(".chat-pane").count()).toBe(0);
    await screenshot(page, "chat-list-en-light-390");
    await admin.click();
    await page.locator(".chat-messages [data-message-id]").first().waitFor();
    expect(await page.locator(".chat-side").count()).toBe(0);
    await screenshot(page, "chat-conversation-en-light-390");
    await page.getByRole("button", { name: "Back to conversations" }).click();
    await admin.waitFor();
    expect(await admin.getByLabel(/unread/).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  });
});
