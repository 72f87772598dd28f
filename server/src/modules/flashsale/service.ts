/**
 * Flash sales: a product sold below its price, up to a stock limit, inside a window. One product's
 * windows never overlap; the check runs under a lock on the product row, so two writes for one
 * product are applied one after the other and cannot both pass it.
 */
import { and, asc, count, desc, eq, gt, ilike, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { flashSales, products, shops, users } from '../../db/schema.js';
import { assertShopAccess } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import { containing, type Tx } from '../../lib/sql.js';
import { checkWindow, windowState, type WindowInput } from '../../lib/window.js';
import type { SaleState } from './schemas.js';

/** A new or changed sale may start this long before now (the minute a person picks "now" has begun). */
export const START_GRACE_MS = 5 * 60_000;

/** When a sale stops selling: its end, or when it was closed if that came first. */
export const saleEnd = sql`least(${flashSales.endsAt}, ${flashSales.closedAt})`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const saleColumns = {
  id: flashSales.id,
  productId: flashSales.productId,
  productCode: products.code,
  productName: products.name,
  productImageUrl: products.imageUrl,
  productPrice: products.price,
  shopId: flashSales.shopId,
  shopName: shops.name,
  salePrice: flashSales.salePrice,
  normalPrice: flashSales.normalPrice,
  stockLimit: flashSales.stockLimit,
  startsAt: flashSales.startsAt,
  endsAt: flashSales.endsAt,
  timezone: flashSales.timezone,
  storedStatus: flashSales.status,
  closedAt: flashSales.closedAt,
  createdAt: flashSales.createdAt,
  createdByName: sql<
    string | null
  >`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
};

export type SaleRow = {
  id: number;
  productId: number;
  productCode: string;
  productName: string;
  productImageUrl: string | null;
  productPrice: string;
  shopId: number;
  shopName: string;
  salePrice: string;
  normalPrice: string;
  stockLimit: number;
  startsAt: Date;
  endsAt: Date | null;
  timezone: string;
  storedStatus: string;
  closedAt: Date | null;
  createdAt: Date;
  createdByName: string | null;
};

export function stateOf(
  row: { storedStatus: string; startsAt: Date; endsAt: Date | null },
  now = new Date(),
): SaleState {
  return row.storedStatus === 'closed' ? 'closed' : windowState(row, now);
}

export function toSale(r: SaleRow) {
  const { storedStatus: _stored, ...rest } = r;
  const salePrice = Number(r.salePrice);
  const normalPrice = Number(r.normalPrice);
  return {
    ...rest,
    salePrice,
    normalPrice,
    productPrice: Number(r.productPrice),
    discountPercent: normalPrice > 0 ? Math.round(((normalPrice - salePrice) / normalPrice) * 100) : 0,
    startsAt: r.startsAt.toISOString(),
    endsAt: iso(r.endsAt),
    closedAt: iso(r.closedAt),
    createdAt: r.createdAt.toISOString(),
    status: stateOf(r),
  };
}

export type FlashSale = ReturnType<typeof toSale>;

export interface SaleFilter {
  id?: number;
  status?: SaleState;
  shopId?: number;
  productId?: number;
  search?: string;
  from?: string;
  to?: string;
}

/** The conditions of the list and report filters (a shop filter names an existing shop, else 404). */
export async function saleConditions(db: Db, user: AuthUser, f: SaleFilter): Promise<SQL | undefined> {
  const conds: (SQL | undefined)[] = [];
  if (f.shopId !== undefined) {
    await assertShopAccess(db, user, f.shopId);
    conds.push(eq(flashSales.shopId, f.shopId));
  }
  if (f.id !== undefined) conds.push(eq(flashSales.id, f.id));
  if (f.productId !== undefined) conds.push(eq(flashSales.productId, f.productId));
  const search = f.search?.trim();
  if (search) conds.push(or(ilike(products.name, containing(search)), ilike(products.code, containing(search))));
  if (f.from) conds.push(sql`coalesce(${flashSales.endsAt}, 'infinity'::timestamptz) > ${new Date(f.from)}`);
  if (f.to) conds.push(lt(flashSales.startsAt, new Date(f.to)));
  const now = new Date();
  const open = ne(flashSales.status, 'closed');
  switch (f.status) {
    case 'closed':
      conds.push(eq(flashSales.status, 'closed'));
      break;
    case 'scheduled':
      conds.push(open, gt(flashSales.startsAt, now));
      break;
    case 'live':
      conds.push(
        open,
        sql`${flashSales.startsAt} <= ${now}`,
        sql`coalesce(${flashSales.endsAt}, 'infinity'::timestamptz) > ${now}`,
      );
      break;
    case 'expired':
      conds.push(open, sql`${flashSales.endsAt} <= ${now}`);
      break;
  }
  return and(...conds);
}

export const saleFrom = (db: Db | Tx) =>
  db
    .select(saleColumns)
    .from(flashSales)
    .innerJoin(products, eq(products.id, flashSales.productId))
    .innerJoin(shops, eq(shops.id, flashSales.shopId))
    .leftJoin(users, eq(users.id, flashSales.createdBy));

export interface ListQuery extends SaleFilter {
  page: number;
  limit: number;
  sort?: 'startsAt' | 'createdAt' | 'salePrice';
  order?: 'asc' | 'desc';
}

export function orderOf(q: { sort?: string; order?: 'asc' | 'desc' }): SQL[] {
  if (!q.sort) {
    if (q.order) throw fieldError('order', 'order needs sort');
    return [desc(flashSales.startsAt), desc(flashSales.id)];
  }
  const column =
    q.sort === 'createdAt' ? flashSales.createdAt : q.sort === 'salePrice' ? flashSales.salePrice : flashSales.startsAt;
  return q.order === 'desc' ? [desc(column), desc(flashSales.id)] : [asc(column), asc(flashSales.id)];
}

export async function listSales(db: Db, user: AuthUser, q: ListQuery) {
  const where = await saleConditions(db, user, q);
  const [{ total }] = await db
    .select({ total: count() })
    .from(flashSales)
    .innerJoin(products, eq(products.id, flashSales.productId))
    .where(where);
  const rows = await saleFrom(db)
    .where(where)
    .orderBy(...orderOf(q))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { items: (rows as SaleRow[]).map(toSale), total, maxpage: maxpage(total, q.limit) };
}

/** Products a sale can be set for: approved and online, by name. */
export async function listCandidates(
  db: Db,
  user: AuthUser,
  q: { page: number; limit: number; search?: string; shopId?: number },
) {
  const conds: (SQL | undefined)[] = [eq(products.approvalStatus, 'approved'), eq(products.online, true)];
  if (q.shopId !== undefined) {
    await assertShopAccess(db, user, q.shopId);
    conds.push(eq(products.shopId, q.shopId));
  }
  const search = q.search?.trim();
  if (search) conds.push(or(ilike(products.name, containing(search)), ilike(products.code, containing(search))));
  const where = and(...conds);
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const rows = await db
    .select({
      id: products.id,
      code: products.code,
      name: products.name,
      imageUrl: products.imageUrl,
      shopId: products.shopId,
      shopName: shops.name,
      price: products.price,
      compareAtPrice: products.compareAtPrice,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(where)
    .orderBy(asc(products.name), asc(products.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    items: rows.map((r) => ({
      ...r,
      price: Number(r.price),
      compareAtPrice: r.compareAtPrice === null ? null : Number(r.compareAtPrice),
    })),
    total,
    maxpage: maxpage(total, q.limit),
  };
}

async function loadSale(q: Db | Tx, id: number): Promise<FlashSale> {
  const [row] = await saleFrom(q).where(eq(flashSales.id, id));
  if (!row) throw notFound('Flash sale');
  return toSale(row);
}

const twoDecimals = (field: string, v: number) => {
  if (Math.abs(v * 100 - Math.round(v * 100)) > 1e-6)
    throw fieldError(field, `${field} must have at most two decimals`);
  return v.toFixed(2);
};

/** "1 Dec 2026 09:00 – 3 Dec 2026 21:00 (Asia/Bangkok)": a window in the zone it was entered in. */
function windowWords(startsAt: Date, endsAt: Date | null, zone: string): string {
  const f = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  return `${f.format(startsAt)} – ${endsAt ? f.format(endsAt) : 'no end'} (${zone})`;
}

export interface SetInput extends WindowInput {
  id?: number;
  productId?: number;
  salePrice?: number;
  stockLimit?: number;
}

/**
 * Creates a sale, or changes one that has not started (`id`): price, stock limit and window; the
 * product stays. A sale that has started, ended or been closed answers 409.
 */
export async function setSale(db: Db, user: AuthUser, input: SetInput): Promise<{ sale: FlashSale; created: boolean }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    let current: typeof flashSales.$inferSelect | undefined;
    if (input.id !== undefined) {
      [current] = await tx.select().from(flashSales).where(eq(flashSales.id, input.id)).for('update');
      if (!current) throw notFound('Flash sale');
      if (current.status === 'closed') throw conflict('This flash sale is closed; a closed sale cannot be changed.');
      const state = windowState(current, now);
      if (state !== 'scheduled')
        throw conflict(
          state === 'live'
            ? 'This flash sale has started; it can only be closed now.'
            : 'This flash sale has ended; it cannot be changed.',
        );
      if (input.productId !== undefined && input.productId !== current.productId) {
        throw fieldError(
          'productId',
          'The product of a flash sale cannot change; close this sale and set one for the other product.',
        );
      }
    } else {
      for (const field of ['productId', 'salePrice', 'stockLimit'] as const) {
        if (input[field] === undefined) throw fieldError(field, `${field} is required`);
      }
    }
    const productId = current?.productId ?? input.productId!;
    // The lock every write for this product takes: overlapping writes wait here, then see each other's sale.
    // NO KEY UPDATE leaves order items (which only reference the product) free to be written meanwhile.
    const [product] = await tx
      .select({
        id: products.id,
        shopId: products.shopId,
        name: products.name,
        price: products.price,
        approvalStatus: products.approvalStatus,
        online: products.online,
      })
      .from(products)
      .where(eq(products.id, productId))
      .for('no key update');
    if (!product) throw fieldError('productId', `Product ${productId} does not exist`);
    if (product.approvalStatus !== 'approved' || !product.online) {
      throw fieldError(
        'productId',
        `${product.name} is not approved and online; only products shoppers can buy can go on a flash sale.`,
      );
    }

    const window = checkWindow(
      input,
      current ? { startsAt: current.startsAt, endsAt: current.endsAt, timezone: current.timezone } : undefined,
    );
    if (!window.endsAt) throw fieldError('endsAt', 'A flash sale needs an end: endsAt is required');
    if (window.startsAt.getTime() < now.getTime() - START_GRACE_MS) {
      throw fieldError('startsAt', 'startsAt is in the past; a flash sale starts now or later');
    }
    const normalPrice = Number(product.price);
    const salePrice =
      input.salePrice !== undefined ? Number(twoDecimals('salePrice', input.salePrice)) : Number(current!.salePrice);
    if (salePrice >= normalPrice) {
      throw fieldError(
        'salePrice',
        `salePrice (${salePrice.toFixed(2)}) must be below the product's price (${normalPrice.toFixed(2)} THB)`,
      );
    }
    const stockLimit = input.stockLimit ?? current!.stockLimit;

    // Another sale of the product still selling in any part of this window (closed ones only up to their close).
    const [overlap] = await tx
      .select({
        id: flashSales.id,
        startsAt: flashSales.startsAt,
        endsAt: flashSales.endsAt,
        timezone: flashSales.timezone,
      })
      .from(flashSales)
      .where(
        and(
          eq(flashSales.productId, productId),
          current ? ne(flashSales.id, current.id) : undefined,
          lt(flashSales.startsAt, window.endsAt),
          sql`coalesce(${saleEnd}, 'infinity'::timestamptz) > ${window.startsAt}`,
        ),
      )
      .orderBy(asc(flashSales.startsAt))
      .limit(1);
    if (overlap) {
      throw fieldError(
        'startsAt',
        `This window overlaps flash sale #${overlap.id} of ${product.name} (${windowWords(overlap.startsAt, overlap.endsAt, overlap.timezone)}); one product's sales may not overlap.`,
      );
    }

    const values = {
      salePrice: salePrice.toFixed(2),
      normalPrice: normalPrice.toFixed(2),
      stockLimit,
      startsAt: window.startsAt,
      endsAt: window.endsAt,
      timezone: window.timezone,
    };
    let id: number;
    if (current) {
      await tx.update(flashSales).set(values).where(eq(flashSales.id, current.id));
      id = current.id;
    } else {
      [{ id }] = await tx
        .insert(flashSales)
        .values({ ...values, productId, shopId: product.shopId, createdBy: user.id })
        .returning({ id: flashSales.id });
    }
    const sale = await loadSale(tx, id);
    await audit(tx, {
      actorId: user.id,
      action: current ? 'update' : 'create',
      entity: 'flash_sale',
      entityId: id,
      before: current,
      after: sale,
    });
    return { sale, created: !current };
  });
}

/** Closes a sale for good: it stops selling now (or never starts). An ended or closed sale answers 409. */
export async function closeSale(db: Db, user: AuthUser, id: number): Promise<FlashSale> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(flashSales).where(eq(flashSales.id, id)).for('update');
    if (!current) throw notFound('Flash sale');
    if (current.status === 'closed') throw conflict('This flash sale is already closed.');
    if (windowState(current) === 'expired')
      throw conflict('This flash sale has already ended; there is nothing to close.');
    await tx.update(flashSales).set({ status: 'closed', closedAt: new Date() }).where(eq(flashSales.id, id));
    const sale = await loadSale(tx, id);
    await audit(tx, {
      actorId: user.id,
      action: 'close',
      entity: 'flash_sale',
      entityId: id,
      before: current,
      after: sale,
    });
    return sale;
  });
}
