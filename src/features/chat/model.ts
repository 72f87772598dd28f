import dayjs from "dayjs";
import type { Body, RowOf } from "../../api";

/** The chat's REST resources under /api/v2 (docs/api/chat.md), read through the `rest` data provider. */
export const REST = {
  contacts: "chat-contacts",
  conversations: "chat-conversations",
  messages: (conversationId: number) => `chat-conversations/${conversationId}/messages`,
  images: (conversationId: number) => `chat-conversations/${conversationId}/images`,
  read: (conversationId: number) => `chat-conversations/${conversationId}/read`,
  events: "chat-events",
} as const;

export const BODY_MAX = 4000;
export const TITLE_MAX = 80;
export const GROUP_MAX = 49;
/** Images the server takes (sniffed again there). */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Older messages are read this many at a time as the person scrolls up. */
export const PAGE_SIZE = 30;

export type Conversation = RowOf<"/api/v2/chat-conversations">;
export type Participant = Conversation["participants"][number];
export type Message = RowOf<"/api/v2/chat-conversations/{id}/messages">;
export type Attachment = Message["attachments"][number];
export type Contact = RowOf<"/api/v2/chat-contacts">;
export type NewConversation = Body<"/api/v2/chat-conversations">;
export type NewMessage = Body<"/api/v2/chat-conversations/{id}/messages">;

/** A message on its way: shown at once, replaced by the stored one when the server answers. */
export interface Pending {
  clientId: string;
  conversationId: number;
  body: string;
  contentType: Message["contentType"];
  file?: File;
  /** An object URL of the picked image, shown until the stored one arrives. */
  previewUrl?: string;
  status: "sending" | "failed";
  error?: string;
  createdAt: string;
}

/**
 * A sender-unique id for a new message: a resend with it is answered with the stored message.
 * getRandomValues, not randomUUID: the latter exists only on https or localhost.
 */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The people of a conversation other than the signed-in user. */
export const recipientsOf = (c: Conversation, me: number | undefined) => c.participants.filter((p) => p.id !== me);

/** A group's title, or the other person's name (the names of the others when a group has none). */
export function conversationName(c: Conversation, me: number | undefined): string {
  if (c.title) return c.title;
  return recipientsOf(c, me)
    .map((p) => p.name)
    .join(", ");
}

/** Two letters for an avatar. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? parts[parts.length - 1][0] : "")).toUpperCase() || "?";
}

/** Every message once, in send order (id), whichever list it came from. */
export function mergeMessages(...lists: (readonly Message[] | undefined)[]): Message[] {
  const byId = new Map<number, Message>();
  for (const list of lists) for (const m of list ?? []) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The local calendar day of a time: where a day separator goes. */
export const dayOf = (iso: string) => dayjs(iso).format("YYYY-MM-DD");

/** "today", "yesterday" or null (then the date itself is shown). */
export function relativeDay(iso: string, now = dayjs()): "today" | "yesterday" | null {
  const d = dayjs(iso);
  if (d.isSame(now, "day")) return "today";
  if (d.isSame(now.subtract(1, "day"), "day")) return "yesterday";
  return null;
}

/** Why an image cannot be sent, before it is sent; null when it may. */
export function imageProblem(file: File): "type" | "size" | null {
  if (!IMAGE_TYPES.includes(file.type)) return "type";
  if (file.size > IMAGE_MAX_BYTES) return "size";
  return null;
}
