/** Stock transfers between branches for an order. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { stockTransferItems, stockTransfers } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isoOf } from './list.js';
import { addEvent, itemsOf, loadOrder } from './service.js';
import { said } from './events.js';

import { inScope, orderSummary } from './documents-shared.js';

type TrRow = Record<string, unknown> & {
  id: number;
  shop_id: number;
  order_id: number;
  status: string;
  transfer_no: string;
};
const trSelect = sql`select t.*, o.order_no, fb.name as from_branch_name, tb.name as to_branch_name from stock_transfers t
  join orders o on o.id = t.order_id join branches fb on fb.id = t.from_branch_id join branches tb on tb.id = t.to_branch_id`;

async function trOut(db: Db, r: TrRow) {
  const items = await queryRows<{ order_item_id: number; product_code: string; product_name: string; qty: number }>(
    db,
    sql`
    select ti.order_item_id, i.product_code, i.product_name, ti.qty from stock_transfer_items ti join order_items i on i.id = ti.order_item_id
    where ti.transfer_id = ${r.id} order by i.id`,
  );
  return {
    id: Number(r.id),
    transferNo: r.transfer_no,
    orderId: Number(r.order_id),
    orderNo: r.order_no as string,
    shopId: Number(r.shop_id),
    fromBranchId: Number(r.from_branch_id),
    fromBranchName: r.from_branch_name as string,
    toBranchId: Number(r.to_branch_id),
    toBranchName: r.to_branch_name as string,
    status: r.status,
    note: (r.note as string | null) ?? null,
    cancelReason: (r.cancel_reason as string | null) ?? null,
    createdAt: isoOf(r.created_at as Date),
    updatedAt: isoOf(r.updated_at as Date),
    items: items.map((i) => ({
      orderItemId: Number(i.order_item_id),
      productCode: i.product_code,
      productName: i.product_name,
      qty: Number(i.qty),
    })),
  };
}

async function loadTransfer(db: Db, user: AuthUser, id: number) {
  const [r] = await queryRows<TrRow>(db, sql`${trSelect} where t.id = ${id}`);
  return inScope(user, r, 'Transfer');
}

export async function requestTransfer(
  db: Db,
  user: AuthUser,
  b: { orderId: number; fromBranchId: number; toBranchId: number; itemIds?: number[]; note?: string },
) {
  const o = await loadOrder(db, user, b.orderId);
  if (b.fromBranchId === b.toBranchId)
    throw badRequest('Pick two different branches.', [
      { field: 'toBranchId', message: 'must differ from fromBranchId' },
    ]);
  const br = await queryRows<{ id: number }>(
    db,
    sql`select id from branches where active and id in (${b.fromBranchId}, ${b.toBranchId})`,
  );
  if (br.length !== 2)
    throw badRequest('Unknown branch.', [{ field: 'fromBranchId', message: 'unknown or inactive branch' }]);
  if (!['paid', 'preparing'].includes(o.status))
    throw conflict(
      `Order ${o.order_no} is ${o.status.replace(/_/g, ' ')}; stock is transferred only for a paid or preparing order.`,
    );
  const items = (await itemsOf(db, b.orderId)).filter((i) => !b.itemIds || b.itemIds.includes(i.id));
  if (!items.length || (b.itemIds && items.length !== new Set(b.itemIds).size)) throw notFound('Order item');
  const id = await db.transaction(async (tx) => {
    const [t] = await tx
      .insert(stockTransfers)
      .values({
        transferNo: `tmp-${b.orderId}-${Date.now()}-${Math.random()}`,
        orderId: b.orderId,
        shopId: Number(o.shop_id),
        fromBranchId: b.fromBranchId,
        toBranchId: b.toBranchId,
        note: b.note?.trim() || null,
        createdBy: user.id,
      })
      .returning({ id: stockTransfers.id });
    const transferNo = `TR${String(t.id).padStart(8, '0')}`;
    await tx.update(stockTransfers).set({ transferNo }).where(eq(stockTransfers.id, t.id));
    await tx.insert(stockTransferItems).values(items.map((i) => ({ transferId: t.id, orderItemId: i.id, qty: i.qty })));
    await addEvent(tx, {
      orderId: b.orderId,
      kind: 'transfer',
      text: said('transferRequested', { transferNo }),
      actorId: user.id,
      refId: t.id,
    });
    await audit(tx, {
      actorId: user.id,
      action: 'transfer.request',
      entity: 'stock_transfer',
      entityId: t.id,
      after: { transferNo, ...b },
    });
    return t.id;
  });
  return trOut(db, await loadTransfer(db, user, id));
}

const TRANSFER_MOVES = {
  transferCancelAsked: 'asked to cancel',
  transferCancelled: 'cancelled',
  transferCleared: 'cleared',
} as const;

async function moveTransfer(
  db: Db,
  user: AuthUser,
  id: number,
  from: string[],
  to: string,
  reason: string | undefined,
  code: 'transferCancelAsked' | 'transferCancelled' | 'transferCleared',
) {
  const t = await loadTransfer(db, user, id);
  if (!from.includes(t.status))
    throw conflict(
      `Transfer ${t.transfer_no} is ${t.status.replace(/_/g, ' ')}; it cannot be ${TRANSFER_MOVES[code]}.`,
    );
  await db.transaction(async (tx) => {
    const r = await tx
      .update(stockTransfers)
      .set({ status: to, updatedAt: new Date(), ...(reason ? { cancelReason: reason } : {}) })
      .where(and(eq(stockTransfers.id, id), eq(stockTransfers.status, t.status)))
      .returning({ id: stockTransfers.id });
    if (!r.length) throw conflict(`Transfer ${t.transfer_no} was changed at the same time; reload and try again.`);
    await addEvent(tx, {
      orderId: Number(t.order_id),
      kind: 'transfer',
      text: said(code, { transferNo: t.transfer_no, reason }),
      actorId: user.id,
      refId: id,
    });
    await audit(tx, {
      actorId: user.id,
      action: `transfer.${to}`,
      entity: 'stock_transfer',
      entityId: id,
      before: { status: t.status },
      after: { status: to, reason },
    });
  });
  return trOut(db, await loadTransfer(db, user, id));
}

export const ropCancelTransfer = (db: Db, user: AuthUser, b: { id: number; reason: string }) => {
  if (!b.reason.trim()) throw badRequest('Give a reason.', [{ field: 'reason', message: 'reason must not be empty' }]);
  return moveTransfer(db, user, b.id, ['requested'], 'cancel_requested', b.reason.trim(), 'transferCancelAsked');
};
export const cancelTransferDoc = (db: Db, user: AuthUser, b: { id: number; reason?: string }) =>
  moveTransfer(
    db,
    user,
    b.id,
    ['requested', 'cancel_requested'],
    'cancelled',
    b.reason?.trim() || undefined,
    'transferCancelled',
  );
export const clearTransfer = (db: Db, user: AuthUser, id: number) =>
  moveTransfer(db, user, id, ['requested'], 'cleared', undefined, 'transferCleared');

export async function transferDocument(db: Db, user: AuthUser, id: number) {
  const t = await trOut(db, await loadTransfer(db, user, id));
  return {
    documentNo: t.transferNo,
    transfer: t,
    order: await orderSummary(db, t.orderId),
    printedAt: new Date().toISOString(),
  };
}
