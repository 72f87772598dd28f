/** Payment slips, purchase orders, stock transfers, claims/returns — all hang off an order. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import {
  orderClaims, orders, paymentSlips, purchaseOrderItems, purchaseOrders, stockTransferItems, stockTransfers,
} from '../../db/schema.js';
import { canAccessShop } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import { isoOf, toOrderSummary, type OrderRowRaw } from './list.js';
import { CLAIMABLE, CLAIM_TRANSITIONS, type OrderStatus } from './state.js';
import { addEvent, assertMasterCode, checkDepth, eventOut, itemsOf, listShops, loadOrder } from './service.js';

const shopCond = (shops: number[] | null, col: SQL): SQL =>
  shops === null ? sql`true` : shops.length ? sql`${col} = any(${sql.raw(`'{${shops.map(Number).join(',')}}'::int[]`)})` : sql`false`;
const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const num = (x: unknown) => (x == null ? null : Number(x));
const userName = (alias: string) => sql.raw(`nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`);

async function orderSummary(db: Db, id: number) {
  const [r] = await queryRows<OrderRowRaw>(db, sql`select o.*, s.name as shop_name, b.name as branch_name from orders o
    join shops s on s.id = o.shop_id left join branches b on b.id = o.branch_id where o.id = ${id}`);
  return toOrderSummary(r);
}

/** 404 unless the row exists and its shop is in scope. */
function inScope<T extends { shop_id: number }>(user: AuthUser, row: T | undefined, what: string): T {
  if (!row || !canAccessShop(user, Number(row.shop_id))) throw notFound(what);
  return row;
}

// ---- payment slips --------------------------------------------------------------------------

type SlipRow = Record<string, unknown> & { id: number; order_id: number; shop_id: number; status: string; order_no: string; order_status: string };
const slipSelect = sql`select p.*, o.order_no, o.status as order_status, s.name as shop_name, bk.name as bank_name,
    ${userName('uu')} as uploaded_by_name, ${userName('ru')} as reviewed_by_name
  from payment_slips p join orders o on o.id = p.order_id join shops s on s.id = p.shop_id
  left join order_master_data bk on bk.kind = 'bank' and bk.code = p.bank_code
  left join users uu on uu.id = p.uploaded_by left join users ru on ru.id = p.reviewed_by`;
const slipOut = (r: SlipRow) => ({
  id: Number(r.id), orderId: Number(r.order_id), orderNo: r.order_no, shopId: Number(r.shop_id), shopName: r.shop_name as string,
  orderStatus: r.order_status, bankCode: r.bank_code as string, bankName: (r.bank_name as string | null) ?? null, amount: Number(r.amount),
  transferredAt: isoOf(r.transferred_at as Date), imageUrl: (r.image_url as string | null) ?? null, status: r.status,
  note: (r.note as string | null) ?? null, uploadedBy: num(r.uploaded_by), uploadedByName: (r.uploaded_by_name as string | null) ?? null,
  createdAt: isoOf(r.created_at as Date), reviewedBy: num(r.reviewed_by), reviewedByName: (r.reviewed_by_name as string | null) ?? null,
  reviewedAt: isoOf(r.reviewed_at as Date),
});

export async function listSlips(db: Db, user: AuthUser, q: { page: number; limit: number; status?: string; shopId?: number; search?: string; orderId?: number }) {
  checkDepth(q.page, q.limit);
  const conds = [shopCond(listShops(user, q.shopId), sql`p.shop_id`)];
  if (q.status) conds.push(sql`p.status = ${q.status}`);
  if (q.orderId) conds.push(sql`p.order_id = ${q.orderId}`);
  if (q.search?.trim()) conds.push(sql`(o.order_no ilike ${likeOf(q.search.trim())} or o.customer_name ilike ${likeOf(q.search.trim())})`);
  const where = sql.join(conds, sql` and `);
  const [{ n }] = await queryRows<{ n: string }>(db, sql`select count(*) as n from payment_slips p join orders o on o.id = p.order_id where ${where}`);
  const rows = await queryRows<SlipRow>(db, sql`${slipSelect} where ${where} order by p.created_at desc, p.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  return { items: rows.map(slipOut), total: Number(n), maxpage: maxpage(Number(n), q.limit) };
}

async function loadSlip(db: Db, user: AuthUser, id: number) {
  const [r] = await queryRows<SlipRow>(db, sql`${slipSelect} where p.id = ${id}`);
  return inScope(user, r, 'Slip');
}

export async function slipView(db: Db, user: AuthUser, id: number) {
  const s = await loadSlip(db, user, id);
  const others = await queryRows<SlipRow>(db, sql`${slipSelect} where p.order_id = ${s.order_id} and p.id <> ${id} order by p.created_at desc`);
  return { ...slipOut(s), order: await orderSummary(db, Number(s.order_id)), otherSlips: others.map(slipOut) };
}

/**
 * Approving: slip pending → approved and order pending_payment → paid in one transaction, each a
 * conditional UPDATE — of any number of simultaneous clicks exactly one wins, the rest get 409.
 */
export async function approveSlip(db: Db, user: AuthUser, b: { id: number; approve: boolean; note?: string }) {
  const s = await loadSlip(db, user, b.id);
  if (s.status !== 'pending') throw conflict(`This slip is already ${s.status}.`);
  const now = new Date();
  await db.transaction(async (tx) => {
    const r = await tx.update(paymentSlips).set({ status: b.approve ? 'approved' : 'rejected', reviewedBy: user.id, reviewedAt: now, note: b.note ?? null })
      .where(and(eq(paymentSlips.id, b.id), eq(paymentSlips.status, 'pending'))).returning({ id: paymentSlips.id });
    if (!r.length) {
      const [cur] = await tx.select({ status: paymentSlips.status }).from(paymentSlips).where(eq(paymentSlips.id, b.id));
      throw conflict(`This slip is already ${cur?.status ?? 'gone'}.`);
    }
    const orderId = Number(s.order_id);
    if (b.approve) {
      const m = await tx.update(orders).set({ status: 'paid', paidAt: now, updatedAt: now, version: sql`${orders.version} + 1` })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment'))).returning({ id: orders.id });
      if (!m.length) {
        const [cur] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
        throw conflict(`Order ${s.order_no} is ${cur?.status.replace(/_/g, ' ')}; the slip cannot mark it paid.`);
      }
      await addEvent(tx, { orderId, kind: 'slip', from: 'pending_payment', to: 'paid', message: `Payment slip #${b.id} approved (${Number(s.amount).toFixed(2)} THB)`, actorId: user.id, refId: b.id });
      await audit(tx, { actorId: user.id, action: 'order.paid', entity: 'order', entityId: orderId, before: { status: 'pending_payment' }, after: { status: 'paid', slipId: b.id } });
    } else {
      await addEvent(tx, { orderId, kind: 'slip', message: `Payment slip #${b.id} rejected${b.note ? `: ${b.note}` : ''}`, actorId: user.id, refId: b.id });
    }
    await audit(tx, { actorId: user.id, action: b.approve ? 'slip.approve' : 'slip.reject', entity: 'payment_slip', entityId: b.id, before: { status: 'pending' }, after: { status: b.approve ? 'approved' : 'rejected' } });
  });
  return slipView(db, user, b.id);
}

export interface SlipInput { bankCode: string; amount: number; transferredAt: string }

export function slipFields(f: Record<string, string>, partial: boolean): Partial<SlipInput> {
  const out: Partial<SlipInput> = {};
  if (f.bankCode !== undefined || !partial) out.bankCode = (f.bankCode ?? '').trim();
  if (f.amount !== undefined || !partial) {
    const a = Number(f.amount);
    if (!Number.isFinite(a) || a <= 0) throw badRequest('amount must be a positive number', [{ field: 'amount', message: 'amount must be a positive number' }]);
    out.amount = a;
  }
  if (f.transferredAt !== undefined || !partial) {
    const d = new Date(f.transferredAt ?? '');
    if (Number.isNaN(d.getTime())) throw badRequest('transferredAt must be a date-time', [{ field: 'transferredAt', message: 'transferredAt must be a date-time' }]);
    out.transferredAt = d.toISOString();
  }
  return out;
}

export async function uploadSlip(db: Db, user: AuthUser, orderId: number, input: SlipInput, imageUrl: string) {
  const o = await loadOrder(db, user, orderId);
  await assertMasterCode(db, 'bank', input.bankCode, 'bankCode');
  if (o.status !== 'pending_payment') throw conflict(`Order ${o.order_no} is ${o.status.replace(/_/g, ' ')}; slips are taken only while payment is pending.`);
  const id = await db.transaction(async (tx) => {
    const [s] = await tx.insert(paymentSlips).values({
      orderId, shopId: Number(o.shop_id), bankCode: input.bankCode, amount: input.amount.toFixed(2),
      transferredAt: new Date(input.transferredAt), imageUrl, uploadedBy: user.id,
    }).returning({ id: paymentSlips.id });
    await addEvent(tx, { orderId, kind: 'slip', message: `Payment slip #${s.id} uploaded (${input.amount.toFixed(2)} THB)`, actorId: user.id, refId: s.id });
    await audit(tx, { actorId: user.id, action: 'slip.upload', entity: 'payment_slip', entityId: s.id, after: { ...input, imageUrl } });
    return s.id;
  });
  return slipOut(await loadSlip(db, user, id));
}

/** Replaces a pending or rejected slip: the old one becomes `replaced`, the new one is pending. */
export async function changeSlip(db: Db, user: AuthUser, id: number, input: Partial<SlipInput>, imageUrl: string) {
  const old = await loadSlip(db, user, id);
  if (input.bankCode !== undefined) await assertMasterCode(db, 'bank', input.bankCode, 'bankCode');
  if (old.status !== 'pending' && old.status !== 'rejected') throw conflict(`This slip is ${old.status}; it cannot be changed.`);
  if (old.order_status !== 'pending_payment') throw conflict(`Order ${old.order_no} is ${old.order_status.replace(/_/g, ' ')}; its slip cannot be changed.`);
  const newId = await db.transaction(async (tx) => {
    const r = await tx.update(paymentSlips).set({ status: 'replaced' })
      .where(and(eq(paymentSlips.id, id), sql`${paymentSlips.status} in ('pending', 'rejected')`)).returning({ id: paymentSlips.id });
    if (!r.length) throw conflict('This slip was changed at the same time; reload and try again.');
    const [s] = await tx.insert(paymentSlips).values({
      orderId: Number(old.order_id), shopId: Number(old.shop_id), bankCode: input.bankCode ?? (old.bank_code as string),
      amount: input.amount !== undefined ? input.amount.toFixed(2) : String(old.amount),
      transferredAt: new Date(input.transferredAt ?? (old.transferred_at as Date)), imageUrl, uploadedBy: user.id,
    }).returning({ id: paymentSlips.id });
    await addEvent(tx, { orderId: Number(old.order_id), kind: 'slip', message: `Payment slip #${id} replaced by #${s.id}`, actorId: user.id, refId: s.id });
    await audit(tx, { actorId: user.id, action: 'slip.change', entity: 'payment_slip', entityId: s.id, before: { slipId: id }, after: { ...input, imageUrl } });
    return s.id;
  });
  return slipOut(await loadSlip(db, user, newId));
}

// ---- purchase orders ------------------------------------------------------------------------

type PoRow = Record<string, unknown> & { id: number; shop_id: number; order_id: number; status: string; po_no: string };
const poSelect = sql`select p.*, o.order_no, s.name as shop_name from purchase_orders p join orders o on o.id = p.order_id join shops s on s.id = p.shop_id`;

async function poItems(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { orderItemId: number; productCode: string; productName: string; qty: number; unitPrice: number; amount: number }[]>();
  const rows = await queryRows<{ po_id: number; order_item_id: number; product_code: string; product_name: string; qty: number; unit_price: string }>(db, sql`
    select pi.po_id, pi.order_item_id, i.product_code, i.product_name, pi.qty, i.unit_price from purchase_order_items pi
    join order_items i on i.id = pi.order_item_id where pi.po_id = any(${sql.raw(`'{${ids.map(Number).join(',')}}'::int[]`)}) order by i.id`);
  const m = new Map<number, { orderItemId: number; productCode: string; productName: string; qty: number; unitPrice: number; amount: number }[]>();
  for (const r of rows) {
    const list = m.get(Number(r.po_id)) ?? [];
    list.push({ orderItemId: Number(r.order_item_id), productCode: r.product_code, productName: r.product_name, qty: Number(r.qty), unitPrice: Number(r.unit_price), amount: Number(r.qty) * Number(r.unit_price) });
    m.set(Number(r.po_id), list);
  }
  return m;
}

async function poOut(db: Db, rows: PoRow[]) {
  const items = await poItems(db, rows.map((r) => Number(r.id)));
  return rows.map((r) => {
    const its = items.get(Number(r.id)) ?? [];
    return {
      id: Number(r.id), poNo: r.po_no, orderId: Number(r.order_id), orderNo: r.order_no as string, shopId: Number(r.shop_id), shopName: r.shop_name as string,
      status: r.status, trackingNo: (r.tracking_no as string | null) ?? null, note: (r.note as string | null) ?? null,
      cancelReason: (r.cancel_reason as string | null) ?? null, itemCount: its.length, total: its.reduce((s, i) => s + i.amount, 0),
      createdAt: isoOf(r.created_at as Date), updatedAt: isoOf(r.updated_at as Date), issuedAt: isoOf(r.issued_at as Date),
      cancelledAt: isoOf(r.cancelled_at as Date), items: its,
    };
  });
}

async function loadPo(db: Db, user: AuthUser, id: number) {
  const [r] = await queryRows<PoRow>(db, sql`${poSelect} where p.id = ${id}`);
  return inScope(user, r, 'Purchase order');
}
const onePo = async (db: Db, user: AuthUser, id: number) => (await poOut(db, [await loadPo(db, user, id)]))[0];

/** Items of the order that are not on an open (requested/issued) PO. */
async function freeItems(db: Db, orderId: number, exceptPo?: number) {
  return queryRows<{ id: number; qty: number }>(db, sql`select i.id, i.qty from order_items i where i.order_id = ${orderId}
    and not exists (select 1 from purchase_order_items pi join purchase_orders p on p.id = pi.po_id
      where pi.order_item_id = i.id and p.status in ('requested', 'issued') ${exceptPo ? sql`and p.id <> ${exceptPo}` : sql``})`);
}

export async function requestPo(db: Db, user: AuthUser, b: { orderId: number; itemIds?: number[] }) {
  const o = await loadOrder(db, user, b.orderId);
  if (o.status === 'cancelled') throw conflict(`Order ${o.order_no} is cancelled; no purchase order can be requested.`);
  const free = await freeItems(db, b.orderId);
  const chosen = b.itemIds ? free.filter((i) => b.itemIds!.includes(Number(i.id))) : free;
  if (b.itemIds && chosen.length !== new Set(b.itemIds).size) throw conflict('Some items are not on this order or already on an open purchase order.');
  if (!chosen.length) throw conflict(`Every item of order ${o.order_no} is already on an open purchase order.`);
  const id = await db.transaction(async (tx) => {
    const [po] = await tx.insert(purchaseOrders).values({ poNo: `tmp-${b.orderId}-${Date.now()}-${Math.random()}`, orderId: b.orderId, shopId: Number(o.shop_id), createdBy: user.id })
      .returning({ id: purchaseOrders.id });
    const poNo = `PO${String(po.id).padStart(8, '0')}`;
    await tx.update(purchaseOrders).set({ poNo }).where(eq(purchaseOrders.id, po.id));
    await tx.insert(purchaseOrderItems).values(chosen.map((i) => ({ poId: po.id, orderItemId: Number(i.id), qty: Number(i.qty) })));
    await addEvent(tx, { orderId: b.orderId, kind: 'po', message: `Purchase order ${poNo} requested (${chosen.length} items)`, actorId: user.id, refId: po.id });
    await audit(tx, { actorId: user.id, action: 'po.request', entity: 'purchase_order', entityId: po.id, after: { poNo, itemIds: chosen.map((i) => Number(i.id)) } });
    return po.id;
  });
  return onePo(db, user, id);
}

async function movePo(db: Db, user: AuthUser, id: number, from: string[], to: string, set: Partial<typeof purchaseOrders.$inferInsert>, message: string) {
  const po = await loadPo(db, user, id);
  if (!from.includes(po.status)) throw conflict(`Purchase order ${po.po_no} is ${po.status}; it cannot become ${to}.`);
  if (to === 'requested') {
    // Restoring must not put an item on two open POs.
    const free = new Set((await freeItems(db, Number(po.order_id), id)).map((i) => Number(i.id)));
    const its = (await poItems(db, [id])).get(id) ?? [];
    if (its.some((i) => !free.has(i.orderItemId))) throw conflict(`Items of ${po.po_no} are on another open purchase order; it cannot be restored.`);
  }
  await db.transaction(async (tx) => {
    const r = await tx.update(purchaseOrders).set({ ...set, status: to, updatedAt: new Date() })
      .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.status, po.status))).returning({ id: purchaseOrders.id });
    if (!r.length) throw conflict(`Purchase order ${po.po_no} was changed at the same time; reload and try again.`);
    await addEvent(tx, { orderId: Number(po.order_id), kind: 'po', message: `Purchase order ${po.po_no}: ${message}`, actorId: user.id, refId: id });
    await audit(tx, { actorId: user.id, action: `po.${to}`, entity: 'purchase_order', entityId: id, before: { status: po.status }, after: { status: to, ...set } });
  });
  return onePo(db, user, id);
}

export const issuePo = (db: Db, user: AuthUser, b: { id: number; trackingNo?: string }) =>
  movePo(db, user, b.id, ['requested'], 'issued', { issuedAt: new Date(), ...(b.trackingNo ? { trackingNo: b.trackingNo.trim() } : {}) }, 'issued');
export const cancelPo = (db: Db, user: AuthUser, b: { id: number; reason: string }) => {
  if (!b.reason.trim()) throw badRequest('Give a reason.', [{ field: 'reason', message: 'reason must not be empty' }]);
  return movePo(db, user, b.id, ['requested', 'issued'], 'cancelled', { cancelledAt: new Date(), cancelReason: b.reason.trim() }, `cancelled: ${b.reason.trim()}`);
};
export const restorePo = (db: Db, user: AuthUser, id: number) =>
  movePo(db, user, id, ['cancelled'], 'requested', { cancelledAt: null, cancelReason: null }, 'restored');

export async function listPos(db: Db, user: AuthUser, q: { page: number; limit: number; orderId?: number; status?: string; shopId?: number; search?: string }) {
  checkDepth(q.page, q.limit);
  if (q.orderId) await loadOrder(db, user, q.orderId);
  const conds = [shopCond(listShops(user, q.shopId), sql`p.shop_id`)];
  if (q.orderId) conds.push(sql`p.order_id = ${q.orderId}`);
  if (q.status) conds.push(sql`p.status = ${q.status}`);
  if (q.search?.trim()) conds.push(sql`(p.po_no ilike ${likeOf(q.search.trim())} or o.order_no ilike ${likeOf(q.search.trim())})`);
  const where = sql.join(conds, sql` and `);
  const [{ n }] = await queryRows<{ n: string }>(db, sql`select count(*) as n from purchase_orders p join orders o on o.id = p.order_id where ${where}`);
  const rows = await queryRows<PoRow>(db, sql`${poSelect} where ${where} order by p.created_at desc, p.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  return { items: await poOut(db, rows), total: Number(n), maxpage: maxpage(Number(n), q.limit) };
}

export async function trackPo(db: Db, user: AuthUser, id: number) {
  const po = await onePo(db, user, id);
  const events = await queryRows<Parameters<typeof eventOut>[0]>(db, sql`select e.*, ${userName('u')} as actor_name from order_events e
    left join users u on u.id = e.actor_id where e.order_id = ${po.orderId} and e.kind = 'po' and e.ref_id = ${id} order by e.created_at, e.id`);
  return { po, events: events.map(eventOut) };
}

export async function poDocument(db: Db, user: AuthUser, id: number) {
  const po = await onePo(db, user, id);
  return { documentNo: po.poNo, po, shop: { id: po.shopId, name: po.shopName }, order: await orderSummary(db, po.orderId), printedAt: new Date().toISOString() };
}

export async function poOfItems(db: Db, user: AuthUser, orderId: number) {
  await loadOrder(db, user, orderId);
  const rows = await queryRows<{ order_item_id: number; product_code: string; product_name: string; qty: number; po_id: number | null; po_no: string | null; po_status: string | null }>(db, sql`
    select i.id as order_item_id, i.product_code, i.product_name, coalesce(pi.qty, i.qty) as qty, p.id as po_id, p.po_no, p.status as po_status
    from order_items i left join purchase_order_items pi on pi.order_item_id = i.id left join purchase_orders p on p.id = pi.po_id
    where i.order_id = ${orderId} order by i.id, p.id`);
  const items = rows.map((r) => ({ orderItemId: Number(r.order_item_id), productCode: r.product_code, productName: r.product_name, qty: Number(r.qty), poId: num(r.po_id), poNo: r.po_no, poStatus: r.po_status }));
  return { items, total: items.length, maxpage: items.length ? 1 : 0 };
}

// ---- transfers ------------------------------------------------------------------------------

type TrRow = Record<string, unknown> & { id: number; shop_id: number; order_id: number; status: string; transfer_no: string };
const trSelect = sql`select t.*, o.order_no, fb.name as from_branch_name, tb.name as to_branch_name from stock_transfers t
  join orders o on o.id = t.order_id join branches fb on fb.id = t.from_branch_id join branches tb on tb.id = t.to_branch_id`;

async function trOut(db: Db, r: TrRow) {
  const items = await queryRows<{ order_item_id: number; product_code: string; product_name: string; qty: number }>(db, sql`
    select ti.order_item_id, i.product_code, i.product_name, ti.qty from stock_transfer_items ti join order_items i on i.id = ti.order_item_id
    where ti.transfer_id = ${r.id} order by i.id`);
  return {
    id: Number(r.id), transferNo: r.transfer_no, orderId: Number(r.order_id), orderNo: r.order_no as string, shopId: Number(r.shop_id),
    fromBranchId: Number(r.from_branch_id), fromBranchName: r.from_branch_name as string, toBranchId: Number(r.to_branch_id), toBranchName: r.to_branch_name as string,
    status: r.status, note: (r.note as string | null) ?? null, cancelReason: (r.cancel_reason as string | null) ?? null,
    createdAt: isoOf(r.created_at as Date), updatedAt: isoOf(r.updated_at as Date),
    items: items.map((i) => ({ orderItemId: Number(i.order_item_id), productCode: i.product_code, productName: i.product_name, qty: Number(i.qty) })),
  };
}

async function loadTransfer(db: Db, user: AuthUser, id: number) {
  const [r] = await queryRows<TrRow>(db, sql`${trSelect} where t.id = ${id}`);
  return inScope(user, r, 'Transfer');
}

export async function requestTransfer(db: Db, user: AuthUser, b: { orderId: number; fromBranchId: number; toBranchId: number; itemIds?: number[]; note?: string }) {
  const o = await loadOrder(db, user, b.orderId);
  if (b.fromBranchId === b.toBranchId) throw badRequest('Pick two different branches.', [{ field: 'toBranchId', message: 'must differ from fromBranchId' }]);
  const br = await queryRows<{ id: number }>(db, sql`select id from branches where active and id in (${b.fromBranchId}, ${b.toBranchId})`);
  if (br.length !== 2) throw badRequest('Unknown branch.', [{ field: 'fromBranchId', message: 'unknown or inactive branch' }]);
  if (!['paid', 'preparing'].includes(o.status)) throw conflict(`Order ${o.order_no} is ${o.status.replace(/_/g, ' ')}; stock is transferred only for a paid or preparing order.`);
  const items = (await itemsOf(db, b.orderId)).filter((i) => !b.itemIds || b.itemIds.includes(i.id));
  if (!items.length || (b.itemIds && items.length !== new Set(b.itemIds).size)) throw notFound('Order item');
  const id = await db.transaction(async (tx) => {
    const [t] = await tx.insert(stockTransfers).values({
      transferNo: `tmp-${b.orderId}-${Date.now()}-${Math.random()}`, orderId: b.orderId, shopId: Number(o.shop_id),
      fromBranchId: b.fromBranchId, toBranchId: b.toBranchId, note: b.note?.trim() || null, createdBy: user.id,
    }).returning({ id: stockTransfers.id });
    const transferNo = `TR${String(t.id).padStart(8, '0')}`;
    await tx.update(stockTransfers).set({ transferNo }).where(eq(stockTransfers.id, t.id));
    await tx.insert(stockTransferItems).values(items.map((i) => ({ transferId: t.id, orderItemId: i.id, qty: i.qty })));
    await addEvent(tx, { orderId: b.orderId, kind: 'transfer', message: `Stock transfer ${transferNo} requested`, actorId: user.id, refId: t.id });
    await audit(tx, { actorId: user.id, action: 'transfer.request', entity: 'stock_transfer', entityId: t.id, after: { transferNo, ...b } });
    return t.id;
  });
  return trOut(db, await loadTransfer(db, user, id));
}

async function moveTransfer(db: Db, user: AuthUser, id: number, from: string[], to: string, reason: string | undefined, what: string) {
  const t = await loadTransfer(db, user, id);
  if (!from.includes(t.status)) throw conflict(`Transfer ${t.transfer_no} is ${t.status.replace(/_/g, ' ')}; it cannot be ${what}.`);
  await db.transaction(async (tx) => {
    const r = await tx.update(stockTransfers).set({ status: to, updatedAt: new Date(), ...(reason ? { cancelReason: reason } : {}) })
      .where(and(eq(stockTransfers.id, id), eq(stockTransfers.status, t.status))).returning({ id: stockTransfers.id });
    if (!r.length) throw conflict(`Transfer ${t.transfer_no} was changed at the same time; reload and try again.`);
    await addEvent(tx, { orderId: Number(t.order_id), kind: 'transfer', message: `Transfer ${t.transfer_no} ${what}${reason ? `: ${reason}` : ''}`, actorId: user.id, refId: id });
    await audit(tx, { actorId: user.id, action: `transfer.${to}`, entity: 'stock_transfer', entityId: id, before: { status: t.status }, after: { status: to, reason } });
  });
  return trOut(db, await loadTransfer(db, user, id));
}

export const ropCancelTransfer = (db: Db, user: AuthUser, b: { id: number; reason: string }) => {
  if (!b.reason.trim()) throw badRequest('Give a reason.', [{ field: 'reason', message: 'reason must not be empty' }]);
  return moveTransfer(db, user, b.id, ['requested'], 'cancel_requested', b.reason.trim(), 'asked to cancel');
};
export const cancelTransferDoc = (db: Db, user: AuthUser, b: { id: number; reason?: string }) =>
  moveTransfer(db, user, b.id, ['requested', 'cancel_requested'], 'cancelled', b.reason?.trim() || undefined, 'cancelled');
export const clearTransfer = (db: Db, user: AuthUser, id: number) => moveTransfer(db, user, id, ['requested'], 'cleared', undefined, 'cleared (goods arrived)');

export async function transferDocument(db: Db, user: AuthUser, id: number) {
  const t = await trOut(db, await loadTransfer(db, user, id));
  return { documentNo: t.transferNo, transfer: t, order: await orderSummary(db, t.orderId), printedAt: new Date().toISOString() };
}

// ---- claims and returns ---------------------------------------------------------------------

type ClaimRow = Record<string, unknown> & { id: number; shop_id: number; order_id: number; status: string; claim_no: string };
const claimSelect = sql`select c.*, o.order_no, s.name as shop_name, i.product_code, i.product_name, r.name as reason_name,
    ${userName('u')} as created_by_name
  from order_claims c join orders o on o.id = c.order_id join shops s on s.id = c.shop_id join order_items i on i.id = c.order_item_id
  left join order_master_data r on r.kind = 'claim' and r.code = c.reason_code left join users u on u.id = c.created_by`;
const claimOut = (r: ClaimRow) => ({
  id: Number(r.id), claimNo: r.claim_no, kind: r.kind as string, orderId: Number(r.order_id), orderNo: r.order_no as string,
  orderItemId: Number(r.order_item_id), productCode: r.product_code as string, productName: r.product_name as string,
  shopId: Number(r.shop_id), shopName: r.shop_name as string, reasonCode: r.reason_code as string, reasonName: (r.reason_name as string | null) ?? null,
  qty: Number(r.qty), description: r.description as string, photos: (r.photos as string[]) ?? [], status: r.status,
  resolution: (r.resolution as string | null) ?? null, createdAt: isoOf(r.created_at as Date), updatedAt: isoOf(r.updated_at as Date),
  createdByName: (r.created_by_name as string | null) ?? null,
});

async function loadClaim(db: Db, user: AuthUser, id: number) {
  const [r] = await queryRows<ClaimRow>(db, sql`${claimSelect} where c.id = ${id}`);
  return inScope(user, r, 'Claim');
}

export interface ClaimInput { orderItemId: number; kind: 'claim' | 'return'; reasonCode: string; qty: number; description?: string }

export async function fileClaim(db: Db, user: AuthUser, b: ClaimInput, photos: string[]) {
  const [item] = await queryRows<{ order_id: number; qty: number }>(db, sql`select order_id, qty from order_items where id = ${b.orderItemId}`);
  if (!item) throw notFound('Order item');
  let o;
  try { o = await loadOrder(db, user, Number(item.order_id)); } catch { throw notFound('Order item'); }
  await assertMasterCode(db, 'claim', b.reasonCode, 'reasonCode');
  if (!CLAIMABLE.includes(o.status as OrderStatus)) throw conflict(`Order ${o.order_no} is ${o.status.replace(/_/g, ' ')}; claims and returns are filed after delivery.`);
  const id = await db.transaction(async (tx) => {
    // The item's row lock serializes claims on it, so two claims cannot together exceed the quantity.
    await tx.execute(sql`select id from order_items where id = ${b.orderItemId} for update`);
    const [{ claimed }] = (await tx.execute(sql`select coalesce(sum(qty), 0)::int as claimed from order_claims where order_item_id = ${b.orderItemId} and status <> 'rejected'`) as unknown as { rows: { claimed: number }[] }).rows;
    if (Number(claimed) + b.qty > Number(item.qty)) throw conflict(`Only ${Number(item.qty) - Number(claimed)} of this item can still be claimed.`);
    const [c] = await tx.insert(orderClaims).values({
      claimNo: `tmp-${Date.now()}-${Math.random()}`, kind: b.kind, orderId: Number(item.order_id), orderItemId: b.orderItemId, shopId: Number(o.shop_id),
      reasonCode: b.reasonCode, qty: b.qty, description: b.description?.trim() ?? '', photos, createdBy: user.id,
    }).returning({ id: orderClaims.id });
    const claimNo = `${b.kind === 'return' ? 'RT' : 'CL'}${String(c.id).padStart(8, '0')}`;
    await tx.update(orderClaims).set({ claimNo }).where(eq(orderClaims.id, c.id));
    await addEvent(tx, { orderId: Number(item.order_id), kind: 'claim', message: `${b.kind === 'return' ? 'Return' : 'Claim'} ${claimNo} filed (${b.qty} pcs)`, actorId: user.id, refId: c.id });
    await audit(tx, { actorId: user.id, action: `claim.file`, entity: 'order_claim', entityId: c.id, after: { ...b, claimNo, photos } });
    return c.id;
  });
  return claimOut(await loadClaim(db, user, id));
}

export async function listClaims(db: Db, user: AuthUser, q: { page: number; limit: number; status?: string; kind?: string; shopId?: number; search?: string; orderId?: number }) {
  checkDepth(q.page, q.limit);
  const conds = [shopCond(listShops(user, q.shopId), sql`c.shop_id`)];
  if (q.status) conds.push(sql`c.status = ${q.status}`);
  if (q.kind) conds.push(sql`c.kind = ${q.kind}`);
  if (q.orderId) conds.push(sql`c.order_id = ${q.orderId}`);
  if (q.search?.trim()) conds.push(sql`(c.claim_no ilike ${likeOf(q.search.trim())} or o.order_no ilike ${likeOf(q.search.trim())} or o.customer_name ilike ${likeOf(q.search.trim())})`);
  const where = sql.join(conds, sql` and `);
  const [{ n }] = await queryRows<{ n: string }>(db, sql`select count(*) as n from order_claims c join orders o on o.id = c.order_id where ${where}`);
  const rows = await queryRows<ClaimRow>(db, sql`${claimSelect} where ${where} order by c.created_at desc, c.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  return { items: rows.map(claimOut), total: Number(n), maxpage: maxpage(Number(n), q.limit) };
}

export async function claimDetail(db: Db, user: AuthUser, id: number) {
  const c = await loadClaim(db, user, id);
  const history = await queryRows<Parameters<typeof eventOut>[0]>(db, sql`select e.*, ${userName('u')} as actor_name from order_events e
    left join users u on u.id = e.actor_id where e.order_id = ${c.order_id} and e.kind = 'claim' and e.ref_id = ${id} order by e.created_at, e.id`);
  return { ...claimOut(c), order: await orderSummary(db, Number(c.order_id)), history: history.map(eventOut) };
}

export async function setClaim(db: Db, user: AuthUser, b: { id: number; status: string; resolution?: string; expectedStatus?: string }) {
  const c = await loadClaim(db, user, b.id);
  if (b.expectedStatus && b.expectedStatus !== c.status) throw conflict(`Claim ${c.claim_no} is now ${c.status}. Reload and try again.`);
  if (!(CLAIM_TRANSITIONS[c.status] ?? []).includes(b.status)) throw conflict(`Claim ${c.claim_no} is ${c.status}; it cannot move to ${b.status}.`);
  await db.transaction(async (tx) => {
    const r = await tx.update(orderClaims).set({ status: b.status, updatedAt: new Date(), ...(b.resolution !== undefined ? { resolution: b.resolution.trim() || null } : {}) })
      .where(and(eq(orderClaims.id, b.id), eq(orderClaims.status, c.status))).returning({ id: orderClaims.id });
    if (!r.length) throw conflict(`Claim ${c.claim_no} was changed at the same time; reload and try again.`);
    await addEvent(tx, { orderId: Number(c.order_id), kind: 'claim', from: c.status, to: b.status, message: `Claim ${c.claim_no}: ${c.status} → ${b.status}${b.resolution ? ` — ${b.resolution}` : ''}`, actorId: user.id, refId: b.id });
    await audit(tx, { actorId: user.id, action: `claim.${b.status}`, entity: 'order_claim', entityId: b.id, before: { status: c.status }, after: { status: b.status, resolution: b.resolution } });
  });
  return claimDetail(db, user, b.id);
}
