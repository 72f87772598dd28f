import dayjs from "dayjs";
import type { Body, RowOf } from "../../api";

/** A card as `/api/v2/task-cards` answers it (`dueDate`: YYYY-MM-DD). */
export type TaskCard = RowOf<"/api/v2/task-cards">;
export type TaskColumn = RowOf<"/api/v2/task-columns">;
export type Assignee = RowOf<"/api/v2/task-assignees">;
export type Attachment = RowOf<"/api/v2/task-cards/{id}/attachments">;

/** What the card form sends (`PATCH` sends the changed fields only). */
export type CardValues = Required<Pick<Body<"/api/v2/task-cards">, "name" | "description" | "assigneeId" | "dueDate">>;

/** The server's limits (server/src/modules/taskboard/schemas.ts), checked in the form before sending. */
export const COLUMN_NAME_MAX = 60;
export const CARD_NAME_MAX = 120;
export const DESCRIPTION_MAX = 2000;
export const ATTACHMENTS_MAX = 20;
export const ATTACHMENT_ACCEPT = "image/jpeg,image/png,image/webp,application/pdf";
const MB = 1024 * 1024;
/** Images up to 5 MB, PDFs up to 10 MB (the server sniffs the bytes again). */
export const attachmentLimit = (type: string) => (type === "application/pdf" ? 10 * MB : 5 * MB);

export type DueState = "overdue" | "today" | "later";

/** Whether a due date has passed, is today or lies ahead, in the reader's own calendar. */
export function dueState(dueDate: string, today = dayjs()): DueState {
  const due = dayjs(dueDate);
  if (due.isSame(today, "day")) return "today";
  return due.isBefore(today, "day") ? "overdue" : "later";
}

/** The REST resources, as the `rest` data provider names them. */
export const REST = {
  columns: "task-columns",
  cards: "task-cards",
  assignees: "task-assignees",
  attachments: (cardId: number) => `task-cards/${cardId}/attachments`,
} as const;
