/** Claims and returns on delivered order items. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { orderClaims } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { notifyClaimFiled } from '../notifications/notices.js';
import { conflict, notFound } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import { isoOf } from './list.js';
import { CLAIMABLE, CLAIM_TRANSITIONS, type OrderStatus } from './state.js';
import { addEvent, assertMasterCode, checkDepth, eventOut, listShops, loadOrder } from './service.js';
import { said } from './events.js';
import { containing } from '../../lib/sql.js';

import { inScope, orderSummary, shopCond, userName } from './documents-shared.js';

type ClaimRow = Record<string, unknown> & {
  id: number;
  shop_id: number;
  order_id: number;
  status: string;
  claim_no: string;
};
const claimSelect = sql`select c.*, o.order_no, s.name as shop_name, i.product_code, i.product_name, r.name as reason_name,
    ${userName('u')} as created_by_name
  from order_claims c join orders o on o.id = c.order_id join shops s on s.id = c.shop_id join order_items i on i.id = c.order_item_id
  left join order_master_data r on r.kind = 'claim' and r.code = c.reason_code left join users u on u.id = c.created_by`;
const claimOut = (r: ClaimRow) => ({
  id: Number(r.id),
  claimNo: r.claim_no,
  kind: r.kind as string,
  orderId: Number(r.order_id),
  orderNo: r.order_no as string,
  orderItemId: Number(r.order_item_id),
  productCode: r.product_code as string,
  productName: r.product_name as string,
  shopId: Number(r.shop_id),
  shopName: r.shop_name as string,
  reasonCode: r.reason_code as string,
  reasonName: (r.reason_name as string | null) ?? null,
  qty: Number(r.qty),
  description: r.description as string,
  photos: (r.photos as string[]) ?? [],
  status: r.status,
  resolution: (r.resolution as string | null) ?? null,
  createdAt: isoOf(r.created_at as Date),
  updatedAt: isoOf(r.updated_at as Date),
  createdByName: (r.created_by_name as string | null) ?? null,
});

async function loadClaim(db: Db, user: AuthUser, id: number) {
  const [r] = await queryRows<ClaimRow>(db, sql`${claimSelect} where c.id = ${id}`);
  return inScope(user, r, 'Claim');
}

export interface ClaimInput {
  orderItemId: number;
  kind: 'claim' | 'return';
  reasonCode: string;
  qty: number;
  description?: string;
}

export async function fileClaim(db: Db, user: AuthUser, b: ClaimInput, photos: string[]) {
  const [item] = await queryRows<{ order_id: number; qty: number }>(
    db,
    sql`select order_id, qty from order_items where id = ${b.orderItemId}`,
  );
  if (!item) throw notFound('Order item');
  let o;
  try {
    o = await loadOrder(db, user, Number(item.order_id));
  } catch {
    throw notFound('Order item');
  }
  await assertMasterCode(db, 'claim', b.reasonCode, 'reasonCode');
  if (!CLAIMABLE.includes(o.status as OrderStatus))
    throw conflict(
      `Order ${o.order_no} is ${o.status.replace(/_/g, ' ')}; claims and returns are filed after delivery.`,
    );
  const id = await db.transaction(async (tx) => {
    // The item's row lock serializes claims on it, so two claims cannot together exceed the quantity.
    await tx.execute(sql`select id from order_items where id = ${b.orderItemId} for update`);
    const [{ claimed }] = (
      (await tx.execute(
        sql`select coalesce(sum(qty), 0)::int as claimed from order_claims where order_item_id = ${b.orderItemId} and status <> 'rejected'`,
      )) as unknown as { rows: { claimed: number }[] }
    ).rows;
    if (Number(claimed) + b.qty > Number(item.qty))
      throw conflict(`Only ${Number(item.qty) - Number(claimed)} of this item can still be claimed.`);
    const [c] = await tx
      .insert(orderClaims)
      .values({
        claimNo: `tmp-${Date.now()}-${Math.random()}`,
        kind: b.kind,
        orderId: Number(item.order_id),
        orderItemId: b.orderItemId,
        shopId: Number(o.shop_id),
        reasonCode: b.reasonCode,
        qty: b.qty,
        description: b.description?.trim() ?? '',
        photos,
        createdBy: user.id,
      })
      .returning({ id: orderClaims.id });
    const claimNo = `${b.kind === 'return' ? 'RT' : 'CL'}${String(c.id).padStart(8, '0')}`;
    await tx.update(orderClaims).set({ claimNo }).where(eq(orderClaims.id, c.id));
    await addEvent(tx, {
      orderId: Number(item.order_id),
      kind: 'claim',
      text: said('claimFiled', { kind: b.kind, claimNo, qty: b.qty }),
      actorId: user.id,
      refId: c.id,
    });
    await audit(tx, {
      actorId: user.id,
      action: `claim.file`,
      entity: 'order_claim',
      entityId: c.id,
      after: { ...b, claimNo, photos },
    });
    await notifyClaimFiled(tx, c.id, user.id);
    return c.id;
  });
  return claimOut(await loadClaim(db, user, id));
}

export async function listClaims(
  db: Db,
  user: AuthUser,
  q: {
    page: number;
    limit: number;
    status?: string;
    kind?: string;
    shopId?: number;
    search?: string;
    orderId?: number;
  },
) {
  checkDepth(q.page, q.limit);
  const conds = [shopCond(listShops(user, q.shopId), sql`c.shop_id`)];
  if (q.status) conds.push(sql`c.status = ${q.status}`);
  if (q.kind) conds.push(sql`c.kind = ${q.kind}`);
  if (q.orderId) conds.push(sql`c.order_id = ${q.orderId}`);
  if (q.search?.trim())
    conds.push(
      sql`(c.claim_no ilike ${containing(q.search.trim())} or o.order_no ilike ${containing(q.search.trim())} or o.customer_name ilike ${containing(q.search.trim())})`,
    );
  const where = sql.join(conds, sql` and `);
  const [{ n }] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from order_claims c join orders o on o.id = c.order_id where ${where}`,
  );
  // Claims still to be looked at are a review queue: the oldest comes first.
  const order =
    q.status === 'filed' || q.status === 'reviewing'
      ? sql`c.created_at asc, c.id asc`
      : sql`c.created_at desc, c.id desc`;
  const rows = await queryRows<ClaimRow>(
    db,
    sql`${claimSelect} where ${where} order by ${order} limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return { items: rows.map(claimOut), total: Number(n), maxpage: maxpage(Number(n), q.limit) };
}

export async function claimDetail(db: Db, user: AuthUser, id: number) {
  const c = await loadClaim(db, user, id);
  const history = await queryRows<Parameters<typeof eventOut>[0]>(
    db,
    sql`select e.*, ${userName('u')} as actor_name from order_events e
    left join users u on u.id = e.actor_id where e.order_id = ${c.order_id} and e.kind = 'claim' and e.ref_id = ${id} order by e.created_at, e.id`,
  );
  return { ...claimOut(c), order: await orderSummary(db, Number(c.order_id)), history: history.map(eventOut) };
}

export async function setClaim(
  db: Db,
  user: AuthUser,
  b: { id: number; status: string; resolution?: string; expectedStatus?: string },
) {
  const c = await loadClaim(db, user, b.id);
  if (b.expectedStatus && b.expectedStatus !== c.status)
    throw conflict(`Claim ${c.claim_no} is now ${c.status}. Reload and try again.`);
  if (!(CLAIM_TRANSITIONS[c.status] ?? []).includes(b.status))
    throw conflict(`Claim ${c.claim_no} is ${c.status}; it cannot move to ${b.status}.`);
  await db.transaction(async (tx) => {
    const r = await tx
      .update(orderClaims)
      .set({
        status: b.status,
        updatedAt: new Date(),
        ...(b.resolution !== undefined ? { resolution: b.resolution.trim() || null } : {}),
      })
      .where(and(eq(orderClaims.id, b.id), eq(orderClaims.status, c.status)))
      .returning({ id: orderClaims.id });
    if (!r.length) throw conflict(`Claim ${c.claim_no} was changed at the same time; reload and try again.`);
    await addEvent(tx, {
      orderId: Number(c.order_id),
      kind: 'claim',
      from: c.status,
      to: b.status,
      text: said('claimMoved', { claimNo: c.claim_no, from: c.status, to: b.status, resolution: b.resolution?.trim() }),
      actorId: user.id,
      refId: b.id,
    });
    await audit(tx, {
      actorId: user.id,
      action: `claim.${b.status}`,
      entity: 'order_claim',
      entityId: b.id,
      before: { status: c.status },
      after: { status: b.status, resolution: b.resolution },
    });
  });
  return claimDetail(db, user, b.id);
}
