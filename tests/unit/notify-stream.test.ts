import { readFileSync } from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openNotifyStream } from "../../src/features/notifications/stream";
import { NOTICE_TEMPLATES, noticeText, type InboxItem } from "../../src/features/notifications/model";

/**
 * The bell's event stream client (src/features/notifications/stream.ts) over a fetch the test feeds:
 * the token in the Authorization header, a reconnect with Last-Event-ID, each notification once, and a
 * refused token not sent again until another one is stored.
 */
const item = (id: number): InboxItem => ({
  id,
  title: `n${id}`,
  body: "",
  category: "product",
  link: null,
  deliveredAt: "2026-11-25T03:00:00Z",
  readAt: null,
  template: null,
  params: null,
});

/** A text/event-stream body fed by the test; `drop()` ends it like a lost connection. */
function feed() {
  let push!: (text: string) => void;
  let drop!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      const enc = new TextEncoder();
      push = (text) => c.enqueue(enc.encode(text));
      drop = () => c.error(new TypeError("network error"));
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } }),
    push: (t: string) => push(t),
    drop: () => drop(),
  };
}

const frame = (event: string, id: number, data: unknown = {}) =>
  `event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`;

describe("openNotifyStream", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("reconnects with Last-Event-ID = the last event it has and passes on each notification once, in order", async () => {
    localStorage.setItem("accessToken", "token-1");
    const first = feed();
    const second = feed();
    const calls: { url: string; headers: Headers }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, headers: new Headers(init.headers) });
        return calls.length === 1 ? first.response : second.response;
      }),
    );
    const got: number[] = [];
    const status: boolean[] = [];
    const close = openNotifyStream(
      { onNotification: (n) => got.push(n.id), onStatus: (live) => status.push(live) },
      { baseUrl: "", retryMs: 1 },
    );

    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url).toBe("/api/notify/events");
    expect(calls[0].headers.get("Authorization")).toBe("Bearer token-1");
    expect(calls[0].headers.has("Last-Event-ID")).toBe(false);
    const seven = frame("notification", 7, item(70));
    first.push(frame("ready", 5) + ": heartbeat\n\n" + seven.slice(0, 15));
    first.push(seven.slice(15) + frame("notification", 9, item(90)));
    await vi.waitFor(() => expect(got).toEqual([70, 90]));
    first.drop();

    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].headers.get("Last-Event-ID")).toBe("9");
    second.push(frame("ready", 9) + frame("notification", 9, item(90)) + frame("notification", 12, item(120)));
    await vi.waitFor(() => expect(got).toEqual([70, 90, 120]));
    expect(status).toEqual([true, false, true]);
    close();
  });

  it("does not send a refused token again; a new token connects", async () => {
    localStorage.setItem("accessToken", "expired");
    const live = feed();
    const sent: (string | null)[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        const token = new Headers(init.headers).get("Authorization");
        sent.push(token);
        return token === "Bearer expired"
          ? new Response(JSON.stringify({ status: 401 }), { status: 401 })
          : live.response;
      }),
    );
    const status: boolean[] = [];
    const close = openNotifyStream(
      { onNotification: () => undefined, onStatus: (s) => status.push(s) },
      { baseUrl: "", retryMs: 5 },
    );
    await vi.waitFor(() => expect(sent).toEqual(["Bearer expired"]));
    await new Promise((done) => setTimeout(done, 40));
    expect(sent).toEqual(["Bearer expired"]);
    localStorage.setItem("accessToken", "fresh");
    await vi.waitFor(() => expect(sent).toEqual(["Bearer expired", "Bearer fresh"]));
    live.push(frame("ready", 1));
    await vi.waitFor(() => expect(status.at(-1)).toBe(true));
    close();
  });

  it("stops reconnecting once closed", async () => {
    localStorage.setItem("accessToken", "token-1");
    const fetchMock = vi.fn(async () => {
      throw new TypeError("offline");
    });
    vi.stubGlobal("fetch", fetchMock);
    const close = openNotifyStream(
      { onNotification: () => undefined, onStatus: () => undefined },
      { baseUrl: "", retryMs: 5 },
    );
    await vi.waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2));
    close();
    const count = fetchMock.mock.calls.length;
    await new Promise((done) => setTimeout(done, 40));
    expect(fetchMock.mock.calls.length).toBe(count);
  });
});

describe("noticeText", () => {
  const strings = (lng: string) =>
    JSON.parse(readFileSync(path.resolve(__dirname, `../../public/locales/${lng}/notifications.json`), "utf8"));
  const translator = async (lng: string) => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng,
      resources: { [lng]: { translation: strings(lng) } },
      interpolation: { escapeValue: false },
    });
    // The assertion is needed under tests/e2e/tsconfig.json (the one tsc checks tests with), not under the root one.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    return (key: string, options: Record<string, unknown>) => i18n.t(key, options) as string;
  };
  const money = (v: number) => `฿${v.toFixed(2)}`;
  const notice = (template: string | null, params: Record<string, string | number> | null): InboxItem => ({
    ...item(1),
    title: "English title",
    body: "English body",
    template,
    params,
  });

  it("words every notice kind in every language from its values, amounts as money", async () => {
    const params = {
      code: "P-1",
      name: "Lamp",
      reason: "Blurry photo.",
      orderNo: "SO1",
      customer: "Suda",
      amount: 1250.5,
      claimNo: "CL1",
      qty: 2,
      product: "Lamp",
    };
    for (const lng of ["en", "ar", "cn", "fr", "vi"]) {
      const t = await translator(lng);
      for (const template of NOTICE_TEMPLATES) {
        const text = noticeText(notice(template, params), t, money);
        expect(text.title, `${lng} ${template}`).not.toMatch(/notifications\.|\{\{/);
        expect(text.body, `${lng} ${template}`).not.toMatch(/notifications\.|\{\{/);
      }
    }
    const en = await translator("en");
    expect(noticeText(notice("newOrder", params), en, money)).toEqual({
      title: "New order SO1",
      body: "Suda placed order SO1 for ฿1250.50. Prepare the items and confirm the shipment from your orders.",
    });
    expect(noticeText(notice("productRejected", params), await translator("fr"), money).body).toContain(
      "Blurry photo.",
    );
  });

  it("shows a composed message, or a kind it does not know, as it was written", async () => {
    const t = await translator("ar");
    expect(noticeText(notice(null, null), t, money)).toEqual({ title: "English title", body: "English body" });
    expect(noticeText(notice("somethingNew", { a: 1 }), t, money)).toEqual({
      title: "English title",
      body: "English body",
    });
  });
});
