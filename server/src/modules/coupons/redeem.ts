/**
 * The code check checkout calls before placing an order, and the redemption it calls inside its order
 * transaction. Both give the same reasons, as a 400 naming `code`. A redemption locks the code's row
 * (its uses) and the batch's customer (their uses), so a code is never used more often than allowed,
 * however many checkouts redeem it at once.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { couponBatches, couponCodes, couponRedemptions } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, isUniqueViolation } from '../../lib/errors.js';
import type { Tx } from '../../lib/sql.js';
import { normalizeCode } from './codes.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The customer as stored on a redemption: an e-mail in lower case, or a phone number's digits (+66 → 0). */
export function normalizeCustomer(raw: string): string {
  const s = raw.trim().toLowerCase();
  if (s.includes('@')) {
    if (!EMAIL.test(s)) throw fieldError('customer', "customer must be the customer's e-mail address or phone number");
    return s;
  }
  let digits = s.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+66')) digits = `0${digits.slice(3)}`;
  if (!/^\+?\d{9,15}$/.test(digits))
    throw fieldError('customer', "customer must be the customer's e-mail address or phone number");
  return digits;
}

type Batch = typeof couponBatches.$inferSelect;

/** The discount a batch gives on a subtotal, THB: percent rounded to the satang and capped, never above the subtotal. */
export function discountOf(b: Pick<Batch, 'discountType' | 'discountValue' | 'maxDiscount'>, subtotal: number): number {
  const cents = Math.round(subtotal * 100);
  let off =
    b.discountType === 'percent'
      ? Math.round((cents * Number(b.discountValue)) / 100)
      : Math.round(Number(b.discountValue) * 100);
  if (b.discountType === 'percent' && b.maxDiscount !== null)
    off = Math.min(off, Math.round(Number(b.maxDiscount) * 100));
  return Math.min(off, cents) / 100;
}

const thb = (v: number | string) =>
  `${Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} THB`;
const when = (d: Date, zone: string) =>
  `${new Intl.DateTimeFormat('en-GB', { timeZone: zone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(d)} (${zone})`;
const refuse = (message: string) => fieldError('code', message);

/** The code, its batch and the discount on `subtotal`, or the reason it cannot be used (400 naming `code`). */
async function evaluate(q: Db | Tx, input: { code: string; subtotal: number; customer: string }, lock: boolean) {
  const code = normalizeCode(input.code);
  const customer = normalizeCustomer(input.customer);
  const query = q.select().from(couponCodes).where(eq(couponCodes.code, code));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw refuse(`Coupon code ${code} does not exist.`);
  const [batch] = await q.select().from(couponBatches).where(eq(couponBatches.id, row.batchId));
  if (lock) {
    // The batch's uses by this customer are counted under this lock: two checkouts of one customer wait for each other.
    await q.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`coupon-customer:${batch.id}:${customer}`}, 0))`,
    );
  }
  const now = new Date();
  if (batch.status === 'closed')
    throw refuse(`Coupon code ${code} belongs to a closed batch; it can no longer be used.`);
  if (now < batch.startsAt)
    throw refuse(`Coupon code ${code} is not valid yet: it can be used from ${when(batch.startsAt, batch.timezone)}.`);
  if (batch.endsAt && now >= batch.endsAt)
    throw refuse(`Coupon code ${code} expired on ${when(batch.endsAt, batch.timezone)}.`);
  if (row.usedCount >= batch.usesPerCode) {
    throw refuse(
      `Coupon code ${code} has been used up (${batch.usesPerCode} of ${batch.usesPerCode} ${batch.usesPerCode === 1 ? 'use' : 'uses'}).`,
    );
  }
  const [{ used }] = await q
    .select({ used: count() })
    .from(couponRedemptions)
    .innerJoin(couponCodes, eq(couponCodes.id, couponRedemptions.codeId))
    .where(and(eq(couponCodes.batchId, batch.id), eq(couponRedemptions.customer, customer)));
  if (used >= batch.usesPerCustomer) {
    throw refuse(
      `This customer has already used a coupon of this batch ${used === 1 ? 'once' : `${used} times`}, as often as it allows; code ${code} cannot be used again.`,
    );
  }
  if (input.subtotal < Number(batch.minSpend)) {
    throw refuse(
      `Coupon code ${code} needs a subtotal of at least ${thb(batch.minSpend)}; this one is ${thb(input.subtotal)}.`,
    );
  }
  const discount = discountOf(batch, input.subtotal);
  return { row, batch, code, customer, discount };
}

export interface CheckInput {
  code: string;
  subtotal: number;
  customer: string;
}

/** The discount a code gives on an order now (nothing is stored). */
export async function checkCoupon(db: Db, input: CheckInput) {
  const { batch, code, discount } = await evaluate(db, input, false);
  return {
    code,
    batchId: batch.id,
    batchName: batch.name,
    discountType: batch.discountType as 'percent' | 'fixed',
    discountValue: Number(batch.discountValue),
    maxDiscount: batch.maxDiscount === null ? null : Number(batch.maxDiscount),
    subtotal: input.subtotal,
    discount,
    total: Math.round((input.subtotal - discount) * 100) / 100,
  };
}

export interface RedeemInput extends CheckInput {
  orderId: number;
  /** The staff member placing the order, for the audit row. */
  actorId: number;
}

/**
 * Uses a code on an order, inside checkout's order transaction (`tx`): checks it as `checkCoupon`
 * does, under locks, counts the use and records the redemption with its discount. Throws the check's
 * 400 when it cannot be used, 409 when the order already has a coupon.
 */
export async function redeemCoupon(tx: Tx, input: RedeemInput) {
  const { row, batch, code, customer, discount } = await evaluate(tx, input, true);
  const [taken] = await tx
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.orderId, input.orderId));
  if (taken) throw conflict('This order already has a coupon.');
  await tx
    .update(couponCodes)
    .set({ usedCount: sql`${couponCodes.usedCount} + 1` })
    .where(eq(couponCodes.id, row.id));
  let redemption: typeof couponRedemptions.$inferSelect;
  try {
    [redemption] = await tx
      .insert(couponRedemptions)
      .values({ codeId: row.id, orderId: input.orderId, customer, discount: discount.toFixed(2) })
      .returning();
  } catch (err) {
    // Two redemptions for one order at once: the unique index lets one in.
    if (isUniqueViolation(err)) throw conflict('This order already has a coupon.');
    throw err;
  }
  await audit(tx, {
    actorId: input.actorId,
    action: 'redeem',
    entity: 'coupon_code',
    entityId: row.id,
    before: { usedCount: row.usedCount },
    after: { usedCount: row.usedCount + 1, redemptionId: redemption.id, orderId: input.orderId, discount },
  });
  return { redemptionId: redemption.id, codeId: row.id, batchId: batch.id, code, discount };
}
