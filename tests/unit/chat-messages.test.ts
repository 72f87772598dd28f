import { afterEach, describe, expect, it, vi } from "vitest";
import { mergeMessages, type Message } from "../../src/features/chat/model";
import { openChatStream } from "../../src/features/chat/stream";
import { parseFrames } from "../../src/providers/event-stream";

const msg = (id: number, body = `m${id}`, conversationId = 1): Message => ({
  id,
  conversationId,
  senderId: 7,
  body,
  contentType: "text",
  attachments: [],
  clientId: `client-${id}`,
  createdAt: new Date(2026, 0, 1, 10, id).toISOString(),
});
const ids = (list: Message[]) => list.map((m) => m.id);

describe("mergeMessages", () => {
  it("orders by id whatever order the lists and their rows come in", () => {
    // Pages are read newest first; the stream brings later ones; a page can arrive after the live ones.
    const olderPage = [msg(5), msg(4), msg(3)];
    const newerPage = [msg(10), msg(9), msg(8)];
    expect(ids(mergeMessages([msg(12), msg(11)], newerPage, olderPage))).toEqual([3, 4, 5, 8, 9, 10, 11, 12]);
  });

  it("keeps each message once when pages, the catch-up read and the stream overlap", () => {
    const page = [msg(3), msg(2), msg(1)];
    const caughtUp = [msg(3), msg(4)];
    const streamed = [msg(4), msg(5), msg(4)];
    expect(ids(mergeMessages(page, caughtUp, streamed))).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps the copy of the later list for a repeated id", () => {
    expect(mergeMessages([msg(1, "old")], [msg(1, "new")]).map((m) => m.body)).toEqual(["new"]);
  });

  it("takes missing lists (a page not read yet) as empty", () => {
    expect(mergeMessages(undefined, [msg(2)], undefined)).toEqual([msg(2)]);
    expect(mergeMessages()).toEqual([]);
  });
});

describe("parseFrames", () => {
  it("splits frames, drops comments, joins data lines and keeps an unfinished frame for the next chunk", () => {
    const frames: { id?: string; event: string; data: string }[] = [];
    const retries: number[] = [];
    const rest = parseFrames(
      ': heartbeat\n\nretry: 1500\n\nevent: ready\nid: 4\ndata: {}\n\nevent: message\nid: 5\ndata: {"a":\ndata: 1}\n\nevent: mess',
      (f) => frames.push(f),
      (ms) => retries.push(ms),
    );
    expect(frames).toEqual([
      { event: "ready", id: "4", data: "{}" },
      { event: "message", id: "5", data: '{"a":\n1}' },
    ]);
    expect(retries).toEqual([1500]);
    expect(rest).toBe("event: mess");
  });
});

/** A text/event-stream body fed by the test, chunk by chunk; `drop()` ends it like a lost connection. */
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

describe("openChatStream", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("reconnects with Last-Event-ID = the last message it has and passes on each message once, in order", async () => {
    localStorage.setItem("accessToken", "token-1");
    const first = feed();
    const second = feed();
    const calls: Headers[] = [];
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      calls.push(new Headers(init.headers));
      return calls.length === 1 ? first.response : second.response;
    });
    vi.stubGlobal("fetch", fetchMock);

    const got: number[] = [];
    const readies: number[] = [];
    const status: boolean[] = [];
    const close = openChatStream(
      {
        onMessage: (m) => got.push(m.id),
        onReady: (id) => readies.push(id),
        onStatus: (live) => status.push(live),
      },
      { baseUrl: "", retryMs: 1 },
    );

    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].get("Authorization")).toBe("Bearer token-1");
    expect(calls[0].has("Last-Event-ID")).toBe(false);
    first.push(frame("ready", 10));
    // A message split over two chunks arrives whole.
    const eleven = frame("message", 11, msg(11));
    first.push(eleven.slice(0, 20));
    first.push(eleven.slice(20) + frame("message", 12, msg(12)));
    await vi.waitFor(() => expect(got).toEqual([11, 12]));
    first.drop();

    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].get("Last-Event-ID")).toBe("12");
    // A server that sends again what the client has (or older) does not make it appear twice.
    second.push(
      frame("ready", 12) +
        frame("message", 12, msg(12)) +
        frame("message", 11, msg(11)) +
        frame("message", 13, msg(13)),
    );
    await vi.waitFor(() => expect(got).toEqual([11, 12, 13]));
    expect(readies).toEqual([10, 12]);
    expect(status).toEqual([true, false, true]);
    close();
  });

  it("stops for good when the server ends the stream for a lost session", async () => {
    localStorage.setItem("accessToken", "token-1");
    const only = feed();
    const fetchMock = vi.fn(async () => only.response);
    vi.stubGlobal("fetch", fetchMock);
    const status: boolean[] = [];
    openChatStream(
      { onMessage: () => undefined, onReady: () => undefined, onStatus: (s) => status.push(s) },
      { baseUrl: "", retryMs: 1 },
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    only.push(frame("ready", 1) + `event: end\ndata: ${JSON.stringify({ status: 401, message: "Session ended" })}\n\n`);
    only.drop();
    await vi.waitFor(() => expect(status).toEqual([true, false]));
    await new Promise((done) => setTimeout(done, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
