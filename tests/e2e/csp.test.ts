import type { Page } from "playwright-core";
import { browserAvailable, browserSession, signIn } from "./browser.js";

/**
 * The built app under its Content-Security-Policy (server/src/lib/delivery.ts) in Chromium: the screens
 * that inject styles (antd), draw charts, show stored pictures and listen to event streams, and the API docs,
 * report no violation; an injected inline script is refused.
 */

/** Every violation the page reports, from the moment it loads. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction("__reportViolation", (text: string) => void seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportViolation(t: string): void }).__reportViolation(
        `${e.effectiveDirective} ${e.blockedURI} at ${location.pathname}`,
      );
    });
  });
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

const SLOW = 60_000;

describe.skipIf(!browserAvailable)("content security policy in a real browser", () => {
  const session = browserSession();

  // Four screens on a shared machine: each may take a while to settle.
  it("runs the app's screens, pictures and event streams without a violation", { timeout: 240_000 }, async () => {
    const { page, server } = session;
    const violations = await watchViolations(page);
    await signIn(page, server.url);
    const screens: [string, string][] = [
      ["/admin/dashboard", ".recharts-surface"],
      ["/admin/blog/new", "form >> visible=true"],
    ];
    for (const [path, shown] of screens) {
      await page.goto(server.url + path);
      await page.locator(shown).first().waitFor({ timeout: SLOW });
    }
    // The product list shows stored pictures (same origin).
    const picture = page.waitForResponse(
      (r) => new URL(r.url()).pathname.startsWith("/uploads/image/") && r.status() === 200,
    );
    await page.goto(server.url + "/admin/product/listproduct");
    await picture;
    await page.locator(".ant-table-row >> visible=true").first().waitFor({ timeout: SLOW });
    // The chat screen: its event stream answers.
    const streaming = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/v2/chat-events" && r.status() === 200,
    );
    await page.goto(server.url + "/admin/apps/chat");
    await streaming;
    // Previews of picked files are data: and blob: pictures.
    const previews = await page.evaluate(async () => {
      const load = (src: string) =>
        new Promise<boolean>((done) => {
          const img = new Image();
          img.onload = () => done(true);
          img.onerror = () => done(false);
          img.src = src;
        });
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 4;
      const blob = await new Promise<Blob>((done) => canvas.toBlob((b) => done(b!)));
      return [await load(canvas.toDataURL()), await load(URL.createObjectURL(blob))];
    });
    expect(previews).toEqual([true, true]);
    expect(violations).toEqual([]);
  });

  it("refuses a script that is not one of the app's files", async () => {
    const { page, server } = session;
    const violations = await watchViolations(page);
    await page.goto(server.url + "/login");
    await page.locator("input[type=password]").waitFor();
    const ran = await page.evaluate(async () => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
      const button = document.createElement("button");
      button.setAttribute("onclick", "window.__injected = true");
      document.body.append(button);
      button.click();
      await new Promise((done) => setTimeout(done, 50));
      return (window as unknown as { __injected?: boolean }).__injected ?? false;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length).toBeGreaterThanOrEqual(2);
  });

  it("shows the API docs under the policy", async () => {
    const { page, server } = session;
    const violations = await watchViolations(page);
    await page.goto(server.url + "/docs/");
    await page.locator(".swagger-ui .opblock").first().waitFor();
    expect(violations).toEqual([]);
  });
});
