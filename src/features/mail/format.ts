import dayjs from "dayjs";
import type { Mail } from "./model";

export const fileSize = (size: number) =>
  size < 1024 * 1024 ? `${Math.max(1, Math.round(size / 1024))} KB` : `${(size / 1024 / 1024).toFixed(1)} MB`;

/** A list's date: the time for today, the day for this year, the full date before (dayjs follows the UI language). */
export function when(iso: string, now = dayjs()): string {
  const d = dayjs(iso);
  if (d.isSame(now, "day")) return d.format("LT");
  return d.format("ll");
}

/**
 * A reply to `mail` as the composer starts it: to its sender (or, answering one's own mail, to its
 * recipients), "Re:" once, the mail quoted below an empty first line.
 */
export function replyOf(
  mail: Mail,
  me: number | undefined,
  words: { re: string; wrote(name: string, date: string): string },
) {
  const mine = mail.from.id === me;
  const to = mine ? mail.to.map((p) => p.id) : [mail.from.id];
  const prefix = `${words.re}:`;
  const subject = mail.subject.toLowerCase().startsWith(prefix.toLowerCase())
    ? mail.subject
    : `${prefix} ${mail.subject}`.trim();
  const intro = words.wrote(mail.from.name, dayjs(mail.sentAt ?? mail.updatedAt).format("LLL"));
  const escape = (s: string) =>
    s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  return {
    to,
    subject,
    body: `<p></p><p>${escape(intro)}</p><blockquote>${mail.body}</blockquote>`,
    replyToId: mail.messageId,
  };
}
