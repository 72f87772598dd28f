import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { App as AntApp } from "antd";
import dayjs from "dayjs";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import notificationStrings from "../../public/locales/en/notifications.json";
import kitStrings from "../../public/locales/en/kit.json";
import common from "../../public/locales/en/common.json";
import { createDataProvider } from "../../src/providers/data";
import { restDataProvider } from "../../src/providers/rest";
import { useNotificationProvider } from "../../src/providers/notification";
import { notifications } from "../../src/features/notifications/resource";
import { NotificationBell } from "../../src/features/notifications/Bell";
import { ComposeDialog, toPayload, type ComposeValues } from "../../src/features/notifications/ComposeDialog";
import type { InboxItem } from "../../src/features/notifications/model";
import { englishFrom, mockHttp, type Recorded } from "./helpers";

/**
 * The bell and the compose dialog over their real data providers; the HTTP layer answers like the
 * server (tests/server/notifications.test.ts covers that).
 */
let inbox: InboxItem[];
let answer: (req: Recorded) => { status: number; data?: unknown } | undefined;
let http: ReturnType<typeof mockHttp>;

const item = (id: number, title: string, extra: Partial<InboxItem> = {}): InboxItem => ({
  id,
  title,
  body: `${title} body`,
  category: "promotion",
  link: null,
  deliveredAt: `2026-11-2${id}T02:00:00Z`,
  readAt: null,
  template: null,
  params: null,
  ...extra,
});

function server(req: Recorded): { status: number; data?: unknown } {
  const custom = answer(req);
  if (custom) return custom;
  const path = req.url.split("?")[0];
  const body = req.data as Record<string, unknown>;
  switch (`${req.method} ${path}`) {
    case "GET /api/notify/getmessagenotify":
      return {
        status: 200,
        data: { items: inbox, total: inbox.length, maxpage: 1, unread: inbox.filter((i) => !i.readAt).length },
      };
    case "POST /api/notify/readmessage":
      for (const i of inbox) if (body.all || i.id === body.id) i.readAt ??= "2026-11-25T03:00:00Z";
      return {
        status: 200,
        data: { status: 200, message: "Marked read.", data: { unread: inbox.filter((i) => !i.readAt).length } },
      };
    case "GET /api/promotion/masternotify":
      return {
        status: 200,
        data: {
          items: [
            { code: "promotion", name: "Promotions" },
            { code: "shop", name: "Shop" },
          ],
        },
      };
    case "GET /api/v2/notification-audiences": {
      const kind = new URLSearchParams(req.url.split("?")[1]).get("audience");
      const rows =
        kind === "all"
          ? [{ audience: "all", id: null, code: null, name: "All users", users: 5 }]
          : kind === "shop"
            ? [{ audience: "shop", id: 1, code: null, name: "HomePro Lighting", users: 1 }]
            : [{ audience: "role", id: 3, code: "supplier", name: "Supplier", users: 3 }];
      return { status: 200, data: rows };
    }
  }
  return { status: 404, data: { status: 404, message: `No route ${req.method} ${path}` } };
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderIn(children: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={["/supplier/brandshop"]}>
      <AntApp>
        <Refine
          dataProvider={{ default: createDataProvider([notifications]), rest: restDataProvider }}
          routerProvider={routerProvider}
          resources={notifications.resources}
          i18nProvider={englishFrom({ ...notificationStrings, ...kitStrings, ...common })}
          notificationProvider={useNotificationProvider}
          options={{
            disableTelemetry: true,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          {children}
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </Refine>
      </AntApp>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  // The screens read their words with react-i18next, as in the app: one namespace per domain.
  await i18next.use(initReactI18next).init({
    lng: "en",
    ns: ["common", "notifications", "kit"],
    defaultNS: "common",
    fallbackNS: ["notifications", "kit"],
    resources: { en: { common, notifications: notificationStrings, kit: kitStrings } },
    react: { useSuspense: false },
  });
});
beforeEach(() => {
  inbox = [
    item(3, "Stock check", { link: "/supplier/dashboard", category: "shop" }),
    item(2, "Year-end sale"),
    item(1, "Welcome", { readAt: "2026-11-21T03:00:00Z", category: "system" }),
  ];
  answer = () => undefined;
  http = mockHttp(server);
});
afterEach(() => http.restore());

const reads = () => http.calls.filter((c) => c.url.startsWith("/api/notify/readmessage")).map((c) => c.data);

// antd dialogs and drawers render slowly in jsdom on a busy machine.
const SLOW = { timeout: 15_000 };

describe("the notification bell", SLOW, () => {
  it("shows the unread count, lists the notifications newest first and marks one read", async () => {
    renderIn(<NotificationBell />);
    const bell = await screen.findByRole("button", { name: "Notifications, 2 unread" });
    fireEvent.click(bell);
    const drawer = await screen.findByTestId("notification-drawer");
    const items = await within(drawer).findAllByTestId("notification-item");
    expect(items.map((i) => i.querySelector("[dir=auto]")?.textContent)).toEqual([
      "Stock check",
      "Year-end sale",
      "Welcome",
    ]);
    expect(items.map((i) => i.dataset.unread ?? "read")).toEqual(["true", "true", "read"]);
    // A read one offers no "Mark read".
    expect(within(items[2]).queryByRole("button", { name: /Mark read/ })).toBeNull();

    fireEvent.click(within(items[1]).getByRole("button", { name: "Mark read: Year-end sale" }));
    await screen.findByRole("button", { name: "Notifications, 1 unread" });
    expect(reads()).toEqual([{ id: 2 }]);
  });

  it("follows a link: marks it read, closes the drawer and opens the page", async () => {
    renderIn(<NotificationBell />);
    fireEvent.click(await screen.findByRole("button", { name: "Notifications, 2 unread" }));
    const drawer = await screen.findByTestId("notification-drawer");
    const [first] = await within(drawer).findAllByTestId("notification-item");
    fireEvent.click(within(first).getByRole("button", { name: /Open/ }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/supplier/dashboard"));
    expect(reads()).toEqual([{ id: 3 }]);
    await screen.findByRole("button", { name: "Notifications, 1 unread" });
  });

  it("marks all read at once; with nothing unread the button is off", async () => {
    renderIn(<NotificationBell />);
    fireEvent.click(await screen.findByRole("button", { name: "Notifications, 2 unread" }));
    const drawer = await screen.findByTestId("notification-drawer");
    const all = await within(drawer).findByRole("button", { name: /Mark all read/ });
    fireEvent.click(all);
    await screen.findByRole("button", { name: "Notifications" });
    expect(reads()).toEqual([{ all: true }]);
    await waitFor(() => expect(within(drawer).getByRole("button", { name: /Mark all read/ })).toBeDisabled());
  });

  it("says so when the list cannot be read, and reads it again on request", async () => {
    let fail = true;
    answer = (req) =>
      fail && req.url.startsWith("/api/notify/getmessagenotify")
        ? { status: 500, data: { status: 500, message: "Down" } }
        : undefined;
    renderIn(<NotificationBell />);
    fireEvent.click(await screen.findByRole("button", { name: "Notifications" }));
    const drawer = await screen.findByTestId("notification-drawer");
    const retry = await within(drawer).findByRole("button", { name: "Try again" }, { timeout: 4000 });
    expect(within(drawer).getByText("Your notifications could not be loaded")).toBeInTheDocument();
    fail = false;
    fireEvent.click(retry);
    await screen.findByRole("button", { name: "Notifications, 2 unread" });
  });
});

describe("composing a message", SLOW, () => {
  const base: ComposeValues = {
    title: "  Lamp week ",
    body: " Ceiling lamps 20% off \n",
    category: "promotion",
    audience: "all",
    when: "now",
    timezone: "Asia/Bangkok",
  };

  it("sends now without a time, trims the words and sends only the audience's own target", () => {
    expect(toPayload({ ...base, shopId: 4, roleCode: "supplier", link: "  " })).toEqual({
      title: "Lamp week",
      body: "Ceiling lamps 20% off",
      category: "promotion",
      audience: "all",
    });
    expect(
      toPayload({ ...base, audience: "shop", shopId: 4, roleCode: "supplier", link: " /supplier/dashboard " }),
    ).toEqual({
      title: "Lamp week",
      body: "Ceiling lamps 20% off",
      category: "promotion",
      audience: "shop",
      shopId: 4,
      link: "/supplier/dashboard",
    });
    expect(toPayload({ ...base, audience: "role", shopId: 4, roleCode: "supplier" })).toMatchObject({
      audience: "role",
      roleCode: "supplier",
    });
    expect(toPayload({ ...base, audience: "role", roleCode: "supplier" })).not.toHaveProperty("shopId");
  });

  it("reads the picked wall-clock time in the picked zone", () => {
    const picked = dayjs("2026-12-01T09:00:00");
    expect(toPayload({ ...base, when: "later", scheduledAt: picked })).toMatchObject({
      scheduledAt: "2026-12-01T09:00:00+07:00",
      timezone: "Asia/Bangkok",
    });
    expect(toPayload({ ...base, when: "later", scheduledAt: picked, timezone: "Europe/Paris" })).toMatchObject({
      scheduledAt: "2026-12-01T09:00:00+01:00",
      timezone: "Europe/Paris",
    });
    // "Now" ignores a time picked before switching back.
    expect(toPayload({ ...base, when: "now", scheduledAt: picked })).not.toHaveProperty("scheduledAt");
  });

  it("previews the message with its reach, sends it, and puts the server's field errors on the fields", async () => {
    let sent: unknown;
    let refuse = true;
    answer = (req) => {
      if (req.method !== "POST" || !req.url.startsWith("/api/notify/createmessage")) return undefined;
      sent = req.data;
      if (refuse)
        return {
          status: 400,
          data: {
            status: 400,
            message: "link must be a path inside the app",
            errors: [{ field: "link", message: "link must be a path inside the app" }],
          },
        };
      return {
        status: 200,
        data: {
          status: 200,
          message: "Message queued.",
          data: { id: 9, title: "Lamp week", scheduledAt: "2026-11-25T02:00:00Z" },
        },
      };
    };
    let done: unknown;
    renderIn(<ComposeDialog onClose={() => undefined} onDone={(m) => (done = m)} />);
    const dialog = await screen.findByRole("dialog");
    const preview = within(dialog).getByTestId("compose-preview");
    await within(dialog).findByText("5 users in this audience now");
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Lamp week" } });
    fireEvent.change(within(dialog).getByLabelText("Message"), { target: { value: "Ceiling lamps 20% off" } });
    fireEvent.change(within(dialog).getByLabelText("Link (optional)"), { target: { value: "/supplier/x" } });
    await within(preview).findByText("Lamp week");
    expect(within(preview).getByText("Ceiling lamps 20% off")).toBeInTheDocument();
    expect(within(dialog).getByText("To: Everyone")).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole("button", { name: "Send now" }));
    // A loaded machine can take longer than the default second to validate, send and show the answer.
    await within(dialog).findByText("link must be a path inside the app", {}, { timeout: 10_000 });
    expect(sent).toEqual({
      title: "Lamp week",
      body: "Ceiling lamps 20% off",
      category: "promotion",
      audience: "all",
      link: "/supplier/x",
    });
    expect(done).toBeUndefined();

    refuse = false;
    fireEvent.click(within(dialog).getByRole("button", { name: "Send now" }));
    await waitFor(() => expect(done).toMatchObject({ id: 9 }));
  });

  it("asks for the shop before sending to one", async () => {
    renderIn(<ComposeDialog onClose={() => undefined} onDone={() => undefined} />);
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByText("One shop"));
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "x" } });
    fireEvent.change(within(dialog).getByLabelText("Message"), { target: { value: "y" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send now" }));
    await within(dialog).findByText("Pick the shop whose users get the message");
    expect(http.calls.some((c) => c.url.startsWith("/api/notify/createmessage"))).toBe(false);
  });
});
