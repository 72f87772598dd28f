import { TOKEN_KEY } from "../../providers/http";
import { parseFrames } from "../../providers/event-stream";
import type { InboxItem } from "./model";

/** The signed-in user's notification stream (docs/api/notifications.md). */
export const EVENTS_PATH = "/api/notify/events";

export interface NotifyStreamHandlers {
  /** A notification delivered to the user: each once, in delivery order (also those sent while disconnected). */
  onNotification(item: InboxItem): void;
  /** Connected (true) or waiting to reconnect (false). */
  onStatus(live: boolean): void;
}

/**
 * Opens GET /api/notify/events with fetch, so the token goes in the Authorization header like on every
 * call (EventSource cannot send it, and a token in the URL would end up in logs). After a dropped
 * connection it reconnects with Last-Event-ID = the last event it has: the server sends what was
 * missed first. When the server refuses the token (401/403) it waits for another one (a refresh or a
 * new sign-in) instead of asking again with the refused one. Answers the function that closes it.
 */
export function openNotifyStream(
  handlers: NotifyStreamHandlers,
  opts: { baseUrl: string; retryMs?: number },
): () => void {
  let closed = false;
  let last: number | undefined;
  let retryMs = opts.retryMs ?? 3000;
  let refused: string | null = null;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const later = () => {
    if (!closed) timer = setTimeout(() => void connect(), retryMs);
  };

  const connect = async () => {
    const token = localStorage.getItem(TOKEN_KEY);
    if (closed) return;
    if (!token || token === refused) return later();
    controller = new AbortController();
    try {
      const headers: Record<string, string> = { Accept: "text/event-stream", Authorization: `Bearer ${token}` };
      if (last !== undefined) headers["Last-Event-ID"] = String(last);
      const res = await fetch(`${opts.baseUrl}${EVENTS_PATH}`, {
        headers,
        signal: controller.signal,
        cache: "no-store",
      });
      if (!res.ok || !res.body) {
        if (res.status === 401 || res.status === 403) refused = token;
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
            } else if (f.event === "notification") {
              const id = Number(f.id);
              if (last !== undefined && id <= last) return;
              last = id;
              handlers.onNotification(JSON.parse(f.data) as InboxItem);
            } else if (f.event === "end") {
              const why = JSON.parse(f.data) as { status?: number };
              if (why.status === 401 || why.status === 403) refused = token;
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
        later();
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
