/** Limits the server keeps (docs/api/campaign.md), and server errors placed on the screen's fields. */
export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 1000;
export const LABEL_MAX = 80;

const WINDOW_PARTS = ["startsAt", "endsAt", "timezone"];

/** A failure whose window errors (`startsAt`, `endsAt`, `timezone`) are put on the one `window` field. */
export function windowFieldErrors(error: unknown): unknown {
  const errors = (error as { errors?: Record<string, string[]> } | null)?.errors;
  if (!errors) return error;
  const mapped: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const name = WINDOW_PARTS.includes(field) ? "window" : field;
    mapped[name] = [...(mapped[name] ?? []), ...messages];
  }
  return { ...(error as object), errors: mapped };
}
