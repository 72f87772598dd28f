/** Valid requests for the order routes with a given shop's ids (security.test.ts): every id a route takes. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../server/src/db/client.js';
import { multipartSync, samples } from './product-files.js';

export interface OrderIds {
  shop: number;
  order: number;
  item: number;
  slip: number;
  po: number;
  transfer: number;
  claim: number;
  contact: number;
  fromBranch: number;
  toBranch: number;
}

/**
 * One of each order document of a shop, from the seeded data. The seed has no stock transfer for most
 * shops, so one is requested through the API (as admin) on a paid order of the shop.
 */
export async function orderIdsOf(
  app: FastifyInstance,
  shop: number,
  admin: { authorization: string },
): Promise<OrderIds> {
  const one = async (q: ReturnType<typeof sql>) => {
    const [r] = await queryRows<{ id: number }>(app.db, q);
    if (!r) throw new Error(`no row for shop ${shop}: ${JSON.stringify(q)}`);
    return Number(r.id);
  };
  const [fromBranch, toBranch] = (
    await queryRows<{ id: number }>(app.db, sql`select id from branches where active order by id limit 2`)
  ).map((r) => Number(r.id));
  let transfer = (
    await queryRows<{ id: number }>(
      app.db,
      sql`select id from stock_transfers where shop_id = ${shop} and status = 'requested' limit 1`,
    )
  )[0]?.id;
  if (!transfer) {
    // A paid order of the shop (a pending one paid through the API when the seed has none).
    const paid =
      await one(sql`select o.id from orders o where o.shop_id = ${shop} and o.status in ('paid', 'preparing', 'pending_payment')
      and exists (select 1 from order_items i where i.order_id = o.id) order by o.status = 'pending_payment', o.id limit 1`);
    const pay = await app.inject({ method: 'GET', url: `/api/order/orderview?id=${paid}`, headers: admin });
    if (pay.json().data.status === 'pending_payment') {
      const res = await app.inject({
        method: 'POST',
        url: '/api/order/changestatusorder',
        headers: admin,
        payload: { id: paid, status: 'paid' },
      });
      if (res.statusCode !== 200) throw new Error(`pay order ${paid}: ${res.statusCode} ${res.body}`);
    }
    const res = await app.inject({
      method: 'POST',
      url: '/api/order/transferproduct',
      headers: admin,
      payload: { orderId: paid, fromBranchId: fromBranch, toBranchId: toBranch },
    });
    if (res.statusCode !== 200) throw new Error(`transfer for shop ${shop}: ${res.statusCode} ${res.body}`);
    transfer = res.json().data.id;
  }
  // Any other order with items; a pending one when the shop has one left.
  const order = await one(sql`select o.id from orders o where o.shop_id = ${shop}
    and not exists (select 1 from stock_transfers t where t.order_id = o.id)
    and exists (select 1 from order_items i where i.order_id = o.id) order by o.status <> 'pending_payment', o.id limit 1`);
  return {
    shop,
    order,
    fromBranch,
    toBranch,
    transfer: Number(transfer),
    item: await one(sql`select id from order_items where order_id = ${order} order by id limit 1`),
    slip: await one(
      sql`select id from payment_slips where shop_id = ${shop} order by (status = 'pending') desc, id limit 1`,
    ),
    po: await one(sql`select id from purchase_orders where shop_id = ${shop} order by id limit 1`),
    claim: await one(sql`select id from order_claims where shop_id = ${shop} order by id limit 1`),
    contact: await one(
      sql`select c.id from order_contacts c join orders o on o.id = c.order_id where o.shop_id = ${shop} and c.deleted_at is null order by c.id limit 1`,
    ),
  };
}

/** Read-only order routes a supplier may call: the owner gets 200 with own ids (slips are staff-only). */
export const ORDER_READS = [
  '/api/order/orderlist',
  '/api/order/sumordersstatus',
  '/api/order/orderlistbranch',
  '/api/order/exportorders',
  '/api/order/orderview',
  '/api/order/orderviewitem',
  '/api/order/contactcuslist',
  '/api/order/poorders',
  '/api/order/trackingpo',
  '/api/order/documentpo',
  '/api/order/documentpoorderitem',
  '/api/order/documenttransfer',
  '/api/order/claimlist',
  '/api/order/claimdetail',
  '/api/order/reportbilljoborder',
];

export function orderSample(method: string, url: string, o: OrderIds) {
  const P = '/api/order/';
  if (!url.startsWith(P)) return undefined;
  const name = url.slice(P.length);
  if (method === 'GET') {
    const byShop = ['sumordersstatus', 'orderlistbranch', 'exportorders', 'slippayment', 'poorders', 'claimlist'];
    const byId: Record<string, number> = {
      orderview: o.order,
      orderviewitem: o.order,
      contactcuslist: o.order,
      documentpoorderitem: o.order,
      approveslipview: o.slip,
      trackingpo: o.po,
      documentpo: o.po,
      documenttransfer: o.transfer,
      claimdetail: o.claim,
    };
    if (byShop.includes(name)) return { method: 'GET' as const, url: `${url}?shopId=${o.shop}` };
    if (byId[name] !== undefined) return { method: 'GET' as const, url: `${url}?id=${byId[name]}` };
    throw new Error(`no order sample for GET ${url}`);
  }
  const slipFields = { bankCode: 'KBANK', amount: '100', transferredAt: '2026-11-20T10:00:00Z' };
  if (name === 'uploadslippayment')
    return {
      method: 'POST' as const,
      url,
      ...multipartSync(
        { orderId: String(o.order), ...slipFields },
        { name: 'file', filename: 'slip.png', data: samples.png() },
      ),
    };
  if (name === 'changeslip')
    return {
      method: 'POST' as const,
      url,
      ...multipartSync({ id: String(o.slip) }, { name: 'file', filename: 'slip.png', data: samples.png() }),
    };
  const bodies: Record<string, object> = {
    orderlist: { shopId: o.shop },
    syncorders: { orderIds: [o.order] },
    changestatusorder: { id: o.order, status: 'preparing' },
    cancelorder: { id: o.order, reason: 'Probe' },
    changestatusreadyitem: { orderId: o.order, itemIds: [o.item], ready: true },
    shippingorder: { id: o.order, transportType: 'kerry', trackingNo: 'PROBE1' },
    confirmreceived: { id: o.order },
    restoreredeem: { id: o.order },
    reportbilljoborder: { id: o.order },
    contactcustomer: { id: o.order, channel: 'phone', note: 'Probe' },
    deletecontactcustomer: { id: o.contact },
    approveslip: { id: o.slip, approve: true },
    requestpoorder: { orderId: o.order },
    genaratepo: { id: o.po },
    cancelpo: { id: o.po, reason: 'Probe' },
    restorepo: { id: o.po },
    transferproduct: { orderId: o.order, fromBranchId: o.fromBranch, toBranchId: o.toBranch },
    ropcanceltransfer: { id: o.transfer, reason: 'Probe' },
    canceltransferdoc: { id: o.transfer },
    cleartransfer: { id: o.transfer },
    fileclaim: { orderItemId: o.item, qty: 1, kind: 'claim', reasonCode: 'damaged' },
    setclaimorder: { id: o.claim, status: 'reviewing' },
  };
  if (!bodies[name]) throw new Error(`no order sample for POST ${url}`);
  return { method: 'POST' as const, url, payload: bodies[name] };
}

/** Fingerprint of everything of one shop the order routes could write (rows, not just counts). */
export async function orderFingerprint(app: FastifyInstance, shop: number) {
  const digest = (from: ReturnType<typeof sql>) =>
    sql`(select count(*) || ':' || md5(coalesce(string_agg(to_jsonb(x)::text, ',' order by x.id), '')) from ${from})`;
  const [r] = await queryRows<Record<string, string>>(
    app.db,
    sql`select
    ${digest(sql`(select * from orders where shop_id = ${shop}) x`)} as orders,
    ${digest(sql`(select i.* from order_items i join orders o on o.id = i.order_id where o.shop_id = ${shop}) x`)} as items,
    ${digest(sql`(select e.* from order_events e join orders o on o.id = e.order_id where o.shop_id = ${shop}) x`)} as events,
    ${digest(sql`(select c.* from order_contacts c join orders o on o.id = c.order_id where o.shop_id = ${shop}) x`)} as contacts,
    ${digest(sql`(select * from payment_slips where shop_id = ${shop}) x`)} as slips,
    ${digest(sql`(select * from purchase_orders where shop_id = ${shop}) x`)} as pos,
    ${digest(sql`(select * from stock_transfers where shop_id = ${shop}) x`)} as transfers,
    ${digest(sql`(select * from order_claims where shop_id = ${shop}) x`)} as claims,
    (select count(*) from outbox_jobs) as jobs`,
  );
  return r;
}
