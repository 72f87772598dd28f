/**
 * The mail app (docs/api/mail.md): mail between users of the system. Each user holds their own copy
 * of a message (`mailbox_entries`: folder, marks, labels); every query is scoped to the caller's
 * copies, so another user's mail, label or copy id answers 404 like one that does not exist. Writes
 * that touch a message lock its row first (`for update of mail_messages`), so a draft's saves, its
 * send and the deletion of the last copies of a message are applied one after the other.
 */
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db/client.js';
import {
  mailAttachments,
  mailLabels,
  mailMessages,
  mailRecipients,
  mailboxEntries,
  roles,
  userShops,
  users,
} from '../../db/schema.js';
import { assertShopAccess } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, HttpError, isUniqueViolation, notFound } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/sanitize.js';
import { containing, type Tx } from '../../lib/sql.js';
import type { StoredFile } from '../../lib/uploads.js';
import { ATTACHMENTS_MAX, LABELS_MAX, PAGE_MAX, SYSTEM_LABELS, type Folder, type SystemLabel } from './schemas.js';

type Q = Db | Tx;
const iso = (d: Date) => d.toISOString();
const unique = (xs: number[]) => [...new Set(xs)];
const conflictOn = (field: string, message: string) => new HttpError(409, message, [{ field, message }]);

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

// ---------- paging ----------

export interface Paging {
  _start?: number;
  _end?: number;
}

function pageOf(q: Paging): { offset: number; limit: number } {
  const offset = q._start ?? 0;
  const end = q._end ?? offset + PAGE_MAX;
  if (end < offset) throw fieldError('_end', '_end must not be less than _start');
  if (end - offset > PAGE_MAX) throw fieldError('_end', `_end may be at most ${PAGE_MAX} after _start`);
  return { offset, limit: end - offset };
}

// ---------- bodies ----------

/**
 * The body as stored: the shared rich-text rules, then pictures only from this server's uploads — an
 * image from another site would tell its owner when (and that) the mail is read.
 */
export function cleanBody(html: string): string {
  return sanitizeHtml(sanitizeRichText(html), {
    // A second pass over what the shared rules kept: every tag and attribute of theirs stays (script and style are long gone).
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'strike'],
    allowedAttributes: false,
    exclusiveFilter: (frame) =>
      frame.tag === 'img' && !/^\/uploads\/image\/[0-9a-f]{32}\.[a-z]{3,4}$/.test(frame.attribs.src ?? ''),
  });
}

/** The body as plain text in SQL: block tags become spaces, other tags go, the usual entities are read (`\y` is PostgreSQL's word edge), runs of white space read as one. */
const plainBody = sql`regexp_replace(replace(replace(replace(replace(replace(regexp_replace(regexp_replace(mail_messages.body,
  '</?(p|br|h[1-6]|li|ul|ol|blockquote|pre|tr|td|th|hr|figure|figcaption|table)\\y[^>]*>', ' ', 'gi'), '<[^>]*>', '', 'g'),
  '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&amp;', '&'), '\\s+', ' ', 'g')`;

const SNIPPET = 160;
const snippetOf = (plain: string) => {
  const text = plain.replace(/&#39;/g, "'").replace(/\s+/g, ' ').trim();
  return text.length > SNIPPET ? `${text.slice(0, SNIPPET - 1)}…` : text;
};

// ---------- who may write to whom ----------

const staffRoles = sql`(select ${roles.id} from ${roles} where ${roles.area} = 'admin')`;

/**
 * The people the caller may write to: staff write to every active user; a supplier to active staff
 * and to the active users of its own shops. Never the caller.
 */
function writableWhere(user: AuthUser): SQL {
  const base = and(eq(users.status, 'active'), ne(users.id, user.id))!;
  if (user.area !== 'supplier') return base;
  const ownShops = user.shopIds.length
    ? inArray(
        users.id,
        sql`(select ${userShops.userId} from ${userShops} where ${inArray(userShops.shopId, user.shopIds)})`,
      )
    : sql`false`;
  return and(base, or(inArray(users.roleId, staffRoles), ownShops))!;
}

interface Recipients {
  to: number[];
  cc: number[];
}

/** Checks `to` and `cc` against the rule above (400 naming the field) and answers them without repeats. */
async function checkRecipients(q: Q, user: AuthUser, input: Recipients): Promise<Recipients> {
  const to = unique(input.to);
  const cc = unique(input.cc);
  for (const [field, list] of [
    ['to', to],
    ['cc', cc],
  ] as const) {
    if (list.includes(user.id)) throw fieldError(field, `${field}: you cannot write to yourself`);
  }
  const twice = cc.filter((id) => to.includes(id));
  if (twice.length) throw fieldError('cc', `cc: user ${twice[0]} is already in to`);
  const all = [...to, ...cc];
  if (!all.length) return { to, cc };
  const allowed = new Set(
    (
      await q
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, all), writableWhere(user)))
    ).map((r) => r.id),
  );
  for (const [field, list] of [
    ['to', to],
    ['cc', cc],
  ] as const) {
    const bad = list.find((id) => !allowed.has(id));
    if (bad !== undefined) {
      throw fieldError(
        field,
        `${field}: user ${bad} is not someone you can write to (unknown, disabled or outside your contacts; see the contact list)`,
      );
    }
  }
  return { to, cc };
}

async function saveRecipients(tx: Tx, messageId: number, r: Recipients) {
  await tx.delete(mailRecipients).where(eq(mailRecipients.messageId, messageId));
  const rows = [
    ...r.to.map((userId) => ({ messageId, userId, kind: 'to' })),
    ...r.cc.map((userId) => ({ messageId, userId, kind: 'cc' })),
  ];
  if (rows.length) await tx.insert(mailRecipients).values(rows);
}

async function recipientsOf(q: Q, messageId: number): Promise<Recipients> {
  const found = await q
    .select({ userId: mailRecipients.userId, kind: mailRecipients.kind })
    .from(mailRecipients)
    .where(eq(mailRecipients.messageId, messageId));
  return {
    to: found.filter((r) => r.kind === 'to').map((r) => r.userId),
    cc: found.filter((r) => r.kind === 'cc').map((r) => r.userId),
  };
}

// ---------- reading ----------

const personName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

const summaryFields = {
  id: mailboxEntries.id,
  messageId: mailboxEntries.messageId,
  folder: mailboxEntries.folder,
  read: mailboxEntries.read,
  starred: mailboxEntries.starred,
  important: mailboxEntries.important,
  labelIds: mailboxEntries.labelIds,
  senderId: mailMessages.senderId,
  fromName: personName,
  fromUsername: users.username,
  subject: mailMessages.subject,
  replyToId: mailMessages.replyToId,
  sentAt: mailMessages.sentAt,
  updatedAt: mailMessages.updatedAt,
  plain: sql<string>`left(${plainBody}, 400)`,
  attachmentCount: sql<number>`(select count(*)::int from mail_attachments a where a.message_id = mail_messages.id)`,
};
const summaries = (q: Q) =>
  q
    .select(summaryFields)
    .from(mailboxEntries)
    .innerJoin(mailMessages, eq(mailMessages.id, mailboxEntries.messageId))
    .innerJoin(users, eq(users.id, mailMessages.senderId));
type SummaryRow = Awaited<ReturnType<typeof summaries>>[number];

const homeOf = (row: { sentAt: Date | null; senderId: number }, user: AuthUser): Folder =>
  row.sentAt === null ? 'drafts' : row.senderId === user.id ? 'sent' : 'inbox';

async function peopleOf(q: Q, messageIds: number[]): Promise<Map<number, { to: Person[]; cc: Person[] }>> {
  const out = new Map<number, { to: Person[]; cc: Person[] }>(messageIds.map((id) => [id, { to: [], cc: [] }]));
  if (!messageIds.length) return out;
  const found = await q
    .select({
      messageId: mailRecipients.messageId,
      kind: mailRecipients.kind,
      id: users.id,
      name: personName,
      username: users.username,
    })
    .from(mailRecipients)
    .innerJoin(users, eq(users.id, mailRecipients.userId))
    .where(inArray(mailRecipients.messageId, messageIds))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  for (const r of found)
    out.get(r.messageId)![r.kind === 'cc' ? 'cc' : 'to'].push({ id: r.id, name: r.name, username: r.username });
  return out;
}

const attachmentFields = {
  id: mailAttachments.id,
  url: mailAttachments.url,
  mime: mailAttachments.mime,
  size: mailAttachments.size,
  originalName: mailAttachments.originalName,
};

async function attachmentsOf(q: Q, messageIds: number[]): Promise<Map<number, Attachment[]>> {
  const out = new Map<number, Attachment[]>(messageIds.map((id) => [id, []]));
  if (!messageIds.length) return out;
  const found = await q
    .select({ messageId: mailAttachments.messageId, ...attachmentFields })
    .from(mailAttachments)
    .where(inArray(mailAttachments.messageId, messageIds))
    .orderBy(asc(mailAttachments.id));
  for (const { messageId, ...a } of found) out.get(messageId)!.push(a);
  return out;
}

async function toSummaries(q: Q, user: AuthUser, found: SummaryRow[]) {
  const people = await peopleOf(q, unique(found.map((r) => r.messageId)));
  return found.map((r) => ({
    id: r.id,
    messageId: r.messageId,
    folder: r.folder as Folder,
    home: homeOf(r, user),
    read: r.read,
    starred: r.starred,
    important: r.important,
    labelIds: r.labelIds,
    from: { id: r.senderId, name: r.fromName, username: r.fromUsername },
    ...people.get(r.messageId)!,
    subject: r.subject,
    snippet: snippetOf(r.plain),
    attachmentCount: Number(r.attachmentCount),
    replyToId: r.replyToId,
    sentAt: r.sentAt ? iso(r.sentAt) : null,
    updatedAt: iso(r.updatedAt),
  }));
}
/**
 * A notice from the system to one user, in their inbox (sanitised like any body). Mail needs a sender: the notice
 * is from the user to themselves, with no copy in their sent folder.
 */
export async function deliverNotice(q: Q, userId: number, notice: { subject: string; body: string }): Promise<void> {
  const now = new Date();
  const [message] = await q
    .insert(mailMessages)
    .values({
      senderId: userId,
      subject: notice.subject,
      body: cleanBody(notice.body),
      sentAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: mailMessages.id });
  await q.insert(mailRecipients).values({ messageId: message.id, userId, kind: 'to' });
  await q
    .insert(mailboxEntries)
    .values({ messageId: message.id, userId, folder: 'inbox', read: false, createdAt: now });
}

export type MailSummary = Awaited<ReturnType<typeof toSummaries>>[number];

const mine = (user: AuthUser) => eq(mailboxEntries.userId, user.id);
const outsideTrash = ne(mailboxEntries.folder, 'trash');
const carries = (labelId: number) => sql`${mailboxEntries.labelIds} @> ${JSON.stringify([labelId])}::jsonb`;

/** Where a system label's mails are. */
function labelWhere(label: SystemLabel): SQL {
  if (label === 'starred') return and(eq(mailboxEntries.starred, true), outsideTrash)!;
  if (label === 'important') return and(eq(mailboxEntries.important, true), outsideTrash)!;
  return eq(mailboxEntries.folder, label);
}

async function ownLabel(q: Q, user: AuthUser, id: number) {
  const [row] = await q
    .select()
    .from(mailLabels)
    .where(and(eq(mailLabels.id, id), eq(mailLabels.userId, user.id)));
  if (!row) throw notFound('Label');
  return row;
}

export interface MailsQuery extends Paging {
  folder?: SystemLabel;
  labelId?: number;
  q?: string;
}

export async function listMails(db: Db, user: AuthUser, query: MailsQuery) {
  const { offset, limit } = pageOf(query);
  if (query.folder && query.labelId !== undefined)
    throw fieldError('labelId', 'Send either folder or labelId, not both');
  if (query.labelId !== undefined) await ownLabel(db, user, query.labelId);
  const text = query.q?.trim();
  const where = and(
    mine(user),
    query.folder
      ? labelWhere(query.folder)
      : query.labelId !== undefined
        ? and(carries(query.labelId), outsideTrash)
        : outsideTrash,
    text
      ? or(
          sql`${mailMessages.subject} ilike ${containing(text)}`,
          sql`${plainBody} ilike ${containing(text)}`,
          sql`${personName} ilike ${containing(text)}`,
          sql`${users.username} ilike ${containing(text)}`,
          sql`${users.email} ilike ${containing(text)}`,
        )
      : undefined,
  );
  const [{ total }] = await db
    .select({ total: count() })
    .from(mailboxEntries)
    .innerJoin(mailMessages, eq(mailMessages.id, mailboxEntries.messageId))
    .innerJoin(users, eq(users.id, mailMessages.senderId))
    .where(where);
  const found =
    limit === 0
      ? []
      : await summaries(db)
          .where(where)
          .orderBy(desc(sql`coalesce(${mailMessages.sentAt}, ${mailMessages.updatedAt})`), desc(mailboxEntries.id))
          .limit(limit)
          .offset(offset);
  return { rows: await toSummaries(db, user, found), total };
}

/** The caller's copy with its message's state; 404 when it is not theirs. With `lock`, the message row is locked. */
async function ownEntry(q: Q, user: AuthUser, id: number, lock = false) {
  const base = q
    .select({
      id: mailboxEntries.id,
      messageId: mailboxEntries.messageId,
      folder: mailboxEntries.folder,
      labelIds: mailboxEntries.labelIds,
      senderId: mailMessages.senderId,
      sentAt: mailMessages.sentAt,
      updatedAt: mailMessages.updatedAt,
      replyToId: mailMessages.replyToId,
    })
    .from(mailboxEntries)
    .innerJoin(mailMessages, eq(mailMessages.id, mailboxEntries.messageId))
    .where(and(eq(mailboxEntries.id, id), mine(user)));
  const [row] = lock ? await base.for('update', { of: mailMessages }) : await base;
  if (!row) throw notFound('Mail');
  return row;
}

/** Message ids of the conversation `messageId` belongs to: up its replyToId chain to the first, then every answer below. */
async function conversationOf(q: Q, messageId: number): Promise<number[]> {
  const res = (await q.execute(sql`
    with recursive up(id, reply_to_id, depth) as (
      select id, reply_to_id, 0 from mail_messages where id = ${messageId}
      union all
      select m.id, m.reply_to_id, up.depth + 1 from mail_messages m join up on m.id = up.reply_to_id where up.depth < 200
    ), root as (select id from up order by depth desc limit 1),
    down(id, depth) as (
      select id, 0 from root
      union all
      select m.id, down.depth + 1 from mail_messages m join down on m.reply_to_id = down.id where down.depth < 200
    )
    select distinct id from down`)) as unknown as { rows: { id: number }[] };
  return res.rows.map((r) => Number(r.id));
}

const THREAD_MAX = 50;

async function readMail(q: Q, user: AuthUser, id: number) {
  const [row] = await summaries(q).where(and(eq(mailboxEntries.id, id), mine(user)));
  if (!row) throw notFound('Mail');
  const [summary] = await toSummaries(q, user, [row]);
  const [{ body }] = await q
    .select({ body: mailMessages.body })
    .from(mailMessages)
    .where(eq(mailMessages.id, row.messageId));
  const conversation = (await conversationOf(q, row.messageId)).filter((m) => m !== row.messageId);
  const others = conversation.length
    ? await summaries(q)
        .where(
          and(
            mine(user),
            inArray(mailboxEntries.messageId, conversation),
            outsideTrash,
            sql`${mailMessages.sentAt} is not null`,
          ),
        )
        .orderBy(asc(mailMessages.sentAt), asc(mailMessages.id))
        .limit(THREAD_MAX)
    : [];
  const threadIds = others.map((o) => o.messageId);
  const [people, files, bodies] = await Promise.all([
    peopleOf(q, threadIds),
    attachmentsOf(q, [row.messageId, ...threadIds]),
    threadIds.length
      ? q
          .select({ id: mailMessages.id, body: mailMessages.body })
          .from(mailMessages)
          .where(inArray(mailMessages.id, threadIds))
      : [],
  ]);
  const thread = others.map((o) => ({
    id: o.id,
    messageId: o.messageId,
    folder: o.folder as Folder,
    from: { id: o.senderId, name: o.fromName, username: o.fromUsername },
    ...people.get(o.messageId)!,
    subject: o.subject,
    body: bodies.find((b) => b.id === o.messageId)!.body,
    sentAt: iso(o.sentAt!),
    attachments: files.get(o.messageId)!,
  }));
  return { ...summary, body, attachments: files.get(row.messageId)!, thread };
}
export type Mail = Awaited<ReturnType<typeof readMail>>;

/** One mail of the caller; opening it marks it read. */
export async function openMail(db: Db, user: AuthUser, id: number): Promise<Mail> {
  await db
    .update(mailboxEntries)
    .set({ read: true })
    .where(and(eq(mailboxEntries.id, id), mine(user), eq(mailboxEntries.read, false)));
  return readMail(db, user, id);
}

// ---------- drafts ----------

interface Content {
  to?: number[];
  cc?: number[];
  subject?: string;
  body?: string;
}
export interface DraftInput extends Content {
  replyToId?: number;
}

/** A later timestamp than `before` even within one millisecond: a draft's version always moves on. */
const after = (before: Date) => new Date(Math.max(Date.now(), before.getTime() + 1));

export async function createDraft(db: Db, user: AuthUser, input: DraftInput): Promise<Mail> {
  const id = await db.transaction(async (tx) => {
    if (input.replyToId !== undefined) {
      // Only a sent message the caller holds a copy of can be answered.
      const [held] = await tx
        .select({ id: mailboxEntries.id })
        .from(mailboxEntries)
        .innerJoin(mailMessages, eq(mailMessages.id, mailboxEntries.messageId))
        .where(and(eq(mailboxEntries.messageId, input.replyToId), mine(user), sql`${mailMessages.sentAt} is not null`));
      if (!held) throw notFound('Mail');
    }
    const recipients = await checkRecipients(tx, user, { to: input.to ?? [], cc: input.cc ?? [] });
    const now = new Date();
    const [message] = await tx
      .insert(mailMessages)
      .values({
        senderId: user.id,
        subject: (input.subject ?? '').trim(),
        body: cleanBody(input.body ?? ''),
        replyToId: input.replyToId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: mailMessages.id });
    await saveRecipients(tx, message.id, recipients);
    const [entry] = await tx
      .insert(mailboxEntries)
      .values({ messageId: message.id, userId: user.id, folder: 'drafts', read: true, createdAt: now })
      .returning({ id: mailboxEntries.id });
    return entry.id;
  });
  return readMail(db, user, id);
}

const hasContent = (input: Content) =>
  input.to !== undefined || input.cc !== undefined || input.subject !== undefined || input.body !== undefined;

type Entry = Awaited<ReturnType<typeof ownEntry>>;

/** A draft still in the drafts folder; 409 otherwise. */
function assertEditable(entry: Entry, doing: string) {
  if (entry.sentAt) throw conflict('This mail has been sent; it can no longer be changed.');
  if (entry.folder !== 'drafts') throw conflict(`Restore the draft from the trash before ${doing} it.`);
}

/** Applies content changes to a draft the caller saw at `version` (409 naming updatedAt when it changed meanwhile). */
async function changeDraft(tx: Tx, user: AuthUser, entry: Entry, input: Content, version: string | undefined) {
  if (version === undefined)
    throw fieldError('updatedAt', 'updatedAt is required to change a draft: send the one you read');
  if (new Date(version).getTime() !== entry.updatedAt.getTime()) {
    throw conflictOn('updatedAt', 'The draft was changed meanwhile (in another window?); reload it and try again.');
  }
  const set: Partial<typeof mailMessages.$inferInsert> = { updatedAt: after(entry.updatedAt) };
  if (input.subject !== undefined) set.subject = input.subject.trim();
  if (input.body !== undefined) set.body = cleanBody(input.body);
  if (input.to !== undefined || input.cc !== undefined) {
    const current = await recipientsOf(tx, entry.messageId);
    await saveRecipients(
      tx,
      entry.messageId,
      await checkRecipients(tx, user, { to: input.to ?? current.to, cc: input.cc ?? current.cc }),
    );
  }
  await tx.update(mailMessages).set(set).where(eq(mailMessages.id, entry.messageId));
}

async function assertOwnLabels(q: Q, user: AuthUser, ids: number[]) {
  if (!ids.length) return;
  const found = await q
    .select({ id: mailLabels.id })
    .from(mailLabels)
    .where(and(inArray(mailLabels.id, ids), eq(mailLabels.userId, user.id)));
  if (found.length !== unique(ids).length) throw notFound('Label');
}

export interface MailPatch extends Content {
  read?: boolean;
  starred?: boolean;
  important?: boolean;
  labelIds?: number[];
  updatedAt?: string;
}

/** Marks and labels on any copy of the caller; subject, body and recipients on a draft of theirs. */
export async function updateMail(db: Db, user: AuthUser, id: number, input: MailPatch): Promise<Mail> {
  await db.transaction(async (tx) => {
    const entry = await ownEntry(tx, user, id, true);
    if (input.labelIds !== undefined) await assertOwnLabels(tx, user, input.labelIds);
    if (hasContent(input)) {
      assertEditable(entry, 'changing');
      await changeDraft(tx, user, entry, input, input.updatedAt);
    }
    const set: Partial<typeof mailboxEntries.$inferInsert> = {};
    if (input.read !== undefined) set.read = input.read;
    if (input.starred !== undefined) set.starred = input.starred;
    if (input.important !== undefined) set.important = input.important;
    if (input.labelIds !== undefined) set.labelIds = unique(input.labelIds);
    if (Object.keys(set).length) await tx.update(mailboxEntries).set(set).where(eq(mailboxEntries.id, id));
  });
  return readMail(db, user, id);
}

/** Sends a draft (with its last changes): a copy in each recipient's inbox, the sender's in sent. */
export interface SendInput extends Content {
  updatedAt: string;
}

export async function sendMail(db: Db, user: AuthUser, id: number, input: SendInput): Promise<Mail> {
  await db.transaction(async (tx) => {
    const entry = await ownEntry(tx, user, id, true);
    if (entry.sentAt) throw conflict('This mail was already sent.');
    assertEditable(entry, 'sending');
    await changeDraft(tx, user, entry, input, input.updatedAt);
    // Checked again: someone may have been disabled since the draft was written.
    const { to, cc } = await checkRecipients(tx, user, await recipientsOf(tx, entry.messageId));
    if (!to.length) throw fieldError('to', 'to: add at least one recipient');
    const now = after(entry.updatedAt);
    await tx.update(mailMessages).set({ sentAt: now, updatedAt: now }).where(eq(mailMessages.id, entry.messageId));
    await tx.update(mailboxEntries).set({ folder: 'sent', read: true }).where(eq(mailboxEntries.id, id));
    await tx.insert(mailboxEntries).values(
      [...to, ...cc].map((userId) => ({
        messageId: entry.messageId,
        userId,
        folder: 'inbox',
        read: false,
        createdAt: now,
      })),
    );
    const [{ files }] = await tx
      .select({ files: count() })
      .from(mailAttachments)
      .where(eq(mailAttachments.messageId, entry.messageId));
    // Mail is private: the log keeps who wrote to whom, never the subject or the body.
    await audit(tx, {
      actorId: user.id,
      action: 'send',
      entity: 'mail_message',
      entityId: entry.messageId,
      after: { to, cc, attachments: files, replyToId: entry.replyToId },
    });
  });
  return readMail(db, user, id);
}

/** Into the trash, or back to its home folder (restore). */
export async function moveMail(db: Db, user: AuthUser, id: number, folder: Folder): Promise<Mail> {
  await db.transaction(async (tx) => {
    const entry = await ownEntry(tx, user, id, true);
    const home = homeOf(entry, user);
    if (folder !== 'trash' && folder !== home)
      throw conflictOn('folder', `This mail belongs in ${home}: move it there or to the trash.`);
    await tx.update(mailboxEntries).set({ folder }).where(eq(mailboxEntries.id, id));
  });
  return readMail(db, user, id);
}

/**
 * Deletes the caller's copy for good: a mail in the trash, or a draft (discarded). When no copy of the
 * message is left, the message and its attachments go; answers the stored files to remove once committed.
 */
export async function deleteMail(db: Db, user: AuthUser, id: number): Promise<{ mail: MailSummary; files: string[] }> {
  return db.transaction(async (tx) => {
    const entry = await ownEntry(tx, user, id, true);
    if (entry.sentAt && entry.folder !== 'trash')
      throw conflict('Move the mail to the trash first: only mails in the trash are deleted for good.');
    const [row] = await summaries(tx).where(eq(mailboxEntries.id, id));
    const [mail] = await toSummaries(tx, user, [row]);
    await tx.delete(mailboxEntries).where(eq(mailboxEntries.id, id));
    const [{ left }] = await tx
      .select({ left: count() })
      .from(mailboxEntries)
      .where(eq(mailboxEntries.messageId, entry.messageId));
    let files: string[] = [];
    if (left === 0) {
      files = (
        await tx
          .select({ url: mailAttachments.url })
          .from(mailAttachments)
          .where(eq(mailAttachments.messageId, entry.messageId))
      ).map((r) => r.url);
      await tx.delete(mailMessages).where(eq(mailMessages.id, entry.messageId));
    }
    await audit(tx, {
      actorId: user.id,
      action: entry.sentAt ? 'delete' : 'discard',
      entity: 'mail_entry',
      entityId: id,
      before: { messageId: entry.messageId, folder: entry.folder },
      after: { messageRemoved: left === 0 },
    });
    return { mail, files };
  });
}

// ---------- attachments ----------

/** 404 unless the copy is the caller's, 409 unless it is a draft in drafts; checked before an upload is read, and again in its transaction. */
export async function assertOwnDraft(q: Q, user: AuthUser, id: number) {
  assertEditable(await ownEntry(q, user, id), 'attaching files to');
}

export async function addAttachment(db: Db, user: AuthUser, id: number, file: StoredFile): Promise<Attachment> {
  return db.transaction(async (tx) => {
    const entry = await ownEntry(tx, user, id, true);
    assertEditable(entry, 'attaching files to');
    const [{ n }] = await tx
      .select({ n: count() })
      .from(mailAttachments)
      .where(eq(mailAttachments.messageId, entry.messageId));
    if (n >= ATTACHMENTS_MAX)
      throw conflict(`A mail holds at most ${ATTACHMENTS_MAX} attachments; remove one before adding another.`);
    const [row] = await tx
      .insert(mailAttachments)
      .values({
        messageId: entry.messageId,
        url: file.url,
        mime: file.mime,
        size: file.size,
        originalName: file.originalName,
      })
      .returning(attachmentFields);
    return row;
  });
}

export async function deleteAttachment(db: Db, user: AuthUser, id: number, attachmentId: number): Promise<Attachment> {
  return db.transaction(async (tx) => {
    const entry = await ownEntry(tx, user, id, true);
    const [found] = await tx
      .select({ id: mailAttachments.id })
      .from(mailAttachments)
      .where(and(eq(mailAttachments.id, attachmentId), eq(mailAttachments.messageId, entry.messageId)));
    if (!found) throw notFound('Attachment');
    assertEditable(entry, 'removing files from');
    const [row] = await tx
      .delete(mailAttachments)
      .where(eq(mailAttachments.id, attachmentId))
      .returning(attachmentFields);
    return row;
  });
}

// ---------- labels ----------

type LabelAnswer = {
  id: number | SystemLabel;
  system: boolean;
  name: string | null;
  color: string | null;
  total: number;
  unread: number;
};

async function customLabels(q: Q, user: AuthUser, ids?: number[]): Promise<LabelAnswer[]> {
  const found = await q
    .select({
      id: mailLabels.id,
      name: mailLabels.name,
      color: mailLabels.color,
      total: sql<number>`count(${mailboxEntries.id})::int`,
      unread: sql<number>`(count(${mailboxEntries.id}) filter (where not ${mailboxEntries.read}))::int`,
    })
    .from(mailLabels)
    .leftJoin(
      mailboxEntries,
      and(
        eq(mailboxEntries.userId, mailLabels.userId),
        outsideTrash,
        sql`${mailboxEntries.labelIds} @> jsonb_build_array(${mailLabels.id})`,
      ),
    )
    .where(and(eq(mailLabels.userId, user.id), ids?.length ? inArray(mailLabels.id, ids) : undefined))
    .groupBy(mailLabels.id)
    .orderBy(sql`lower(${mailLabels.name})`, asc(mailLabels.id));
  return found.map((l) => ({ ...l, system: false, total: Number(l.total), unread: Number(l.unread) }));
}

/** The six system labels with their counts, then the caller's own labels by name (only `ids` when given). */
export async function listLabels(db: Db, user: AuthUser, ids?: number[]) {
  if (ids?.length) {
    const custom = await customLabels(db, user, ids);
    if (custom.length !== unique(ids).length) throw notFound('Label');
    return { rows: custom, total: custom.length };
  }
  const counts = await db
    .select({
      folder: mailboxEntries.folder,
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where not ${mailboxEntries.read}))::int`,
      starred: sql<number>`(count(*) filter (where ${mailboxEntries.starred}))::int`,
      starredUnread: sql<number>`(count(*) filter (where ${mailboxEntries.starred} and not ${mailboxEntries.read}))::int`,
      important: sql<number>`(count(*) filter (where ${mailboxEntries.important}))::int`,
      importantUnread: sql<number>`(count(*) filter (where ${mailboxEntries.important} and not ${mailboxEntries.read}))::int`,
    })
    .from(mailboxEntries)
    .where(mine(user))
    .groupBy(mailboxEntries.folder);
  const sum = (key: keyof (typeof counts)[number], folders: (c: (typeof counts)[number]) => boolean) =>
    counts.filter(folders).reduce((s, c) => s + Number(c[key]), 0);
  const live = (c: { folder: string }) => c.folder !== 'trash';
  const system: LabelAnswer[] = SYSTEM_LABELS.map((code) => {
    const base = { id: code, system: true, name: null, color: null };
    if (code === 'starred') return { ...base, total: sum('starred', live), unread: sum('starredUnread', live) };
    if (code === 'important') return { ...base, total: sum('important', live), unread: sum('importantUnread', live) };
    const only = (c: { folder: string }) => c.folder === code;
    return { ...base, total: sum('total', only), unread: sum('unread', only) };
  });
  const rows = [...system, ...(await customLabels(db, user))];
  return { rows, total: rows.length };
}

const duplicateLabel = (name: string) =>
  conflictOn('name', `You already have a label named "${name}"; pick another name.`);

function cleanLabelName(value: string): string {
  const name = value.trim();
  if (!name) throw fieldError('name', 'name must not be empty');
  return name;
}

/** A new label of the caller; with `mailIds`, those mails of theirs carry it at once. */
export async function createLabel(db: Db, user: AuthUser, input: { name: string; color: string; mailIds?: number[] }) {
  const name = cleanLabelName(input.name);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      // The caller's row serialises label writes, so two at once cannot pass the limit together.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
      const [{ n }] = await tx.select({ n: count() }).from(mailLabels).where(eq(mailLabels.userId, user.id));
      if (n >= LABELS_MAX)
        throw conflict(`You can have at most ${LABELS_MAX} labels; delete one before adding another.`);
      const mailIds = unique(input.mailIds ?? []);
      if (mailIds.length) {
        const found = await tx
          .select({ id: mailboxEntries.id })
          .from(mailboxEntries)
          .where(and(inArray(mailboxEntries.id, mailIds), mine(user)));
        if (found.length !== mailIds.length) throw notFound('Mail');
      }
      const [label] = await tx
        .insert(mailLabels)
        .values({ userId: user.id, name, color: input.color.toLowerCase() })
        .returning({ id: mailLabels.id });
      if (mailIds.length) {
        await tx
          .update(mailboxEntries)
          .set({ labelIds: sql`${mailboxEntries.labelIds} || jsonb_build_array(${label.id}::int)` })
          .where(inArray(mailboxEntries.id, mailIds));
      }
      return label.id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicateLabel(name);
    throw e;
  }
  return (await customLabels(db, user, [id]))[0];
}

export async function updateLabel(db: Db, user: AuthUser, id: number, input: { name?: string; color?: string }) {
  const set: Partial<typeof mailLabels.$inferInsert> = {};
  if (input.name !== undefined) set.name = cleanLabelName(input.name);
  if (input.color !== undefined) set.color = input.color.toLowerCase();
  await ownLabel(db, user, id);
  try {
    await db
      .update(mailLabels)
      .set(set)
      .where(and(eq(mailLabels.id, id), eq(mailLabels.userId, user.id)));
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicateLabel(set.name ?? '');
    throw e;
  }
  return (await customLabels(db, user, [id]))[0];
}

/** Deletes a label of the caller; their mails lose it (and stay where they are). */
export async function deleteLabel(db: Db, user: AuthUser, id: number) {
  return db.transaction(async (tx) => {
    const [label] = await customLabels(tx, user, [id]);
    if (!label) throw notFound('Label');
    await tx
      .update(mailboxEntries)
      .set({
        labelIds: sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(${mailboxEntries.labelIds}) e where e <> to_jsonb(${id}::int))`,
      })
      .where(and(mine(user), carries(id)));
    await tx.delete(mailLabels).where(eq(mailLabels.id, id));
    await audit(tx, {
      actorId: user.id,
      action: 'delete',
      entity: 'mail_label',
      entityId: id,
      before: { name: label.name, color: label.color },
    });
    return label;
  });
}

// ---------- contacts ----------

export interface ContactsQuery extends Paging {
  q?: string;
  shopId?: number;
  id?: number[];
}

/** The people the caller may write to, by name (see writableWhere). */
export async function listContacts(db: Db, user: AuthUser, query: ContactsQuery) {
  const { offset, limit } = pageOf(query);
  if (query.shopId !== undefined) await assertShopAccess(db, user, query.shopId);
  const text = query.q?.trim();
  const where = and(
    writableWhere(user),
    text
      ? or(
          sql`${personName} ilike ${containing(text)}`,
          sql`${users.username} ilike ${containing(text)}`,
          sql`${users.email} ilike ${containing(text)}`,
        )
      : undefined,
    query.shopId !== undefined
      ? inArray(
          users.id,
          sql`(select ${userShops.userId} from ${userShops} where ${userShops.shopId} = ${query.shopId})`,
        )
      : undefined,
    query.id?.length ? inArray(users.id, query.id) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const found =
    limit === 0
      ? []
      : await db
          .select({
            id: users.id,
            name: personName,
            username: users.username,
            area: roles.area,
            shops: sql<
              string[]
            >`coalesce((select array_agg(s.name order by s.name) from user_shops us join shops s on s.id = us.shop_id where us.user_id = users.id), '{}')`,
          })
          .from(users)
          .innerJoin(roles, eq(roles.id, users.roleId))
          .where(where)
          .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
          .limit(limit)
          .offset(offset);
  return {
    rows: found.map((r) => ({
      id: r.id,
      name: r.name,
      username: r.username,
      kind: r.area === 'supplier' ? ('supplier' as const) : ('staff' as const),
      shops: r.shops,
    })),
    total,
  };
}
