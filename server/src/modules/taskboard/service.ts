/**
 * The template task board: each user's own columns and cards, positions 0-based and dense (within the
 * board for columns, within a column for cards). Every write runs in one transaction that first locks
 * the owner's row (`lockBoard`), so two requests on one board are applied one after the other and a
 * card is never lost or doubled by concurrent moves. Another user's column or card answers 404, the
 * same as one that does not exist.
 */
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { roles, taskAttachments, taskCards, taskColumns, userShops, users } from '../../db/schema.js';
import { assertShopAccess } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { MAX_PAGE } from '../../rest/resource.js';
import type { Tx } from '../../lib/sql.js';
import type { StoredFile } from '../../lib/uploads.js';
import { ATTACHMENTS_MAX } from './schemas.js';

const iso = (d: Date) => d.toISOString();

/** Serialises every write on one user's board: the owner's row, locked until the transaction ends. */
async function lockBoard(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

function cleanName(value: string, field: string): string {
  const name = value.trim();
  if (!name) throw fieldError(field, `${field} must not be empty`);
  return name;
}

const cleanDescription = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

// ---------- paging ----------

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

// ---------- positions ----------

/** `case id when … then place … end`: every listed row's 0-based place in one statement. */
const places = (idColumn: PgColumn, ids: number[]): SQL =>
  sql`case ${idColumn} ${sql.join(
    ids.map((id, i) => sql`when ${id} then ${i}::int`),
    sql` `,
  )} end`;

/** `ids` with `id` put at `index` (past the end: last). */
const placeAt = (ids: number[], id: number, index: number) => [...ids.slice(0, index), id, ...ids.slice(index)];

const columnIdsOf = async (tx: Db | Tx, userId: number) =>
  (
    await tx
      .select({ id: taskColumns.id })
      .from(taskColumns)
      .where(eq(taskColumns.userId, userId))
      .orderBy(asc(taskColumns.position), asc(taskColumns.id))
  ).map((r) => r.id);

const cardIdsIn = async (tx: Db | Tx, columnId: number) =>
  (
    await tx
      .select({ id: taskCards.id })
      .from(taskCards)
      .where(eq(taskCards.columnId, columnId))
      .orderBy(asc(taskCards.position), asc(taskCards.id))
  ).map((r) => r.id);

async function placeColumns(tx: Tx, ids: number[]) {
  if (ids.length)
    await tx
      .update(taskColumns)
      .set({ position: places(taskColumns.id, ids) })
      .where(inArray(taskColumns.id, ids));
}

async function placeCards(tx: Tx, columnId: number, ids: number[], moved?: number) {
  if (!ids.length) return;
  await tx
    .update(taskCards)
    .set({ columnId, position: places(taskCards.id, ids) })
    .where(inArray(taskCards.id, ids));
  if (moved !== undefined) await tx.update(taskCards).set({ updatedAt: new Date() }).where(eq(taskCards.id, moved));
}

// ---------- columns ----------

const columnFields = { id: taskColumns.id, name: taskColumns.name, position: taskColumns.position };

async function ownColumn(tx: Db | Tx, user: AuthUser, columnId: number) {
  const [row] = await tx
    .select(columnFields)
    .from(taskColumns)
    .where(and(eq(taskColumns.id, columnId), eq(taskColumns.userId, user.id)));
  if (!row) throw notFound('Column');
  return row;
}

export async function listColumns(db: Db, user: AuthUser, q: Paging & { id?: number[] }) {
  const { offset, limit } = pageOf(q);
  const where = and(eq(taskColumns.userId, user.id), q.id?.length ? inArray(taskColumns.id, q.id) : undefined);
  const found = await db
    .select(columnFields)
    .from(taskColumns)
    .where(where)
    .orderBy(asc(taskColumns.position), asc(taskColumns.id));
  // Asked for by id: one that is not the caller's is a 404, like every record route of the board.
  if (q.id?.some((id) => !found.some((c) => c.id === id))) throw notFound('Column');
  return { rows: found.slice(offset, offset + limit), total: found.length };
}

export interface ColumnsUpdateInput {
  columnId?: number;
  column: { name: string };
}

export async function saveColumn(db: Db, user: AuthUser, input: ColumnsUpdateInput) {
  const name = cleanName(input.column.name, 'column.name');
  return db.transaction(async (tx) => {
    await lockBoard(tx, user.id);
    if (input.columnId !== undefined) {
      const before = await ownColumn(tx, user, input.columnId);
      const [after] = await tx
        .update(taskColumns)
        .set({ name })
        .where(eq(taskColumns.id, before.id))
        .returning(columnFields);
      await audit(tx, {
        actorId: user.id,
        action: 'rename',
        entity: 'task_column',
        entityId: before.id,
        before,
        after,
      });
      return { message: 'Column renamed.', column: after };
    }
    const [{ n }] = await tx.select({ n: count() }).from(taskColumns).where(eq(taskColumns.userId, user.id));
    const [created] = await tx
      .insert(taskColumns)
      .values({ userId: user.id, name, position: n })
      .returning(columnFields);
    await audit(tx, {
      actorId: user.id,
      action: 'create',
      entity: 'task_column',
      entityId: created.id,
      after: created,
    });
    return { message: 'Column added.', column: created };
  });
}

/** Deletes the column and its cards; answers the stored files of those cards, to remove once committed. */
export async function deleteColumn(db: Db, user: AuthUser, columnId: number): Promise<{ files: string[] }> {
  return db.transaction(async (tx) => {
    await lockBoard(tx, user.id);
    const column = await ownColumn(tx, user, columnId);
    const cardIds = await cardIdsIn(tx, columnId);
    const files = cardIds.length
      ? (
          await tx
            .select({ url: taskAttachments.url })
            .from(taskAttachments)
            .where(inArray(taskAttachments.cardId, cardIds))
        ).map((r) => r.url)
      : [];
    // Cards and their attachment rows go with the column (foreign keys cascade).
    await tx.delete(taskColumns).where(eq(taskColumns.id, columnId));
    await placeColumns(tx, await columnIdsOf(tx, user.id));
    await audit(tx, {
      actorId: user.id,
      action: 'delete',
      entity: 'task_column',
      entityId: columnId,
      before: { ...column, cardIds },
    });
    return { files };
  });
}

export async function moveColumn(db: Db, user: AuthUser, columnId: number, index: number) {
  return db.transaction(async (tx) => {
    await lockBoard(tx, user.id);
    const column = await ownColumn(tx, user, columnId);
    const before = await columnIdsOf(tx, user.id);
    const after = placeAt(
      before.filter((id) => id !== columnId),
      columnId,
      index,
    );
    await placeColumns(tx, after);
    await audit(tx, {
      actorId: user.id,
      action: 'move',
      entity: 'task_column',
      entityId: columnId,
      before: { order: before },
      after: { order: after },
    });
    return { ...column, position: after.indexOf(columnId) };
  });
}

// ---------- cards ----------

const cardFields = {
  id: taskCards.id,
  columnId: taskCards.columnId,
  position: taskCards.position,
  name: taskCards.name,
  description: taskCards.description,
  assigneeId: taskCards.assigneeId,
  // Qualified by hand: drizzle writes a select field's column without its table, which a subquery would misread.
  assigneeName: sql<
    string | null
  >`(select u.first_name || ' ' || u.last_name from users u where u.id = task_cards.assignee_id)`,
  dueDate: taskCards.dueDate,
  attachmentCount: sql<number>`(select count(*)::int from task_attachments a where a.card_id = task_cards.id)`,
  createdAt: taskCards.createdAt,
  updatedAt: taskCards.updatedAt,
};

const toCard = <R extends { createdAt: Date; updatedAt: Date; attachmentCount: number }>(r: R) => ({
  ...r,
  attachmentCount: Number(r.attachmentCount),
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

const ownCard = (user: AuthUser, id: number) => and(eq(taskCards.id, id), eq(taskCards.userId, user.id));

async function readCard(tx: Db | Tx, user: AuthUser, id: number) {
  const [row] = await tx.select(cardFields).from(taskCards).where(ownCard(user, id));
  if (!row) throw notFound('Card');
  return toCard(row);
}

export async function listCards(db: Db, user: AuthUser, q: Paging & { columnId?: number }) {
  const { offset, limit } = pageOf(q);
  if (q.columnId !== undefined) await ownColumn(db, user, q.columnId);
  const where = and(
    eq(taskCards.userId, user.id),
    q.columnId !== undefined ? eq(taskCards.columnId, q.columnId) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(taskCards).where(where);
  const found =
    limit === 0
      ? []
      : await db
          .select(cardFields)
          .from(taskCards)
          .innerJoin(taskColumns, eq(taskColumns.id, taskCards.columnId))
          .where(where)
          .orderBy(asc(taskColumns.position), asc(taskCards.position), asc(taskCards.id))
          .limit(limit)
          .offset(offset);
  return { rows: found.map(toCard), total };
}

export const getCard = (db: Db, user: AuthUser, id: number) => readCard(db, user, id);

/**
 * Whom the caller may assign: staff assign active staff; a supplier assigns the active users of its
 * own shops (of one of them with `shopId`; another shop → 404).
 */
function assignableWhere(user: AuthUser, shopId?: number): SQL {
  const active = eq(users.status, 'active');
  if (user.area !== 'supplier') {
    return and(active, inArray(users.roleId, sql`(select ${roles.id} from ${roles} where ${roles.area} = 'admin')`))!;
  }
  const shops = shopId !== undefined ? [shopId] : user.shopIds;
  if (!shops.length) return sql`false`;
  return and(
    active,
    inArray(users.id, sql`(select ${userShops.userId} from ${userShops} where ${inArray(userShops.shopId, shops)})`),
  )!;
}

export async function listAssignees(db: Db, user: AuthUser, shopId?: number) {
  if (shopId !== undefined) {
    if (user.area !== 'supplier')
      throw fieldError('shopId', 'shopId is for supplier accounts: staff assign staff members, so send no shopId');
    await assertShopAccess(db, user, shopId);
  }
  const found = await db
    .select({
      id: users.id,
      username: users.username,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(users)
    .where(assignableWhere(user, shopId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return { rows: found, total: found.length };
}

async function assertAssignable(tx: Tx, user: AuthUser, assigneeId: number | null | undefined) {
  if (assigneeId === null || assigneeId === undefined) return;
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, assigneeId), assignableWhere(user)));
  if (!row) {
    const whom = user.area === 'supplier' ? 'a user of your shops' : 'an active staff member';
    throw fieldError('assigneeId', `assigneeId must be ${whom} (see the assignee list)`);
  }
}

export interface CardInput {
  name: string;
  description?: string | null;
  assigneeId?: number | null;
  dueDate?: string | null;
}

export async function createCard(db: Db, user: AuthUser, input: CardInput & { columnId: number }) {
  const name = cleanName(input.name, 'name');
  const id = await db.transaction(async (tx) => {
    await lockBoard(tx, user.id);
    await ownColumn(tx, user, input.columnId);
    await assertAssignable(tx, user, input.assigneeId);
    const [{ n }] = await tx.select({ n: count() }).from(taskCards).where(eq(taskCards.columnId, input.columnId));
    const [created] = await tx
      .insert(taskCards)
      .values({
        userId: user.id,
        columnId: input.columnId,
        position: n,
        name,
        description: cleanDescription(input.description),
        assigneeId: input.assigneeId ?? null,
        dueDate: input.dueDate ?? null,
      })
      .returning();
    await audit(tx, { actorId: user.id, action: 'create', entity: 'task_card', entityId: created.id, after: created });
    return created.id;
  });
  return readCard(db, user, id);
}

export async function updateCard(db: Db, user: AuthUser, id: number, input: Partial<CardInput>) {
  const set: Partial<typeof taskCards.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) set.name = cleanName(input.name, 'name');
  if (input.description !== undefined) set.description = cleanDescription(input.description);
  if (input.assigneeId !== undefined) set.assigneeId = input.assigneeId;
  if (input.dueDate !== undefined) set.dueDate = input.dueDate;
  await db.transaction(async (tx) => {
    await lockBoard(tx, user.id);
    const [before] = await tx.select().from(taskCards).where(ownCard(user, id));
    if (!before) throw notFound('Card');
    await assertAssignable(tx, user, input.assigneeId);
    const [after] = await tx.update(taskCards).set(set).where(eq(taskCards.id, id)).returning();
    await audit(tx, { actorId: user.id, action: 'update', entity: 'task_card', entityId: id, before, after });
  });
  return readCard(db, user, id);
}

/** Deletes the card (later cards close up); answers it and its stored files, to remove once committed. */
export async function deleteCard(db: Db, user: AuthUser, id: number) {
  return db.transaction(async (tx) => {
    await lockBoard(tx, user.id);
    const card = await readCard(tx, user, id);
    const files = (
      await tx.select({ url: taskAttachments.url }).from(taskAttachments).where(eq(taskAttachments.cardId, id))
    ).map((r) => r.url);
    await tx.delete(taskCards).where(eq(taskCards.id, id));
    await placeCards(tx, card.columnId, await cardIdsIn(tx, card.columnId));
    await audit(tx, { actorId: user.id, action: 'delete', entity: 'task_card', entityId: id, before: card });
    return { card, files };
  });
}

export async function moveCard(db: Db, user: AuthUser, id: number, to: { columnId: number; index: number }) {
  await db.transaction(async (tx) => {
    await lockBoard(tx, user.id);
    const [card] = await tx
      .select({ columnId: taskCards.columnId, position: taskCards.position })
      .from(taskCards)
      .where(ownCard(user, id));
    if (!card) throw notFound('Card');
    await ownColumn(tx, user, to.columnId);
    const from = (await cardIdsIn(tx, card.columnId)).filter((c) => c !== id);
    const target = to.columnId === card.columnId ? from : await cardIdsIn(tx, to.columnId);
    const after = placeAt(target, id, to.index);
    if (to.columnId !== card.columnId) await placeCards(tx, card.columnId, from);
    await placeCards(tx, to.columnId, after, id);
    await audit(tx, {
      actorId: user.id,
      action: 'move',
      entity: 'task_card',
      entityId: id,
      before: card,
      after: { columnId: to.columnId, position: after.indexOf(id) },
    });
  });
  return readCard(db, user, id);
}

// ---------- attachments ----------

const attachmentFields = {
  id: taskAttachments.id,
  cardId: taskAttachments.cardId,
  url: taskAttachments.url,
  mime: taskAttachments.mime,
  size: taskAttachments.size,
  originalName: taskAttachments.originalName,
  createdAt: taskAttachments.createdAt,
};
const toAttachment = <R extends { createdAt: Date }>(r: R) => ({ ...r, createdAt: iso(r.createdAt) });

/** 404 unless the card is the caller's; checked before an upload is read, and again in its transaction. */
export async function assertOwnCard(db: Db | Tx, user: AuthUser, id: number) {
  const [row] = await db.select({ id: taskCards.id }).from(taskCards).where(ownCard(user, id));
  if (!row) throw notFound('Card');
}

export async function listAttachments(db: Db, user: AuthUser, cardId: number) {
  await assertOwnCard(db, user, cardId);
  const found = await db
    .select(attachmentFields)
    .from(taskAttachments)
    .where(eq(taskAttachments.cardId, cardId))
    .orderBy(asc(taskAttachments.createdAt), asc(taskAttachments.id));
  return { rows: found.map(toAttachment), total: found.length };
}

export async function addAttachment(db: Db, user: AuthUser, cardId: number, file: StoredFile) {
  return db.transaction(async (tx) => {
    await lockBoard(tx, user.id);
    await assertOwnCard(tx, user, cardId);
    const [{ n }] = await tx.select({ n: count() }).from(taskAttachments).where(eq(taskAttachments.cardId, cardId));
    if (n >= ATTACHMENTS_MAX)
      throw conflict(`A card holds at most ${ATTACHMENTS_MAX} attachments; delete one before adding another.`);
    const [row] = await tx
      .insert(taskAttachments)
      .values({
        cardId,
        url: file.url,
        mime: file.mime,
        size: file.size,
        originalName: file.originalName,
      })
      .returning(attachmentFields);
    await audit(tx, { actorId: user.id, action: 'attach', entity: 'task_card', entityId: cardId, after: row });
    return toAttachment(row);
  });
}

export async function deleteAttachment(db: Db, user: AuthUser, cardId: number, attachmentId: number) {
  return db.transaction(async (tx) => {
    await lockBoard(tx, user.id);
    await assertOwnCard(tx, user, cardId);
    const [row] = await tx
      .delete(taskAttachments)
      .where(and(eq(taskAttachments.id, attachmentId), eq(taskAttachments.cardId, cardId)))
      .returning(attachmentFields);
    if (!row) throw notFound('Attachment');
    await audit(tx, { actorId: user.id, action: 'detach', entity: 'task_card', entityId: cardId, before: row });
    return toAttachment(row);
  });
}
