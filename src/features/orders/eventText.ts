import type { TimelineEvent } from "./model";

type Translate = (key: string, options?: Record<string, unknown>, fallback?: string) => string;

/** Values that are codes, with where their words are. */
const CODED: Record<string, string> = {
  transportType: "orders.transport",
  channel: "orders.contactChannel",
  kind: "orders.claimKind",
  to: "orders.claimStatus",
};

/**
 * An order event in the reader's language, from its code and values (the server's English
 * `message` only for events from before codes). Status moves show their statuses as tags, so
 * their text is only the reason or note given. Free text (reasons, notes) stays as written.
 */
export function eventText(
  t: Translate,
  e: Pick<TimelineEvent, "code" | "params" | "message">,
  money: (v: number | string) => string,
): string {
  if (!e.code) return e.message ?? "";
  const p = e.params ?? {};
  const values: Record<string, unknown> = { ...p };
  for (const [key, base] of Object.entries(CODED)) {
    if (p[key] !== undefined) values[key] = t(`${base}.${p[key]}`, {}, String(p[key]));
  }
  for (const key of ["amount", "paid", "total", "owed"]) if (p[key] !== undefined) values[key] = money(p[key]);
  const own = [p.reason ? t("orders.events.reason", { reason: p.reason }) : null, p.note, p.resolution]
    .filter(Boolean)
    .join(" — ");
  if (e.code === "status") return own;
  const base = t(`orders.events.${e.code}`, values, e.message ?? e.code);
  return own ? `${base} — ${own}` : base;
}
