/**
 * A product as a storefront shows it (docs/api/storefronts.md, `StoreProduct`): the storefront board's
 * card details, its product search and the storefront preview read products through here, so a tile
 * has one shape and one rule for what may be shown (the shop's own, approved products).
 */
import { and, asc, count, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { masterData, products } from '../../db/schema.js';
import { containing, type Tx } from '../../lib/sql.js';

export interface StoreProduct {
  id: number;
  code: string;
  name: string;
  imageUrl: string | null;
  price: number;
  compareAtPrice: number | null;
  discountPercent: number;
  brandId: number | null;
  brandName: string | null;
  categoryId: number | null;
  categoryName: string | null;
  online: boolean;
}

export const storeProductSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    name: { type: 'string' },
    imageUrl: { type: ['string', 'null'] },
    price: { type: 'number' },
    compareAtPrice: { type: ['number', 'null'] },
    discountPercent: { type: 'integer' },
    brandId: { type: ['integer', 'null'] },
    brandName: { type: ['string', 'null'] },
    categoryId: { type: ['integer', 'null'] },
    categoryName: { type: ['string', 'null'] },
    online: { type: 'boolean' },
  },
  required: [
    'id',
    'code',
    'name',
    'imageUrl',
    'price',
    'compareAtPrice',
    'discountPercent',
    'brandId',
    'brandName',
    'categoryId',
    'categoryName',
    'online',
  ],
} as const;

const brand = alias(masterData, 'store_brand');
const category = alias(masterData, 'store_category');

/** Whole percent off the regular price; 0 when the product is not discounted. */
const discountPercent = sql<number>`coalesce(round((${products.compareAtPrice} - ${products.price}) * 100 / nullif(${products.compareAtPrice}, 0))::int, 0)`;

const columns = {
  id: products.id,
  code: products.code,
  name: products.name,
  imageUrl: products.imageUrl,
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  discountPercent,
  brandId: products.brandId,
  brandName: brand.name,
  categoryId: products.level1Id,
  categoryName: category.name,
  online: products.online,
};

/** What a shop may show: its own approved products (also joined by the storefront board's card summaries). */
export const showable = (shopId: number) => and(eq(products.shopId, shopId), eq(products.approvalStatus, 'approved'));

function select(db: Db | Tx, where: SQL | undefined) {
  return db
    .select(columns)
    .from(products)
    .leftJoin(brand, eq(brand.id, products.brandId))
    .leftJoin(category, eq(category.id, products.level1Id))
    .where(where);
}

const toStoreProduct = (
  r: { price: string; compareAtPrice: string | null; discountPercent: number | string } & Omit<
    StoreProduct,
    'price' | 'compareAtPrice' | 'discountPercent'
  >,
): StoreProduct => ({
  ...r,
  price: Number(r.price),
  compareAtPrice: r.compareAtPrice === null ? null : Number(r.compareAtPrice),
  discountPercent: Number(r.discountPercent),
});

/** The given products in the given order, leaving out any the shop may not show (gone, another shop's, not approved). */
export async function storeProductsByIds(db: Db | Tx, shopId: number, ids: readonly number[]): Promise<StoreProduct[]> {
  if (!ids.length) return [];
  const rows = await select(db, and(showable(shopId), inArray(products.id, [...ids])));
  const byId = new Map(rows.map((r) => [r.id, toStoreProduct(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The ids among `ids` the shop may show (for checking what a write names). */
export async function showableIds(db: Db | Tx, shopId: number, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(showable(shopId), inArray(products.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

export interface StoreSearch {
  search?: string;
  brandId?: number;
  categoryId?: number;
  minDiscount?: number;
  /** Products to leave out (already on the card). */
  exclude?: readonly number[];
  page: number;
  limit: number;
}

/** The shop's showable products matching the filters, by name: one page and the total. */
export async function searchStoreProducts(
  db: Db | Tx,
  shopId: number,
  q: StoreSearch,
): Promise<{ items: StoreProduct[]; total: number }> {
  const text = q.search?.trim();
  const where = and(
    showable(shopId),
    text ? or(ilike(products.name, containing(text)), ilike(products.code, containing(text))) : undefined,
    q.brandId !== undefined ? eq(products.brandId, q.brandId) : undefined,
    q.categoryId !== undefined ? eq(products.level1Id, q.categoryId) : undefined,
    q.minDiscount ? gte(discountPercent, q.minDiscount) : undefined,
    q.exclude?.length ? sql`${products.id} not in ${[...q.exclude]}` : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const rows = await select(db, where)
    .orderBy(asc(products.name), asc(products.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { items: rows.map(toStoreProduct), total };
}
