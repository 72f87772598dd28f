/** JSON schemas of the mail app (docs/api/mail.md). */
import { dateTime, id } from '../../lib/schemas.js';

export const TAGS = ['mail'];

/** The folders a user's copy of a mail lies in. */
export const FOLDERS = ['inbox', 'sent', 'drafts', 'trash'] as const;
export type Folder = (typeof FOLDERS)[number];
/** The system labels: the folders and the two marks (starred, important mails outside the trash). */
export const SYSTEM_LABELS = ['inbox', 'sent', 'drafts', 'starred', 'important', 'trash'] as const;
export type SystemLabel = (typeof SYSTEM_LABELS)[number];

export const SUBJECT_MAX = 200;
export const BODY_MAX = 100_000;
export const RECIPIENTS_MAX = 50;
export const ATTACHMENTS_MAX = 10;
export const LABEL_NAME_MAX = 40;
export const LABELS_MAX = 50;
export const SEARCH_MAX = 200;
/** At most this many rows per page of a list. */
export const PAGE_MAX = 100;

/** A REST list answer: the rows, the total in `x-total-count`. */
export const rows = (item: unknown) => ({
  type: 'array',
  items: item,
  headers: { 'x-total-count': { type: 'integer', description: 'Rows matching the filters' } },
});

export const person = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, username: { type: 'string' } },
  required: ['id', 'name', 'username'],
} as const;

export const attachment = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    url: { type: 'string' },
    mime: { type: 'string' },
    size: { type: 'integer' },
    originalName: { type: 'string' },
  },
  required: ['id', 'url', 'mime', 'size', 'originalName'],
} as const;

const people = { type: 'array', items: person } as const;
const folder = { type: 'string', enum: [...FOLDERS] } as const;

const summaryProps = {
  id: { type: 'integer', description: "The caller's copy (mailbox entry): the id every /mails route takes" },
  messageId: { type: 'integer', description: "The message, shared by the sender's and the recipients' copies" },
  folder,
  home: {
    type: 'string',
    enum: FOLDERS.filter((f) => f !== 'trash'),
    description: 'Where the copy belongs outside the trash: drafts (unsent), sent (the caller wrote it) or inbox',
  },
  read: { type: 'boolean' },
  starred: { type: 'boolean' },
  important: { type: 'boolean' },
  labelIds: { type: 'array', items: { type: 'integer' } },
  from: person,
  to: people,
  cc: people,
  subject: { type: 'string' },
  snippet: { type: 'string', description: 'The start of the body as plain text' },
  attachmentCount: { type: 'integer' },
  replyToId: { type: ['integer', 'null'], description: 'The message this one answers' },
  sentAt: { type: ['string', 'null'], format: 'date-time', description: 'null: a draft' },
  updatedAt: { ...dateTime, description: "The message's last change: the version a draft edit sends back" },
} as const;

export const summary = { type: 'object', properties: summaryProps, required: Object.keys(summaryProps) } as const;

const threadProps = {
  id: { type: 'integer' },
  messageId: { type: 'integer' },
  folder,
  from: person,
  to: people,
  cc: people,
  subject: { type: 'string' },
  body: { type: 'string' },
  sentAt: dateTime,
  attachments: { type: 'array', items: attachment },
} as const;

export const mail = {
  type: 'object',
  properties: {
    ...summaryProps,
    body: { type: 'string', description: 'Sanitised HTML' },
    attachments: { type: 'array', items: attachment },
    thread: {
      type: 'array',
      description: 'The other sent mails of the conversation the caller holds (not in the trash), oldest first',
      items: { type: 'object', properties: threadProps, required: Object.keys(threadProps) },
    },
  },
  required: [...Object.keys(summaryProps), 'body', 'attachments', 'thread'],
} as const;

const labelProps = {
  id: {
    anyOf: [{ type: 'string', enum: [...SYSTEM_LABELS] }, { type: 'integer' }],
    description: "A system label's code, or a custom label's id",
  },
  system: { type: 'boolean' },
  name: { type: ['string', 'null'], description: 'null for a system label (the screen words it)' },
  color: { type: ['string', 'null'] },
  total: { type: 'integer' },
  unread: { type: 'integer' },
} as const;
export const label = { type: 'object', properties: labelProps, required: Object.keys(labelProps) } as const;

const contactProps = {
  id: { type: 'integer' },
  name: { type: 'string' },
  username: { type: 'string' },
  kind: { type: 'string', enum: ['staff', 'supplier'] },
  shops: { type: 'array', items: { type: 'string' }, description: "A supplier account's shops, by name" },
} as const;
export const contact = { type: 'object', properties: contactProps, required: Object.keys(contactProps) } as const;

// ---------- inputs ----------

export const paging = {
  _start: { type: 'integer', minimum: 0, description: 'Index of the first row (default 0)' },
  _end: {
    type: 'integer',
    minimum: 0,
    description: `Index after the last row; at most ${PAGE_MAX} rows per page (default _start + ${PAGE_MAX})`,
  },
} as const;

const ids = (what: string) => ({ type: 'array', items: id, maxItems: RECIPIENTS_MAX, description: what }) as const;

export const mailsQuery = {
  ...paging,
  folder: {
    type: 'string',
    enum: [...SYSTEM_LABELS],
    description: 'A system label; with neither folder nor labelId: every mail of the caller outside the trash',
  },
  labelId: { ...id, description: "One of the caller's labels (another user's → 404); not with folder" },
  q: {
    type: 'string',
    minLength: 1,
    maxLength: SEARCH_MAX,
    description: 'Subject, body text or sender (name, username, e-mail) contains this, any case',
  },
} as const;

const content = {
  to: ids(
    `Recipients (user ids, at most ${RECIPIENTS_MAX}): people the caller may write to (GET /api/v2/mail-contacts)`,
  ),
  cc: ids('Copy recipients, by the same rule; none of them also in to'),
  subject: { type: 'string', maxLength: SUBJECT_MAX },
  body: { type: 'string', maxLength: BODY_MAX, description: 'HTML; sanitised on the server' },
} as const;

export const draftCreate = {
  ...content,
  replyToId: { ...id, description: 'The message this draft answers: one the caller holds (else 404)' },
} as const;

const version = {
  ...dateTime,
  description: "The draft's updatedAt as read: a draft changed meanwhile answers 409",
} as const;

export const mailPatch = {
  read: { type: 'boolean' },
  starred: { type: 'boolean' },
  important: { type: 'boolean' },
  labelIds: {
    type: 'array',
    items: id,
    maxItems: LABELS_MAX,
    description: "The caller's labels the mail carries (replaces the list)",
  },
  ...content,
  updatedAt: version,
} as const;

export const sendBody = { ...content, updatedAt: version } as const;

export const moveBody = {
  folder: { ...folder, description: "trash, or the mail's home folder (restore)" },
} as const;

export const labelsQuery = {
  id: {
    type: 'array',
    items: id,
    maxItems: PAGE_MAX,
    description: "Only these custom labels (repeat the parameter); another user's → 404",
  },
} as const;

const labelName = {
  type: 'string',
  minLength: 1,
  maxLength: LABEL_NAME_MAX,
  description: `1–${LABEL_NAME_MAX} characters after trimming; unique per user, any case`,
} as const;
const color = { type: 'string', pattern: '^#[0-9a-fA-F]{6}$', description: 'A colour, #rrggbb' } as const;

export const labelCreate = {
  name: labelName,
  color,
  mailIds: {
    type: 'array',
    items: id,
    maxItems: PAGE_MAX,
    description: "The caller's mails to put under the new label at once",
  },
} as const;
export const labelPatch = { name: labelName, color } as const;

export const contactsQuery = {
  ...paging,
  q: { type: 'string', minLength: 1, maxLength: 100, description: 'Name, username or e-mail contains this, any case' },
  shopId: { ...id, description: 'Only the users of this shop (a supplier: one of its own, else 404)' },
  id: { type: 'array', items: id, maxItems: PAGE_MAX, description: 'Only these people (repeat the parameter)' },
} as const;
