/** Purchase orders for an order's items: request, issue, cancel, restore, track. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { purchaseOrderItems, purchaseOrders } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import { isoOf } from './list.js';
import { addEvent, checkDepth, eventOut, listShops, loadOrder } from './service.js';
import { said } from './events.js';
import { containing } from '../../lib/sql.js';

import { inScope, num, orderSummary, shopCond, userName } from './documents-shared.js';

type PoRow = Record<string, unknown> & { id: number; shop_id: number; order_id: number; status: string; po_no: string };
const poSelect = sql`select p.*, o.order_no, s.name as shop_name from purchase_orders p join orders o on o.id = p.order_id join shops s on s.id = p.shop_id`;

async function poItems(db: Db, ids: number[]) {
  if (!ids.length)
    return new Map<
      number,
      {
        orderItemId: number;
        productCode: string;
        productName: string;
        qty: number;
        unitPrice: number;
        amount: number;
      }[]
    >();
  const rows = await queryRows<{
    po_id: number;
    order_item_id: number;
    product_code: string;
    product_name: string;
    qty: number;
    unit_price: string;
  }>(
    db,
    sql`
    select pi.po_id, pi.order_item_id, i.product_code, i.product_name, pi.qty, i.unit_price from purchase_order_items pi
    join order_items i on i.id = pi.order_item_id where pi.po_id = any(${sql.raw(`'{${ids.map(Number).join(',')}}'::int[]`)}) order by i.id`,
  );
  const m = new Map<
    number,
    { orderItemId: number; productCode: string; productName: string; qty: number; unitPrice: number; amount: number }[]
  >();
  for (const r of rows) {
    const list = m.get(Number(r.po_id)) ?? [];
    list.push({
      orderItemId: Number(r.order_item_id),
      productCode: r.product_code,
      productName: r.product_name,
      qty: Number(r.qty),
      unitPrice: Number(r.unit_price),
      amount: Number(r.qty) * Number(r.unit_price),
    });
    m.set(Number(r.po_id), list);
  }
  return m;
}

async function poOut(db: Db, rows: PoRow[]) {
  const items = await poItems(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => {
    const its = items.get(Number(r.id)) ?? [];
    return {
      id: Number(r.id),
      poNo: r.po_no,
      orderId: Number(r.order_id),
      orderNo: r.order_no as string,
      shopId: Number(r.shop_id),
      shopName: r.shop_name as string,
      status: r.status,
      trackingNo: (r.tracking_no as string | null) ?? null,
      note: (r.note as string | null) ?? null,
      cancelReason: (r.cancel_reason as string | null) ?? null,
      itemCount: its.length,
      total: its.reduce((s, i) => s + i.amount, 0),
      createdAt: isoOf(r.created_at as Date),
      updatedAt: isoOf(r.updated_at as Date),
      issuedAt: isoOf(r.issued_at as Date),
      cancelledAt: isoOf(r.cancelled_at as Date),
      items: its,
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
  return queryRows<{ id: number; qty: number }>(
    db,
    sql`select i.id, i.qty from order_items i where i.order_id = ${orderId}
    and not exists (select 1 from purchase_order_items pi join purchase_orders p on p.id = pi.po_id
      where pi.order_item_id = i.id and p.status in ('requested', 'issued') ${exceptPo ? sql`and p.id <> ${exceptPo}` : sql``})`,
  );
}

export async function requestPo(db: Db, user: AuthUser, b: { orderId: number; itemIds?: number[] }) {
  const o = await loadOrder(db, user, b.orderId);
  if (o.status === 'cancelled') throw conflict(`Order ${o.order_no} is cancelled; no purchase order can be requested.`);
  const free = await freeItems(db, b.orderId);
  const chosen = b.itemIds ? free.filter((i) => b.itemIds!.includes(Number(i.id))) : free;
  if (b.itemIds && chosen.length !== new Set(b.itemIds).size)
    throw conflict('Some items are not on this order or already on an open purchase order.');
  if (!chosen.length) throw conflict(`Every item of order ${o.order_no} is already on an open purchase order.`);
  const id = await db.transaction(async (tx) => {
    const [po] = await tx
      .insert(purchaseOrders)
      .values({
        poNo: `tmp-${b.orderId}-${Date.now()}-${Math.random()}`,
        orderId: b.orderId,
        shopId: Number(o.shop_id),
        createdBy: user.id,
      })
      .returning({ id: purchaseOrders.id });
    const poNo = `PO${String(po.id).padStart(8, '0')}`;
    await tx.update(purchaseOrders).set({ poNo }).where(eq(purchaseOrders.id, po.id));
    await tx
      .insert(purchaseOrderItems)
      .values(chosen.map((i) => ({ poId: po.id, orderItemId: Number(i.id), qty: Number(i.qty) })));
    await addEvent(tx, {
      orderId: b.orderId,
      kind: 'po',
      text: said('poRequested', { poNo, count: chosen.length }),
      actorId: user.id,
      refId: po.id,
    });
    await audit(tx, {
      actorId: user.id,
      action: 'po.request',
      entity: 'purchase_order',
      entityId: po.id,
      after: { poNo, itemIds: chosen.map((i) => Number(i.id)) },
    });
    return po.id;
  });
  return onePo(db, user, id);
}

async function movePo(
  db: Db,
  user: AuthUser,
  id: number,
  from: string[],
  to: string,
  set: Partial<typeof purchaseOrders.$inferInsert>,
  code: 'poIssued' | 'poCancelled' | 'poRestored',
  reason?: string,
) {
  const po = await loadPo(db, user, id);
  if (!from.includes(po.status)) throw conflict(`Purchase order ${po.po_no} is ${po.status}; it cannot become ${to}.`);
  if (to === 'requested') {
    // Restoring must not put an item on two open POs.
    const free = new Set((await freeItems(db, Number(po.order_id), id)).map((i) => Number(i.id)));
    const its = (await poItems(db, [id])).get(id) ?? [];
    if (its.some((i) => !free.has(i.orderItemId)))
      throw conflict(`Items of ${po.po_no} are on another open purchase order; it cannot be restored.`);
  }
  await db.transaction(async (tx) => {
    const r = await tx
      .update(purchaseOrders)
      .set({ ...set, status: to, updatedAt: new Date() })
      .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.status, po.status)))
      .returning({ id: purchaseOrders.id });
    if (!r.length) throw conflict(`Purchase order ${po.po_no} was changed at the same time; reload and try again.`);
    await addEvent(tx, {
      orderId: Number(po.order_id),
      kind: 'po',
      text: said(code, { poNo: po.po_no, reason }),
      actorId: user.id,
      refId: id,
    });
    await audit(tx, {
      actorId: user.id,
      action: `po.${to}`,
      entity: 'purchase_order',
      entityId: id,
      before: { status: po.status },
      after: { status: to, ...set },
    });
  });
  return onePo(db, user, id);
}

export const issuePo = (db: Db, user: AuthUser, b: { id: number; trackingNo?: string }) =>
  movePo(
    db,
    user,
    b.id,
    ['requested'],
    'issued',
    { issuedAt: new Date(), ...(b.trackingNo ? { trackingNo: b.trackingNo.trim() } : {}) },
    'poIssued',
  );
export const cancelPo = (db: Db, user: AuthUser, b: { id: number; reason: string }) => {
  if (!b.reason.trim()) throw badRequest('Give a reason.', [{ field: 'reason', message: 'reason must not be empty' }]);
  return movePo(
    db,
    user,
    b.id,
    ['requested', 'issued'],
    'cancelled',
    { cancelledAt: new Date(), cancelReason: b.reason.trim() },
    'poCancelled',
    b.reason.trim(),
  );
};
export const restorePo = (db: Db, user: AuthUser, id: number) =>
  movePo(db, user, id, ['cancelled'], 'requested', { cancelledAt: null, cancelReason: null }, 'poRestored');

export async function listPos(
  db: Db,
  user: AuthUser,
  q: { page: number; limit: number; orderId?: number; status?: string; shopId?: number; search?: string },
) {
  checkDepth(q.page, q.limit);
  if (q.orderId) await loadOrder(db, user, q.orderId);
  const conds = [shopCond(listShops(user, q.shopId), sql`p.shop_id`)];
  if (q.orderId) conds.push(sql`p.order_id = ${q.orderId}`);
  if (q.status) conds.push(sql`p.status = ${q.status}`);
  if (q.search?.trim())
    conds.push(sql`(p.po_no ilike ${containing(q.search.trim())} or o.order_no ilike ${containing(q.search.trim())})`);
  const where = sql.join(conds, sql` and `);
  const [{ n }] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from purchase_orders p join orders o on o.id = p.order_id where ${where}`,
  );
  const rows = await queryRows<PoRow>(
    db,
    sql`${poSelect} where ${where} order by p.created_at desc, p.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return { items: await poOut(db, rows), total: Number(n), maxpage: maxpage(Number(n), q.limit) };
}

export async function trackPo(db: Db, user: AuthUser, id: number) {
  const po = await onePo(db, user, id);
  const events = await queryRows<Parameters<typeof eventOut>[0]>(
    db,
    sql`select e.*, ${userName('u')} as actor_name from order_events e
    left join users u on u.id = e.actor_id where e.order_id = ${po.orderId} and e.kind = 'po' and e.ref_id = ${id} order by e.created_at, e.id`,
  );
  return { po, events: events.map(eventOut) };
}

export async function poDocument(db: Db, user: AuthUser, id: number) {
  const po = await onePo(db, user, id);
  return {
    documentNo: po.poNo,
    po,
    shop: { id: po.shopId, name: po.shopName },
    order: await orderSummary(db, po.orderId),
    printedAt: new Date().toISOString(),
  };
}

export async function poOfItems(db: Db, user: AuthUser, orderId: number) {
  await loadOrder(db, user, orderId);
  const rows = await queryRows<{
    order_item_id: number;
    product_code: string;
    product_name: string;
    qty: number;
    po_id: number | null;
    po_no: string | null;
    po_status: string | null;
  }>(
    db,
    sql`
    select i.id as order_item_id, i.product_code, i.product_name, coalesce(pi.qty, i.qty) as qty, p.id as po_id, p.po_no, p.status as po_status
    from order_items i left join purchase_order_items pi on pi.order_item_id = i.id left join purchase_orders p on p.id = pi.po_id
    where i.order_id = ${orderId} order by i.id, p.id`,
  );
  const items = rows.map((r) => ({
    orderItemId: Number(r.order_item_id),
    productCode: r.product_code,
    productName: r.product_name,
    qty: Number(r.qty),
    poId: num(r.po_id),
    poNo: r.po_no,
    poStatus: r.po_status,
  }));
  return { items, total: items.length, maxpage: items.length ? 1 : 0 };
}
