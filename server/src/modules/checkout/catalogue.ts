/**
 * What staff sell from in checkout: approved, online products (any other → 404 `Product not found`),
 * as a grid with sort and filters, one product's detail, the filters' choices, and a quote of a cart
 * as the server prices it now (prices, stock, weight and the shipping choices to a district).
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { masterData, productMedia, products, shops, type LinePromotion } from '../../db/schema.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { containing, type Tx } from '../../lib/sql.js';
import { getSetting } from '../settings/registry.js';
import { quoteAll } from '../settings/shipping.js';
import { deliveryDays } from './delivery.js';
import { livePrices } from './pricing.js';

const brand = alias(masterData, 'brand');
const category = alias(masterData, 'category');
const color = alias(masterData, 'color');
const weightUnit = alias(masterData, 'weight_unit');

/** Shoppers can buy it: approved and online. */
export const sellable = and(eq(products.approvalStatus, 'approved'), eq(products.online, true))!;

/** A product's weight in kg (grams converted; no weight entered counts as 0). */
export const weightKgSql = sql<string>`coalesce(${products.weight} * case when ${weightUnit.code} = 'g' then 0.001 else 1 end, 0)`;

const gridColumns = {
  id: products.id,
  shopId: products.shopId,
  shopName: shops.name,
  code: products.code,
  name: products.name,
  imageUrl: products.imageUrl,
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  stock: products.stock,
  brandId: products.brandId,
  brandName: brand.name,
  categoryId: products.level1Id,
  categoryName: category.name,
  colorCode: color.code,
  colorName: color.name,
  colorHex: sql<string | null>`${color.extra}->>'hex'`,
  weightKg: weightKgSql,
  createdAt: products.createdAt,
};

type GridRow = { [K in keyof typeof gridColumns]: unknown } & Record<string, unknown>;

export interface GridProduct {
  id: number;
  shopId: number;
  shopName: string;
  code: string;
  name: string;
  imageUrl: string | null;
  price: number;
  compareAtPrice: number | null;
  discountPercent: number;
  stock: number;
  brandId: number | null;
  brandName: string | null;
  categoryId: number | null;
  categoryName: string | null;
  colors: { code: string; name: string; hex: string | null }[];
  weightKg: number;
  promotion: LinePromotion | null;
}

function toGrid(r: GridRow): GridProduct {
  const price = Number(r.price);
  const was = r.compareAtPrice === null ? null : Number(r.compareAtPrice);
  return {
    id: Number(r.id),
    shopId: Number(r.shopId),
    shopName: String(r.shopName),
    code: String(r.code),
    name: String(r.name),
    imageUrl: (r.imageUrl as string | null) ?? null,
    price,
    compareAtPrice: was,
    discountPercent: was && was > price ? Math.round(((was - price) / was) * 100) : 0,
    stock: Number(r.stock),
    brandId: r.brandId === null ? null : Number(r.brandId),
    brandName: (r.brandName as string | null) ?? null,
    categoryId: r.categoryId === null ? null : Number(r.categoryId),
    categoryName: (r.categoryName as string | null) ?? null,
    colors: r.colorCode
      ? [{ code: r.colorCode as string, name: String(r.colorName), hex: (r.colorHex as string | null) ?? null }]
      : [],
    weightKg: Math.round(Number(r.weightKg) * 1000) / 1000,
    promotion: null,
  };
}

/**
 * Products as they sell now (one unit): a live promotion's price, with the price without it as the
 * "was" price. Sorting and price filters read the product's own price.
 */
async function withLivePrices<T extends GridProduct>(q: Db | Tx, rows: T[]): Promise<T[]> {
  const live = await livePrices(
    q,
    rows.map((r) => ({ id: r.id, price: r.price, compareAtPrice: r.compareAtPrice, quantity: 1 })),
  );
  return rows.map((r) => {
    const l = live.get(r.id);
    if (!l?.promotion) return r;
    return {
      ...r,
      price: l.price,
      compareAtPrice: l.listPrice,
      discountPercent: Math.round(((l.listPrice - l.price) / l.listPrice) * 100),
      promotion: l.promotion,
    };
  });
}

const grid = (db: Db | Tx) =>
  db
    .select(gridColumns)
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(brand, eq(brand.id, products.brandId))
    .leftJoin(category, eq(category.id, products.level1Id))
    .leftJoin(color, eq(color.id, products.colorId))
    .leftJoin(weightUnit, eq(weightUnit.id, products.weightUnitId));

export const GRID_SORTS = ['createdAt', 'price', 'name', 'stock'] as const;

export interface GridQuery {
  _start?: number;
  _end?: number;
  _sort?: (typeof GRID_SORTS)[number];
  _order?: 'asc' | 'desc';
  name_like?: string;
  shopId?: number[];
  brandId?: number[];
  categoryId?: number[];
  price_gte?: number;
  price_lte?: number;
  inStock?: boolean;
}

/** The grid: newest first unless sorted; `name_like` looks in the name and the code. */
export async function listGrid(db: Db, q: GridQuery): Promise<{ rows: GridProduct[]; total: number }> {
  const start = q._start ?? 0;
  const end = q._end ?? start + 24;
  if (end < start) throw fieldError('_end', '_end must not be less than _start');
  if (end - start > 100) throw fieldError('_end', '_end may be at most 100 after _start');
  if (q._order && !q._sort) throw fieldError('_order', '_order needs _sort');
  if (q.price_gte !== undefined && q.price_lte !== undefined && q.price_gte > q.price_lte) {
    throw fieldError('price_lte', 'price_lte must not be below price_gte');
  }
  const text = q.name_like?.trim();
  const where = and(
    sellable,
    text ? or(ilike(products.name, containing(text)), ilike(products.code, containing(text))) : undefined,
    q.shopId?.length ? inArray(products.shopId, q.shopId) : undefined,
    q.brandId?.length ? inArray(products.brandId, q.brandId) : undefined,
    q.categoryId?.length ? inArray(products.level1Id, q.categoryId) : undefined,
    q.price_gte !== undefined ? gte(products.price, String(q.price_gte)) : undefined,
    q.price_lte !== undefined ? lte(products.price, String(q.price_lte)) : undefined,
    q.inStock === undefined ? undefined : q.inStock ? sql`${products.stock} > 0` : eq(products.stock, 0),
  );
  const column = { createdAt: products.createdAt, price: products.price, name: products.name, stock: products.stock }[
    q._sort ?? 'createdAt'
  ];
  const order: SQL = (q._sort ? (q._order ?? 'asc') : 'desc') === 'desc' ? desc(column) : asc(column);
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const rows =
    end === start
      ? []
      : await grid(db)
          .where(where)
          .orderBy(order, asc(products.id))
          .limit(end - start)
          .offset(start);
  return { rows: await withLivePrices(db, rows.map(toGrid)), total };
}

export interface ProductDetail extends GridProduct {
  description: string | null;
  keyHighlights: string[];
  images: string[];
  unitName: string | null;
  warrantyName: string | null;
}

export async function getProduct(db: Db, id: number): Promise<ProductDetail> {
  const [row] = await grid(db).where(and(eq(products.id, id), sellable));
  if (!row) throw notFound('Product');
  const unit = alias(masterData, 'unit');
  const warranty = alias(masterData, 'warranty');
  const [extra] = await db
    .select({
      description: products.description,
      keyHighlights: products.keyHighlights,
      unitName: unit.name,
      warrantyName: warranty.name,
    })
    .from(products)
    .leftJoin(unit, eq(unit.id, products.unitId))
    .leftJoin(warranty, eq(warranty.id, products.warrantyId))
    .where(eq(products.id, id));
  const media = await db
    .select({ url: productMedia.url })
    .from(productMedia)
    .where(and(eq(productMedia.productId, id), eq(productMedia.kind, 'image')))
    .orderBy(asc(productMedia.sort), asc(productMedia.id));
  const [g] = await withLivePrices(db, [toGrid(row)]);
  const images = media.map((m) => m.url);
  return {
    ...g,
    description: extra.description,
    keyHighlights: extra.keyHighlights,
    unitName: extra.unitName,
    warrantyName: extra.warrantyName,
    images: images.length ? images : g.imageUrl ? [g.imageUrl] : [],
  };
}

/** The grid filters' choices: shops, brands and categories that have products on sale, by name. */
export async function gridFilters(db: Db) {
  const [shopRows, brandRows, categoryRows] = await Promise.all([
    db
      .selectDistinct({ id: shops.id, name: shops.name })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(sellable)
      .orderBy(shops.name, shops.id),
    db
      .selectDistinct({ id: brand.id, name: brand.name })
      .from(products)
      .innerJoin(brand, eq(brand.id, products.brandId))
      .where(sellable)
      .orderBy(brand.name, brand.id),
    db
      .selectDistinct({ id: category.id, name: category.name })
      .from(products)
      .innerJoin(category, eq(category.id, products.level1Id))
      .where(sellable)
      .orderBy(category.name, category.id),
  ]);
  return { shops: shopRows, brands: brandRows, categories: categoryRows };
}

export interface CartLine {
  productId: number;
  quantity: number;
}

export interface PricedLine {
  productId: number;
  shopId: number;
  shopName: string;
  code: string;
  name: string;
  imageUrl: string | null;
  /** The unit price charged now (the promotion's, when one is live). */
  price: number;
  /** The unit price without the promotion. */
  listPrice: number;
  promotion: LinePromotion | null;
  stock: number;
  weightKg: number;
  quantity: number;
  amount: number;
  /** (listPrice − price) × quantity. */
  saving: number;
}

const money = (v: number) => Math.round(v * 100) / 100;

/**
 * The cart's lines as the database has them now (in `tx`, optionally locked): each must be on sale
 * (else 400 naming `items.N.productId`), all of one shop (else 400 naming `items`), none twice.
 */
export async function priceLines(q: Db | Tx, items: CartLine[], lock = false): Promise<PricedLine[]> {
  const seen = new Set<number>();
  items.forEach((it, i) => {
    if (seen.has(it.productId))
      throw fieldError(
        `items.${i}.productId`,
        `Product ${it.productId} is in the cart twice; add to its quantity instead.`,
      );
    seen.add(it.productId);
  });
  const ids = [...seen].sort((a, b) => a - b);
  // Locked in id order: two checkouts of the same products never wait on each other in a circle.
  const query = q
    .select({
      id: products.id,
      shopId: products.shopId,
      shopName: shops.name,
      code: products.code,
      name: products.name,
      imageUrl: products.imageUrl,
      price: products.price,
      compareAtPrice: products.compareAtPrice,
      stock: products.stock,
      approvalStatus: products.approvalStatus,
      online: products.online,
      weightKg: weightKgSql,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(weightUnit, eq(weightUnit.id, products.weightUnitId))
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id));
  // NO KEY UPDATE: order items referencing these products may still be written by others meanwhile.
  const rows = lock ? await query.for('no key update', { of: products }) : await query;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const live = await livePrices(
    q,
    items
      .filter((it) => byId.has(it.productId))
      .map((it) => {
        const p = byId.get(it.productId)!;
        return {
          id: p.id,
          price: Number(p.price),
          compareAtPrice: p.compareAtPrice === null ? null : Number(p.compareAtPrice),
          quantity: it.quantity,
        };
      }),
  );
  const lines = items.map((it, i) => {
    const p = byId.get(it.productId);
    if (!p) throw fieldError(`items.${i}.productId`, `Product ${it.productId} does not exist.`);
    if (p.approvalStatus !== 'approved' || !p.online)
      throw fieldError(`items.${i}.productId`, `${p.name} is no longer on sale; remove it from the cart.`);
    const { price, listPrice, promotion } = live.get(p.id)!;
    return {
      productId: p.id,
      shopId: p.shopId,
      shopName: p.shopName,
      code: p.code,
      name: p.name,
      imageUrl: p.imageUrl,
      price,
      listPrice,
      promotion,
      stock: p.stock,
      weightKg: Math.round(Number(p.weightKg) * 1000) / 1000,
      quantity: it.quantity,
      amount: money(price * it.quantity),
      saving: money((listPrice - price) * it.quantity),
    };
  });
  const shopsInCart = [...new Set(lines.map((l) => l.shopName))];
  if (shopsInCart.length > 1) {
    throw fieldError(
      'items',
      `An order goes to one shop, and this cart holds products of ${shopsInCart.join(' and ')}; place one order per shop.`,
    );
  }
  return lines;
}

export const subtotalOf = (lines: PricedLine[]) => money(lines.reduce((s, l) => s + l.amount, 0));
export const savingOf = (lines: PricedLine[]) => money(lines.reduce((s, l) => s + l.saving, 0));
export const weightOf = (lines: PricedLine[]) =>
  Math.round(lines.reduce((s, l) => s + l.weightKg * l.quantity, 0) * 1000) / 1000;

/** The province of a district (400 naming `field` when there is no such district). */
export async function districtOf(q: Db | Tx, districtId: number, field: string) {
  const [d] = await q
    .execute(
      sql`select d.id, d.name, d.zipcode, p.id as province_id, p.name as province from districts d join provinces p on p.id = d.province_id where d.id = ${districtId}`,
    )
    .then(
      (r) =>
        (
          r as unknown as {
            rows: { id: number; name: string; zipcode: string; province_id: number; province: string }[];
          }
        ).rows,
    );
  if (!d) throw fieldError(field, `District ${districtId} does not exist`);
  return {
    districtId: Number(d.id),
    district: d.name,
    zipcode: d.zipcode,
    provinceId: Number(d.province_id),
    province: d.province,
  };
}

/** The shipping charged: the rate, or nothing once the subtotal reaches the free-shipping amount. */
export function charged(ratePrice: number, subtotal: number, freeFrom: number | null): number {
  return freeFrom !== null && subtotal >= freeFrom ? 0 : ratePrice;
}

export interface QuoteInput {
  items: CartLine[];
  districtId?: number;
}

/**
 * The cart priced now — each line by `priceLines`, the function placing the order prices it with —:
 * lines with their promotion and saving, subtotal, weight and, with a district, the price and
 * delivery days of each transport type to it (free shipping applied) or why it has none. Nothing is
 * stored or locked.
 */
export async function quoteCart(db: Db, input: QuoteInput) {
  const lines = await priceLines(db, input.items);
  const subtotal = subtotalOf(lines);
  const weightKg = weightOf(lines);
  const freeShippingFrom = await getSetting(db, 'freeShippingFrom');
  const maxQuantity = await getSetting(db, 'checkoutMaxQuantity');
  let options: {
    transportType: string;
    transportTypeName: string;
    zone: string;
    zoneName: string;
    ratePrice: number | null;
    price: number | null;
    reason: string | null;
    deliveryMinDays: number | null;
    deliveryMaxDays: number | null;
  }[] = [];
  if (input.districtId !== undefined) {
    const { provinceId } = await districtOf(db, input.districtId, 'districtId');
    const all = await quoteAll(db, provinceId, weightKg);
    const days = all.length ? await deliveryDays(db, all[0].zone, weightKg) : null;
    options = all.map((o) => ({
      transportType: o.transportType,
      transportTypeName: o.transportTypeName,
      zone: o.zone,
      zoneName: o.zoneName,
      ratePrice: o.price,
      price: o.price === null ? null : charged(o.price, subtotal, freeShippingFrom),
      reason: o.reason ?? null,
      deliveryMinDays: o.price === null ? null : (days?.minDays ?? null),
      deliveryMaxDays: o.price === null ? null : (days?.maxDays ?? null),
    }));
  }
  return {
    shopId: lines[0].shopId,
    shopName: lines[0].shopName,
    lines,
    subtotal,
    saving: savingOf(lines),
    weightKg,
    freeShippingFrom,
    maxQuantity,
    freeShipping: freeShippingFrom !== null && subtotal >= freeShippingFrom,
    options,
  };
}
