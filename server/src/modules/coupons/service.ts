/**
 * Coupon batches handed out through LINE: a discount rule, its limits and window, and generated codes.
 * A batch's terms are fixed once made (its codes may already be out); closing it is final.
 */
import { and, asc, count, desc, eq, gt, ilike, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/client.js';
import { couponBatches, couponCodes, couponRedemptions, orders, users } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { MAX_PAGE } from '../../rest/resource.js';
import { containing } from '../../lib/sql.js';
import { checkWindow, windowState, type WindowInput } from '../../lib/window.js';
import { insertCodes, normalizeCode } from './codes.js';
import { PERCENT_MAX, type BatchState } from './schemas.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const num = (v: string | null) => (v === null ? null : Number(v));

/** Codes used at least once and redemptions, per batch. */
const codesUsed = sql<number>`(select count(*)::int from coupon_codes c where c.batch_id = ${couponBatches.id} and c.used_count > 0)`;
const redemptionCount = sql<number>`(select count(*)::int from coupon_redemptions r join coupon_codes c on c.id = r.code_id where c.batch_id = ${couponBatches.id})`;

const batchColumns = {
  batch: couponBatches,
  codesUsed,
  redemptionCount,
  createdByName: sql<
    string | null
  >`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
};

type BatchRow = {
  batch: typeof couponBatches.$inferSelect;
  codesUsed: number;
  redemptionCount: number;
  createdByName: string | null;
};

function toBatch({ batch: b, codesUsed: used, redemptionCount: redeemed, createdByName }: BatchRow) {
  return {
    id: b.id,
    name: b.name,
    prefix: b.prefix,
    discountType: b.discountType as 'percent' | 'fixed',
    discountValue: Number(b.discountValue),
    maxDiscount: num(b.maxDiscount),
    minSpend: Number(b.minSpend),
    codeCount: b.codeCount,
    usesPerCode: b.usesPerCode,
    usesPerCustomer: b.usesPerCustomer,
    startsAt: b.startsAt.toISOString(),
    endsAt: iso(b.endsAt),
    timezone: b.timezone,
    status: b.status === 'closed' ? 'closed' : windowState(b),
    codesUsed: Number(used),
    redemptionCount: Number(redeemed),
    createdAt: b.createdAt.toISOString(),
    createdByName,
  };
}
export type CouponBatch = ReturnType<typeof toBatch>;

const batchFrom = (db: Db) =>
  db.select(batchColumns).from(couponBatches).leftJoin(users, eq(users.id, couponBatches.createdBy));

/** Rows `_start` to `_end` (at most MAX_PAGE), as the REST lists take them. */
export function pageOf(q: { _start?: number; _end?: number }) {
  const start = q._start ?? 0;
  const end = q._end ?? start + MAX_PAGE;
  if (end < start) throw fieldError('_end', '_end must not be less than _start');
  if (end - start > MAX_PAGE) throw fieldError('_end', `_end may be at most ${MAX_PAGE} after _start`);
  return { offset: start, limit: end - start };
}

const stateCondition = (state: BatchState, now: Date): SQL | undefined => {
  const open = ne(couponBatches.status, 'closed');
  switch (state) {
    case 'closed':
      return eq(couponBatches.status, 'closed');
    case 'scheduled':
      return and(open, gt(couponBatches.startsAt, now));
    case 'live':
      return and(
        open,
        lte(couponBatches.startsAt, now),
        sql`coalesce(${couponBatches.endsAt}, 'infinity'::timestamptz) > ${now}`,
      );
    case 'expired':
      return and(open, lte(couponBatches.endsAt, now));
  }
};

export interface BatchListQuery {
  _start?: number;
  _end?: number;
  _sort?: 'createdAt' | 'startsAt' | 'name';
  _order?: 'asc' | 'desc';
  status?: BatchState[];
  name_like?: string;
  code?: string;
}

export async function listBatches(db: Db, q: BatchListQuery) {
  const { offset, limit } = pageOf(q);
  if (q._order && !q._sort) throw fieldError('_order', '_order needs _sort');
  const now = new Date();
  const conds: (SQL | undefined)[] = [];
  if (q.status?.length) conds.push(or(...q.status.map((s) => stateCondition(s, now))));
  const search = q.name_like?.trim();
  if (search)
    conds.push(or(ilike(couponBatches.name, containing(search)), ilike(couponBatches.prefix, containing(search))));
  if (q.code?.trim())
    conds.push(sql`${couponBatches.id} in (select batch_id from coupon_codes where code = ${normalizeCode(q.code)})`);
  const where = and(...conds);
  const column =
    q._sort === 'name' ? couponBatches.name : q._sort === 'startsAt' ? couponBatches.startsAt : couponBatches.createdAt;
  const dir = q._sort ? (q._order ?? 'asc') : 'desc';
  const [{ total }] = await db.select({ total: count() }).from(couponBatches).where(where);
  const rows =
    limit === 0
      ? []
      : await batchFrom(db)
          .where(where)
          .orderBy(
            dir === 'desc' ? desc(column) : asc(column),
            dir === 'desc' ? desc(couponBatches.id) : asc(couponBatches.id),
          )
          .limit(limit)
          .offset(offset);
  return { rows: rows.map(toBatch), total };
}

export async function getBatch(db: Db, id: number): Promise<CouponBatch> {
  const [row] = await batchFrom(db).where(eq(couponBatches.id, id));
  if (!row) throw notFound('Coupon batch');
  return toBatch(row);
}

export interface BatchInput extends WindowInput {
  name: string;
  prefix: string;
  discountType: 'percent' | 'fixed';
  discountValue: number;
  maxDiscount?: number | null;
  minSpend?: number;
  codeCount: number;
  usesPerCode?: number;
  usesPerCustomer?: number;
}

const twoDecimals = (field: string, v: number) => {
  if (Math.abs(v * 100 - Math.round(v * 100)) > 1e-6)
    throw fieldError(field, `${field} must have at most two decimals`);
  return v.toFixed(2);
};

/** A new batch and its codes, in one transaction. */
export async function createBatch(db: Db, user: AuthUser, input: BatchInput): Promise<CouponBatch> {
  const name = input.name.trim();
  if (!name) throw fieldError('name', 'name must not be empty');
  if (input.discountType === 'percent') {
    if (!Number.isInteger(input.discountValue) || input.discountValue < 1 || input.discountValue > PERCENT_MAX) {
      throw fieldError('discountValue', `A percent discount is a whole number from 1 to ${PERCENT_MAX}`);
    }
  } else if (input.maxDiscount !== undefined && input.maxDiscount !== null) {
    throw fieldError('maxDiscount', 'maxDiscount caps a percent discount; a fixed discount takes none');
  }
  const discountValue = twoDecimals('discountValue', input.discountValue);
  const maxDiscount =
    input.maxDiscount === undefined || input.maxDiscount === null
      ? null
      : twoDecimals('maxDiscount', input.maxDiscount);
  const minSpend = twoDecimals('minSpend', input.minSpend ?? 0);
  const window = checkWindow(input);
  if (window.endsAt && window.endsAt <= new Date())
    throw fieldError('endsAt', 'endsAt is in the past; the codes could never be used');
  const prefix = input.prefix.toUpperCase();

  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(couponBatches)
      .values({
        name,
        prefix,
        discountType: input.discountType,
        discountValue,
        maxDiscount,
        minSpend,
        codeCount: input.codeCount,
        usesPerCode: input.usesPerCode ?? 1,
        usesPerCustomer: input.usesPerCustomer ?? 1,
        ...window,
        createdBy: user.id,
      })
      .returning();
    await insertCodes(tx, created.id, prefix, input.codeCount);
    await audit(tx, {
      actorId: user.id,
      action: 'create',
      entity: 'coupon_batch',
      entityId: created.id,
      after: created,
    });
    return created.id;
  });
  return getBatch(db, id);
}

/** Closes a batch for good: its codes stop working at once. */
export async function closeBatch(db: Db, user: AuthUser, id: number): Promise<CouponBatch> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(couponBatches).where(eq(couponBatches.id, id)).for('update');
    if (!current) throw notFound('Coupon batch');
    if (current.status === 'closed') throw conflict('This coupon batch is already closed.');
    await tx.update(couponBatches).set({ status: 'closed' }).where(eq(couponBatches.id, id));
    await audit(tx, {
      actorId: user.id,
      action: 'close',
      entity: 'coupon_batch',
      entityId: id,
      before: { status: current.status },
      after: { status: 'closed' },
    });
  });
  return getBatch(db, id);
}

async function assertBatch(db: Db, id: number) {
  const [b] = await db.select().from(couponBatches).where(eq(couponBatches.id, id));
  if (!b) throw notFound('Coupon batch');
  return b;
}

export async function listCodes(
  db: Db,
  batchId: number,
  q: { _start?: number; _end?: number; code_like?: string; used?: boolean },
) {
  const b = await assertBatch(db, batchId);
  const { offset, limit } = pageOf(q);
  const conds: (SQL | undefined)[] = [eq(couponCodes.batchId, batchId)];
  if (q.code_like?.trim()) conds.push(ilike(couponCodes.code, containing(q.code_like.trim())));
  if (q.used !== undefined) conds.push(q.used ? gt(couponCodes.usedCount, 0) : eq(couponCodes.usedCount, 0));
  const where = and(...conds);
  const [{ total }] = await db.select({ total: count() }).from(couponCodes).where(where);
  const rows =
    limit === 0
      ? []
      : await db.select().from(couponCodes).where(where).orderBy(asc(couponCodes.id)).limit(limit).offset(offset);
  return {
    rows: rows.map((c) => ({
      id: c.id,
      code: c.code,
      usedCount: c.usedCount,
      usesLeft: Math.max(0, b.usesPerCode - c.usedCount),
    })),
    total,
  };
}

/** Every code of a batch as CSV; cells that a spreadsheet would run as a formula are escaped. */
export async function codesCsv(db: Db, batchId: number): Promise<{ csv: string; filename: string }> {
  const b = await assertBatch(db, batchId);
  const rows = await db.select().from(couponCodes).where(eq(couponCodes.batchId, batchId)).orderBy(asc(couponCodes.id));
  const csv = stringify(
    rows.map((c) => [
      c.code,
      b.name,
      c.usedCount,
      Math.max(0, b.usesPerCode - c.usedCount),
      b.startsAt.toISOString(),
      iso(b.endsAt) ?? '',
    ]),
    {
      header: true,
      columns: ['code', 'batch', 'used', 'uses_left', 'valid_from', 'valid_until'],
      escape_formulas: true,
    },
  );
  return { csv, filename: `coupons-${b.prefix.toLowerCase()}-${b.id}.csv` };
}

/** How a batch was used: codes used, redemptions, orders, customers and the discount given. */
export async function batchReport(db: Db, batchId: number) {
  const b = await assertBatch(db, batchId);
  const [r] = await db
    .select({
      redemptions: count(),
      orders: sql<number>`count(distinct ${couponRedemptions.orderId})::int`,
      customers: sql<number>`count(distinct ${couponRedemptions.customer})::int`,
      discountGiven: sql<string>`coalesce(sum(${couponRedemptions.discount}), 0)`,
      first: sql<string | null>`min(${couponRedemptions.redeemedAt})`,
      last: sql<string | null>`max(${couponRedemptions.redeemedAt})`,
    })
    .from(couponRedemptions)
    .innerJoin(couponCodes, eq(couponCodes.id, couponRedemptions.codeId))
    .where(eq(couponCodes.batchId, batchId));
  const [{ used }] = await db
    .select({ used: count() })
    .from(couponCodes)
    .where(and(eq(couponCodes.batchId, batchId), gt(couponCodes.usedCount, 0)));
  const at = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
  return {
    batchId,
    codeCount: b.codeCount,
    codesUsed: used,
    redemptions: r.redemptions,
    orders: Number(r.orders),
    customers: Number(r.customers),
    discountGiven: Math.round(Number(r.discountGiven) * 100) / 100,
    firstRedeemedAt: at(r.first),
    lastRedeemedAt: at(r.last),
  };
}

export async function listRedemptions(db: Db, batchId: number, q: { _start?: number; _end?: number }) {
  await assertBatch(db, batchId);
  const { offset, limit } = pageOf(q);
  const where = eq(couponCodes.batchId, batchId);
  const [{ total }] = await db
    .select({ total: count() })
    .from(couponRedemptions)
    .innerJoin(couponCodes, eq(couponCodes.id, couponRedemptions.codeId))
    .where(where);
  const rows =
    limit === 0
      ? []
      : await db
          .select({
            id: couponRedemptions.id,
            code: couponCodes.code,
            orderId: couponRedemptions.orderId,
            orderNo: orders.orderNo,
            customer: couponRedemptions.customer,
            discount: couponRedemptions.discount,
            redeemedAt: couponRedemptions.redeemedAt,
          })
          .from(couponRedemptions)
          .innerJoin(couponCodes, eq(couponCodes.id, couponRedemptions.codeId))
          .leftJoin(orders, eq(orders.id, couponRedemptions.orderId))
          .where(where)
          .orderBy(desc(couponRedemptions.redeemedAt), desc(couponRedemptions.id))
          .limit(limit)
          .offset(offset);
  return {
    rows: rows.map((r) => ({ ...r, discount: Number(r.discount), redeemedAt: r.redeemedAt.toISOString() })),
    total,
  };
}
