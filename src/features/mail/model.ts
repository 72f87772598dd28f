/** The mail app's records, as `/api/v2/mails`, `/api/v2/mail-labels` and `/api/v2/mail-contacts` answer them (docs/api/mail.md). */
import type { Answer, RowOf } from "../../api";

/** One copy of a mail in the caller's mailbox: `id` is the copy's, `messageId` the shared message's. */
export type MailSummary = RowOf<"/api/v2/mails">;
export type Mail = Answer<"/api/v2/mails/{id}">;
export type Folder = MailSummary["folder"];
export type Person = MailSummary["from"];
export type Attachment = Mail["attachments"][number];
export type ThreadMessage = Mail["thread"][number];
export type MailLabel = RowOf<"/api/v2/mail-labels">;
export type SystemLabel = Extract<MailLabel["id"], string>;
export const SYSTEM_LABELS: readonly SystemLabel[] = ["inbox", "sent", "drafts", "starred", "important", "trash"];
export type Contact = RowOf<"/api/v2/mail-contacts">;

/** What the list shows: a system label, one of the user's labels, or (neither) everything outside the trash; `q` searches. */
export interface MailView {
  folder?: SystemLabel;
  labelId?: number;
  q?: string;
}

/** Whether a copy belongs in a view, judged on the client after a change (a search is left to the server). */
export function inView(mail: MailSummary, view: MailView): boolean {
  const live = mail.folder !== "trash";
  if (view.labelId !== undefined) return live && mail.labelIds.includes(view.labelId);
  switch (view.folder) {
    case undefined:
      return live;
    case "starred":
      return live && mail.starred;
    case "important":
      return live && mail.important;
    default:
      return mail.folder === view.folder;
  }
}

/** The server's limits (server/src/modules/mail/schemas.ts), checked before sending. */
export const SUBJECT_MAX = 200;
export const RECIPIENTS_MAX = 50;
export const ATTACHMENTS_MAX = 10;
export const LABEL_NAME_MAX = 40;
export const ATTACHMENT_ACCEPT = "image/jpeg,image/png,image/webp,application/pdf";
const MB = 1024 * 1024;
/** Images up to 5 MB, PDFs up to 10 MB (the server sniffs the bytes again). */
export const attachmentLimit = (type: string) => (type === "application/pdf" ? 10 * MB : 5 * MB);
/** Rows fetched a page at a time. */
export const PAGE_SIZE = 30;
/** Colours offered for a new label. */
export const LABEL_COLORS = ["#1e88e5", "#43a047", "#e53935", "#fb8c00", "#8e24aa", "#00897b", "#6d4c41", "#546e7a"];

export const REST = {
  mails: "mails",
  labels: "mail-labels",
  contacts: "mail-contacts",
  attachments: (id: number) => `mails/${id}/attachments`,
} as const;
