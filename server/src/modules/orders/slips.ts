/** Payment slips of an order: list, review, upload, replace. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { orders, paymentSlips } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { notifySlipUploaded } from '../notifications/notices.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import { isoOf } from './list.js';
import { addEvent, assertMasterCode, checkDepth, listShops, loadOrder } from './service.js';
import { said } from './events.js';
import { containing, type Tx } from '../../lib/sql.js';

import { inScope, num, orderSummary, shopCond, userName } from './documents-shared.js';

/** What the order's approved slips add up to: the payments recorded so far. */
const paidSql = (orderId: SQL) =>
  sql`(select coalesce(sum(x.amount), 0) from payment_slips x where x.order_id = ${orderId} and x.status = 'approved')`;

const cents = (x: unknown) => Math.round(Number(x) * 100);
const baht = (c: number) => (c / 100).toFixed(2);

/**
 * Paid so far and still owed. Only an order waiting for payment owes anything: a cancelled one owes
 * nothing and has paid what its approved slips add up to. An order past payment was paid in full:
 * its payment is recorded as the step to paid (card, cash on delivery, a slip approved), whatever
 * its slips add up to.
 */
function payment(status: unknown, total: unknown, paid: unknown) {
  if (status !== 'pending_payment' && status !== 'cancelled') return { paid: cents(total) / 100, owed: 0 };
  return {
    paid: cents(paid) / 100,
    owed: status === 'pending_payment' ? Math.max(0, cents(total) - cents(paid)) / 100 : 0,
  };
}

/** An order's paid so far and still owed (the order screen shows them beside its total). */
export async function orderPayment(db: Db, orderId: number): Promise<{ paidAmount: number; owedAmount: number }> {
  const [r] = await queryRows<{ status: string; total: string; paid: string }>(
    db,
    sql`select o.status, o.total, ${paidSql(sql`o.id`)} as paid from orders o where o.id = ${orderId}`,
  );
  const p = payment(r?.status, r?.total ?? 0, r?.paid ?? 0);
  return { paidAmount: p.paid, owedAmount: p.owed };
}

/** Clock skew allowed between the customer's bank, the uploader's device and this server. */
export const TRANSFER_SKEW_MS = 5 * 60_000;

/**
 * A slip's amount and transfer time against its order: the amount at most what the order still owes
 * (slips may pay an order in parts), the transfer between the order's creation and now, each give or
 * take five minutes of clock skew. A 400 naming the field otherwise.
 */
function checkSlip(
  order: { total: unknown; paid: unknown; created_at: unknown; order_no: unknown },
  input: { amount?: number; transferredAt?: string },
) {
  if (input.amount !== undefined) {
    const owed = Math.max(0, cents(order.total) - cents(order.paid));
    if (cents(input.amount) > owed) {
      const message =
        cents(order.paid) > 0
          ? `amount ${input.amount.toFixed(2)} THB is more than order ${String(order.order_no)} still owes (${baht(owed)} THB of ${baht(cents(order.total))} THB; ${baht(cents(order.paid))} THB already paid)`
          : `amount ${input.amount.toFixed(2)} THB is more than order ${String(order.order_no)} owes (${baht(owed)} THB)`;
      throw badRequest(message, [{ field: 'amount', message }]);
    }
  }
  if (input.transferredAt !== undefined) {
    const at = new Date(input.transferredAt).getTime();
    const created = new Date(order.created_at as Date).getTime();
    let message: string | null = null;
    if (at > Date.now() + TRANSFER_SKEW_MS) message = 'transferredAt is in the future';
    else if (at < created - TRANSFER_SKEW_MS)
      message = `transferredAt is before order ${String(order.order_no)} was placed (${new Date(created).toISOString()})`;
    if (message) throw badRequest(message, [{ field: 'transferredAt', message }]);
  }
}

/** The order's total, creation time and paid so far, read for the checks above. */
async function owing(db: Db | Tx, orderId: number) {
  const [r] = await queryRows<{ total: string; paid: string; created_at: Date; order_no: string; status: string }>(
    db as Db,
    sql`select o.total, o.created_at, o.order_no, o.status, ${paidSql(sql`o.id`)} as paid from orders o where o.id = ${orderId}`,
  );
  return r;
}

type SlipRow = Record<string, unknown> & {
  id: number;
  order_id: number;
  shop_id: number;
  status: string;
  order_no: string;
  order_status: string;
};
const slipSelect = sql`select p.*, o.order_no, o.status as order_status, o.total as order_total, s.name as shop_name, bk.name as bank_name,
    ${userName('uu')} as uploaded_by_name, ${userName('ru')} as reviewed_by_name, ${paidSql(sql`p.order_id`)} as order_paid
  from payment_slips p join orders o on o.id = p.order_id join shops s on s.id = p.shop_id
  left join order_master_data bk on bk.kind = 'bank' and bk.code = p.bank_code
  left join users uu on uu.id = p.uploaded_by left join users ru on ru.id = p.reviewed_by`;
const slipOut = (r: SlipRow) => ({
  id: Number(r.id),
  orderId: Number(r.order_id),
  orderNo: r.order_no,
  shopId: Number(r.shop_id),
  shopName: r.shop_name as string,
  orderStatus: r.order_status,
  bankCode: r.bank_code as string,
  bankName: (r.bank_name as string | null) ?? null,
  amount: Number(r.amount),
  transferredAt: isoOf(r.transferred_at as Date),
  imageUrl: (r.image_url as string | null) ?? null,
  status: r.status,
  note: (r.note as string | null) ?? null,
  uploadedBy: num(r.uploaded_by),
  uploadedByName: (r.uploaded_by_name as string | null) ?? null,
  createdAt: isoOf(r.created_at as Date),
  reviewedBy: num(r.reviewed_by),
  reviewedByName: (r.reviewed_by_name as string | null) ?? null,
  reviewedAt: isoOf(r.reviewed_at as Date),
  ...orderMoney(r),
});
const orderMoney = (r: SlipRow) => {
  const p = payment(r.order_status, r.order_total, r.order_paid);
  return { orderTotal: Number(r.order_total), orderPaid: p.paid, orderOwed: p.owed };
};

export async function listSlips(
  db: Db,
  user: AuthUser,
  q: { page: number; limit: number; status?: string; shopId?: number; search?: string; orderId?: number },
) {
  checkDepth(q.page, q.limit);
  const conds = [shopCond(listShops(user, q.shopId), sql`p.shop_id`)];
  if (q.status) conds.push(sql`p.status = ${q.status}`);
  if (q.orderId) conds.push(sql`p.order_id = ${q.orderId}`);
  if (q.search?.trim())
    conds.push(
      sql`(o.order_no ilike ${containing(q.search.trim())} or o.customer_name ilike ${containing(q.search.trim())})`,
    );
  const where = sql.join(conds, sql` and `);
  const [{ n }] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from payment_slips p join orders o on o.id = p.order_id where ${where}`,
  );
  // The pending tab is a review queue: the slip waiting longest comes first.
  const order = q.status === 'pending' ? sql`p.created_at asc, p.id asc` : sql`p.created_at desc, p.id desc`;
  const rows = await queryRows<SlipRow>(
    db,
    sql`${slipSelect} where ${where} order by ${order} limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return { items: rows.map(slipOut), total: Number(n), maxpage: maxpage(Number(n), q.limit) };
}

async function loadSlip(db: Db, user: AuthUser, id: number) {
  const [r] = await queryRows<SlipRow>(db, sql`${slipSelect} where p.id = ${id}`);
  return inScope(user, r, 'Slip');
}

export async function slipView(db: Db, user: AuthUser, id: number) {
  const s = await loadSlip(db, user, id);
  const others = await queryRows<SlipRow>(
    db,
    sql`${slipSelect} where p.order_id = ${s.order_id} and p.id <> ${id} order by p.created_at desc`,
  );
  return { ...slipOut(s), order: await orderSummary(db, Number(s.order_id)), otherSlips: others.map(slipOut) };
}

/**
 * Approving records a payment. In one transaction with the order's row locked (approvals of slips of
 * one order take turns, across processes too): the slip pending → approved, and once the approved slips
 * add up to the total, the order pending_payment → paid; short of it the order stays waiting, its
 * payment recorded. A slip that would pay more than the order still owes (another slip was approved
 * since it came) is refused with 409 and stays pending. Of any number of clicks on one slip exactly one
 * wins (conditional UPDATE), the rest get 409.
 */
export async function approveSlip(db: Db, user: AuthUser, b: { id: number; approve: boolean; note?: string }) {
  const s = await loadSlip(db, user, b.id);
  if (s.status !== 'pending') throw conflict(`This slip is already ${s.status}.`);
  const now = new Date();
  const orderId = Number(s.order_id);
  await db.transaction(async (tx) => {
    if (b.approve) await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    const r = await tx
      .update(paymentSlips)
      .set({ status: b.approve ? 'approved' : 'rejected', reviewedBy: user.id, reviewedAt: now, note: b.note ?? null })
      .where(and(eq(paymentSlips.id, b.id), eq(paymentSlips.status, 'pending')))
      .returning({ id: paymentSlips.id });
    if (!r.length) {
      const [cur] = await tx
        .select({ status: paymentSlips.status })
        .from(paymentSlips)
        .where(eq(paymentSlips.id, b.id));
      throw conflict(`This slip is already ${cur?.status ?? 'gone'}.`);
    }
    if (b.approve) {
      // Read after this slip's approval: `paid` includes it.
      const o = await owing(tx, orderId);
      if (o.status !== 'pending_payment')
        throw conflict(`Order ${s.order_no} is ${o.status.replace(/_/g, ' ')}; its slips can no longer be approved.`);
      const amount = Number(s.amount).toFixed(2);
      if (cents(o.paid) > cents(o.total)) {
        const before = cents(o.paid) - cents(s.amount);
        throw conflict(
          `This slip (${amount} THB) is more than order ${s.order_no} still owes (${baht(cents(o.total) - before)} THB): ` +
            'another slip was approved since it came. Reject it, or replace it with the right amount.',
        );
      }
      if (cents(o.paid) === cents(o.total)) {
        const m = await tx
          .update(orders)
          .set({ status: 'paid', paidAt: now, updatedAt: now, version: sql`${orders.version} + 1` })
          .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment')))
          .returning({ id: orders.id });
        if (!m.length) throw conflict(`Order ${s.order_no} changed at the same time; reload and try again.`);
        await addEvent(tx, {
          orderId,
          kind: 'slip',
          from: 'pending_payment',
          to: 'paid',
          text: said('slipApproved', { slip: b.id, amount }),
          actorId: user.id,
          refId: b.id,
        });
        await audit(tx, {
          actorId: user.id,
          action: 'order.paid',
          entity: 'order',
          entityId: orderId,
          before: { status: 'pending_payment' },
          after: { status: 'paid', slipId: b.id },
        });
      } else {
        await addEvent(tx, {
          orderId,
          kind: 'slip',
          actorId: user.id,
          refId: b.id,
          text: said('slipApprovedPart', {
            slip: b.id,
            amount,
            paid: baht(cents(o.paid)),
            total: baht(cents(o.total)),
            owed: baht(cents(o.total) - cents(o.paid)),
          }),
        });
        await audit(tx, {
          actorId: user.id,
          action: 'order.payment',
          entity: 'order',
          entityId: orderId,
          after: { slipId: b.id, amount, paid: baht(cents(o.paid)) },
        });
      }
    } else {
      await addEvent(tx, {
        orderId,
        kind: 'slip',
        text: said('slipRejected', { slip: b.id, note: b.note }),
        actorId: user.id,
        refId: b.id,
      });
    }
    await audit(tx, {
      actorId: user.id,
      action: b.approve ? 'slip.approve' : 'slip.reject',
      entity: 'payment_slip',
      entityId: b.id,
      before: { status: 'pending' },
      after: { status: b.approve ? 'approved' : 'rejected' },
    });
  });
  return slipView(db, user, b.id);
}

export interface SlipInput {
  bankCode: string;
  amount: number;
  transferredAt: string;
}

export function slipFields(f: Record<string, string>, partial: boolean): Partial<SlipInput> {
  const out: Partial<SlipInput> = {};
  if (f.bankCode !== undefined || !partial) out.bankCode = (f.bankCode ?? '').trim();
  if (f.amount !== undefined || !partial) {
    const a = Number(f.amount);
    if (!Number.isFinite(a) || a <= 0)
      throw badRequest('amount must be a positive number', [
        { field: 'amount', message: 'amount must be a positive number' },
      ]);
    out.amount = a;
  }
  if (f.transferredAt !== undefined || !partial) {
    const d = new Date(f.transferredAt ?? '');
    if (Number.isNaN(d.getTime()))
      throw badRequest('transferredAt must be a date-time', [
        { field: 'transferredAt', message: 'transferredAt must be a date-time' },
      ]);
    out.transferredAt = d.toISOString();
  }
  return out;
}

export async function uploadSlip(db: Db, user: AuthUser, orderId: number, input: SlipInput, imageUrl: string) {
  const o = await loadOrder(db, user, orderId);
  await assertMasterCode(db, 'bank', input.bankCode, 'bankCode');
  if (o.status !== 'pending_payment')
    throw conflict(
      `Order ${o.order_no} is ${o.status.replace(/_/g, ' ')}; slips are taken only while payment is pending.`,
    );
  checkSlip(await owing(db, orderId), input);
  const id = await db.transaction(async (tx) => {
    const [s] = await tx
      .insert(paymentSlips)
      .values({
        orderId,
        shopId: Number(o.shop_id),
        bankCode: input.bankCode,
        amount: input.amount.toFixed(2),
        transferredAt: new Date(input.transferredAt),
        imageUrl,
        uploadedBy: user.id,
      })
      .returning({ id: paymentSlips.id });
    await addEvent(tx, {
      orderId,
      kind: 'slip',
      text: said('slipUploaded', { slip: s.id, amount: input.amount.toFixed(2) }),
      actorId: user.id,
      refId: s.id,
    });
    await audit(tx, {
      actorId: user.id,
      action: 'slip.upload',
      entity: 'payment_slip',
      entityId: s.id,
      after: { ...input, imageUrl },
    });
    await notifySlipUploaded(tx, s.id, user.id);
    return s.id;
  });
  return slipOut(await loadSlip(db, user, id));
}

/** Replaces a pending or rejected slip: the old one becomes `replaced`, the new one is pending. */
export async function changeSlip(db: Db, user: AuthUser, id: number, input: Partial<SlipInput>, imageUrl: string) {
  const old = await loadSlip(db, user, id);
  if (input.bankCode !== undefined) await assertMasterCode(db, 'bank', input.bankCode, 'bankCode');
  if (old.status !== 'pending' && old.status !== 'rejected')
    throw conflict(`This slip is ${old.status}; it cannot be changed.`);
  if (old.order_status !== 'pending_payment')
    throw conflict(`Order ${old.order_no} is ${old.order_status.replace(/_/g, ' ')}; its slip cannot be changed.`);
  // The amount kept from the old slip is checked too: the order may owe less since it came.
  checkSlip(await owing(db, Number(old.order_id)), {
    amount: input.amount ?? Number(old.amount),
    transferredAt: input.transferredAt,
  });
  const newId = await db.transaction(async (tx) => {
    const r = await tx
      .update(paymentSlips)
      .set({ status: 'replaced' })
      .where(and(eq(paymentSlips.id, id), sql`${paymentSlips.status} in ('pending', 'rejected')`))
      .returning({ id: paymentSlips.id });
    if (!r.length) throw conflict('This slip was changed at the same time; reload and try again.');
    const [s] = await tx
      .insert(paymentSlips)
      .values({
        orderId: Number(old.order_id),
        shopId: Number(old.shop_id),
        bankCode: input.bankCode ?? (old.bank_code as string),
        amount: input.amount !== undefined ? input.amount.toFixed(2) : String(old.amount),
        transferredAt: new Date(input.transferredAt ?? (old.transferred_at as Date)),
        imageUrl,
        uploadedBy: user.id,
      })
      .returning({ id: paymentSlips.id });
    await addEvent(tx, {
      orderId: Number(old.order_id),
      kind: 'slip',
      text: said('slipReplaced', { slip: id, by: s.id }),
      actorId: user.id,
      refId: s.id,
    });
    await audit(tx, {
      actorId: user.id,
      action: 'slip.change',
      entity: 'payment_slip',
      entityId: s.id,
      before: { slipId: id },
      after: { ...input, imageUrl },
    });
    await notifySlipUploaded(tx, s.id, user.id);
    return s.id;
  });
  return slipOut(await loadSlip(db, user, newId));
}
