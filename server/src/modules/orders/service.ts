import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows, queryText } from '../../db/client.js';
import { orderContacts, orderEvents, orderItems, orders, type LinePromotion } from '../../db/schema.js';
import { enqueue } from '../outbox/service.js';
import { assertRecordInScope, canAccessShop, shopScope } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { said, type EventText } from './events.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import {
  CLAIMABLE,
  ITEM_READY_STATUSES,
  STATUS_TIMESTAMP,
  SUPPLIER_STEPS,
  canTransition,
  nextStatuses,
  type OrderStatus,
} from './state.js';
import {
  MAX_LIST_DEPTH,
  isoOf,
  isoSql,
  orderListQuery,
  orderListStatements,
  orderListWhere,
  statusSums,
  toOrderSummary,
  type OrderListFilter,
  type OrderRowRaw,
} from './list.js';
import type { CsvExport } from '../../lib/csv-export.js';
import { type Tx } from '../../lib/sql.js';

/** The shop ids a list may read: a shopId filter (404 if foreign) or the caller's scope (null = all). */
export function listShops(user: AuthUser, shopId?: number): number[] | null {
  if (shopId !== undefined) {
    if (!canAccessShop(user, shopId)) throw notFound('Shop');
    return [shopId];
  }
  return shopScope(user);
}

export function checkDepth(page: number, limit: number) {
  if (page * limit > MAX_LIST_DEPTH) {
    throw badRequest(
      `Pages go ${MAX_LIST_DEPTH.toLocaleString('en')} orders deep; narrow the filter (status, shop, dates) to see older orders.`,
      [{ field: 'page', message: `page × limit must be ≤ ${MAX_LIST_DEPTH}` }],
    );
  }
}

// ---- list -----------------------------------------------------------------------------------

export async function orderList(db: Db, user: AuthUser, f: OrderListFilter) {
  checkDepth(f.page, f.limit);
  const shops = listShops(user, f.shopId);
  type Page = { rows: OrderRowRaw[]; sums: { status: string; n: string | number }[]; n: string | number | null };
  // Rows, tab counts and (when needed) the count in one statement: one round trip, one pool connection.
  const q = orderListQuery(shops, f);
  const [{ rows, sums, n }] = q
    ? await queryText<Page>(db, q.text, q.params)
    : await queryRows<Page>(db, orderListStatements(shops, f).page);
  const sumordersstatus = statusSums(sums);
  const totalorders =
    n != null ? Number(n) : (sumordersstatus.find((s) => s.status === (f.status ?? 'all'))?.count ?? 0);
  return {
    orders: rows.map(toOrderSummary),
    totalorders,
    maxpageorders: maxpage(totalorders, f.limit),
    sumordersstatus,
  };
}

export async function statusCounts(db: Db, user: AuthUser, shopId?: number) {
  const st = orderListStatements(listShops(user, shopId), { page: 1, limit: 1 });
  return statusSums(await queryRows<{ status: string; n: string }>(db, st.sums));
}

export async function branchOrders(db: Db, user: AuthUser, f: OrderListFilter) {
  const r = await orderList(db, user, { ...f, branchOnly: true });
  return { items: r.orders, total: r.totalorders, maxpage: r.maxpageorders };
}

/** The order list's filter as a streamed CSV (lib/csv-export.ts): every matching order, newest first. */
export function exportOrders(
  user: AuthUser,
  f: Omit<OrderListFilter, 'page' | 'limit'>,
): CsvExport<Record<string, unknown>> {
  const { where } = orderListWhere(listShops(user, f.shopId), f);
  const select = sql`select o.id, o.created_at as sort_at, o.order_no as "orderNo", ${isoSql(sql`o.created_at`)} as "createdAt", s.name as "shopName",
      o.customer_name as "customerName", o.customer_phone as "customerPhone", o.channel, b.name as "branchName", o.status,
      o.item_count as "itemCount", o.total::text as total
    from (select * from orders ${where}) o join shops s on s.id = o.shop_id left join branches b on b.id = o.branch_id`;
  const head = [
    'orderNo',
    'createdAt',
    'shopName',
    'customerName',
    'customerPhone',
    'channel',
    'branchName',
    'status',
    'itemCount',
    'total',
  ] as const;
  return {
    filename: 'orders.csv',
    columns: head.map((h) => ({
      header: h,
      value: (r: Record<string, unknown>) =>
        h === 'itemCount' || h === 'total' ? Number(r[h]) : (r[h] as string | null),
    })),
    query: {
      select,
      key: [
        ['sort_at', 'timestamptz'],
        ['id', 'integer'],
      ],
      order: 'desc',
    },
  };
}

// ---- one order ------------------------------------------------------------------------------

const orderSelect = sql`select o.*, s.name as shop_name, b.name as branch_name
  from orders o join shops s on s.id = o.shop_id left join branches b on b.id = o.branch_id`;

type OrderFull = OrderRowRaw & Record<string, unknown> & { version: number };

/** The order if it is in the caller's scope; 404 otherwise (same answer as a missing id). */
export async function loadOrder(db: Db | Tx, user: AuthUser, id: number): Promise<OrderFull> {
  const [row] = await queryRows<OrderFull>(db as Db, sql`${orderSelect} where o.id = ${id}`);
  return assertRecordInScope(user, row ? { ...row, shopId: Number(row.shop_id) } : undefined, 'Order');
}

async function timeline(db: Db, orderId: number) {
  const rows = await queryRows<{
    id: number;
    kind: string;
    from_status: string | null;
    to_status: string | null;
    message: string;
    ref_id: number | null;
    actor_id: number | null;
    actor_name: string | null;
    created_at: Date;
  }>(
    db,
    sql`
    select e.*, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as actor_name
    from order_events e left join users u on u.id = e.actor_id where e.order_id = ${orderId} order by e.created_at desc, e.id desc`,
  );
  return rows.map(eventOut);
}

export function eventOut(e: {
  id: number;
  kind: string;
  from_status: string | null;
  to_status: string | null;
  message: string;
  data?: { code: string; params: Record<string, string | number> } | null;
  ref_id?: number | null;
  actor_id: number | null;
  actor_name: string | null;
  created_at: Date | string;
}) {
  return {
    id: Number(e.id),
    kind: e.kind,
    fromStatus: e.from_status,
    toStatus: e.to_status,
    message: e.message,
    // The message as a code and values, for the client to word in the reader's language (null on rows from before).
    code: e.data?.code ?? null,
    params: e.data?.params ?? null,
    refId: e.ref_id == null ? null : Number(e.ref_id),
    actorId: e.actor_id == null ? null : Number(e.actor_id),
    actorName: e.actor_name,
    createdAt: isoOf(e.created_at)!,
  };
}

/** A `date` column as YYYY-MM-DD (the driver may give a string or a Date at UTC midnight). */
const dayOf = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' ? v : null);

function detailOf(o: OrderFull) {
  const status = o.status as OrderStatus;
  return {
    ...toOrderSummary(o),
    customerEmail: (o.customer_email as string | null) ?? null,
    shippingAddress: o.shipping_address ?? null,
    billingAddress: o.billing_address ?? null,
    subtotal: Number(o.subtotal),
    discount: Number(o.discount),
    shippingFee: Number(o.shipping_fee),
    redeemPoints: Number(o.redeem_points),
    redeemRestored: Boolean(o.redeem_restored),
    transportType: (o.transport_type as string | null) ?? null,
    carrierName: (o.carrier_name as string | null) ?? null,
    shippingRate: o.shipping_rate == null ? null : Number(o.shipping_rate),
    expectedDeliveryFrom: dayOf(o.expected_delivery_from),
    expectedDeliveryTo: dayOf(o.expected_delivery_to),
    trackingNo: (o.tracking_no as string | null) ?? null,
    cancelReason: (o.cancel_reason as string | null) ?? null,
    paidAt: isoOf(o.paid_at as Date),
    shippedAt: isoOf(o.shipped_at as Date),
    deliveredAt: isoOf(o.delivered_at as Date),
    completedAt: isoOf(o.completed_at as Date),
    cancelledAt: isoOf(o.cancelled_at as Date),
    version: Number(o.version),
    nextStatuses: nextStatuses(status).filter((s) => s !== 'cancelled'),
    canCancel: canTransition(status, 'cancelled'),
    canClaim: CLAIMABLE.includes(status),
  };
}

export async function orderView(db: Db, user: AuthUser, id: number) {
  const o = await loadOrder(db, user, id);
  return { ...detailOf(o), timeline: await timeline(db, id) };
}

export async function orderViewItems(db: Db, user: AuthUser, id: number) {
  await loadOrder(db, user, id);
  const items = await itemsOf(db, id);
  return { items, total: items.length, maxpage: items.length ? 1 : 0 };
}

export async function itemsOf(db: Db | Tx, orderId: number) {
  const rows = await queryRows<{
    id: number;
    order_id: number;
    product_id: number | null;
    product_code: string;
    product_name: string;
    qty: number;
    unit_price: string;
    list_price: string | null;
    promotion: LinePromotion | null;
    amount: string;
    ready: boolean;
    ready_at: Date | null;
    claimed: string;
  }>(
    db as Db,
    sql`
    select i.*, coalesce((select sum(c.qty) from order_claims c where c.order_item_id = i.id and c.status <> 'rejected'), 0) as claimed
    from order_items i where i.order_id = ${orderId} order by i.id`,
  );
  return rows.map((i) => ({
    id: Number(i.id),
    orderId: Number(i.order_id),
    productId: i.product_id == null ? null : Number(i.product_id),
    productCode: i.product_code,
    productName: i.product_name,
    qty: Number(i.qty),
    unitPrice: Number(i.unit_price),
    listPrice: i.list_price === null ? null : Number(i.list_price),
    promotion: i.promotion,
    amount: Number(i.amount),
    ready: Boolean(i.ready),
    readyAt: isoOf(i.ready_at),
    claimedQty: Number(i.claimed),
  }));
}

export async function addEvent(
  tx: Tx,
  e: {
    orderId: number;
    kind: string;
    text: EventText;
    actorId: number;
    from?: string | null;
    to?: string | null;
    refId?: number | null;
  },
) {
  await tx.insert(orderEvents).values({
    orderId: e.orderId,
    kind: e.kind,
    message: e.text.message,
    data: e.text.data,
    actorId: e.actorId,
    fromStatus: e.from ?? null,
    toStatus: e.to ?? null,
    refId: e.refId ?? null,
  });
}

const label = (s: string) => s.replace(/_/g, ' ');

export function illegal(orderNo: string, from: string, to: string) {
  return conflict(`Order ${orderNo} is ${label(from)}; it cannot move to ${label(to)}.`);
}

export interface TransitionOpts {
  expectedStatus?: string;
  note?: string;
  reason?: string;
  kind?: string;
  said?: EventText;
  set?: Partial<typeof orders.$inferInsert>;
  extraWhere?: SQL;
  /** Extra statements in the same transaction (the order is already moved). */
  inTx?: (tx: Tx) => Promise<void>;
}

/**
 * Moves one order along the state machine: read + scope check, then one short transaction with a
 * conditional UPDATE (where status = the status we read). A concurrent change makes it match no row → 409.
 */
export async function transition(db: Db, user: AuthUser, id: number, to: OrderStatus, opts: TransitionOpts = {}) {
  const o = await loadOrder(db, user, id);
  const from = o.status;
  if (opts.expectedStatus && opts.expectedStatus !== from) {
    throw conflict(
      `Order ${o.order_no} is now ${label(from)} (the screen showed ${label(opts.expectedStatus)}). Reload and try again.`,
    );
  }
  if (!canTransition(from, to)) throw illegal(o.order_no, from, to);
  if (to === 'shipped' && !o.tracking_no && !opts.set?.trackingNo) {
    throw conflict(`Order ${o.order_no} has no tracking number yet; add the shipping details first.`);
  }
  const now = new Date();
  const stampCol = STATUS_TIMESTAMP[to];
  await db.transaction(async (tx) => {
    const conds = [eq(orders.id, id), eq(orders.status, from)];
    if (to === 'ready_to_ship') {
      conds.push(sql`not exists (select 1 from order_items i where i.order_id = ${orders.id} and not i.ready)`);
    }
    if (opts.extraWhere) conds.push(opts.extraWhere);
    const moved = await tx
      .update(orders)
      .set({
        ...opts.set,
        status: to,
        version: sql`${orders.version} + 1`,
        updatedAt: now,
        ...(stampCol ? { [stampCol]: now } : {}),
      })
      .where(and(...conds))
      .returning({ id: orders.id });
    if (!moved.length) {
      const [cur] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
      if (cur && cur.status === from && to === 'ready_to_ship') {
        throw conflict(`Order ${o.order_no}: mark every item ready before moving it to ready to ship.`);
      }
      if (cur && cur.status === from) throw conflict(`Order ${o.order_no} could not move to ${label(to)}.`);
      throw illegal(o.order_no, cur?.status ?? from, to);
    }
    const text = opts.said ?? said('status', { from, to, reason: opts.reason, note: opts.note });
    await addEvent(tx, { orderId: id, kind: opts.kind ?? 'status', from, to, text, actorId: user.id });
    await audit(tx, {
      actorId: user.id,
      action: `order.${to}`,
      entity: 'order',
      entityId: id,
      before: { status: from },
      after: { status: to, ...opts.set },
    });
    if (opts.inTx) await opts.inTx(tx);
  });
  return orderView(db, user, id);
}

export async function changeStatus(
  db: Db,
  user: AuthUser,
  b: { id?: number; ids?: number[]; status: OrderStatus; expectedStatus?: string; note?: string },
) {
  if (b.status === 'cancelled')
    throw badRequest('Use cancelorder (with a reason) to cancel an order.', [
      { field: 'status', message: 'use cancelorder' },
    ]);
  if (user.area === 'supplier' && !SUPPLIER_STEPS.includes(b.status)) {
    throw forbidden(
      'Suppliers move their orders to preparing or ready to ship only; payment and delivery are confirmed by the marketplace.',
    );
  }
  if (b.id !== undefined && b.ids !== undefined)
    throw badRequest('Send id or ids, not both.', [{ field: 'ids', message: 'send id or ids' }]);
  if (b.id !== undefined)
    return { single: await transition(db, user, b.id, b.status, { expectedStatus: b.expectedStatus, note: b.note }) };
  if (!b.ids?.length) throw badRequest('id or ids is required', [{ field: 'id', message: 'id or ids is required' }]);
  const updated: number[] = [];
  const failed: { id: number; message: string }[] = [];
  for (const id of [...new Set(b.ids)]) {
    try {
      await transition(db, user, id, b.status, { note: b.note });
      updated.push(id);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      failed.push({ id, message: e.message });
    }
  }
  if (!updated.length) throw conflict(`No order moved to ${label(b.status)}: ${failed[0]?.message ?? ''}`);
  return { bulk: { updated, failed } };
}

export async function cancelOrder(db: Db, user: AuthUser, b: { id: number; reason: string; expectedStatus?: string }) {
  const reason = b.reason.trim();
  if (!reason)
    throw badRequest('Give a reason for the cancellation.', [{ field: 'reason', message: 'reason must not be empty' }]);
  return transition(db, user, b.id, 'cancelled', {
    expectedStatus: b.expectedStatus,
    reason,
    set: { cancelReason: reason },
  });
}

export async function shipOrder(db: Db, user: AuthUser, b: { id: number; transportType: string; trackingNo: string }) {
  const trackingNo = b.trackingNo.trim();
  if (!trackingNo)
    throw badRequest('Enter the tracking number.', [{ field: 'trackingNo', message: 'trackingNo must not be empty' }]);
  await assertMasterCode(db, 'transporttype', b.transportType, 'transportType');
  const o = await loadOrder(db, user, b.id);
  if (o.status === 'shipped') {
    // Correct the tracking data of an order already on its way.
    await db.transaction(async (tx) => {
      const r = await tx
        .update(orders)
        .set({ transportType: b.transportType, trackingNo, updatedAt: new Date(), version: sql`${orders.version} + 1` })
        .where(and(eq(orders.id, b.id), eq(orders.status, 'shipped')))
        .returning({ id: orders.id });
      if (!r.length) throw illegal(o.order_no, 'delivered', 'shipped');
      await addEvent(tx, {
        orderId: b.id,
        kind: 'shipping',
        text: said('trackingChanged', { transportType: b.transportType, trackingNo }),
        actorId: user.id,
      });
      await audit(tx, {
        actorId: user.id,
        action: 'order.tracking',
        entity: 'order',
        entityId: b.id,
        before: { trackingNo: o.tracking_no },
        after: { trackingNo },
      });
    });
    return orderView(db, user, b.id);
  }
  return transition(db, user, b.id, 'shipped', {
    kind: 'shipping',
    set: { transportType: b.transportType, trackingNo },
    said: said('shipped', { transportType: b.transportType, trackingNo }),
  });
}

export async function confirmReceived(db: Db, user: AuthUser, id: number) {
  return transition(db, user, id, 'delivered', { said: said('received') });
}

export async function restoreRedeem(db: Db, user: AuthUser, id: number) {
  const o = await loadOrder(db, user, id);
  if (Number(o.redeem_points) <= 0) throw conflict(`Order ${o.order_no} used no redeem points.`);
  if (o.status !== 'cancelled')
    throw conflict(`Order ${o.order_no} is ${label(o.status)}; points are given back only on a cancelled order.`);
  await db.transaction(async (tx) => {
    const r = await tx
      .update(orders)
      .set({ redeemRestored: true, updatedAt: new Date(), version: sql`${orders.version} + 1` })
      .where(and(eq(orders.id, id), eq(orders.status, 'cancelled'), eq(orders.redeemRestored, false)))
      .returning({ id: orders.id });
    if (!r.length) throw conflict(`The redeem points of order ${o.order_no} were already given back.`);
    await addEvent(tx, {
      orderId: id,
      kind: 'redeem',
      text: said('redeemRestored', { points: Number(o.redeem_points) }),
      actorId: user.id,
    });
    await audit(tx, {
      actorId: user.id,
      action: 'order.restoreredeem',
      entity: 'order',
      entityId: id,
      after: { points: Number(o.redeem_points) },
    });
  });
  return orderView(db, user, id);
}

export async function setItemsReady(db: Db, user: AuthUser, b: { orderId: number; itemIds: number[]; ready: boolean }) {
  const o = await loadOrder(db, user, b.orderId);
  if (!ITEM_READY_STATUSES.includes(o.status as OrderStatus)) {
    throw conflict(
      `Order ${o.order_no} is ${label(o.status)}; items can be marked ready only while it is paid or preparing.`,
    );
  }
  const ids = [...new Set(b.itemIds)];
  const now = new Date();
  await db.transaction(async (tx) => {
    const r = await tx
      .update(orderItems)
      .set({ ready: b.ready, readyAt: b.ready ? now : null, readyBy: b.ready ? user.id : null })
      .where(
        and(
          eq(orderItems.orderId, b.orderId),
          sql`${orderItems.id} = any(${sql.raw(`'{${ids.map(Number).join(',')}}'::int[]`)})`,
          sql`exists (select 1 from orders o where o.id = ${b.orderId} and o.status in ('paid', 'preparing'))`,
        ),
      )
      .returning({ id: orderItems.id, name: orderItems.productName });
    if (r.length !== ids.length) {
      const [cur] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, b.orderId));
      if (cur && !ITEM_READY_STATUSES.includes(cur.status as OrderStatus))
        throw conflict(`Order ${o.order_no} is now ${label(cur.status)}; items cannot change.`);
      throw notFound('Order item');
    }
    await addEvent(tx, {
      orderId: b.orderId,
      kind: 'items',
      text: said(b.ready ? 'itemsReady' : 'itemsNotReady', { items: r.map((x) => x.name).join(', ') }),
      actorId: user.id,
    });
    await audit(tx, {
      actorId: user.id,
      action: 'order.itemsready',
      entity: 'order',
      entityId: b.orderId,
      after: { itemIds: ids, ready: b.ready },
    });
  });
  return itemsOf(db, b.orderId);
}

export async function billReport(db: Db, user: AuthUser, id: number) {
  const view = await orderView(db, user, id);
  const items = await itemsOf(db, id);
  const documentNo = `BJ-${view.orderNo}`;
  const printedAt = new Date();
  await db.transaction(async (tx) => {
    await addEvent(tx, { orderId: id, kind: 'document', text: said('billPrinted', { documentNo }), actorId: user.id });
  });
  return {
    documentNo,
    orderNo: view.orderNo,
    status: view.status,
    shop: { id: view.shopId, name: view.shopName },
    customer: { name: view.customerName, phone: view.customerPhone, email: view.customerEmail },
    shippingAddress: view.shippingAddress,
    billingAddress: view.billingAddress,
    items,
    subtotal: view.subtotal,
    discount: view.discount,
    shippingFee: view.shippingFee,
    total: view.total,
    redeemPoints: view.redeemPoints,
    createdAt: view.createdAt,
    printedAt: printedAt.toISOString(),
    printedBy: user.username,
  };
}

// ---- contact notes --------------------------------------------------------------------------

type ContactRow = {
  id: number;
  order_id: number;
  channel: string;
  note: string;
  actor_id: number | null;
  actor_name: string | null;
  created_at: Date;
};
const contactOut = (c: ContactRow) => ({
  id: Number(c.id),
  orderId: Number(c.order_id),
  channel: c.channel,
  note: c.note,
  actorId: c.actor_id == null ? null : Number(c.actor_id),
  actorName: c.actor_name,
  createdAt: isoOf(c.created_at)!,
});
const contactSelect = sql`select c.*, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as actor_name
  from order_contacts c left join users u on u.id = c.actor_id`;

export async function addContact(db: Db, user: AuthUser, b: { id: number; channel: string; note: string }) {
  const note = b.note.trim();
  if (!note)
    throw badRequest('Write what was said to the customer.', [{ field: 'note', message: 'note must not be empty' }]);
  await loadOrder(db, user, b.id);
  const id = await db.transaction(async (tx) => {
    const [c] = await tx
      .insert(orderContacts)
      .values({ orderId: b.id, channel: b.channel, note, actorId: user.id })
      .returning({ id: orderContacts.id });
    await addEvent(tx, {
      orderId: b.id,
      kind: 'contact',
      text: said('contacted', { channel: b.channel, note }),
      actorId: user.id,
      refId: c.id,
    });
    await audit(tx, {
      actorId: user.id,
      action: 'order.contact',
      entity: 'order',
      entityId: b.id,
      after: { contactId: c.id, channel: b.channel },
    });
    return c.id;
  });
  const [row] = await queryRows<ContactRow>(db, sql`${contactSelect} where c.id = ${id}`);
  return contactOut(row);
}

export async function listContacts(db: Db, user: AuthUser, orderId: number) {
  await loadOrder(db, user, orderId);
  const rows = await queryRows<ContactRow>(
    db,
    sql`${contactSelect} where c.order_id = ${orderId} and c.deleted_at is null order by c.created_at desc, c.id desc`,
  );
  return { items: rows.map(contactOut), total: rows.length, maxpage: rows.length ? 1 : 0 };
}

export async function deleteContact(db: Db, user: AuthUser, id: number) {
  const [c] = await db
    .select({ id: orderContacts.id, orderId: orderContacts.orderId, deletedAt: orderContacts.deletedAt })
    .from(orderContacts)
    .where(eq(orderContacts.id, id));
  if (!c || c.deletedAt) throw notFound('Contact note');
  try {
    await loadOrder(db, user, c.orderId);
  } catch {
    throw notFound('Contact note');
  }
  await db.transaction(async (tx) => {
    const r = await tx
      .update(orderContacts)
      .set({ deletedAt: new Date() })
      .where(and(eq(orderContacts.id, id), sql`${orderContacts.deletedAt} is null`))
      .returning({ id: orderContacts.id });
    if (!r.length) throw notFound('Contact note');
    await addEvent(tx, {
      orderId: c.orderId,
      kind: 'contact',
      text: said('contactDeleted'),
      actorId: user.id,
      refId: id,
    });
    await audit(tx, { actorId: user.id, action: 'order.contact.delete', entity: 'order_contact', entityId: id });
  });
}

// ---- sync (outbox) --------------------------------------------------------------------------

export async function syncOrders(db: Db, user: AuthUser, b: { shopId?: number; orderIds?: number[] }) {
  const shops = listShops(user, b.shopId);
  const orderIds = b.orderIds ? [...new Set(b.orderIds)] : undefined;
  if (orderIds?.length) {
    for (const id of orderIds) {
      const o = await loadOrder(db, user, id);
      if (b.shopId !== undefined && Number(o.shop_id) !== b.shopId) throw notFound('Order');
    }
  }
  return db.transaction(async (tx) => {
    const job = await enqueue(tx, {
      topic: 'orders.sync',
      payload: { shopIds: shops, orderIds: orderIds ?? null, requestedBy: user.username },
      createdBy: user.id,
    });
    await audit(tx, {
      actorId: user.id,
      action: 'order.sync',
      entity: 'outbox_job',
      entityId: job.id,
      after: { shopIds: shops, orderIds },
    });
    return { jobId: job.id, status: job.status };
  });
}

// ---- master codes ---------------------------------------------------------------------------

export async function assertMasterCode(db: Db, kind: string, code: string, field: string) {
  const rows = await queryRows<{ code: string }>(
    db,
    sql`select code from order_master_data where kind = ${kind} and code = ${code}`,
  );
  if (!rows.length) throw badRequest(`Unknown ${field} "${code}".`, [{ field, message: `unknown ${field}` }]);
}
