import { openEventStream } from "../../providers/event-stream";
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
 * The signed-in user's new chat messages (GET /api/v2/chat-events): after a dropped connection exactly what was
 * missed; it stops for good when the server says the session or the access is over (401/403: the session's own
 * handling takes the person to sign in). Answers the function that closes it.
 */
export function openChatStream(handlers: ChatStreamHandlers, opts: ChatStreamOptions): () => void {
  return openEventStream({
    ...opts,
    path: `/api/v2/${REST.events}`,
    itemEvent: "message",
    onItem: (data) => handlers.onMessage(JSON.parse(data) as Message),
    onReady: (id) => handlers.onReady(id),
    onStatus: (live) => handlers.onStatus(live),
    refused: "stop",
  });
}
