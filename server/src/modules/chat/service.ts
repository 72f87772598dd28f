/**
 * The chat app (docs/api/chat.md). A user sees only the conversations they take part in: every read and
 * write starts from the caller's own `chat_participants` row, and a conversation they are not in answers
 * 404, the same as one that does not exist.
 *
 * Contacts (who may talk to whom): staff talk to every active user; a supplier talks to staff and to the
 * users of its own shops. Suppliers of different shops never meet, not even in a staff member's group.
 *
 * Message ids are the send order: every send takes one advisory lock for the insert and holds it to the
 * commit, so ids commit in ascending order and a reader that has message n has every earlier one it may
 * see. That is what lets the event stream resume after "the last id the client has" without gaps.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatConversations, chatMessages, chatParticipants, roles, shops, userShops, users } from '../../db/schema.js';
import { assertShopAccess } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { lockStream } from '../../lib/realtime.js';
import { MAX_PAGE } from '../../rest/resource.js';
import { containing, type Tx } from '../../lib/sql.js';
import type { StoredFile } from '../../lib/uploads.js';
import { TITLE_MAX } from './schemas.js';

type Q = Db | Tx;

export interface Paging {
  _start?: number;
  _end?: number;
}

function pageOf(q: Paging): { offset: number; limit: number } {
  const offset = q._start ?? 0;
  const end = q._end ?? offset + MAX_PAGE;
  if (end < offset) throw fieldError('_end', '_end must not be less than _start');
  if (end - offset > MAX_PAGE) throw fieldError('_end', `_end may be at most ${MAX_PAGE} after _start`);
  return { offset, limit: end - offset };
}

const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
const staffRoleIds = sql`(select ${roles.id} from ${roles} where ${roles.area} = 'admin')`;

// ---------- contacts ----------

/** The active users `user` may talk to (never themselves). */
function contactWhere(user: AuthUser): SQL {
  const base = and(eq(users.status, 'active'), ne(users.id, user.id))!;
  if (user.area !== 'supplier') return base;
  const shopmates = user.shopIds.length
    ? inArray(
        users.id,
        sql`(select ${userShops.userId} from ${userShops} where ${inArray(userShops.shopId, user.shopIds)})`,
      )
    : sql`false`;
  return and(base, or(inArray(users.roleId, staffRoleIds), shopmates))!;
}

/** A user's shops by name; a supplier looking sees only the shops it belongs to as well. */
const shopNamesSeenBy = (viewer: AuthUser) => sql<string[]>`coalesce((
  select array_agg(${shops.name} order by ${shops.name}) from ${userShops} join ${shops} on ${shops.id} = ${userShops.shopId}
  where ${userShops.userId} = ${users.id}${viewer.area === 'supplier' ? sql` and ${inArray(userShops.shopId, viewer.shopIds.length ? viewer.shopIds : [0])}` : sql``}
), '{}')`;

export async function listContacts(db: Db, user: AuthUser, q: Paging & { q?: string; shopId?: number }) {
  const { offset, limit } = pageOf(q);
  if (q.shopId !== undefined) await assertShopAccess(db, user, q.shopId);
  const where = and(
    contactWhere(user),
    q.q?.trim()
      ? or(ilike(fullName, containing(q.q.trim())), ilike(users.username, containing(q.q.trim())))
      : undefined,
    q.shopId !== undefined
      ? inArray(users.id, sql`(select ${userShops.userId} from ${userShops} where ${userShops.shopId} = ${q.shopId})`)
      : undefined,
  );
  const [{ total }] = await db
    .select({ total: count() })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where);
  const rows = await db
    .select({
      id: users.id,
      name: fullName,
      username: users.username,
      area: roles.area,
      roleName: roles.name,
      shops: shopNamesSeenBy(user),
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(limit)
    .offset(offset);
  return { rows: rows as ContactRow[], total };
}

interface ContactRow {
  id: number;
  name: string;
  username: string;
  area: 'admin' | 'supplier';
  roleName: string;
  shops: string[];
}

// ---------- messages ----------

export interface Attachment {
  url: string;
  mime: string;
  size: number;
  name: string;
}

const messageFields = {
  id: chatMessages.id,
  conversationId: chatMessages.conversationId,
  senderId: chatMessages.senderId,
  body: chatMessages.body,
  contentType: chatMessages.contentType,
  attachments: chatMessages.attachments,
  clientId: chatMessages.clientId,
  createdAt: chatMessages.createdAt,
};

type MessageRow = { [K in keyof typeof messageFields]: (typeof messageFields)[K]['_']['data'] };
export type Message = Omit<MessageRow, 'createdAt'> & { createdAt: string };

export const messageJson = (m: MessageRow): Message => ({ ...m, createdAt: m.createdAt.toISOString() });

/** The caller's participant row of a conversation; 404 when they do not take part in it (or it does not exist). */
async function ownParticipation(q: Q, user: AuthUser, conversationId: number, lock = false) {
  const query = q
    .select({ lastReadMessageId: chatParticipants.lastReadMessageId })
    .from(chatParticipants)
    .where(and(eq(chatParticipants.conversationId, conversationId), eq(chatParticipants.userId, user.id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Conversation');
  return row;
}

export const assertParticipant = (db: Db, user: AuthUser, conversationId: number) =>
  ownParticipation(db, user, conversationId).then(() => undefined);

export interface MessagesQuery extends Paging {
  _sort?: 'id';
  _order?: string;
  id_gt?: number;
  id_lte?: number;
}

export async function listMessages(db: Db, user: AuthUser, conversationId: number, q: MessagesQuery) {
  await ownParticipation(db, user, conversationId);
  if (q._order && !q._sort) throw fieldError('_order', '_order needs _sort');
  const { offset, limit } = pageOf(q);
  const where = and(
    eq(chatMessages.conversationId, conversationId),
    q.id_gt !== undefined ? gt(chatMessages.id, q.id_gt) : undefined,
    q.id_lte !== undefined ? lte(chatMessages.id, q.id_lte) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(chatMessages).where(where);
  const rows =
    limit === 0
      ? []
      : await db
          .select(messageFields)
          .from(chatMessages)
          .where(where)
          .orderBy(q._order?.toLowerCase() === 'desc' ? desc(chatMessages.id) : asc(chatMessages.id))
          .limit(limit)
          .offset(offset);
  return { rows: rows.map(messageJson), total };
}

/**
 * Messages of the user's conversations after `afterId`, in id order (the event stream's backlog), at most
 * `limit`. `conversationId` narrows them to one conversation (checked by the caller).
 */
export async function messagesAfter(
  db: Db,
  userId: number,
  afterId: number,
  limit: number,
  conversationId?: number,
): Promise<Message[]> {
  const rows = await db
    .select(messageFields)
    .from(chatMessages)
    .where(
      and(
        gt(chatMessages.id, afterId),
        inArray(
          chatMessages.conversationId,
          sql`(select ${chatParticipants.conversationId} from ${chatParticipants} where ${chatParticipants.userId} = ${userId})`,
        ),
        conversationId !== undefined ? eq(chatMessages.conversationId, conversationId) : undefined,
      ),
    )
    .orderBy(asc(chatMessages.id))
    .limit(limit);
  return rows.map(messageJson);
}

/** The newest message id of the user's conversations (or of one of them): where a stream without Last-Event-ID starts. */
export async function newestMessageId(db: Db, userId: number, conversationId?: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<string | number | null>`max(${chatMessages.id})` })
    .from(chatMessages)
    .where(
      and(
        inArray(
          chatMessages.conversationId,
          sql`(select ${chatParticipants.conversationId} from ${chatParticipants} where ${chatParticipants.userId} = ${userId})`,
        ),
        conversationId !== undefined ? eq(chatMessages.conversationId, conversationId) : undefined,
      ),
    );
  return row.id === null ? 0 : Number(row.id);
}

export interface NewMessage {
  clientId: string;
  body: string;
  contentType: 'text' | 'image';
  attachments: Attachment[];
}

/**
 * Stores a message once per (sender, clientId): a resend answers the stored message with `created: false`.
 * `onStored` runs inside the transaction with the new message and the participants' ids (to publish it).
 */
export async function sendMessage(
  db: Db,
  user: AuthUser,
  conversationId: number,
  input: NewMessage,
  onStored: (tx: Tx, message: Message, participantIds: number[]) => Promise<void>,
): Promise<{ message: Message; created: boolean }> {
  const body = input.body.trim();
  if (input.contentType === 'text' && !body) throw fieldError('body', 'Write a message before sending it');
  return db.transaction(async (tx) => {
    await ownParticipation(tx, user, conversationId);
    // Held to the commit: ids commit in the order they are taken (see the top of this file).
    await lockStream(tx, 'chat_messages');
    const [earlier] = await tx
      .select(messageFields)
      .from(chatMessages)
      .where(and(eq(chatMessages.senderId, user.id), eq(chatMessages.clientId, input.clientId)));
    if (earlier) {
      if (earlier.conversationId !== conversationId) {
        throw conflict('This clientId was already used for a message in another conversation; send with a new one.');
      }
      return { message: messageJson(earlier), created: false };
    }
    const [row] = await tx
      .insert(chatMessages)
      .values({
        conversationId,
        senderId: user.id,
        body,
        contentType: input.contentType,
        attachments: input.attachments,
        clientId: input.clientId,
        createdAt: sql`clock_timestamp()`,
      })
      .returning(messageFields);
    await tx
      .update(chatConversations)
      .set({ lastMessageAt: row.createdAt })
      .where(eq(chatConversations.id, conversationId));
    // The sender has read what they answer.
    await tx
      .update(chatParticipants)
      .set({ lastReadMessageId: row.id })
      .where(and(eq(chatParticipants.conversationId, conversationId), eq(chatParticipants.userId, user.id)));
    // The text stays out of the audit log: it records that a message was sent, not what it says.
    await audit(tx, {
      actorId: user.id,
      action: 'send',
      entity: 'chat_message',
      entityId: row.id,
      after: {
        conversationId,
        contentType: row.contentType,
        clientId: row.clientId,
        attachments: row.attachments.length,
      },
    });
    const people = await tx
      .select({ id: chatParticipants.userId })
      .from(chatParticipants)
      .where(eq(chatParticipants.conversationId, conversationId));
    const message = messageJson(row);
    await onStored(
      tx,
      message,
      people.map((p) => p.id),
    );
    return { message, created: true };
  });
}

export const imageAttachment = (file: StoredFile): Attachment => ({
  url: file.url,
  mime: file.mime,
  size: file.size,
  name: file.originalName,
});

// ---------- conversations ----------

export interface Participant {
  id: number;
  name: string;
  username: string;
  area: 'admin' | 'supplier';
  active: boolean;
  lastReadMessageId: number | null;
}

export interface Conversation {
  id: number;
  type: 'direct' | 'group';
  title: string | null;
  createdBy: number | null;
  createdAt: string;
  lastMessageAt: string | null;
  participants: Participant[];
  lastMessage: Message | null;
  lastReadMessageId: number | null;
  unreadCount: number;
}

const mine = (user: AuthUser) =>
  and(eq(chatParticipants.conversationId, chatConversations.id), eq(chatParticipants.userId, user.id));

/** Messages of others after the caller's read mark. */
const unread = sql<number>`(select count(*)::int from ${chatMessages} where ${chatMessages.conversationId} = ${chatConversations.id}
  and ${chatMessages.id} > coalesce(${chatParticipants.lastReadMessageId}, 0) and ${chatMessages.senderId} <> ${chatParticipants.userId})`;

async function conversationsWhere(
  q: Q,
  user: AuthUser,
  where: SQL | undefined,
  page: { offset: number; limit: number },
) {
  const [{ total }] = await q
    .select({ total: count() })
    .from(chatConversations)
    .innerJoin(chatParticipants, mine(user))
    .where(where);
  const found =
    page.limit === 0
      ? []
      : await q
          .select({
            id: chatConversations.id,
            type: chatConversations.type,
            title: chatConversations.title,
            createdBy: chatConversations.createdBy,
            createdAt: chatConversations.createdAt,
            lastMessageAt: chatConversations.lastMessageAt,
            lastReadMessageId: chatParticipants.lastReadMessageId,
            unreadCount: unread,
          })
          .from(chatConversations)
          .innerJoin(chatParticipants, mine(user))
          .where(where)
          .orderBy(
            desc(sql`coalesce(${chatConversations.lastMessageAt}, ${chatConversations.createdAt})`),
            desc(chatConversations.id),
          )
          .limit(page.limit)
          .offset(page.offset);
  const ids = found.map((c) => c.id);
  if (!ids.length) return { rows: [] as Conversation[], total };
  const people = await q
    .select({
      conversationId: chatParticipants.conversationId,
      id: users.id,
      name: fullName,
      username: users.username,
      area: roles.area,
      active: sql<boolean>`${users.status} = 'active'`,
      lastReadMessageId: chatParticipants.lastReadMessageId,
    })
    .from(chatParticipants)
    .innerJoin(users, eq(users.id, chatParticipants.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(chatParticipants.conversationId, ids))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const last = await q
    .selectDistinctOn([chatMessages.conversationId], messageFields)
    .from(chatMessages)
    .where(inArray(chatMessages.conversationId, ids))
    .orderBy(chatMessages.conversationId, desc(chatMessages.id));
  const rows = found.map((c): Conversation => {
    const lastMessage = last.find((m) => m.conversationId === c.id);
    return {
      ...c,
      type: c.type as Conversation['type'],
      createdAt: c.createdAt.toISOString(),
      lastMessageAt: c.lastMessageAt?.toISOString() ?? null,
      participants: people
        .filter((p) => p.conversationId === c.id)
        .map(({ conversationId: _c, ...p }) => ({ ...p, area: p.area as Participant['area'] })),
      lastMessage: lastMessage ? messageJson(lastMessage) : null,
    };
  });
  return { rows, total };
}

export async function listConversations(db: Db, user: AuthUser, q: Paging & { id?: number[]; q?: string }) {
  const page = pageOf(q);
  const text = q.q?.trim();
  const where = and(
    q.id?.length ? inArray(chatConversations.id, q.id) : undefined,
    text
      ? or(
          ilike(chatConversations.title, containing(text)),
          sql`exists (select 1 from ${chatParticipants} cp join ${users} on ${users.id} = cp.user_id
        where cp.conversation_id = ${chatConversations.id} and cp.user_id <> ${user.id} and ${ilike(fullName, containing(text))})`,
        )
      : undefined,
  );
  if (q.id?.length) {
    // Asked for by id: one the caller does not take part in is a 404, like the record routes.
    const found = await db
      .select({ id: chatParticipants.conversationId })
      .from(chatParticipants)
      .where(and(eq(chatParticipants.userId, user.id), inArray(chatParticipants.conversationId, q.id)));
    if (found.length !== q.id.length) throw notFound('Conversation');
  }
  return conversationsWhere(db, user, where, page);
}

export async function getConversation(q: Q, user: AuthUser, id: number): Promise<Conversation> {
  const { rows } = await conversationsWhere(q, user, eq(chatConversations.id, id), { offset: 0, limit: 1 });
  if (!rows.length) throw notFound('Conversation');
  return rows[0];
}

export interface NewConversation {
  type: 'direct' | 'group';
  title?: string;
  participantIds: number[];
}

export async function createConversation(
  db: Db,
  user: AuthUser,
  input: NewConversation,
): Promise<{ conversation: Conversation; created: boolean }> {
  const others = input.participantIds;
  if (others.includes(user.id))
    throw fieldError(
      'participantIds',
      'Leave yourself out of participantIds: you take part in the conversations you start',
    );
  let title: string | null = null;
  if (input.type === 'direct') {
    if (others.length !== 1)
      throw fieldError('participantIds', 'A direct conversation is with exactly one other person');
    if (input.title !== undefined)
      throw fieldError('title', 'A direct conversation has no title; start a group to name it');
  } else {
    title = input.title?.trim() ?? '';
    if (!title) throw fieldError('title', `Give the group a name (1–${TITLE_MAX} characters)`);
  }
  const result = await db.transaction(async (tx) => {
    const people = await tx
      .select({ id: users.id, area: roles.area, name: fullName })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(inArray(users.id, others), contactWhere(user)));
    // Someone the caller may not talk to is not told apart from someone who does not exist.
    if (people.length !== others.length) throw notFound('Contact');
    await assertSuppliersMeet(tx, [{ id: user.id, area: user.area, name: '' }, ...people]);
    if (input.type === 'direct') {
      const [lo, hi] = [user.id, others[0]].sort((a, b) => a - b);
      // One direct conversation per pair: two people starting one at once get the same.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`chat-direct:${lo}:${hi}`}, 0))`);
      const [existing] = await tx
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(
          and(
            eq(chatConversations.type, 'direct'),
            sql`exists (select 1 from ${chatParticipants} where ${chatParticipants.conversationId} = ${chatConversations.id} and ${chatParticipants.userId} = ${lo})`,
            sql`exists (select 1 from ${chatParticipants} where ${chatParticipants.conversationId} = ${chatConversations.id} and ${chatParticipants.userId} = ${hi})`,
          ),
        )
        .orderBy(asc(chatConversations.id))
        .limit(1);
      if (existing) return { id: existing.id, created: false };
    }
    const [made] = await tx
      .insert(chatConversations)
      .values({ type: input.type, title, createdBy: user.id })
      .returning();
    await tx
      .insert(chatParticipants)
      .values([user.id, ...others].map((userId) => ({ conversationId: made.id, userId })));
    await audit(tx, {
      actorId: user.id,
      action: 'create',
      entity: 'chat_conversation',
      entityId: made.id,
      after: { ...made, participantIds: [user.id, ...others] },
    });
    return { id: made.id, created: true };
  });
  return { conversation: await getConversation(db, user, result.id), created: result.created };
}

/** Suppliers of different shops are never in one conversation (each supplier pair must share a shop). */
async function assertSuppliersMeet(tx: Tx, people: { id: number; area: string; name: string }[]) {
  const suppliers = people.filter((p) => p.area === 'supplier');
  if (suppliers.length < 2) return;
  const links = await tx
    .select({ userId: userShops.userId, shopId: userShops.shopId })
    .from(userShops)
    .where(
      inArray(
        userShops.userId,
        suppliers.map((s) => s.id),
      ),
    );
  const shopsOf = (id: number) => new Set(links.filter((l) => l.userId === id).map((l) => l.shopId));
  for (let i = 0; i < suppliers.length; i++) {
    for (let j = i + 1; j < suppliers.length; j++) {
      const a = shopsOf(suppliers[i].id);
      if (![...shopsOf(suppliers[j].id)].some((s) => a.has(s))) {
        const names = [suppliers[i], suppliers[j]]
          .map((s) => s.name)
          .filter(Boolean)
          .join(' and ');
        throw fieldError(
          'participantIds',
          `${names || 'These suppliers'} belong to different shops and cannot be in one conversation`,
        );
      }
    }
  }
}

/** Moves the caller's read mark forward (never back) and answers the conversation with its unread count. */
export async function markRead(
  db: Db,
  user: AuthUser,
  conversationId: number,
  lastReadMessageId?: number,
): Promise<Conversation> {
  return db.transaction(async (tx) => {
    const current = await ownParticipation(tx, user, conversationId, true);
    let target: number | null;
    if (lastReadMessageId !== undefined) {
      const [m] = await tx
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.id, lastReadMessageId), eq(chatMessages.conversationId, conversationId)));
      if (!m) throw fieldError('lastReadMessageId', 'lastReadMessageId must be a message of this conversation');
      target = m.id;
    } else {
      const [m] = await tx
        .select({ id: sql<string | number | null>`max(${chatMessages.id})` })
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversationId));
      target = m.id === null ? null : Number(m.id);
    }
    if (target !== null && target > (current.lastReadMessageId ?? 0)) {
      await tx
        .update(chatParticipants)
        .set({ lastReadMessageId: target })
        .where(and(eq(chatParticipants.conversationId, conversationId), eq(chatParticipants.userId, user.id)));
      await audit(tx, {
        actorId: user.id,
        action: 'read',
        entity: 'chat_conversation',
        entityId: conversationId,
        before: { lastReadMessageId: current.lastReadMessageId },
        after: { lastReadMessageId: target },
      });
    }
    return getConversation(tx, user, conversationId);
  });
}
