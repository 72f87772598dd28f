import type { Locator, Page } from "playwright-core";
import type { RunningServer } from "../support/server.js";
import { browserAvailable, browserSession, screenshot, signIn } from "./browser.js";
import { png } from "../support/png.js";

/** Calls the API as the signed-in user of the page. */
async function api(page: Page, method: string, path: string, body?: object): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        body: body ? JSON.stringify(body) : undefined,
        headers: {
          authorization: `Bearer ${localStorage.getItem("accessToken")}`,
          ...(body ? { "content-type": "application/json" } : {}),
        },
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );
}

/** A box as fractions of the image's drawn box: what the server stores, whatever the display size. */
async function relativeBox(spot: Locator, image: Locator) {
  const [s, i] = [(await spot.boundingBox())!, (await image.boundingBox())!];
  return { x: (s.x - i.x) / i.width, y: (s.y - i.y) / i.height, width: s.width / i.width, height: s.height / i.height };
}

const expectClose = (a: Record<string, number>, b: Record<string, number>, within: number) => {
  for (const k of Object.keys(b)) expect(Math.abs(a[k] - b[k]), `${k}: ${a[k]} vs ${b[k]}`).toBeLessThan(within);
};

const hotspotSaved = (page: Page, method: string) =>
  page.waitForResponse(
    (r) =>
      /\/api\/v2\/campaigns\/\d+\/hotspots\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === method,
  );

/** A vertical gradient, so a screenshot shows where the image is. */
const gradient =
  (height: number) =>
  (_x: number, y: number): [number, number, number] => {
    const shade = Math.round(230 - (120 * y) / height);
    return [shade, 200, 255 - shade / 2];
  };

describe.skipIf(!browserAvailable)("campaigns in a real browser", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => void ({ server, page } = session));

  it("creates a campaign, uploads its image, draws and links a hotspot that keeps its place after a reload and at another width; closed, it refuses edits", async () => {
    await signIn(page, server.url);
    await page.goto(server.url + "/admin/campaign?lng=en");
    await page.getByRole("button", { name: "New campaign" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Monsoon lighting");
    const start = dialog.locator(".ant-picker-input input").first();
    await start.click();
    await start.fill("2026-12-01 09:00");
    await page.keyboard.press("Enter");
    await dialog.locator(".ant-modal-title").click();
    await dialog.getByRole("button", { name: "Create" }).click();
    await page.waitForURL(/\/admin\/campaign\/\d+/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    await page.getByText("This draft cannot be activated yet").waitFor();

    // The image: its pixel size comes back from the server.
    const uploaded = page.waitForResponse((r) => r.url().endsWith(`/api/v2/campaigns/${id}/image`));
    await page
      .locator("input[type=file]")
      .setInputFiles({ name: "monsoon.png", mimeType: "image/png", buffer: png(1200, 600, gradient(600)) });
    expect((await uploaded).status()).toBe(200);
    const image = page.locator(".campaign-surface img");
    await image.waitFor();
    expect((await api(page, "GET", `/api/v2/campaigns/${id}`)).body).toMatchObject({
      imageWidth: 1200,
      imageHeight: 600,
      version: 2,
    });

    // Draw by dragging on the image from 20 %/30 % to 50 %/70 % of it, in small steps as a hand does.
    const box = (await image.boundingBox())!;
    const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
    await page.mouse.move(...at(0.2, 0.3));
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) await page.mouse.move(...at(0.2 + 0.03 * step, 0.3 + 0.04 * step));
    await page.mouse.up();
    const link = page.getByRole("dialog", { name: "Link the new hotspot" });
    await link.getByRole("combobox").click();
    await page.keyboard.type("Pendant Lamp");
    const option = page.locator(".ant-select-item-option", { hasText: "Pendant Lamp Loft Black" }).first();
    await option.waitFor();
    const productName = (await option.locator("span[dir=auto]").textContent())!;
    await option.click();
    await link.getByLabel("Label").fill("Loft pendant");
    const created = page.waitForResponse((r) => r.url().endsWith("/api/promotion/createhotspot"));
    await link.getByRole("button", { name: "Save" }).click();
    expect((await created).status()).toBe(200);
    const spot = page.getByRole("button", { name: /^Hotspot 1: Loft pendant/ });
    await spot.waitFor();
    const drawn = await relativeBox(spot, image);
    expectClose(drawn, { x: 0.2, y: 0.3, width: 0.3, height: 0.4 }, 0.01);
    const stored = (await api(page, "GET", `/api/v2/campaigns/${id}`)).body.hotspots[0];
    expect(stored.product.name).toBe(productName);
    expectClose(stored, drawn, 0.003);
    await screenshot(page, "campaign-hotspot-drawn-en-light-1366");

    // Reload, then a narrower window: the hotspot stays on the same spot of the image.
    await page.reload();
    await spot.waitFor();
    expectClose(await relativeBox(spot, image), drawn, 0.003);
    const wide = (await image.boundingBox())!.width;
    await page.setViewportSize({ width: 820, height: 900 });
    // At 820 px the editor takes the whole row: the image is drawn at another size.
    await page.waitForFunction(
      (before) =>
        Math.abs(document.querySelector(".campaign-surface img")!.getBoundingClientRect().width - before) > 50,
      wide,
    );
    expectClose(await relativeBox(spot, image), drawn, 0.003);
    await page.setViewportSize({ width: 1366, height: 900 });

    // Keyboard: one arrow key moves it one per cent of the image's width, saved once the keys rest.
    await spot.focus();
    const moved = hotspotSaved(page, "PATCH");
    await page.keyboard.press("ArrowRight");
    expect((await moved).request().postDataJSON()).toMatchObject({ x: Number((stored.x + 0.01).toFixed(6)) });

    // The shopper's preview shows the product on focus.
    await page.getByRole("tab", { name: "Shopper preview" }).click();
    await page.getByRole("link", { name: /Loft pendant/ }).focus();
    await page.locator(".ant-popover").getByText(stored.product.name).waitFor();
    await page.getByRole("tab", { name: "Hotspots" }).click();

    // Close: the confirm says it is final; afterwards nothing moves and the server refuses edits.
    await page.getByRole("button", { name: "Close campaign" }).click();
    const confirm = page.locator(".ant-popconfirm");
    await confirm.getByText("Closing is final").waitFor();
    await confirm.getByRole("button", { name: "Close campaign" }).click();
    await page.getByText(/^Closed on /).waitFor();
    const before = await relativeBox(spot, image);
    const writes: string[] = [];
    page.on("request", (r) => {
      if (r.method() !== "GET") writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    const s = (await spot.boundingBox())!;
    await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
    await page.mouse.down();
    await page.mouse.move(s.x + s.width / 2 + 120, s.y + s.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    await spot.focus();
    await page.keyboard.press("Delete");
    await page.waitForTimeout(800);
    expect(writes).toEqual([]);
    expectClose(await relativeBox(spot, image), before, 0.001);
    expect(await page.getByRole("button", { name: /Replace image|Upload image/ }).count()).toBe(0);
    const refused = await api(page, "PATCH", `/api/v2/campaigns/${id}/hotspots/${stored.id}`, { x: 0.1 });
    expect(refused).toMatchObject({ status: 409, body: { message: expect.stringMatching(/closed/) } });
    await screenshot(page, "campaign-closed-en-light-1366");
  }, 120_000);

  it("on a phone: a hotspot is moved by touch and keeps its relative place", async () => {
    const phone = await session.browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const touchPage = await phone.newPage();
    try {
      await signIn(touchPage, server.url);
      const { body: list } = await api(touchPage, "GET", "/api/v2/campaigns?status=draft");
      const draft = list.find(
        (c: { hotspotCount: number; imageUrl: string | null }) => c.hotspotCount > 0 && c.imageUrl,
      );
      const { body: before } = await api(touchPage, "GET", `/api/v2/campaigns/${draft.id}`);
      await touchPage.goto(`${server.url}/admin/campaign/${draft.id}?lng=en`);
      const image = touchPage.locator(".campaign-surface img");
      const spot = touchPage.getByRole("button", { name: /^Hotspot 1:/ });
      await spot.waitFor();
      expect(await touchPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const { x, y, width, height } = before.hotspots[0] as Record<string, number>;
      const first = { x, y, width, height };
      expectClose(await relativeBox(spot, image), first, 0.005);

      // A finger on the hotspot carries it 10 % of the image to the right and 5 % down.
      const i = (await image.boundingBox())!;
      const s = (await spot.boundingBox())!;
      const cdp = await phone.newCDPSession(touchPage);
      const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
        cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
      const [x0, y0] = [s.x + s.width / 2, s.y + s.height / 2];
      const saved = hotspotSaved(touchPage, "PATCH");
      await touch("touchStart", x0, y0);
      for (let step = 1; step <= 8; step += 1)
        await touch("touchMove", x0 + (i.width * 0.1 * step) / 8, y0 + (i.height * 0.05 * step) / 8);
      await touch("touchEnd", x0 + i.width * 0.1, y0 + i.height * 0.05);
      const body = (await saved).request().postDataJSON();
      expectClose(body, { x: first.x + 0.1, y: first.y + 0.05 }, 0.01);
      await touchPage.reload();
      await spot.waitFor();
      expectClose(
        await relativeBox(spot, image),
        { x: body.x, y: body.y, width: first.width, height: first.height },
        0.005,
      );
      await screenshot(touchPage, "campaign-touch-moved-en-light-390");
    } finally {
      await phone.close();
    }
  }, 120_000);
});
