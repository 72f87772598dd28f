/**
 * Sync delivery on the screens that queue syncs, with the real relay and a local receiving server:
 * the product page's Syncs tab (sent, not configured) and the order list's sync history (failed with
 * its tries, error and next try; retried by staff). Screenshots in en light and ar dark at 1366 and 390 px.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import type { OutboxConfig } from "../../server/src/modules/outbox/config.js";
import { browserAvailable, browserSession, screenshot, signIn, eachLook } from "./browser.js";

const SECRET = "e2e-secret-for-the-outbox-relay";
const DOWN = "Order system is down for maintenance";

async function api<T>(page: Page, path: string, body?: object): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(path, {
        method: body ? "POST" : "GET",
        headers: {
          authorization: `Bearer ${localStorage.getItem("accessToken")}`,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return res.json();
    },
    { path, body },
  );
}

// The receiver listens before the server starts: its address is part of the server's settings.
const received: string[] = [];
const receiver: Server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    received.push(req.url ?? "");
    if (req.url === "/storefront") res.writeHead(200).end("ok");
    else res.writeHead(503, { "content-type": "text/plain" }).end(DOWN);
  });
});
const port = await new Promise<number>((done) =>
  receiver.listen(0, "127.0.0.1", () => done((receiver.address() as AddressInfo).port)),
);
afterAll(() => new Promise((done) => receiver.close(done)));

// A long backoff keeps a failed job failed (with its next try) while the screens are shot; GP has no address.
const outbox: Partial<OutboxConfig> = {
  workerMs: 300,
  backoffMs: 600_000,
  maxBackoffMs: 600_000,
  maxAttempts: 3,
  timeoutMs: 5000,
  leaseMs: 20_000,
  targets: {
    storefront: { url: `http://127.0.0.1:${port}/storefront`, secret: SECRET },
    orders: { url: `http://127.0.0.1:${port}/orders`, secret: SECRET },
  },
};

interface Job {
  id: number;
  status: string;
  attempts: number;
  configured: boolean;
  kind?: string;
  topic?: string;
}

describe.skipIf(!browserAvailable)("sync delivery on the product page and the order list", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 }, config: { outbox } });

  it("shows sent, not configured and failed jobs with their details; staff retry a failed one", async () => {
    const { page, server, context } = session;
    await signIn(page, server.url, "admin");
    const list = await api<{ items: { id: number }[] }>(
      page,
      "/api/product/productlist?approvalStatus=approved&page=1&limit=1",
    );
    const product = list.items[0].id;
    await api(page, "/api/product/syncproduct", { id: product });
    await api(page, "/api/product/gpproductsync", { id: product });
    const {
      data: { jobId },
    } = await api<{ data: { jobId: number } }>(page, "/api/order/syncorders", {});

    const productJobs = () =>
      api<{ items: Job[] }>(page, `/api/product/jobs?id=${product}`).then((a) =>
        a.items.map((j) => `${j.kind}:${j.status}`),
      );
    await expect
      .poll(productJobs, { timeout: 20_000, interval: 300 })
      .toEqual(expect.arrayContaining(["product.sync:sent", "product.gp_sync:queued"]));
    const orderJob = async () =>
      (await api<Job[]>(page, "/api/v2/outbox-jobs?topic=orders.sync")).find((j) => j.id === jobId);
    await expect.poll(async () => (await orderJob())?.status, { timeout: 20_000, interval: 300 }).toBe("failed");

    for await (const { lng, mode, width } of eachLook(page, server.url)) {
      await page.goto(`${server.url}/admin/product/${product}?lng=${lng}`);
      // On a phone the tab may sit in the tab bar's overflow: its button is clicked in the page.
      const tab = page.locator('.ant-tabs-tab[data-node-key="jobs"] .ant-tabs-tab-btn');
      await tab.waitFor({ state: "attached" });
      await tab.dispatchEvent("click");
      const jobs = page.locator(".ant-tabs-tabpane-active");
      await jobs.locator('[data-delivery="sent"]').first().waitFor();
      await jobs.locator('[data-delivery="not-configured"]').first().waitFor();
      await screenshot(page, `outbox-product-${lng}-${mode}-${width}`);

      await page.goto(`${server.url}/admin/orders/list?lng=${lng}`);
      await page.getByTestId("order-sync-history").waitFor();
      await page.getByTestId("order-sync-history").click();
      const drawer = page.locator(".ant-drawer-content");
      const row = drawer.locator("tr", { hasText: `#${jobId}` });
      await row.locator('[data-delivery="failed"]').waitFor();
      if (lng === "en") {
        expect(await row.textContent()).toContain("1 try of 3");
        expect(await row.textContent()).toContain(`HTTP 503: ${DOWN}`);
        expect(await row.textContent()).toContain("next try");
      }
      await screenshot(page, `outbox-orders-${lng}-${mode}-${width}`);
    }

    // Retry: queued again at once, tried again (one more request), and failed again with its tries counted afresh.
    const before = received.filter((u) => u === "/orders").length;
    await page.setViewportSize({ width: 1366, height: 900 });
    await context.addCookies([{ name: "themeMode", value: "light", url: server.url }]);
    await page.goto(`${server.url}/admin/orders/list?lng=en`);
    await page.getByRole("button", { name: "Sync history" }).click();
    const row = page.locator(".ant-drawer-content tr", { hasText: `#${jobId}` });
    await row.getByRole("button", { name: "Retry" }).click();
    await page.getByText(`Job #${jobId} is queued again`).waitFor();
    await expect
      .poll(() => received.filter((u) => u === "/orders").length, { timeout: 20_000, interval: 200 })
      .toBeGreaterThan(before);
    await expect
      .poll(
        async () => {
          const j = await orderJob();
          return j && `${j.status}:${j.attempts}`;
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBe("failed:1");
  }, 300_000);
});
