import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import type { Answer, Body, ItemOf, RowOf } from "../../api";
import { callsOf } from "../../resources/calls";
import notifications from "./endpoints";

dayjs.extend(utc);
dayjs.extend(timezone);

export type Message = ItemOf<"/api/notify/getmessagenotifylist">;
export type MessageStatus = Message["status"];
export type Audience = Message["audience"];
export type NewMessage = Body<"/api/notify/createmessage">;
export const STATUSES: MessageStatus[] = ["scheduled", "sent", "cancelled", "draft"];
export const AUDIENCES: Audience[] = ["all", "shop", "role"];

/** The signed-in user's notifications (`id` is the message's), with how many are unread. */
export type Inbox = Answer<"/api/notify/getmessagenotify">;
/** `template` and `params`: a notice the system sent, its kind and values (the text in the reader's language); null for a composed message. */
export type InboxItem = Inbox["items"][number];

/** Notices the client can word itself (`notifications.notices.<template>` in every language). */
export const NOTICE_TEMPLATES = [
  "productApproved",
  "productRejected",
  "newOrder",
  "slipUploaded",
  "claimFiled",
  "returnFiled",
];

/**
 * A notification's title and body in the UI language: a known notice from its kind and values (amounts
 * as money), anything else (a composed message, a kind this client does not know) as it was written.
 */
export function noticeText(
  item: InboxItem,
  t: (key: string, options: Record<string, unknown>) => string,
  money: (v: number) => string,
): { title: string; body: string } {
  if (!item.template || !NOTICE_TEMPLATES.includes(item.template) || !item.params)
    return { title: item.title, body: item.body };
  const values = {
    ...item.params,
    ...(typeof item.params.amount === "number" ? { amount: money(item.params.amount) } : {}),
  };
  const key = `notifications.notices.${item.template}`;
  return { title: t(`${key}.title`, values), body: t(`${key}.body`, values) };
}

type AudienceAnswer = RowOf<"/api/v2/notification-audiences">;
/**
 * A row of the audience picker; `id` is the shop's or role's. Everyone's row answers a null id, which
 * Refine's record type has no room for: it is read as no id.
 */
export type AudienceRow = Omit<AudienceAnswer, "id"> & { id?: Exclude<AudienceAnswer["id"], null> };

export const TITLE_MAX = 120;
export const BODY_MAX = 2000;
export const LINK = /^\/(?!\/)[^\s\\]*$/;

export const calls = callsOf(notifications);
/** The screen's resource (the table row's identifier). */
export const RESOURCE = "promotion-notify";

export const STATUS_COLORS: Record<MessageStatus, string> = {
  draft: "default",
  scheduled: "blue",
  sent: "green",
  cancelled: "red",
};
const CATEGORY_COLORS: Record<string, string> = {
  promotion: "magenta",
  order: "geekblue",
  product: "cyan",
  shop: "gold",
  system: "purple",
};
export const categoryColor = (code: string) => CATEGORY_COLORS[code] ?? "default";

/** A stored instant as the wall-clock time of the zone it was entered in. */
export const inZone = (iso: string, zone: string) => dayjs.utc(iso).tz(zone).format("ll HH:mm");
