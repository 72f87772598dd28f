import { TOKEN_KEY } from "../../providers/http";
import { parseFrames } from "../../providers/event-stream";
import { REST, type Message } from "./model";

/** What the chat's event stream tells the screen. */
export interface ChatStreamHandlers {
  /** A stored message of one of the user's conversations, each once, in id order. */
  onMessage(message: Message): void;
  /** The stream (re)started after `id`: anything older than the stream was read by the screen itself. */
  onReady(id: number): void;
  /** Connected (true) or waiting to reconnect (false). */
  onStatus(live: boolean): void;
}

export interface ChatStreamOptions {
  /** Where the API lives (the HTTP client's base URL). */
  baseUrl: string;
  /** Waits before reconnecting, ms (the server's `retry:` replaces it). */
  retryMs?: number;
}

/**
 * The signed-in user's new chat messages (GET /api/v2/chat-events), read with fetch so the token goes in the
 * Authorization header like on every call. After a dropped connection it reconnects with Last-Event-ID = the
 * last message id it has, so the server sends exactly what was missed. It stops for good when the server says
 * the session or the access is over (401/403: the session's own handling takes the person to sign in).
 * Answers the function that closes it.
 */
export function openChatStream(handlers: ChatStreamHandlers, opts: ChatStreamOptions): () => void {
  let closed = false;
  let last: number | undefined;
  let retryMs = opts.retryMs ?? 3000;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stopFor = (status: number) => status === 401 || status === 403;

  const connect = async () => {
    if (closed) return;
    const token = localStorage.getItem(TOKEN_KEY);
    if (!token) return;
    controller = new AbortController();
    let stopped = false;
    try {
      const headers: Record<string, string> = { Accept: "text/event-stream", Authorization: `Bearer ${token}` };
      if (last !== undefined) headers["Last-Event-ID"] = String(last);
      const res = await fetch(`${opts.baseUrl}/api/v2/${REST.events}`, {
        headers,
        signal: controller.signal,
        cache: "no-store",
      });
      if (!res.ok || !res.body) {
        stopped = stopFor(res.status);
        return;
      }
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer = parseFrames(
          buffer + decoder.decode(value, { stream: true }),
          (f) => {
            if (f.event === "ready") {
              last = Number(f.id);
              handlers.onStatus(true);
              handlers.onReady(last);
            } else if (f.event === "message") {
              const id = Number(f.id);
              if (last !== undefined && id <= last) return;
              last = id;
              handlers.onMessage(JSON.parse(f.data) as Message);
            } else if (f.event === "end") {
              const why = JSON.parse(f.data) as { status?: number };
              stopped = stopFor(why.status ?? 0);
            }
          },
          (ms) => {
            retryMs = ms;
          },
        );
      }
    } catch {
      // A dropped connection or close(): reconnect below unless closed.
    } finally {
      if (!closed) {
        handlers.onStatus(false);
        if (!stopped) timer = setTimeout(() => void connect(), retryMs);
      }
    }
  };

  void connect();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    controller?.abort();
  };
}
