/**
 * The products a storefront board card shows: its detail (products in order and candidates), the product
 * search, adding/removing and reordering. Products are read through product/store.ts, so only the shop's
 * own approved products are shown or added.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { boardCardProducts } from '../../db/schema.js';
import { assertStorefrontAccess } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { fieldError, HttpError, notFound } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import type { Tx } from '../../lib/sql.js';
import { searchStoreProducts, showableIds, storeProductsByIds } from '../product/store.js';
import { cardOf, cardView, readSnapshot, writeBoard } from './service.js';
import type { Family } from './schemas.js';

/** The first candidates a card's detail offers. */
const CANDIDATES = 20;

/** Every product id on the card, in its order (also those the storefront no longer shows). */
const productIdsOn = async (tx: Db | Tx, cardId: number) =>
  (
    await tx
      .select({ id: boardCardProducts.productId })
      .from(boardCardProducts)
      .where(eq(boardCardProducts.cardId, cardId))
      .orderBy(asc(boardCardProducts.position), asc(boardCardProducts.productId))
  ).map((r) => r.id);

async function setProducts(tx: Tx, cardId: number, ids: number[]) {
  await tx.delete(boardCardProducts).where(eq(boardCardProducts.cardId, cardId));
  if (ids.length)
    await tx.insert(boardCardProducts).values(ids.map((productId, position) => ({ cardId, productId, position })));
}

export async function cardDetail(
  db: Db,
  user: AuthUser,
  family: Family,
  q: { id: number; shopid: number; listid?: number },
) {
  return readSnapshot(db, async (tx) => {
    await assertStorefrontAccess(tx, user, q.shopid, family);
    const card = await cardOf(tx, q.shopid, q.id);
    if (q.listid !== undefined && card.columnId !== q.listid) throw notFound('Card');
    const ids = await productIdsOn(tx, card.id);
    const candidates = await searchStoreProducts(tx, q.shopid, { exclude: ids, page: 1, limit: CANDIDATES });
    return {
      property: await cardView(tx, q.shopid, card.id),
      property_items: await storeProductsByIds(tx, q.shopid, ids),
      property_master: candidates.items,
    };
  });
}

export interface SearchInput {
  taskid: number;
  shopid: number;
  search?: string;
  filterbrand?: number;
  filtercatemenu?: number;
  filterpercen?: number;
  page: number;
  limit: number;
}

export async function searchProducts(db: Db, user: AuthUser, family: Family, b: SearchInput) {
  return readSnapshot(db, async (tx) => {
    await assertStorefrontAccess(tx, user, b.shopid, family);
    const card = await cardOf(tx, b.shopid, b.taskid);
    const found = await searchStoreProducts(tx, b.shopid, {
      search: b.search,
      brandId: b.filterbrand,
      categoryId: b.filtercatemenu,
      minDiscount: b.filterpercen,
      exclude: await productIdsOn(tx, card.id),
      page: b.page,
      limit: b.limit,
    });
    return { property_master: found.items, total: found.total, maxpage: maxpage(found.total, b.limit) };
  });
}

const listed = (ids: number[]) => ids.join(', ');

/** A banner strip shows banners: its products cannot be changed. */
function assertShowsProducts(card: { type: string }) {
  if (card.type !== 'products')
    throw new HttpError(
      409,
      'This card is a banner strip: it shows banners, not products. Make it a product group first.',
    );
}

export interface DetailUpdateInput {
  taskid: number;
  shopid: number;
  add?: number[];
  remove?: number[];
}

export async function changeProducts(db: Db, user: AuthUser, family: Family, input: DetailUpdateInput) {
  const add = input.add ?? [];
  const remove = input.remove ?? [];
  if (!add.length && !remove.length)
    throw fieldError('post.add', 'Name at least one product to add (post.add) or remove (post.remove)');
  const both = add.filter((id) => remove.includes(id));
  if (both.length) throw fieldError('post.add', `A product cannot be both added and removed: ${listed(both)}`);
  return writeBoard(db, user, family, input.shopid, async (tx, version) => {
    const card = await cardOf(tx, input.shopid, input.taskid);
    assertShowsProducts(card);
    const before = await productIdsOn(tx, card.id);
    const absent = remove.filter((id) => !before.includes(id));
    if (absent.length)
      throw fieldError('post.remove', `Not on this card, so they cannot be removed: ${listed(absent)}`);
    const already = add.filter((id) => before.includes(id));
    if (already.length) throw fieldError('post.add', `Already on this card: ${listed(already)}`);
    const allowed = await showableIds(tx, input.shopid, add);
    const refused = add.filter((id) => !allowed.has(id));
    if (refused.length)
      throw fieldError('post.add', `post.add must be this shop's approved products; these are not: ${listed(refused)}`);
    const after = [...before.filter((id) => !remove.includes(id)), ...add];
    await setProducts(tx, card.id, after);
    await audit(tx, {
      actorId: user.id,
      action: 'change_products',
      entity: 'board_card',
      entityId: card.id,
      before: { productIds: before },
      after: { productIds: after, version },
    });
    return { message: 'Card products saved.', property_items: await storeProductsByIds(tx, input.shopid, after) };
  });
}

export async function orderProducts(
  db: Db,
  user: AuthUser,
  family: Family,
  input: { shopid: number; task: number; items: number[] },
) {
  return writeBoard(db, user, family, input.shopid, async (tx, version) => {
    const card = await cardOf(tx, input.shopid, input.task);
    const before = await productIdsOn(tx, card.id);
    // The person orders what the card shows; products it no longer shows keep their order after them.
    const shown = await showableIds(tx, input.shopid, before);
    const missing = before.filter((id) => shown.has(id) && !input.items.includes(id));
    const extra = input.items.filter((id) => !shown.has(id) || !before.includes(id));
    if (missing.length || extra.length) {
      const message = `items must list exactly this card's products${missing.length ? `; missing: ${listed(missing)}` : ''}${extra.length ? `; not on the card: ${listed(extra)}` : ''}`;
      throw fieldError('items', message);
    }
    const after = [...input.items, ...before.filter((id) => !shown.has(id))];
    await setProducts(tx, card.id, after);
    await audit(tx, {
      actorId: user.id,
      action: 'order_products',
      entity: 'board_card',
      entityId: card.id,
      before: { productIds: before },
      after: { productIds: after, version },
    });
    return { message: 'Card products reordered.', property_items: await storeProductsByIds(tx, input.shopid, after) };
  });
}
