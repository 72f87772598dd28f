/** The mail app's records, as `/api/v2/mails`, `/api/v2/mail-labels` and `/api/v2/mail-contacts` answer them (docs/api/mail.md). */

export type Folder = "inbox" | "sent" | "drafts" | "trash";
export type SystemLabel = "inbox" | "sent" | "drafts" | "starred" | "important" | "trash";
export const SYSTEM_LABELS: readonly SystemLabel[] = ["inbox", "sent", "drafts", "starred", "important", "trash"];

export interface Person {
  id: number;
  name: string;
  username: string;
}

export interface Attachment {
  id: number;
  url: string;
  mime: string;
  size: number;
  originalName: string;
}

/** One copy of a mail in the caller's mailbox: `id` is the copy's, `messageId` the shared message's. */
export interface MailSummary {
  id: number;
  messageId: number;
  folder: Folder;
  /** Where the copy belongs outside the trash (where "restore" puts it). */
  home: Exclude<Folder, "trash">;
  read: boolean;
  starred: boolean;
  important: boolean;
  labelIds: number[];
  from: Person;
  to: Person[];
  cc: Person[];
  subject: string;
  snippet: string;
  attachmentCount: number;
  replyToId: number | null;
  /** null: a draft. */
  sentAt: string | null;
  /** A draft's version: each save sends back the one it read. */
  updatedAt: string;
}

export interface ThreadMessage {
  id: number;
  messageId: number;
  folder: Folder;
  from: Person;
  to: Person[];
  cc: Person[];
  subject: string;
  body: string;
  sentAt: string;
  attachments: Attachment[];
}

export interface Mail extends MailSummary {
  body: string;
  attachments: Attachment[];
  /** The other sent mails of the conversation, oldest first. */
  thread: ThreadMessage[];
}

export interface MailLabel {
  /** A system label's code, or a custom label's id. */
  id: SystemLabel | number;
  system: boolean;
  name: string | null;
  color: string | null;
  total: number;
  unread: number;
}

export interface Contact extends Person {
  kind: "staff" | "supplier";
  shops: string[];
}

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
    case undefined: return live;
    case "starred": return live && mail.starred;
    case "important": return live && mail.important;
    default: return mail.folder === view.folder;
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
