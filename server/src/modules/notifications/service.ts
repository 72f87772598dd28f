/**
 * Notifications (docs/api/notifications.md): staff compose messages to an audience, now or at a time;
 * the delivery worker (worker.ts) writes each recipient's copy when the message is due; each signed-in
 * user reads and marks their own copies.
 */
import { and, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import {
  notificationMessages as m,
  notificationRecipients as r,
  roles,
  shops,
  userShops,
  users,
} from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import { containing, type Tx } from '../../lib/sql.js';
import { isTimeZone } from '../../lib/window.js';
import { listCategories } from './categories.js';
import type { Audience, MessageStatus } from './schemas.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** A time picked a little before the request still counts as now (the form was open a moment). */
export const PAST_GRACE_MS = 60_000;

const readCount = sql<number>`(select count(*)::int from ${r} where ${r.messageId} = ${m.id} and ${r.readAt} is not null)`;

const columns = {
  id: m.id,
  title: m.title,
  body: m.body,
  category: m.category,
  audience: m.audience,
  shopId: m.audienceShopId,
  shopName: shops.name,
  roleCode: roles.code,
  roleName: roles.name,
  link: m.link,
  scheduledAt: m.scheduledAt,
  timezone: m.timezone,
  status: m.status,
  sentAt: m.sentAt,
  recipientCount: m.recipientCount,
  readCount,
  createdByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
  createdAt: m.createdAt,
};

type Row = { scheduledAt: Date; sentAt: Date | null; createdAt: Date } & Record<string, unknown>;
const toMessage = (row: Row) => ({
  ...row,
  readCount: Number(row.readCount),
  scheduledAt: iso(row.scheduledAt),
  sentAt: iso(row.sentAt),
  createdAt: iso(row.createdAt),
});

const selectMessages = (db: Db | Tx) =>
  db
    .select(columns)
    .from(m)
    .leftJoin(shops, eq(shops.id, m.audienceShopId))
    .leftJoin(roles, eq(roles.id, m.audienceRoleId))
    .leftJoin(users, eq(users.id, m.createdBy));

// ---------- staff: compose, list, cancel ----------

export interface ListQuery {
  page: number;
  limit: number;
  status?: MessageStatus;
  audience?: Audience;
  category?: string;
  search?: string;
}

export async function listMessages(db: Db, q: ListQuery) {
  // Notices the system sent to one person (notices.ts) are not messages staff composed.
  const conds: (SQL | undefined)[] = [ne(m.audience, 'user')];
  if (q.status) conds.push(eq(m.status, q.status));
  if (q.audience) conds.push(eq(m.audience, q.audience));
  if (q.category) conds.push(eq(m.category, q.category));
  const search = q.search?.trim();
  if (search) conds.push(or(ilike(m.title, containing(search)), ilike(m.body, containing(search))));
  const where = and(...conds);
  const [{ total }] = await db.select({ total: count() }).from(m).where(where);
  const rows = await selectMessages(db)
    .where(where)
    .orderBy(desc(m.scheduledAt), desc(m.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { items: rows.map(toMessage), total, maxpage: maxpage(total, q.limit) };
}

export async function getMessage(db: Db | Tx, id: number) {
  const [row] = await selectMessages(db).where(and(eq(m.id, id), ne(m.audience, 'user')));
  if (!row) throw notFound('Message');
  return toMessage(row);
}

export interface NewMessage {
  title: string;
  body: string;
  category: string;
  audience: Audience;
  shopId?: number;
  roleCode?: string;
  link?: string | null;
  scheduledAt?: string;
  timezone?: string;
}

const text = (field: string, value: string) => {
  const v = value.trim();
  if (!v) throw fieldError(field, `${field} must not be empty`);
  return v;
};

/** A path of this app: one leading slash (not `//host`), no spaces or backslashes. */
const APP_PATH = /^\/(?!\/)[^\s\\]*$/;

/** The audience's shop or role, checked: each only with its own audience, and it must exist. */
async function audienceOf(
  db: Db | Tx,
  input: NewMessage,
): Promise<{ audienceShopId: number | null; audienceRoleId: number | null }> {
  if (input.audience !== 'shop' && input.shopId !== undefined)
    throw fieldError('shopId', 'shopId is only for the audience "shop"');
  if (input.audience !== 'role' && input.roleCode !== undefined)
    throw fieldError('roleCode', 'roleCode is only for the audience "role"');
  if (input.audience === 'shop') {
    if (input.shopId === undefined)
      throw fieldError('shopId', 'shopId is required: pick the shop whose users get the message');
    const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, input.shopId));
    if (!shop) throw fieldError('shopId', `shopId ${input.shopId} is not a shop`);
    return { audienceShopId: shop.id, audienceRoleId: null };
  }
  if (input.audience === 'role') {
    if (input.roleCode === undefined)
      throw fieldError('roleCode', 'roleCode is required: pick the role whose users get the message');
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, input.roleCode));
    if (!role) throw fieldError('roleCode', `roleCode "${input.roleCode}" is not a role`);
    return { audienceShopId: null, audienceRoleId: role.id };
  }
  return { audienceShopId: null, audienceRoleId: null };
}

export async function createMessage(db: Db, user: AuthUser, input: NewMessage, now = new Date()) {
  const title = text('title', input.title);
  const body = text('body', input.body);
  const link = input.link?.trim() || null;
  if (link && !APP_PATH.test(link))
    throw fieldError('link', 'link must be a path inside the app, starting with one /, e.g. /supplier/dashboard');
  const timezone = input.timezone ?? 'Asia/Bangkok';
  if (!isTimeZone(timezone))
    throw fieldError('timezone', `timezone "${timezone}" is not a time zone; use an IANA name such as Asia/Bangkok`);
  const scheduledAt = input.scheduledAt === undefined ? now : new Date(input.scheduledAt);
  if (scheduledAt.getTime() < now.getTime() - PAST_GRACE_MS) {
    throw fieldError('scheduledAt', 'scheduledAt is in the past: pick a time from now on, or send now');
  }
  const id = await db.transaction(async (tx) => {
    if (!(await listCategories(tx)).some((c) => c.code === input.category)) {
      throw fieldError('category', `category "${input.category}" is not a message category (see masternotify)`);
    }
    const target = await audienceOf(tx, input);
    const [row] = await tx
      .insert(m)
      .values({
        title,
        body,
        category: input.category,
        audience: input.audience,
        ...target,
        link,
        scheduledAt,
        timezone,
        status: 'scheduled',
        createdBy: user.id,
        createdAt: now,
      })
      .returning();
    await audit(tx, {
      actorId: user.id,
      action: 'create',
      entity: 'notification_message',
      entityId: row.id,
      after: row,
    });
    return row.id;
  });
  return getMessage(db, id);
}

/** A scheduled message stops before it goes out; one already sent (or cancelled) cannot be (409). */
export async function cancelMessage(db: Db, user: AuthUser, id: number) {
  await db.transaction(async (tx) => {
    // Waits for a delivery pass that holds the row, then sees what it left.
    const [before] = await tx.select().from(m).where(eq(m.id, id)).for('update');
    if (!before || before.audience === 'user') throw notFound('Message');
    if (before.status === 'sent') throw conflict('This message was already sent: it cannot be cancelled.');
    if (before.status === 'cancelled') throw conflict('This message is already cancelled.');
    const [after] = await tx.update(m).set({ status: 'cancelled' }).where(eq(m.id, id)).returning();
    await audit(tx, {
      actorId: user.id,
      action: 'cancel',
      entity: 'notification_message',
      entityId: id,
      before,
      after,
    });
  });
  return getMessage(db, id);
}

export interface AudienceQuery {
  audience?: Audience;
  q?: string;
  _start: number;
  _end: number;
}

/** What the compose dialog picks from: everyone, each shop, each role, with the active users each reaches now. */
export async function listAudiences(db: Db, q: AudienceQuery) {
  const name = q.q?.trim();
  const like = (column: SQL) => (name ? sql`${column} ilike ${containing(name)}` : sql`true`);
  const parts: SQL[] = [];
  if (!q.audience || q.audience === 'all') {
    parts.push(sql`select 'all' as audience, null::int as id, null::text as code, 'All users' as name,
      (select count(*)::int from ${users} where ${users.status} = 'active') as users, 0 as kind where ${like(sql`'All users'`)}`);
  }
  if (!q.audience || q.audience === 'shop') {
    parts.push(sql`select 'shop' as audience, ${shops.id} as id, null::text as code, ${shops.name} as name,
      (select count(*)::int from ${userShops} join ${users} on ${users.id} = ${userShops.userId}
        where ${userShops.shopId} = ${shops.id} and ${users.status} = 'active') as users, 1 as kind from ${shops} where ${like(sql`${shops.name}`)}`);
  }
  if (!q.audience || q.audience === 'role') {
    parts.push(sql`select 'role' as audience, ${roles.id} as id, ${roles.code} as code, ${roles.name} as name,
      (select count(*)::int from ${users} where ${users.roleId} = ${roles.id} and ${users.status} = 'active') as users, 2 as kind
      from ${roles} where ${like(sql`${roles.name}`)}`);
  }
  const union = sql.join(parts, sql` union all `);
  const [{ total }] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from (${union}) a`);
  const rows = await queryRows<{
    audience: Audience;
    id: number | null;
    code: string | null;
    name: string;
    users: number;
  }>(
    db,
    sql`select audience, id, code, name, users from (${union}) a order by kind, lower(name), id
      limit ${Math.max(0, q._end - q._start)} offset ${q._start}`,
  );
  return { rows: rows.map((x) => ({ ...x, users: Number(x.users) })), total: Number(total) };
}

// ---------- each user's own notifications ----------

export async function inbox(db: Db, user: AuthUser, q: { page: number; limit: number }) {
  const mine = eq(r.userId, user.id);
  const [{ total }] = await db.select({ total: count() }).from(r).where(mine);
  const [{ unread }] = await db
    .select({ unread: count() })
    .from(r)
    .where(and(mine, isNull(r.readAt)));
  const rows = await db
    .select({
      id: m.id,
      title: m.title,
      body: m.body,
      category: m.category,
      link: m.link,
      template: m.template,
      params: m.params,
      deliveredAt: r.deliveredAt,
      readAt: r.readAt,
    })
    .from(r)
    .innerJoin(m, eq(m.id, r.messageId))
    .where(mine)
    .orderBy(desc(r.deliveredAt), desc(r.messageId))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    items: rows.map((x) => ({ ...x, deliveredAt: iso(x.deliveredAt), readAt: iso(x.readAt) })),
    total,
    maxpage: maxpage(total, q.limit),
    unread,
  };
}

/**
 * Marks one of the caller's notifications read (`id`; another user's or none → 404) or all of them
 * (`all`). Marking a read one again changes nothing. Answers the unread count left.
 */
export async function markRead(db: Db, user: AuthUser, input: { id?: number; all?: true }) {
  if ((input.id === undefined) === (input.all === undefined))
    throw fieldError('id', 'Send either id (one notification) or all: true');
  return db.transaction(async (tx) => {
    const mine = eq(r.userId, user.id);
    if (input.id !== undefined) {
      const [own] = await tx
        .select({ readAt: r.readAt })
        .from(r)
        .where(and(mine, eq(r.messageId, input.id)))
        .for('update');
      if (!own) throw notFound('Notification');
    }
    const now = new Date();
    const marked = await tx
      .update(r)
      .set({ readAt: now })
      .where(and(mine, isNull(r.readAt), input.id !== undefined ? eq(r.messageId, input.id) : undefined))
      .returning({ messageId: r.messageId });
    if (marked.length) {
      const messageIds = marked.map((x) => x.messageId).sort((a, b) => a - b);
      await audit(tx, {
        actorId: user.id,
        action: 'read',
        entity: 'notification_inbox',
        entityId: user.id,
        after: { messageIds, readAt: now },
      });
    }
    const [{ unread }] = await tx
      .select({ unread: count() })
      .from(r)
      .where(and(mine, isNull(r.readAt)));
    return { unread };
  });
}
