import { openEventStream } from "../../providers/event-stream";
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
 * The signed-in user's notifications (GET /api/notify/events): after a dropped connection what was missed first.
 * When the server refuses the token (401/403) it waits for another one (a refresh or a new sign-in) instead of
 * asking again with the refused one. Answers the function that closes it.
 */
export function openNotifyStream(
  handlers: NotifyStreamHandlers,
  opts: { baseUrl: string; retryMs?: number },
): () => void {
  return openEventStream({
    ...opts,
    path: EVENTS_PATH,
    itemEvent: "notification",
    onItem: (data) => handlers.onNotification(JSON.parse(data) as InboxItem),
    onStatus: (live) => handlers.onStatus(live),
    refused: "wait-for-another-token",
  });
}
