/**
 * A shop's storefront board (docs/api/storefronts.md, "Storefront board"): sections (columns) in order,
 * cards in each section, positions stored 0-based and dense. Every write runs in one transaction that
 * first locks the shop's `boards` row and bumps its version, so writes on one board apply one after the
 * other; a move names the version it was read at and is refused (409) when the board changed since.
 * Card products (detail, search, add/remove, order) are in details.ts.
 */
import { and, asc, count, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  boardCardProducts,
  boardCards,
  boardColumns,
  boards,
  products,
  shopBannerCategories,
} from '../../db/schema.js';
import { assertStorefrontAccess } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { fieldConflict, fieldError, HttpError, notFound } from '../../lib/errors.js';
import type { Tx } from '../../lib/sql.js';
import { showable } from '../product/store.js';
import { CARD_TYPES, DESCRIPTION_MAX, NAME_MAX, type Family } from './schemas.js';

export interface Card {
  id: number;
  columnId: number;
  type: string;
  name: string;
  description: string | null;
  bannerCategoryId: number | null;
  bannerCategoryName: string | null;
  productCount: number;
  thumbnails: string[];
}

export interface CardInput {
  type: string;
  name: string;
  description?: string | null;
  bannerCategoryId?: number | null;
}

export const STALE = 'The board changed meanwhile; reload it and try again.';

/**
 * One write on a shop's board: checks the caller reaches the shop (of the route's family), locks the board
 * row (made with version 0 on first use), refuses a move read at another version, runs `change` and bumps
 * the version. `change` gets the new version, to record it in the audit row.
 */
export async function writeBoard<T extends object>(
  db: Db,
  user: AuthUser,
  family: Family,
  shopId: number,
  change: (tx: Tx, version: number) => Promise<T>,
  readVersion?: number,
): Promise<T & { version: number }> {
  return db.transaction(async (tx) => {
    await assertStorefrontAccess(tx, user, shopId, family);
    const current = await lockBoard(tx, shopId);
    if (readVersion !== undefined && readVersion !== current) throw fieldConflict('version', STALE);
    const version = current + 1;
    const result = await change(tx, version);
    await tx.update(boards).set({ version, updatedAt: new Date() }).where(eq(boards.shopId, shopId));
    return { ...result, version };
  });
}

/**
 * Locks the shop's board row (made with version 0 on first use) and answers its version: every board
 * write and every publish takes this lock first, so they apply one after the other.
 */
export async function lockBoard(tx: Tx, shopId: number): Promise<number> {
  await tx.insert(boards).values({ shopId, version: 0 }).onConflictDoNothing();
  const [board] = await tx
    .select({ version: boards.version })
    .from(boards)
    .where(eq(boards.shopId, shopId))
    .for('update');
  return board.version;
}

/** Reads of several queries see one state of the board (one snapshot), also on PostgreSQL. */
export function readSnapshot<T>(db: Db, read: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

// ---------- reading ----------

/** The shop's cards (all, or the given ones) as the board shows them, by section and place. */
export async function cardsOf(db: Db | Tx, shopId: number, ids?: number[]): Promise<Card[]> {
  const where = and(eq(boardCards.shopId, shopId), ids ? inArray(boardCards.id, ids) : undefined);
  const rows = await db
    .select({
      id: boardCards.id,
      columnId: boardCards.columnId,
      type: boardCards.type,
      name: boardCards.name,
      description: boardCards.description,
      bannerCategoryId: boardCards.bannerCategoryId,
      bannerCategoryName: shopBannerCategories.name,
    })
    .from(boardCards)
    .leftJoin(shopBannerCategories, eq(shopBannerCategories.id, boardCards.bannerCategoryId))
    .where(where)
    .orderBy(asc(boardCards.columnId), asc(boardCards.position), asc(boardCards.id));
  // Only what the storefront may show counts: a product no longer approved leaves the count and thumbnails.
  const shown = await db
    .select({ cardId: boardCardProducts.cardId, imageUrl: products.imageUrl })
    .from(boardCardProducts)
    .innerJoin(boardCards, eq(boardCards.id, boardCardProducts.cardId))
    .innerJoin(products, and(eq(products.id, boardCardProducts.productId), showable(shopId)))
    .where(where)
    .orderBy(asc(boardCardProducts.cardId), asc(boardCardProducts.position));
  const byCard = new Map<number, (string | null)[]>();
  for (const s of shown) byCard.set(s.cardId, [...(byCard.get(s.cardId) ?? []), s.imageUrl]);
  return rows.map((r) => {
    const images = byCard.get(r.id) ?? [];
    return { ...r, productCount: images.length, thumbnails: images.slice(0, 4).filter((u): u is string => !!u) };
  });
}

export async function cardView(db: Db | Tx, shopId: number, id: number): Promise<Card> {
  const [card] = await cardsOf(db, shopId, [id]);
  return card;
}

/** A card of this shop, or 404 (a card of another shop answers the same as a missing one). */
export async function cardOf(tx: Db | Tx, shopId: number, id: number) {
  const [row] = await tx
    .select()
    .from(boardCards)
    .where(and(eq(boardCards.id, id), eq(boardCards.shopId, shopId)));
  if (!row) throw notFound('Card');
  return row;
}

async function columnOf(tx: Tx, shopId: number, id: number) {
  const [row] = await tx
    .select()
    .from(boardColumns)
    .where(and(eq(boardColumns.id, id), eq(boardColumns.shopId, shopId)));
  if (!row) throw notFound('Column');
  return row;
}

const columnIdsOf = async (tx: Db | Tx, shopId: number) =>
  (
    await tx
      .select({ id: boardColumns.id })
      .from(boardColumns)
      .where(eq(boardColumns.shopId, shopId))
      .orderBy(asc(boardColumns.position), asc(boardColumns.id))
  ).map((r) => r.id);

const cardIdsIn = async (tx: Db | Tx, columnId: number) =>
  (
    await tx
      .select({ id: boardCards.id })
      .from(boardCards)
      .where(eq(boardCards.columnId, columnId))
      .orderBy(asc(boardCards.position), asc(boardCards.id))
  ).map((r) => r.id);

/** The family's card types; with a shop id, that shop is checked first. */
export async function masterFor(db: Db, user: AuthUser, family: Family, shopId?: number) {
  if (shopId !== undefined) await assertStorefrontAccess(db, user, shopId, family);
  return { items: CARD_TYPES[family] };
}

export async function readBoard(db: Db, user: AuthUser, family: Family, shopId: number) {
  return readSnapshot(db, async (tx) => {
    await assertStorefrontAccess(tx, user, shopId, family);
    const [board] = await tx.select({ version: boards.version }).from(boards).where(eq(boards.shopId, shopId));
    const columnRows = await tx
      .select({ id: boardColumns.id, name: boardColumns.name })
      .from(boardColumns)
      .where(eq(boardColumns.shopId, shopId))
      .orderBy(asc(boardColumns.position), asc(boardColumns.id));
    const cards = await cardsOf(tx, shopId);
    const columns: Record<string, { id: number; name: string; cardIds: number[] }> = {};
    for (const c of columnRows) columns[c.id] = { ...c, cardIds: [] };
    for (const card of cards) columns[card.columnId].cardIds.push(card.id);
    return {
      board: {
        cards: Object.fromEntries(cards.map((c) => [c.id, c])),
        columns,
        columnOrder: columnRows.map((c) => c.id),
      },
      version: board?.version ?? 0,
    };
  });
}

// ---------- positions ----------

/** `case id when … then place … end`: every listed row's 0-based place in one statement. */
const places = (idColumn: PgColumn, ids: number[]): SQL =>
  sql`case ${idColumn} ${sql.join(
    ids.map((id, i) => sql`when ${id} then ${i}::int`),
    sql` `,
  )} end`;

/** Sections in this order; a section whose place stays is not written. */
async function placeColumns(tx: Tx, ids: number[]) {
  if (!ids.length) return;
  const place = places(boardColumns.id, ids);
  await tx
    .update(boardColumns)
    .set({ position: place })
    .where(and(inArray(boardColumns.id, ids), sql`${boardColumns.position} <> ${place}`));
}

/** The cards of a section in this order; a card whose section and place stay is not written. */
async function placeCards(tx: Tx, columnId: number, ids: number[]) {
  if (!ids.length) return;
  const place = places(boardCards.id, ids);
  await tx
    .update(boardCards)
    .set({ columnId, position: place })
    .where(
      and(inArray(boardCards.id, ids), or(ne(boardCards.columnId, columnId), sql`${boardCards.position} <> ${place}`)),
    );
}

/** `ids` with `id` put at `index` (past the end: last). */
const placeAt = (ids: number[], id: number, index: number) => [...ids.slice(0, index), id, ...ids.slice(index)];

// ---------- input ----------

function cleanName(name: string, field: string): string {
  const n = name.trim();
  if (!n) throw fieldError(field, `${field} must not be blank`);
  if (n.length > NAME_MAX) throw fieldError(field, `${field} must be at most ${NAME_MAX} characters`);
  return n;
}

function cleanDescription(text: string | null | undefined): string | null {
  const d = text?.trim();
  if (d && d.length > DESCRIPTION_MAX)
    throw fieldError('card.description', `card.description must be at most ${DESCRIPTION_MAX} characters`);
  return d || null;
}

/** A banner card shows one of its own shop's banner categories (or none yet); other cards show none. */
async function bannerCategoryFor(
  tx: Tx,
  shopId: number,
  type: string,
  categoryId: number | null,
): Promise<number | null> {
  const field = 'card.bannerCategoryId';
  if (categoryId === null) return null;
  if (type !== 'banner') throw fieldError(field, `${field}: only a banner card shows a banner category`);
  const [row] = await tx
    .select({ id: shopBannerCategories.id })
    .from(shopBannerCategories)
    .where(and(eq(shopBannerCategories.id, categoryId), eq(shopBannerCategories.shopId, shopId)));
  if (!row) throw fieldError(field, `${field} must be one of this shop's banner categories`);
  return row.id;
}

// ---------- columns/update ----------

export interface ColumnsUpdateInput {
  shopId: number;
  columnId?: number;
  column?: { name: string };
  card?: CardInput;
}

export async function updateColumns(db: Db, user: AuthUser, family: Family, input: ColumnsUpdateInput) {
  if (!input.column === !input.card)
    throw fieldError('column', 'Send one of column (a section to add or rename) and card (a card to add), not both');
  if (input.column)
    return saveColumn(db, user, family, input.shopId, input.columnId, cleanName(input.column.name, 'column.name'));
  if (input.columnId === undefined)
    throw fieldError('columnId', 'columnId is required with card: the section the new card goes to');
  return addCard(db, user, family, input.shopId, input.columnId, input.card!);
}

async function saveColumn(
  db: Db,
  user: AuthUser,
  family: Family,
  shopId: number,
  columnId: number | undefined,
  name: string,
) {
  return writeBoard(db, user, family, shopId, async (tx, version) => {
    if (columnId !== undefined) {
      const before = await columnOf(tx, shopId, columnId);
      const [after] = await tx.update(boardColumns).set({ name }).where(eq(boardColumns.id, columnId)).returning();
      await audit(tx, {
        actorId: user.id,
        action: 'rename',
        entity: 'board_column',
        entityId: columnId,
        before,
        after: { ...after, version },
      });
      return {
        message: 'Section renamed.',
        column: { id: after.id, name: after.name, cardIds: await cardIdsIn(tx, columnId) },
        columnId,
      };
    }
    const [{ n }] = await tx.select({ n: count() }).from(boardColumns).where(eq(boardColumns.shopId, shopId));
    const [row] = await tx.insert(boardColumns).values({ shopId, name, position: n }).returning();
    await audit(tx, {
      actorId: user.id,
      action: 'create',
      entity: 'board_column',
      entityId: row.id,
      after: { ...row, version },
    });
    return {
      message: 'Section added.',
      column: { id: row.id, name: row.name, cardIds: [] as number[] },
      columnId: row.id,
    };
  });
}

async function addCard(db: Db, user: AuthUser, family: Family, shopId: number, columnId: number, input: CardInput) {
  const name = cleanName(input.name, 'card.name');
  const description = cleanDescription(input.description);
  return writeBoard(db, user, family, shopId, async (tx, version) => {
    await columnOf(tx, shopId, columnId);
    const bannerCategoryId = await bannerCategoryFor(tx, shopId, input.type, input.bannerCategoryId ?? null);
    const [{ n }] = await tx.select({ n: count() }).from(boardCards).where(eq(boardCards.columnId, columnId));
    const [row] = await tx
      .insert(boardCards)
      .values({ shopId, columnId, position: n, type: input.type, name, description, bannerCategoryId })
      .returning();
    await audit(tx, {
      actorId: user.id,
      action: 'create',
      entity: 'board_card',
      entityId: row.id,
      after: { ...row, version },
    });
    return { message: 'Card added.', card: await cardView(tx, shopId, row.id), columnId };
  });
}

// ---------- columns/delete ----------

export async function deleteFromBoard(
  db: Db,
  user: AuthUser,
  family: Family,
  input: { shopId: number; columnId?: number; cardId?: number },
) {
  if ((input.columnId === undefined) === (input.cardId === undefined)) {
    throw fieldError(
      'columnId',
      'Send one of columnId (a section, deleted with its cards) and cardId (one card), not both',
    );
  }
  return writeBoard(db, user, family, input.shopId, async (tx, version) => {
    if (input.columnId !== undefined) {
      const column = await columnOf(tx, input.shopId, input.columnId);
      const cards = await tx
        .select()
        .from(boardCards)
        .where(eq(boardCards.columnId, column.id))
        .orderBy(asc(boardCards.position));
      // The cards' product lists go with them (on delete cascade).
      await tx.delete(boardCards).where(eq(boardCards.columnId, column.id));
      await tx.delete(boardColumns).where(eq(boardColumns.id, column.id));
      await placeColumns(tx, await columnIdsOf(tx, input.shopId));
      await audit(tx, {
        actorId: user.id,
        action: 'delete',
        entity: 'board_column',
        entityId: column.id,
        before: { ...column, cards },
        after: { version },
      });
      return { message: 'Section deleted.' };
    }
    const card = await cardOf(tx, input.shopId, input.cardId!);
    const productIds = (
      await tx
        .select({ id: boardCardProducts.productId })
        .from(boardCardProducts)
        .where(eq(boardCardProducts.cardId, card.id))
        .orderBy(asc(boardCardProducts.position))
    ).map((r) => r.id);
    await tx.delete(boardCards).where(eq(boardCards.id, card.id));
    await placeCards(tx, card.columnId, await cardIdsIn(tx, card.columnId));
    await audit(tx, {
      actorId: user.id,
      action: 'delete',
      entity: 'board_card',
      entityId: card.id,
      before: { ...card, productIds },
      after: { version },
    });
    return { message: 'Card deleted.' };
  });
}

// ---------- card/orderby ----------

export interface MoveInput {
  shopId: number;
  version: number;
  columnId: number;
  index: number;
  card?: number;
}

export async function move(db: Db, user: AuthUser, family: Family, input: MoveInput) {
  return writeBoard(
    db,
    user,
    family,
    input.shopId,
    async (tx, version) => {
      const column = await columnOf(tx, input.shopId, input.columnId);
      if (input.card === undefined) {
        const before = await columnIdsOf(tx, input.shopId);
        const after = placeAt(
          before.filter((id) => id !== column.id),
          column.id,
          input.index,
        );
        await placeColumns(tx, after);
        await audit(tx, {
          actorId: user.id,
          action: 'move_column',
          entity: 'board',
          entityId: input.shopId,
          before: { columnOrder: before },
          after: { columnOrder: after, version },
        });
        return { message: 'Section moved.' };
      }
      const card = await cardOf(tx, input.shopId, input.card);
      const from = (await cardIdsIn(tx, card.columnId)).filter((id) => id !== card.id);
      const target = column.id === card.columnId ? from : await cardIdsIn(tx, column.id);
      const after = placeAt(target, card.id, input.index);
      if (column.id !== card.columnId) await placeCards(tx, card.columnId, from);
      await placeCards(tx, column.id, after);
      await audit(tx, {
        actorId: user.id,
        action: 'move',
        entity: 'board_card',
        entityId: card.id,
        before: { columnId: card.columnId, position: card.position },
        after: { columnId: column.id, position: after.indexOf(card.id), version },
      });
      return { message: 'Card moved.' };
    },
    input.version,
  );
}

// ---------- card/update ----------

export interface CardPatch {
  id: number;
  type?: string;
  name?: string;
  description?: string | null;
  bannerCategoryId?: number | null;
}

export async function updateCard(db: Db, user: AuthUser, family: Family, shopId: number, patch: CardPatch) {
  const { id, ...fields } = patch;
  if (!Object.keys(fields).length)
    throw fieldError('card', 'card needs at least one of name, type, description and bannerCategoryId to change');
  const set: Partial<typeof boardCards.$inferInsert> = {};
  if (fields.name !== undefined) set.name = cleanName(fields.name, 'card.name');
  if (fields.description !== undefined) set.description = cleanDescription(fields.description);
  return writeBoard(db, user, family, shopId, async (tx, version) => {
    const before = await cardOf(tx, shopId, id);
    const type = fields.type ?? before.type;
    if (type === 'banner' && before.type !== 'banner') {
      const [{ n }] = await tx.select({ n: count() }).from(boardCardProducts).where(eq(boardCardProducts.cardId, id));
      if (n > 0) {
        const message = 'This card still shows products: take them off before making it a banner strip.';
        throw new HttpError(409, message, [{ field: 'card.type', message }]);
      }
    }
    set.type = type;
    // A card that stops being a banner strip no longer shows a category.
    set.bannerCategoryId =
      fields.bannerCategoryId !== undefined || type !== 'banner'
        ? await bannerCategoryFor(tx, shopId, type, fields.bannerCategoryId ?? null)
        : before.bannerCategoryId;
    const [after] = await tx
      .update(boardCards)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(boardCards.id, id))
      .returning();
    await audit(tx, {
      actorId: user.id,
      action: 'update',
      entity: 'board_card',
      entityId: id,
      before,
      after: { ...after, version },
    });
    return { message: 'Card saved.', card: await cardView(tx, shopId, id) };
  });
}
