import type { Page } from "playwright-core";
import type { RunningServer } from "../support/server.js";
import { browserAvailable, browserSession, screenshot, signIn } from "./browser.js";

interface Entry {
  id: number;
  title: string;
  startsAt: string;
  endsAt: string;
  allDay: boolean;
  version: number;
}

/** Calls the API as the signed-in user of the page. */
async function api<T>(page: Page, method: string, path: string, body?: object): Promise<{ status: number; data: T }> {
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
      return { status: res.status, data: await res.json() };
    },
    { method, path, body },
  );
}

/** YYYY-MM-DD of a day of the current month (Bangkok, like the browser below). */
function dayOfThisMonth(day: number): string {
  const [year, month] = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Bangkok",
    year: "numeric",
    month: "2-digit",
  })
    .format(new Date())
    .split("-");
  return `${year}-${month}-${String(day).padStart(2, "0")}`;
}

const TITLE = "Visit the Bang Na warehouse";
const cell = (page: Page, date: string) => page.locator(`.fc-daygrid-day[data-date="${date}"]`);

describe.skipIf(!browserAvailable)("calendar in a real browser", () => {
  const session = browserSession({ viewport: { width: 1366, height: 900 } });
  let server: RunningServer;
  beforeEach(() => void ({ server } = session));

  it("an event dragged to another day in the month view is saved once and is still there after a reload", async () => {
    // The browser in Bangkok: whole days are the days of the event's own zone, not UTC's.
    const context = await session.browser.newContext({
      viewport: { width: 1366, height: 900 },
      timezoneId: "Asia/Bangkok",
    });
    const page = await context.newPage();
    try {
      await signIn(page, server.url, "admin");
      const from = dayOfThisMonth(10);
      const to = dayOfThisMonth(13);
      const made = await api<Entry>(page, "POST", "/api/v2/calendar-entries", {
        title: TITLE,
        description: null,
        allDay: true,
        color: "green",
        timezone: "Asia/Bangkok",
        startsAt: `${from}T00:00:00+07:00`,
        endsAt: `${dayOfThisMonth(11)}T00:00:00+07:00`,
      });
      expect(made.status).toBe(201);

      await page.goto(server.url + "/admin/apps/calendar?lng=en");
      await page.locator("[data-screen-ready]").waitFor();
      const event = cell(page, from).locator(".fc-event", { hasText: TITLE });
      await event.waitFor();

      // Pick it up, carry it to the target day in small steps, let go: one PATCH with the version read.
      const patches: string[] = [];
      page.on("request", (r) => {
        if (r.method() === "PATCH" && new URL(r.url()).pathname === `/api/v2/calendar-entries/${made.data.id}`)
          patches.push(r.postData() ?? "");
      });
      const saved = page.waitForResponse(
        (r) =>
          r.request().method() === "PATCH" && new URL(r.url()).pathname === `/api/v2/calendar-entries/${made.data.id}`,
      );
      const a = (await event.boundingBox())!;
      const b = (await cell(page, to).boundingBox())!;
      const start = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
      const end = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      for (let step = 1; step <= 15; step += 1) {
        await page.mouse.move(start.x + ((end.x - start.x) * step) / 15, start.y + ((end.y - start.y) * step) / 15);
      }
      await page.mouse.up();
      expect((await saved).status()).toBe(200);
      expect(patches).toHaveLength(1);
      expect(JSON.parse(patches[0])).toMatchObject({
        version: 1,
        allDay: true,
        startsAt: `${to}T00:00:00+07:00`,
        endsAt: `${dayOfThisMonth(14)}T00:00:00+07:00`,
      });
      await cell(page, to).locator(".fc-event", { hasText: TITLE }).waitFor();

      await page.reload();
      await page.locator("[data-screen-ready]").waitFor();
      await cell(page, to).locator(".fc-event", { hasText: TITLE }).waitFor();
      expect(await cell(page, from).locator(".fc-event", { hasText: TITLE }).count()).toBe(0);
      const stored = await api<Entry>(page, "GET", `/api/v2/calendar-entries/${made.data.id}`);
      expect(stored.data).toMatchObject({ allDay: true, version: 2 });
      expect(new Date(stored.data.startsAt).toISOString()).toBe(new Date(`${to}T00:00:00+07:00`).toISOString());
      await screenshot(page, "calendar-dragged-en-light-1366");
    } finally {
      await context.close();
    }
  });

  it("with the browser in UTC, an event at 10:00 Bangkok shows at 10:00, the zone is named, and a new event defaults to Bangkok", async () => {
    const context = await session.browser.newContext({ viewport: { width: 1366, height: 900 }, timezoneId: "UTC" });
    const page = await context.newPage();
    try {
      await signIn(page, server.url, "admin");
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(new Date());
      const made = await api<Entry>(page, "POST", "/api/v2/calendar-entries", {
        title: "Flash sale briefing",
        description: null,
        allDay: false,
        color: "red",
        timezone: "Asia/Bangkok",
        startsAt: `${today}T10:00:00+07:00`,
        endsAt: `${today}T11:00:00+07:00`,
      });
      expect(made.status).toBe(201);
      await page.goto(server.url + "/admin/apps/calendar?lng=en");
      await page.locator("[data-screen-ready]").waitFor();
      await page.getByRole("button", { name: "Week", exact: true }).click();
      const event = page.locator(".fc-timegrid-event", { hasText: "Flash sale briefing" });
      await event.waitFor();
      expect(await event.locator(".fc-event-time").textContent()).toBe("10:00 - 11:00");
      // In today's column, in the 10:00 row.
      expect(
        await page
          .locator(`.fc-timegrid-col[data-date="${today}"]`)
          .locator(".fc-event", { hasText: "Flash sale briefing" })
          .count(),
      ).toBe(1);
      expect(await page.getByTestId("calendar-zone").textContent()).toBe("Times in Asia/Bangkok");
      await screenshot(page, "calendar-week-utc-browser-en-light-1366");

      await page.getByRole("button", { name: "New event" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      expect(
        await dialog
          .locator(".ant-select", { has: page.locator("#timezone") })
          .locator(".ant-select-selection-item")
          .textContent(),
      ).toBe("Asia/Bangkok");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });

      // Only campaigns: own events and the other kinds switched off, remembered after a reload.
      const legend = page.getByRole("group", { name: "Show" });
      for (const name of ["Your events", "Flash sale", "Home sale", "Banner", "Coupon line"])
        await legend.getByRole("checkbox", { name }).uncheck();
      await event.waitFor({ state: "detached" });
      const otherKinds = () =>
        page
          .locator(".calendar-window")
          .evaluateAll((els) => [
            ...new Set(els.map((e) => (e as HTMLElement).dataset.kind).filter((k) => k !== "campaign")),
          ]);
      // Each unticked kind leaves on its own render, so wait for the last one to go.
      await expect.poll(otherKinds).toEqual([]);
      await page.reload();
      await page.locator("[data-screen-ready]").waitFor();
      expect(await legend.getByRole("checkbox", { name: "Your events" }).isChecked()).toBe(false);
      expect(await legend.getByRole("checkbox", { name: "Campaign" }).isChecked()).toBe(true);
      await expect.poll(otherKinds).toEqual([]);
      expect(await page.locator(".fc-event", { hasText: "Flash sale briefing" }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
