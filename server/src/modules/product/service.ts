import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { auditLog, masterData, outboxJobs, productPriceHistory, products, shops, users } from '../../db/schema.js';
import { deliveryState, enqueue } from '../outbox/service.js';
import {
  assertRecordInScope,
  assertShopAccess,
  assertShopApproved,
  scopeCondition,
  shopFilter,
} from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { notifyProductReviewed } from '../notifications/notices.js';
import { conflict, fieldError, HttpError, isUniqueViolation, notFound } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import { containing, type Tx } from '../../lib/sql.js';
import type { ExportQuery } from '../../lib/csv-export.js';

export type ProductRow = typeof products.$inferSelect;
export type ApprovalStatus = 'draft' | 'pending' | 'approved' | 'rejected' | 'resubmitted';

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const num = (v: string | null) => (v === null ? null : Number(v));

const brand = alias(masterData, 'brand');
const level1 = alias(masterData, 'level1');
const level2 = alias(masterData, 'level2');

const summaryColumns = {
  id: products.id,
  shopId: products.shopId,
  shopName: shops.name,
  code: products.code,
  name: products.name,
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  imageUrl: products.imageUrl,
  brandId: products.brandId,
  brandName: brand.name,
  level1Id: products.level1Id,
  level1Name: level1.name,
  level2Id: products.level2Id,
  level2Name: level2.name,
  approvalStatus: products.approvalStatus,
  rejectReason: products.rejectReason,
  online: products.online,
  isNew: products.isNew,
  submittedAt: products.submittedAt,
  approvedAt: products.approvedAt,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

type SummaryRow = {
  price: string;
  compareAtPrice: string | null;
  submittedAt: Date | null;
  approvedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
} & Record<string, unknown>;
export interface ProductSummary {
  id: number;
  shopId: number;
  shopName: string;
  code: string;
  name: string;
  price: number;
  compareAtPrice: number | null;
  imageUrl: string | null;
  brandId: number | null;
  brandName: string | null;
  level1Id: number | null;
  level1Name: string | null;
  level2Id: number | null;
  level2Name: string | null;
  approvalStatus: string;
  rejectReason: string | null;
  online: boolean;
  isNew: boolean;
  submittedAt: string | null;
  approvedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
export function toSummary(r: SummaryRow): ProductSummary {
  return {
    ...r,
    price: Number(r.price),
    compareAtPrice: num(r.compareAtPrice),
    submittedAt: iso(r.submittedAt),
    approvedAt: iso(r.approvedAt),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  } as unknown as ProductSummary;
}

function joined<T extends Record<string, unknown>>(db: Db | Tx, columns: T) {
  return db
    .select(columns as never)
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(brand, eq(brand.id, products.brandId))
    .leftJoin(level1, eq(level1.id, products.level1Id))
    .leftJoin(level2, eq(level2.id, products.level2Id));
}

export interface ListQuery {
  page: number;
  limit: number;
  search?: string;
  shopId?: number;
  brandId?: number;
  level1Id?: number;
  level2Id?: number;
  approvalStatus?: ApprovalStatus;
  online?: boolean;
  isNew?: boolean;
  sort?: 'createdAt' | 'updatedAt' | 'submittedAt' | 'name' | 'code' | 'price';
  order?: 'asc' | 'desc';
  dateFrom?: string;
  dateTo?: string;
  statuses?: ApprovalStatus[];
}

async function listWhere(db: Db, user: AuthUser, q: Omit<ListQuery, 'page' | 'limit'>) {
  const conds: (SQL | undefined)[] = [await shopFilter(db, user, products.shopId, q.shopId)];
  const search = q.search?.trim();
  if (search) conds.push(or(ilike(products.name, containing(search)), ilike(products.code, containing(search))));
  if (q.brandId) conds.push(eq(products.brandId, q.brandId));
  if (q.level1Id) conds.push(eq(products.level1Id, q.level1Id));
  if (q.level2Id) conds.push(eq(products.level2Id, q.level2Id));
  if (q.approvalStatus) conds.push(eq(products.approvalStatus, q.approvalStatus));
  if (q.statuses) conds.push(inArray(products.approvalStatus, q.statuses));
  if (q.online !== undefined) conds.push(eq(products.online, q.online));
  if (q.isNew !== undefined) conds.push(eq(products.isNew, q.isNew));
  // Dates are calendar days in Thailand (UTC+7), the marketplace's time zone.
  if (q.dateFrom) conds.push(gte(products.createdAt, new Date(`${q.dateFrom}T00:00:00+07:00`)));
  if (q.dateTo)
    conds.push(lt(products.createdAt, new Date(new Date(`${q.dateTo}T00:00:00+07:00`).getTime() + 86_400_000)));
  return and(...conds);
}

const SORT_COLUMNS = {
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  submittedAt: products.submittedAt,
  name: products.name,
  code: products.code,
  price: products.price,
};

function orderBy(q: Pick<ListQuery, 'sort' | 'order'>) {
  const col = SORT_COLUMNS[q.sort ?? 'createdAt'];
  const dir = (q.order ?? (q.sort && ['name', 'code'].includes(q.sort) ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  // Never-submitted rows (no date) go last either way, so "oldest first" and "newest first" both open on real dates.
  return [sql`${col} is null`, dir(col), dir(products.id)];
}

export async function listProducts(db: Db, user: AuthUser, q: ListQuery) {
  const where = await listWhere(db, user, q);
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const rows = await joined(db, summaryColumns)
    .where(where)
    .orderBy(...orderBy(q))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { items: (rows as SummaryRow[]).map(toSummary), total, maxpage: maxpage(total, q.limit) };
}

/** A product export's columns, each under its CSV name (aliases keep equal column names of the joined tables apart). */
const exportColumns = {
  id: sql<number>`${products.id}`.as('id'),
  code: sql<string>`${products.code}`.as('code'),
  name: sql<string>`${products.name}`.as('name'),
  shop: sql<string>`${shops.name}`.as('shop'),
  brand: sql<string>`${brand.name}`.as('brand'),
  category: sql<string>`${level1.name}`.as('category'),
  subcategory: sql<string>`${level2.name}`.as('subcategory'),
  price: sql<string>`${products.price}::text`.as('price'),
  approval: sql<string>`${products.approvalStatus}`.as('approval'),
  reject_reason: sql<string>`${products.rejectReason}`.as('reject_reason'),
  online: sql<boolean>`${products.online}`.as('online'),
  new_product: sql<boolean>`${products.isNew}`.as('new_product'),
  created_at: sql<string>`to_char(${products.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
    'created_at',
  ),
  updated_at: sql<string>`to_char(${products.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
    'updated_at',
  ),
};
const SORT_TYPES = {
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
  name: 'text',
  code: 'text',
  price: 'numeric',
} as const;

/** The product list's filter as a streamed export (lib/csv-export.ts): every matching product, in the list's order. */
export async function exportQuery(
  db: Db,
  user: AuthUser,
  // The export pages by its sort key, which must never be null: submitted date is not offered.
  q: Omit<ListQuery, 'page' | 'limit' | 'sort'> & { sort?: keyof typeof SORT_TYPES },
): Promise<ExportQuery> {
  const where = await listWhere(db, user, q);
  const sort = q.sort ?? 'createdAt';
  const col = SORT_COLUMNS[sort];
  const order = q.order ?? (['name', 'code'].includes(sort) ? 'asc' : 'desc');
  const select = joined(db, { ...exportColumns, sort_key: sql`${col}`.as('sort_key') })
    .where(where)
    .getSQL();
  return {
    select,
    key: [
      ['sort_key', SORT_TYPES[sort]],
      ['id', 'integer'],
    ],
    order,
  };
}

export async function getProduct(db: Db | Tx, user: AuthUser, id: number) {
  const [row] = await joined(db, { ...summaryColumns, p: products }).where(eq(products.id, id));
  const r = assertRecordInScope(user, row as (SummaryRow & { shopId: number; p: ProductRow }) | undefined, 'Product');
  const { p, ...summary } = r;
  return {
    ...toSummary(summary),
    description: p.description,
    unitId: p.unitId,
    warrantyId: p.warrantyId,
    colorId: p.colorId,
    width: num(p.width),
    length: num(p.length),
    height: num(p.height),
    dimensionUnitId: p.dimensionUnitId,
    weight: num(p.weight),
    weightUnitId: p.weightUnitId,
    volume: num(p.volume),
    volumeUnitId: p.volumeUnitId,
    shippingTypeId: p.shippingTypeId,
    tisId: p.tisId,
    youtubeUrl: p.youtubeUrl,
    searchTags: p.searchTags ?? [],
    keyHighlights: p.keyHighlights ?? [],
    imageEditStatus: p.imageEditStatus,
    version: p.version,
  };
}
export type ProductDetail = Awaited<ReturnType<typeof getProduct>>;

/** The product row if it exists and is in the caller's scope (404 otherwise, same answer for both). */
export async function loadProduct(db: Db | Tx, user: AuthUser, id: number): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return assertRecordInScope(user, row, 'Product');
}

const STALE = 'This product was changed by someone else since you opened it. Reload it and try again.';

/**
 * A change to one product: re-reads it in scope, runs `check`, updates with the expected state in the
 * WHERE (a concurrent change makes the UPDATE match nothing → 409), audits before/after.
 * Keep everything inside DB-only: PGlite has one connection.
 */
export async function changeProduct(
  db: Db,
  user: AuthUser,
  id: number,
  action: string,
  opts: {
    check?: (before: ProductRow) => void;
    set: (before: ProductRow) => Partial<typeof products.$inferInsert>;
    version?: number;
    after?: (tx: Tx, before: ProductRow, after: ProductRow) => Promise<void>;
    auditExtra?: Record<string, unknown>;
  },
): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    const before = await loadProduct(tx, user, id);
    if (opts.version !== undefined && before.version !== opts.version) throw conflict(STALE);
    opts.check?.(before);
    const [after] = await tx
      .update(products)
      .set({ ...opts.set(before), updatedAt: new Date(), version: before.version + 1 })
      .where(
        and(
          eq(products.id, id),
          eq(products.version, before.version),
          eq(products.approvalStatus, before.approvalStatus),
        ),
      )
      .returning();
    if (!after) throw conflict(STALE);
    await opts.after?.(tx, before, after);
    await audit(tx, {
      actorId: user.id,
      action,
      entity: 'product',
      entityId: id,
      before: pickAudit(before),
      after: { ...pickAudit(after), ...opts.auditExtra },
    });
    return after;
  });
}

/** Audit rows keep the fields people ask about, not every column. */
function pickAudit(p: ProductRow) {
  const { createdAt: _c, ...rest } = p;
  return rest;
}

// ---------- state machine ----------

const STATE_WORDS: Record<string, string> = {
  draft: 'a draft',
  pending: 'pending approval',
  approved: 'approved',
  rejected: 'rejected',
  resubmitted: 'resubmitted',
};

export async function submitProduct(db: Db, user: AuthUser, id: number) {
  await assertShopApproved(db, user, (await getProduct(db, user, id)).shopId, 'submit products for approval');
  await changeProduct(db, user, id, 'submit', {
    check: (b) => {
      if (b.approvalStatus !== 'draft' && b.approvalStatus !== 'rejected') {
        throw conflict(
          `Only a draft or rejected product can be submitted for approval (it is ${STATE_WORDS[b.approvalStatus]}).`,
        );
      }
    },
    set: (b) => ({ approvalStatus: b.approvalStatus === 'draft' ? 'pending' : 'resubmitted', submittedAt: new Date() }),
  });
  return getProduct(db, user, id);
}

const APPROVABLE = ['pending', 'resubmitted'];

export async function approveProduct(db: Db, user: AuthUser, id: number) {
  await changeProduct(db, user, id, 'approve', {
    check: (b) => {
      if (!APPROVABLE.includes(b.approvalStatus)) {
        throw conflict(
          `Only a pending or resubmitted product can be approved (it is ${STATE_WORDS[b.approvalStatus]}).`,
        );
      }
    },
    set: () => ({ approvalStatus: 'approved', approvedAt: new Date(), approvedBy: user.id, rejectReason: null }),
    after: (tx) => notifyProductReviewed(tx, id),
  });
  return getProduct(db, user, id);
}

/** Bulk approval: all or nothing, one transaction, each row checked in its UPDATE. */
export async function approveMany(db: Db, user: AuthUser, ids: number[]) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(products).where(inArray(products.id, unique));
    for (const id of unique)
      assertRecordInScope(
        user,
        rows.find((r) => r.id === id),
        'Product',
      );
    const bad = rows.filter((r) => !APPROVABLE.includes(r.approvalStatus));
    if (bad.length)
      throw conflict(
        `Only pending or resubmitted products can be approved: ${bad.map((b) => `${b.code} is ${STATE_WORDS[b.approvalStatus]}`).join(', ')}.`,
      );
    const now = new Date();
    const updated = await tx
      .update(products)
      .set({
        approvalStatus: 'approved',
        approvedAt: now,
        approvedBy: user.id,
        rejectReason: null,
        updatedAt: now,
        version: sql`${products.version} + 1`,
      })
      .where(and(inArray(products.id, unique), inArray(products.approvalStatus, APPROVABLE)))
      .returning();
    if (updated.length !== unique.length) throw conflict(STALE);
    for (const after of updated) {
      const before = rows.find((r) => r.id === after.id)!;
      await audit(tx, {
        actorId: user.id,
        action: 'approve',
        entity: 'product',
        entityId: after.id,
        before: pickAudit(before),
        after: pickAudit(after),
      });
      await notifyProductReviewed(tx, after.id);
    }
  });
  return { ids: unique };
}

export async function unapproveProduct(db: Db, user: AuthUser, id: number, reason: string) {
  const text = reason.trim();
  if (!text) throw fieldError('reason', 'reason must not be empty: tell the supplier what to fix');
  await changeProduct(db, user, id, 'reject', {
    check: (b) => {
      if (![...APPROVABLE, 'approved'].includes(b.approvalStatus)) {
        throw conflict(
          `Only a pending, resubmitted or approved product can be rejected (it is ${STATE_WORDS[b.approvalStatus]}).`,
        );
      }
    },
    set: () => ({ approvalStatus: 'rejected', rejectReason: text, online: false, approvedAt: null, approvedBy: null }),
    after: (tx) => notifyProductReviewed(tx, id),
  });
  return getProduct(db, user, id);
}

export async function setOnline(db: Db, user: AuthUser, id: number, online: boolean) {
  await changeProduct(db, user, id, online ? 'open_online' : 'close_online', {
    check: (b) => {
      if (online && b.approvalStatus !== 'approved')
        throw conflict(`Only an approved product can go online (it is ${STATE_WORDS[b.approvalStatus]}).`);
      if (online && b.online) throw conflict('This product is already online.');
      if (!online && !b.online) throw conflict('This product is already closed.');
    },
    set: () => ({ online }),
  });
  return getProduct(db, user, id);
}

export async function setOnlineMany(db: Db, user: AuthUser, ids: number[], online: boolean) {
  const unique = [...new Set(ids)];
  const changed = await db.transaction(async (tx) => {
    const rows = await tx.select().from(products).where(inArray(products.id, unique));
    for (const id of unique)
      assertRecordInScope(
        user,
        rows.find((r) => r.id === id),
        'Product',
      );
    if (online) {
      const bad = rows.filter((r) => r.approvalStatus !== 'approved');
      if (bad.length)
        throw conflict(
          `Only approved products can go online: ${bad.map((b) => `${b.code} is ${STATE_WORDS[b.approvalStatus]}`).join(', ')}.`,
        );
    }
    const todo = rows.filter((r) => r.online !== online);
    if (!todo.length) return [];
    const now = new Date();
    const updated = await tx
      .update(products)
      .set({ online, updatedAt: now, version: sql`${products.version} + 1` })
      .where(
        and(
          inArray(
            products.id,
            todo.map((r) => r.id),
          ),
          eq(products.online, !online),
          online ? eq(products.approvalStatus, 'approved') : undefined,
        ),
      )
      .returning();
    if (updated.length !== todo.length) throw conflict(STALE);
    for (const after of updated) {
      await audit(tx, {
        actorId: user.id,
        action: online ? 'open_online' : 'close_online',
        entity: 'product',
        entityId: after.id,
        before: { online: !online },
        after: { online },
      });
    }
    return updated.map((u) => u.id);
  });
  return { ids: unique, changed };
}

// ---------- edit ----------

const MASTER_FIELDS: Record<string, string> = {
  brandId: 'brand',
  level1Id: 'level1',
  level2Id: 'level2',
  unitId: 'unit',
  warrantyId: 'warranty',
  colorId: 'color',
  dimensionUnitId: 'unit_dimension',
  weightUnitId: 'weight_unit',
  volumeUnitId: 'volume_unit',
  shippingTypeId: 'shipping_type',
  tisId: 'tis',
};

/** 400 naming the field when a master-data id is unknown or of the wrong kind; level 2 must belong to level 1. */
export async function checkMasterIds(db: Db, input: Record<string, unknown>, current?: ProductRow) {
  const wanted = Object.entries(MASTER_FIELDS).filter(([f]) => typeof input[f] === 'number');
  if (!wanted.length) return;
  const ids = wanted.map(([f]) => input[f] as number);
  const rows = await db
    .select({ id: masterData.id, type: masterData.type, parentId: masterData.parentId })
    .from(masterData)
    .where(inArray(masterData.id, ids));
  const errors = wanted
    .filter(([f, type]) => !rows.some((r) => r.id === input[f] && r.type === type))
    .map(([f, type]) => ({
      field: f,
      message: `${f} must be an existing ${type.replace('_', ' ')} (see master data)`,
    }));
  if (errors.length) throw new HttpError(400, errors.map((e) => e.message).join('; '), errors);
  const l2 = typeof input.level2Id === 'number' ? rows.find((r) => r.id === input.level2Id) : undefined;
  const l1 = input.level1Id !== undefined ? input.level1Id : current?.level1Id;
  if (l2 && l2.parentId !== l1) throw fieldError('level2Id', 'level2Id must be a sub-category of the chosen level1Id');
}

export interface EditInput {
  id: number;
  version: number;
  name?: string;
  description?: string | null;
  price?: number;
  code?: string;
  brandId?: number | null;
  level1Id?: number | null;
  level2Id?: number | null;
  unitId?: number | null;
  warrantyId?: number | null;
  colorId?: number | null;
  width?: number | null;
  length?: number | null;
  height?: number | null;
  dimensionUnitId?: number | null;
  weight?: number | null;
  weightUnitId?: number | null;
  volume?: number | null;
  volumeUnitId?: number | null;
  shippingTypeId?: number | null;
  tisId?: number | null;
  keyHighlights?: string[];
}

const numStr = (v: number | null | undefined) => (v === undefined ? undefined : v === null ? null : String(v));

export async function editProduct(db: Db, user: AuthUser, input: EditInput, opts: { newProduct?: boolean } = {}) {
  const { id, version, price, code, width, length, height, weight, volume, name, keyHighlights, ...rest } = input;
  const current = await loadProduct(db, user, id);
  if (opts.newProduct && !current.isNew) throw notFound('New product');
  await checkMasterIds(db, input as unknown as Record<string, unknown>, current);
  const patch: Partial<typeof products.$inferInsert> = { ...rest };
  if (name !== undefined) {
    if (!name.trim()) throw fieldError('name', 'name must not be empty');
    patch.name = name.trim();
  }
  if (keyHighlights !== undefined)
    patch.keyHighlights = [...new Set(keyHighlights.map((k) => k.trim()).filter(Boolean))];
  Object.assign(
    patch,
    Object.fromEntries(
      Object.entries({ width, length, height, weight, volume })
        .map(([k, v]) => [k, numStr(v)])
        .filter(([, v]) => v !== undefined),
    ),
  );
  if (code !== undefined) patch.code = code.trim();
  if (price !== undefined) patch.price = String(price);
  try {
    await changeProduct(db, user, id, 'edit', {
      version,
      check: (b) => {
        // Code and price of a new product can change until it is approved; afterwards price goes through changeprice.
        if ((code !== undefined || price !== undefined) && !['draft', 'rejected'].includes(b.approvalStatus)) {
          throw conflict(
            `Code and price can only be changed while the product is a draft or rejected (it is ${STATE_WORDS[b.approvalStatus]}).`,
          );
        }
      },
      set: () => patch,
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`Product code ${code} is already used in this shop.`);
    throw e;
  }
  return getProduct(db, user, id);
}

/**
 * A new price, and optionally the regular price shown struck through beside it (`compareAtPrice`,
 * null clears it). The regular price stays above the price, or the storefront would show a discount
 * that is not one.
 */
export async function changePrice(
  db: Db,
  user: AuthUser,
  id: number,
  price: number,
  reason?: string,
  compareAtPrice?: number | null,
) {
  await changeProduct(db, user, id, 'change_price', {
    check: (b) => {
      const regular = compareAtPrice === undefined ? num(b.compareAtPrice) : compareAtPrice;
      if (regular !== null && regular <= price) {
        throw fieldError(
          'compareAtPrice',
          `The regular price (${regular.toFixed(2)}) must be above the price (${price.toFixed(2)}); clear it when the product is not discounted.`,
        );
      }
      if (Number(b.price) === price && (compareAtPrice === undefined || num(b.compareAtPrice) === compareAtPrice))
        throw conflict(`The price is already ${price}.`);
    },
    set: () => ({
      price: price.toFixed(2),
      ...(compareAtPrice === undefined
        ? {}
        : { compareAtPrice: compareAtPrice === null ? null : compareAtPrice.toFixed(2) }),
    }),
    after: async (tx, b, a) => {
      await tx.insert(productPriceHistory).values({
        productId: id,
        oldPrice: b.price,
        newPrice: a.price,
        reason: reason?.trim() || null,
        changedBy: user.id,
      });
    },
  });
  return getProduct(db, user, id);
}

export async function priceHistory(db: Db, user: AuthUser, id: number, q: { page: number; limit: number }) {
  await loadProduct(db, user, id);
  const where = eq(productPriceHistory.productId, id);
  const [{ total }] = await db.select({ total: count() }).from(productPriceHistory).where(where);
  const rows = await db
    .select({
      id: productPriceHistory.id,
      oldPrice: productPriceHistory.oldPrice,
      newPrice: productPriceHistory.newPrice,
      reason: productPriceHistory.reason,
      changedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      changedAt: productPriceHistory.changedAt,
    })
    .from(productPriceHistory)
    .leftJoin(users, eq(users.id, productPriceHistory.changedBy))
    .where(where)
    .orderBy(desc(productPriceHistory.changedAt), desc(productPriceHistory.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    items: rows.map((r) => ({
      ...r,
      oldPrice: Number(r.oldPrice),
      newPrice: Number(r.newPrice),
      changedAt: iso(r.changedAt),
    })),
    total,
    maxpage: maxpage(total, q.limit),
  };
}

export async function auditTrail(db: Db, user: AuthUser, id: number, q: { page: number; limit: number }) {
  await loadProduct(db, user, id);
  const where = and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, id));
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorId: auditLog.actorId,
      actorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { items: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })), total, maxpage: maxpage(total, q.limit) };
}

// ---------- outbox ----------

export async function queueJob(
  tx: Tx | Db,
  user: AuthUser,
  topic: string,
  productId: number,
  payload: Record<string, unknown> = {},
) {
  return toJob(await enqueue(tx, { topic, payload: { productId, ...payload }, createdBy: user.id }));
}

export function toJob(j: typeof outboxJobs.$inferSelect) {
  return {
    id: j.id,
    kind: j.topic,
    entity: 'product',
    entityId: Number(j.payload.productId),
    ...deliveryState(j),
    payload: j.payload,
    createdAt: iso(j.createdAt),
    updatedAt: iso(j.updatedAt),
  };
}

const SYNC_TOPICS: Record<string, string> = {
  syncproduct: 'product.sync',
  syncchangeproduct: 'product.sync_change',
  gpproductsync: 'product.gp_sync',
  synctopurchase: 'product.sync_to_purchase',
};

export async function queueSync(db: Db, user: AuthUser, id: number, endpoint: keyof typeof SYNC_TOPICS) {
  return db.transaction(async (tx) => {
    const p = await loadProduct(tx, user, id);
    if (endpoint === 'synctopurchase') {
      if (!p.isNew) throw notFound('New product');
      if (p.approvalStatus !== 'approved')
        throw conflict(
          `Only an approved new product can be sent to purchasing (it is ${STATE_WORDS[p.approvalStatus]}).`,
        );
    }
    if (endpoint === 'gpproductsync' || endpoint === 'syncproduct') {
      if (p.approvalStatus !== 'approved')
        throw conflict(`Only an approved product can be synced (it is ${STATE_WORDS[p.approvalStatus]}).`);
    }
    const job = await queueJob(tx, user, SYNC_TOPICS[endpoint], id, { code: p.code, version: p.version });
    await audit(tx, {
      actorId: user.id,
      action: `queue_${endpoint}`,
      entity: 'product',
      entityId: id,
      after: { jobId: job.id, topic: job.kind, status: job.status },
    });
    return job;
  });
}

export async function productJobs(db: Db, user: AuthUser, id: number, q: { page: number; limit: number }) {
  await loadProduct(db, user, id);
  const where = and(sql`${outboxJobs.topic} like 'product.%'`, sql`(${outboxJobs.payload}->>'productId')::int = ${id}`);
  const [{ total }] = await db.select({ total: count() }).from(outboxJobs).where(where);
  const rows = await db
    .select()
    .from(outboxJobs)
    .where(where)
    .orderBy(desc(outboxJobs.createdAt), desc(outboxJobs.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { items: rows.map(toJob), total, maxpage: maxpage(total, q.limit) };
}

// ---------- new products ----------

export interface NewProductInput {
  shopId: number;
  code: string;
  name: string;
  price: number;
  description?: string | null;
  brandId?: number | null;
  level1Id?: number | null;
  level2Id?: number | null;
  unitId?: number | null;
  warrantyId?: number | null;
}

export async function searchProductCode(db: Db, user: AuthUser, shopId: number, code: string) {
  await assertShopAccess(db, user, shopId);
  const [row] = await db
    .select({ id: products.id, code: products.code, name: products.name })
    .from(products)
    .where(and(eq(products.shopId, shopId), sql`lower(${products.code}) = lower(${code.trim()})`));
  return { exists: !!row, product: row ?? null };
}

export async function createNewProduct(db: Db, user: AuthUser, input: NewProductInput) {
  await assertShopAccess(db, user, input.shopId);
  await checkMasterIds(db, input as unknown as Record<string, unknown>);
  const code = input.code.trim();
  const name = input.name.trim();
  if (!code) throw fieldError('code', 'code must not be empty');
  if (!name) throw fieldError('name', 'name must not be empty');
  const dup = await searchProductCode(db, user, input.shopId, code);
  if (dup.exists) throw conflict(`Product code ${code} is already used in this shop.`);
  const now = new Date();
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({
          shopId: input.shopId,
          code,
          name,
          price: input.price.toFixed(2),
          description: input.description ?? null,
          brandId: input.brandId ?? null,
          level1Id: input.level1Id ?? null,
          level2Id: input.level2Id ?? null,
          unitId: input.unitId ?? null,
          warrantyId: input.warrantyId ?? null,
          isNew: true,
          approvalStatus: 'draft',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await audit(tx, {
        actorId: user.id,
        action: 'create',
        entity: 'product',
        entityId: row.id,
        after: pickAudit(row),
      });
      return row.id;
    });
    return getProduct(db, user, id);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`Product code ${code} is already used in this shop.`);
    throw e;
  }
}

export async function getNewProduct(db: Db, user: AuthUser, id: number) {
  const p = await getProduct(db, user, id);
  if (!p.isNew) throw notFound('New product');
  return p;
}

/** Shops the caller can see, for filters. */
export async function visibleShops(db: Db, user: AuthUser) {
  return db
    .select({ id: shops.id, name: shops.name })
    .from(shops)
    .where(scopeCondition(user, shops.id))
    .orderBy(asc(shops.name));
}
