import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Refine, type DataProvider } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { App as AntApp } from "antd";
import mailStrings from "../../public/locales/en/mail.json";
import kitStrings from "../../public/locales/en/kit.json";
import common from "../../public/locales/en/common.json";
import { useNotificationProvider } from "../../src/providers/notification";
import { mail as mailModule } from "../../src/features/mail/resource";
import { MailApp } from "../../src/features/mail/MailApp";
import { emptyMails, hasMore, listed, mailsReducer, type MailsState } from "../../src/features/mail/mailStore";
import { inView, type Mail, type MailLabel, type MailSummary } from "../../src/features/mail/model";
import { replyOf } from "../../src/features/mail/format";
import { englishFrom } from "./helpers";

const ADMIN = { id: 1, name: "Somchai Wattanakul", username: "admin" };
const SUPPLIER = { id: 3, name: "Anan Chaiyaporn", username: "supplier1" };

const summary = (id: number, extra: Partial<MailSummary> = {}): MailSummary => ({
  id,
  messageId: id + 100,
  folder: "inbox",
  home: "inbox",
  read: true,
  starred: false,
  important: false,
  labelIds: [],
  from: SUPPLIER,
  to: [ADMIN],
  cc: [],
  subject: `Mail ${id}`,
  snippet: `Text of mail ${id}`,
  attachmentCount: 0,
  replyToId: null,
  sentAt: `2026-11-${String(id).padStart(2, "0")}T08:00:00.000Z`,
  updatedAt: `2026-11-${String(id).padStart(2, "0")}T08:00:00.000Z`,
  ...extra,
});

describe("the mail list store (normalised)", () => {
  const page = (state: MailsState, start: number, items: MailSummary[], total: number) =>
    mailsReducer(state, { type: "page", start, items, total });

  it("keeps each mail once in byId and the server's order in allIds, page after page", () => {
    let s = emptyMails({ folder: "inbox" });
    expect(s).toMatchObject({ byId: {}, allIds: [], status: "loading" });
    s = page(s, 0, [summary(9), summary(8)], 4);
    expect(s.allIds).toEqual([9, 8]);
    expect(Object.keys(s.byId).map(Number).sort()).toEqual([8, 9]);
    expect(hasMore(s)).toBe(true);
    // A page that overlaps (a new mail arrived meanwhile and pushed 8 down) lists 8 once, with its newer state.
    s = page(s, 2, [summary(8, { read: false }), summary(7)], 4);
    expect(s.allIds).toEqual([9, 8, 7]);
    expect(s.byId[8].read).toBe(false);
    expect(listed(s).map((m) => m.id)).toEqual([9, 8, 7]);
    expect(s).toMatchObject({ total: 4, loaded: 4, status: "ready" });
    expect(hasMore(s)).toBe(false);
    // A first page again is a reload: it replaces what was there.
    s = page(s, 0, [summary(5)], 1);
    expect(s.allIds).toEqual([5]);
    expect(s.byId).toEqual({ 5: summary(5) });
  });

  it("replaces a changed mail in place, drops it when it leaves the view, and adds a new one where its date puts it", () => {
    let s = page(emptyMails({ folder: "inbox" }), 0, [summary(9), summary(5), summary(2)], 3);
    s = mailsReducer(s, { type: "changed", mail: summary(5, { read: false, starred: true }) });
    expect(s.allIds).toEqual([9, 5, 2]);
    expect(s.byId[5]).toMatchObject({ read: false, starred: true });

    s = mailsReducer(s, { type: "changed", mail: summary(5, { folder: "trash" }) });
    expect(s.allIds).toEqual([9, 2]);
    expect(s.byId[5]).toBeUndefined();
    expect(s.total).toBe(2);

    // Restored from the trash: back between 9 and 2 by its date.
    s = mailsReducer(s, { type: "changed", mail: summary(5) });
    expect(s.allIds).toEqual([9, 5, 2]);
    expect(s.total).toBe(3);
    // A mail of another folder is not this view's.
    expect(mailsReducer(s, { type: "changed", mail: summary(7, { folder: "sent", home: "sent" }) })).toBe(s);

    s = mailsReducer(s, { type: "removed", id: 9 });
    expect(s.allIds).toEqual([5, 2]);
    expect(mailsReducer(s, { type: "removed", id: 9 })).toBe(s);
  });

  it("leaves a search's results to the server: a changed mail stays, a new one is not guessed in", () => {
    let s = page(emptyMails({ q: "bulbs" }), 0, [summary(4)], 1);
    s = mailsReducer(s, { type: "changed", mail: summary(4, { starred: true }) });
    expect(s.byId[4].starred).toBe(true);
    expect(mailsReducer(s, { type: "changed", mail: summary(6) }).allIds).toEqual([4]);
  });

  it("judges which view a mail belongs to", () => {
    expect(inView(summary(1), { folder: "inbox" })).toBe(true);
    expect(inView(summary(1, { starred: true }), { folder: "starred" })).toBe(true);
    expect(inView(summary(1, { starred: true, folder: "trash" }), { folder: "starred" })).toBe(false);
    expect(inView(summary(1, { important: true }), { folder: "important" })).toBe(true);
    expect(inView(summary(1, { labelIds: [4] }), { labelId: 4 })).toBe(true);
    expect(inView(summary(1, { labelIds: [4], folder: "trash" }), { labelId: 4 })).toBe(false);
    expect(inView(summary(1, { folder: "trash" }), { folder: "trash" })).toBe(true);
    expect(inView(summary(1, { folder: "trash" }), {})).toBe(false);
  });
});

describe("a reply", () => {
  const words = { re: "Re", wrote: (name: string, date: string) => `On ${date}, ${name} wrote:` };
  const full = (extra: Partial<Mail> = {}): Mail => ({
    ...summary(3),
    body: "<p>Stock is <b>low</b></p>",
    attachments: [],
    thread: [],
    ...extra,
  });

  it("answers the sender, says Re once, and quotes the mail under an empty first line", () => {
    const r = replyOf(full({ subject: "Stock & prices" }), ADMIN.id, words);
    expect(r).toMatchObject({ to: [SUPPLIER.id], subject: "Re: Stock & prices", replyToId: 103 });
    expect(r.body.startsWith("<p></p><p>On ")).toBe(true);
    expect(r.body).toContain("Anan Chaiyaporn wrote:</p><blockquote><p>Stock is <b>low</b></p></blockquote>");
    expect(replyOf(full({ subject: "RE: Stock" }), ADMIN.id, words).subject).toBe("RE: Stock");
  });

  it("answering one's own sent mail writes to its recipients; a sender's name is escaped in the quote line", () => {
    const mine = full({
      from: ADMIN,
      to: [SUPPLIER, { id: 4, name: "Kittisak", username: "supplier2" }],
      home: "sent",
      folder: "sent",
    });
    expect(replyOf(mine, ADMIN.id, words).to).toEqual([3, 4]);
    const odd = full({ from: { id: 9, name: "<b>Eve</b>", username: "eve" } });
    expect(replyOf(odd, ADMIN.id, words).body).toContain("&lt;b&gt;Eve&lt;/b&gt; wrote:");
  });
});

// ---------- the screen, over a `rest` provider that answers like the server ----------

type Calls = { method: string; resource: string; id?: unknown; variables?: unknown; filters?: unknown }[];
let mails: Mail[];
let calls: Calls;

const LABELS = (): MailLabel[] => [
  ...(["inbox", "sent", "drafts", "starred", "important", "trash"] as const).map((id) => ({
    id,
    system: true,
    name: null,
    color: null,
    total: mails.filter((m) => inView(m, { folder: id })).length,
    unread: mails.filter((m) => inView(m, { folder: id }) && !m.read).length,
  })),
  {
    id: 7,
    system: false,
    name: "Suppliers",
    color: "#1e88e5",
    total: mails.filter((m) => m.labelIds.includes(7)).length,
    unread: 0,
  },
];
const strip = ({ body: _b, attachments: _a, thread: _t, ...s }: Mail): MailSummary => s;
const copy = <T,>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

const fakeRest: DataProvider = {
  getApiUrl: () => "/api/v2",
  getList: async ({ resource, filters }) => {
    calls.push({ method: "getList", resource, filters });
    if (resource === "mail-labels") return { data: copy(LABELS()) as never, total: 7 };
    if (resource === "mail-contacts") return { data: [], total: 0 };
    const f = Object.fromEntries(
      (filters ?? []).map((x) => [(x as { field: string }).field, (x as { value: unknown }).value]),
    );
    const q = typeof f.q === "string" ? f.q.toLowerCase() : undefined;
    const rows = mails
      .filter((m) => inView(m, { folder: f.folder as never, labelId: f.labelId as number | undefined }))
      .filter((m) => !q || m.subject.toLowerCase().includes(q) || m.body.toLowerCase().includes(q));
    return { data: copy(rows.map(strip)) as never, total: rows.length };
  },
  getOne: async ({ resource, id }) => {
    calls.push({ method: "getOne", resource, id });
    const m = mails.find((x) => x.id === Number(id));
    if (!m) throw { message: "Mail not found", statusCode: 404 };
    m.read = true;
    return { data: copy(m) as never };
  },
  update: async ({ resource, id, variables }) => {
    calls.push({ method: "update", resource, id, variables });
    const m = mails.find((x) => x.id === Number(id))!;
    Object.assign(m, variables);
    return { data: copy(m) as never };
  },
  create: async ({ resource, variables }) => {
    calls.push({ method: "create", resource, variables });
    throw { message: "Not in this test", statusCode: 400 };
  },
  deleteOne: async ({ resource, id }) => {
    calls.push({ method: "deleteOne", resource, id });
    throw { message: "Not in this test", statusCode: 400 };
  },
  custom: async ({ url, method, payload }) => {
    calls.push({ method: `custom ${method}`, resource: url, variables: payload });
    const [, id, verb] = /mails\/(\d+)\/(\w+)$/.exec(url) ?? [];
    const m = mails.find((x) => x.id === Number(id))!;
    if (verb === "move") m.folder = (payload as { folder: Mail["folder"] }).folder;
    return { data: copy(m) as never };
  },
};

let where = "";
function Where() {
  const loc = useLocation();
  // eslint-disable-next-line react-hooks/globals -- records where the router went, for the test to read
  where = `${loc.pathname}${loc.search}`;
  return null;
}

function renderMail(path = "/admin/apps/mail") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AntApp>
        <Refine
          dataProvider={{ default: fakeRest, rest: fakeRest }}
          routerProvider={routerProvider}
          resources={mailModule.resources}
          i18nProvider={englishFrom({ ...mailStrings, ...kitStrings, ...common })}
          notificationProvider={useNotificationProvider}
          options={{
            disableTelemetry: true,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          <Routes>
            <Route
              path="/admin/apps/mail"
              element={
                <>
                  <MailApp />
                  <Where />
                </>
              }
            />
          </Routes>
        </Refine>
      </AntApp>
    </MemoryRouter>,
  );
}

const full = (s: MailSummary, body: string): Mail => ({ ...s, body, attachments: [], thread: [] });
const width = window.innerWidth;
const setWidth = (w: number) => {
  Object.defineProperty(window, "innerWidth", { configurable: true, writable: true, value: w });
  window.dispatchEvent(new Event("resize"));
};

beforeEach(() => {
  calls = [];
  mails = [
    full(
      summary(12, { read: false, subject: "Philips bulbs back in stock", labelIds: [7] }),
      "<p>1,200 pieces at Bang Na.</p>",
    ),
    full(summary(10, { subject: "Year-end prices", starred: true }), "<p>Confirmed for December.</p>"),
    full(
      summary(8, { folder: "sent", home: "sent", from: ADMIN, to: [SUPPLIER], subject: "Banner calendar" }),
      "<p>Book the banners.</p>",
    ),
  ];
});
afterEach(() => setWidth(width));
// jsdom lays nothing out, so it has no scrolling: the list keeps the keyboard cursor's row in sight with it.
const scrollIntoView = Element.prototype.scrollIntoView;
beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
});
afterAll(() => {
  Element.prototype.scrollIntoView = scrollIntoView;
});

describe("mail screen", { timeout: 20_000 }, () => {
  it("shows the folders with unread counts, the inbox newest first, and the user's labels", async () => {
    renderMail();
    const nav = await screen.findByRole("navigation", { name: "Labels" });
    // (The test's translator has no plurals: the count is read from the badge.)
    const inbox = (await within(nav).findByText("Inbox")).closest("button")!;
    expect(inbox).toHaveAttribute("aria-current", "page");
    await waitFor(() => expect(inbox.querySelector(".ant-badge")).toHaveTextContent("1"));
    expect(within(nav).getByRole("button", { name: "Suppliers" })).toBeInTheDocument();
    const rows = await screen.findAllByRole("link", { name: /bulbs|prices/ });
    expect(rows.map((r) => r.textContent)).toEqual(["Unread: Philips bulbs back in stock", "Year-end prices"]);
    expect(screen.queryByText("Banner calendar")).not.toBeInTheDocument();
    expect(screen.getByText("Pick a mail to read it here")).toBeInTheDocument();
  });

  it("opens a mail beside the list: read from the server, no longer bold, its id in the address", async () => {
    renderMail();
    const subject = await screen.findByRole("link", { name: /Philips bulbs/ });
    expect(subject.closest("tr")).toHaveClass("is-unread");
    await act(async () => fireEvent.click(subject));
    expect(await screen.findByRole("heading", { name: "Philips bulbs back in stock" })).toBeInTheDocument();
    expect(screen.getByText("1,200 pieces at Bang Na.")).toBeInTheDocument();
    expect(where).toBe("/admin/apps/mail?mail=12");
    expect(calls.filter((c) => c.method === "getOne").map((c) => c.id)).toEqual([12]);
    await waitFor(() =>
      expect(screen.getByRole("link", { name: /Philips bulbs/ }).closest("tr")).not.toHaveClass("is-unread"),
    );
    // Both the list and the reader stay on screen on a desktop.
    expect(screen.getByRole("link", { name: /Year-end prices/ })).toBeInTheDocument();
  });

  it("stars from the list, and a mail unstarred in Starred leaves that list", async () => {
    renderMail("/admin/apps/mail?folder=starred");
    await screen.findByRole("link", { name: /Year-end prices/ });
    const row = screen.getByRole("link", { name: /Year-end prices/ }).closest("tr")!;
    await act(async () => fireEvent.click(within(row).getByRole("button", { name: "Remove the star" })));
    expect(calls.find((c) => c.method === "update")).toMatchObject({
      resource: "mails",
      id: 10,
      variables: { starred: false },
    });
    await waitFor(() => expect(screen.queryByRole("link", { name: /Year-end prices/ })).not.toBeInTheDocument());
    expect(await screen.findByText("No starred mail")).toBeInTheDocument();
  });

  it("moves the open mail to the trash: it leaves the inbox and the reader closes", async () => {
    renderMail("/admin/apps/mail?folder=inbox&mail=10");
    await screen.findByRole("heading", { name: "Year-end prices" });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: /Move to trash/ })));
    expect(calls.find((c) => c.method === "custom post")).toMatchObject({
      resource: "/api/v2/mails/10/move",
      variables: { folder: "trash" },
    });
    await waitFor(() => expect(screen.queryByRole("link", { name: /Year-end prices/ })).not.toBeInTheDocument());
    expect(where).toBe("/admin/apps/mail?folder=inbox");
  });

  it("searches through the server, with the words in the address", async () => {
    renderMail("/admin/apps/mail?q=december");
    expect(await screen.findByRole("link", { name: /Year-end prices/ })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Philips/ })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Search results" })).toBeInTheDocument();
    expect(calls.find((c) => c.method === "getList" && c.resource === "mails")!.filters).toEqual([
      { field: "q", operator: "eq", value: "december" },
    ]);
  });

  it("on a phone shows the list, then the message alone with a way back, then the folders from the menu button", async () => {
    setWidth(390);
    renderMail();
    const subject = await screen.findByRole("link", { name: /Philips bulbs/ });
    expect(screen.queryByRole("navigation", { name: "Labels" })).not.toBeInTheDocument();
    expect(screen.queryByText("Pick a mail to read it here")).not.toBeInTheDocument();
    await act(async () => fireEvent.click(subject));
    await screen.findByRole("heading", { name: "Philips bulbs back in stock" });
    expect(screen.queryByRole("link", { name: /Year-end prices/ })).not.toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Back to the list" })));
    expect(await screen.findByRole("link", { name: /Year-end prices/ })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Philips bulbs back in stock" })).not.toBeInTheDocument();

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Folders and labels" })));
    const nav = await screen.findByRole("navigation", { name: "Labels" });
    await act(async () => fireEvent.click(within(nav).getByRole("button", { name: "Sent" })));
    expect(await screen.findByRole("link", { name: /Banner calendar/ })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Labels" })).not.toBeInTheDocument();
  });

  it("a mail that is not the user's shows the not-found page with the way back", async () => {
    renderMail("/admin/apps/mail?mail=999");
    expect(await screen.findByText("This mail is not in your mailbox")).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Back to the list" })));
    expect(where).toBe("/admin/apps/mail");
  });
});
