/**
 * Server-Sent Events read with fetch (so the token goes in the Authorization header, which EventSource
 * cannot send): the frame parser every stream client of the app uses.
 */
import { TOKEN_KEY } from "./http-shared";

export interface Frame {
  id?: string;
  event: string;
  data: string;
}

/** Splits a text/event-stream body into frames (comments dropped); answers what is left unparsed. */
export function parseFrames(buffer: string, onFrame: (f: Frame) => void, onRetry: (ms: number) => void): string {
  let cut: number;
  while ((cut = buffer.indexOf("\n\n")) >= 0) {
    const block = buffer.slice(0, cut);
    buffer = buffer.slice(cut + 2);
    const frame: Frame = { event: "message", data: "" };
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (!line || line.startsWith(":")) continue;
      const at = line.indexOf(":");
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
      if (field === "id") frame.id = value;
      else if (field === "event") frame.event = value;
      else if (field === "data") data.push(value);
      else if (field === "retry" && /^\d+$/.test(value)) onRetry(Number(value));
    }
    frame.data = data.join("\n");
    if (frame.id !== undefined || data.length) onFrame(frame);
  }
  return buffer;
}

export interface EventStreamOptions {
  /** Where the API lives (the HTTP client's base URL). */
  baseUrl: string;
  path: string;
  /** The event whose frames carry the stream's items; their ids only grow. */
  itemEvent: string;
  /** An item, each once, in id order (also those sent while disconnected). */
  onItem(data: string): void;
  /** The stream (re)started after `id`. */
  onReady?(id: number): void;
  /** Connected (true) or waiting to reconnect (false). */
  onStatus(live: boolean): void;
  /**
   * When the server refuses the token (401/403, at once or in an `end` frame): stop for good (the session's own
   * handling takes the person to sign in), or wait for another token (a refresh or a new sign-in).
   */
  refused: "stop" | "wait-for-another-token";
  /** Waits before reconnecting, ms (the server's `retry:` replaces it). */
  retryMs?: number;
}

const refusal = (status: number) => status === 401 || status === 403;

/**
 * A reconnecting event stream of the signed-in user, read with fetch so the token goes in the Authorization header
 * like on every call (a token in the URL would end up in logs). After a dropped connection it reconnects with
 * Last-Event-ID = the last item it has, so the server sends exactly what was missed. Answers the function that
 * closes it.
 */
export function openEventStream(o: EventStreamOptions): () => void {
  let closed = false;
  let last: number | undefined;
  let retryMs = o.retryMs ?? 3000;
  let refused: string | null = null;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const later = () => {
    if (!closed) timer = setTimeout(() => void connect(), retryMs);
  };

  const connect = async () => {
    if (closed) return;
    const token = localStorage.getItem(TOKEN_KEY);
    if (!token || token === refused) return o.refused === "stop" ? undefined : later();
    controller = new AbortController();
    try {
      const headers: Record<string, string> = { Accept: "text/event-stream", Authorization: `Bearer ${token}` };
      if (last !== undefined) headers["Last-Event-ID"] = String(last);
      const res = await fetch(`${o.baseUrl}${o.path}`, { headers, signal: controller.signal, cache: "no-store" });
      if (!res.ok || !res.body) {
        if (refusal(res.status)) refused = token;
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
              o.onStatus(true);
              o.onReady?.(last);
            } else if (f.event === o.itemEvent) {
              const id = Number(f.id);
              if (last !== undefined && id <= last) return;
              last = id;
              o.onItem(f.data);
            } else if (f.event === "end") {
              const why = JSON.parse(f.data) as { status?: number };
              if (refusal(why.status ?? 0)) refused = token;
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
        o.onStatus(false);
        if (!(refused === token && o.refused === "stop")) later();
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
