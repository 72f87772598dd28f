import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { expectFieldError, ok } from '../support/answers.js';
import { png } from '../support/png.js';
import { multipartPayload, samples, type Part } from './product-files.js';
import type { LocalStorage } from '../../server/src/lib/storage.js';
import { queryRows } from '../../server/src/db/client.js';
import { ORDER_STATUSES, TRANSITIONS } from '../../server/src/modules/orders/state.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d6f1a30000000049454e44ae426082',
  'hex',
);

function multipart(fields: Record<string, string>, file?: { name: string; buf: Buffer; type: string }) {
  const b = `----orders${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.buf,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${b}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

describe.each(dbKinds())('orders (%s)', (kind) => {
  let t: TestApp;
  let admin: { authorization: string };
  let sup1: { authorization: string };
  let shop1: number;
  let shop2: number;
  const inj = async (method: 'GET' | 'POST', url: string, body?: unknown, h = admin) =>
    t.app.inject({ method, url, headers: h, ...(body !== undefined ? { payload: body as object } : {}) });
  const q = <T>(s: ReturnType<typeof sql>) => queryRows<T>(t.app.db, s);
  /** A fresh order of a shop in a given status (copied from a seeded one, items set not ready). */
  const orderIn = async (status: string, shopId = shop1) => {
    const [o] = await q<{ id: number }>(
      sql`select id from orders where shop_id = ${shopId} and status = ${status} and item_count > 0 order by id limit 1`,
    );
    if (o) {
      await q(sql`update order_items set ready = false where order_id = ${o.id}`);
      return Number(o.id);
    }
    const [n] = await q<{
      id: number;
    }>(sql`insert into orders (shop_id, order_no, customer_name, channel, status, total, item_count)
      values (${shopId}, ${`T${Date.now()}${Math.random()}`}, 'Test Customer', 'web', ${status}, 100, 1) returning id`);
    await q(
      sql`insert into order_items (order_id, product_code, product_name, qty, unit_price, amount) values (${n.id}, 'X-1', 'Test item', 2, 50, 100)`,
    );
    return Number(n.id);
  };
  const fresh = async () =>
    q<{ shop_id: number; status: string; n: string }>(
      sql`select shop_id, status, count(*) as n from orders group by 1, 2`,
    );
  const counters = async () =>
    q<{ shop_id: number; status: string; n: string }>(
      sql`select shop_id, status, n from order_status_counters where n <> 0`,
    );
  const norm = (rows: { shop_id: number; status: string; n: string | number }[]) =>
    rows.map((r) => `${r.shop_id}/${r.status}/${Number(r.n)}`).sort();

  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    admin = await t.headers('admin');
    sup1 = await t.headers('supplier1');
    const shops = await q<{ id: number; name: string }>(sql`select id, name from shops order by id`);
    shop1 = Number(shops.find((s) => s.name === 'HomePro Lighting')!.id);
    shop2 = Number(shops.find((s) => s.name === 'CoolAir Climate Solutions')!.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds realistic orders: statuses, items, slips, POs, claims, counters', async () => {
    const [r] = await q<
      Record<string, string>
    >(sql`select (select count(distinct status) from orders) as statuses, (select count(*) from order_items) as items,
      (select count(*) from payment_slips) as slips, (select count(*) from purchase_orders) as pos, (select count(*) from order_claims) as claims,
      (select count(*) from stock_transfers) as transfers, (select count(*) from orders where branch_id is not null) as branch`);
    expect(Number(r.statuses)).toBeGreaterThanOrEqual(7);
    for (const k of ['items', 'slips', 'pos', 'claims', 'transfers', 'branch'])
      expect(Number(r[k]), k).toBeGreaterThan(0);
    expect(norm(await counters())).toEqual(norm(await fresh()));
  });

  it('orderlist answers exactly the legacy shape with counts from counters', async () => {
    const res = await inj('POST', '/api/order/orderlist', { page: 1, limit: 5, status: 'delivered', shopId: shop1 });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(Object.keys(b).sort()).toEqual(['maxpageorders', 'orders', 'sumordersstatus', 'totalorders']);
    expect(b.orders.length).toBeLessThanOrEqual(5);
    for (const o of b.orders) {
      expect(o.status).toBe('delivered');
      expect(o.shopId).toBe(shop1);
    }
    const [{ n }] = await q<{ n: string }>(
      sql`select count(*) as n from orders where shop_id = ${shop1} and status = 'delivered'`,
    );
    expect(b.totalorders).toBe(Number(n));
    expect(b.sumordersstatus.map((s: { status: string }) => s.status)).toEqual(['all', ...ORDER_STATUSES]);
    const search = (await inj('POST', '/api/order/orderlist', { search: b.orders[0].orderNo })).json();
    expect(search.orders[0].orderNo).toBe(b.orders[0].orderNo);
    expect((await inj('POST', '/api/order/orderlist', { page: 100000, limit: 100 })).statusCode).toBe(400);
    const csv = await inj('GET', `/api/order/exportorders?shopId=${shop1}&status=delivered`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.trim().split('\r\n').length).toBe(Number(n) + 1);
  });

  it('scopes suppliers to their own shops (foreign → 404, no data)', async () => {
    const own = (await inj('POST', '/api/order/orderlist', { limit: 100 }, sup1)).json();
    expect(own.orders.every((o: { shopId: number }) => o.shopId === shop1)).toBe(true);
    expect((await inj('POST', '/api/order/orderlist', { shopId: shop2 }, sup1)).statusCode).toBe(404);
    const [fo] = await q<{ id: number }>(sql`select id from orders where shop_id = ${shop2} limit 1`);
    const [fs] = await q<{ id: number }>(sql`select id from payment_slips where shop_id = ${shop2} limit 1`);
    const [fc] = await q<{ id: number }>(sql`select id from order_claims where shop_id <> ${shop1} limit 1`);
    const [fp] = await q<{ id: number }>(sql`select id from purchase_orders where shop_id <> ${shop1} limit 1`);
    const probes: [string, string, unknown?][] = [
      ['GET', `/api/order/orderview?id=${fo.id}`],
      ['GET', `/api/order/orderviewitem?id=${fo.id}`],
      ['GET', `/api/order/contactcuslist?id=${fo.id}`],
      ['POST', '/api/order/cancelorder', { id: Number(fo.id), reason: 'x' }],
      ['POST', '/api/order/changestatusorder', { id: Number(fo.id), status: 'preparing' }],
      ['GET', `/api/order/claimdetail?id=${fc.id}`],
      ['GET', `/api/order/documentpo?id=${fp.id}`],
    ];
    for (const [m, url, body] of probes) {
      const res = await inj(m as 'GET', url, body, sup1);
      expect(res.statusCode, url).toBe(404);
      expect(Object.keys(res.json()).sort(), url).toEqual(['message', 'status']);
    }
    // The money side and claim decisions are the marketplace's: 403 for a supplier, own shop or not.
    const [os] = await q<{ id: number }>(sql`select id from payment_slips where shop_id = ${shop1} limit 1`);
    const staffOnly: [string, string, unknown?][] = [
      ['GET', `/api/order/approveslipview?id=${fs.id}`],
      ['POST', '/api/order/approveslip', { id: Number(os.id) }],
      ['POST', '/api/order/setclaimorder', { id: Number(fc.id), status: 'rejected' }],
      ['GET', '/api/order/slippayment?limit=100'],
      ['POST', '/api/order/syncorders', {}],
      ['POST', '/api/order/restoreredeem', { id: Number(fo.id) }],
    ];
    for (const [m, url, body] of staffOnly) expect((await inj(m as 'GET', url, body, sup1)).statusCode, url).toBe(403);
  });

  it('lets a supplier take only the fulfilment steps on its own orders', async () => {
    const [o] = await q<{ id: number }>(
      sql`select id from orders where shop_id = ${shop1} and status = 'paid' order by id limit 1`,
    );
    const id = Number(o.id);
    for (const status of ['pending_payment', 'shipped', 'delivered', 'completed']) {
      const res = await inj('POST', '/api/order/changestatusorder', { id, status }, sup1);
      expect(res.statusCode, status).toBe(403);
    }
    const [still] = await q<{ status: string }>(sql`select status from orders where id = ${id}`);
    expect(still.status).toBe('paid');
    expect(
      (await inj('POST', '/api/order/changestatusorder', { id, status: 'preparing', expectedStatus: 'paid' }, sup1))
        .statusCode,
    ).toBe(200);
    const items = await q<{ id: number }>(sql`select id from order_items where order_id = ${id}`);
    expect(
      (
        await inj(
          'POST',
          '/api/order/changestatusreadyitem',
          { orderId: id, itemIds: items.map((i) => Number(i.id)), ready: true },
          sup1,
        )
      ).statusCode,
    ).toBe(200);
    expect((await inj('POST', '/api/order/changestatusorder', { id, status: 'ready_to_ship' }, sup1)).statusCode).toBe(
      200,
    );
    // Cancelling needs a reason, and stops at shipping.
    expect((await inj('POST', '/api/order/cancelorder', { id, reason: '  ' }, sup1)).statusCode).toBe(400);
    expect(
      (await inj('POST', '/api/order/shippingorder', { id, transportType: 'kerry', trackingNo: 'TH123' }, sup1))
        .statusCode,
    ).toBe(200);
    expect(
      (await inj('POST', '/api/order/cancelorder', { id, reason: 'Customer changed mind' }, sup1)).statusCode,
    ).toBe(409);
  });

  it('walks every legal transition and refuses every illegal one with 409', async () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (to === 'cancelled') continue;
        const id = await orderIn(from);
        if (to === 'ready_to_ship') await q(sql`update order_items set ready = true where order_id = ${id}`);
        if (to === 'shipped') await q(sql`update orders set tracking_no = 'TH1' where id = ${id}`);
        const res = await inj('POST', '/api/order/changestatusorder', { id, status: to });
        const legal = TRANSITIONS[from].includes(to);
        expect(res.statusCode, `${from} → ${to}`).toBe(legal ? 200 : 409);
        if (legal) expect(res.json().data.status).toBe(to);
        else expect(res.json().message).toMatch(/cannot move|could not/);
      }
      const c = await inj('POST', '/api/order/cancelorder', { id: await orderIn(from), reason: 'Customer asked' });
      expect(c.statusCode, `${from} → cancelled`).toBe(TRANSITIONS[from].includes('cancelled') ? 200 : 409);
    }
  });

  it('needs every item ready before ready_to_ship; ships with tracking; confirms; timeline + audit', async () => {
    const id = await orderIn('paid');
    expect((await inj('POST', '/api/order/changestatusorder', { id, status: 'preparing' })).statusCode).toBe(200);
    expect((await inj('POST', '/api/order/changestatusorder', { id, status: 'ready_to_ship' })).statusCode).toBe(409);
    const items = (await inj('GET', `/api/order/orderviewitem?id=${id}`)).json().items;
    const ready = await inj('POST', '/api/order/changestatusreadyitem', {
      orderId: id,
      itemIds: items.map((i: { id: number }) => i.id),
      ready: true,
    });
    expect(ready.json().data.every((i: { ready: boolean }) => i.ready)).toBe(true);
    expect((await inj('POST', '/api/order/changestatusorder', { id, status: 'ready_to_ship' })).statusCode).toBe(200);
    expect((await inj('POST', '/api/order/changestatusorder', { id, status: 'shipped' })).statusCode).toBe(409);
    expect(
      (await inj('POST', '/api/order/shippingorder', { id, transportType: 'nope', trackingNo: 'X' })).statusCode,
    ).toBe(400);
    const ship = await inj('POST', '/api/order/shippingorder', { id, transportType: 'kerry', trackingNo: 'KER123' });
    expect(ship.json().data).toMatchObject({ status: 'shipped', trackingNo: 'KER123', transportType: 'kerry' });
    expect((await inj('POST', '/api/order/confirmreceived', { id })).json().data.status).toBe('delivered');
    const view = (await inj('GET', `/api/order/orderview?id=${id}`)).json().data;
    expect(view.canClaim).toBe(true);
    expect(
      view.timeline
        .filter((e: { kind: string }) => ['status', 'shipping'].includes(e.kind))
        .slice(0, 4)
        .map((e: { toStatus: string }) => e.toStatus),
    ).toEqual(['delivered', 'shipped', 'ready_to_ship', 'preparing']);
    expect(view.timeline[0].actorName).toBeTruthy();
    // Each event also comes as a code and values, for the client to word in the reader's language.
    const byCode = (code: string) => view.timeline.find((e: { code: string | null }) => e.code === code);
    expect(byCode('received')).toMatchObject({ params: {}, message: 'Customer received the order' });
    expect(byCode('shipped')).toMatchObject({ params: { transportType: 'kerry', trackingNo: 'KER123' } });
    expect(byCode('itemsReady').params.items).toEqual(expect.any(String));
    expect(view.timeline.find((e: { toStatus: string }) => e.toStatus === 'preparing')).toMatchObject({
      code: 'status',
      params: { from: 'paid', to: 'preparing' },
      message: 'Status paid → preparing',
    });
    const [{ n }] = await q<{ n: string }>(
      sql`select count(*) as n from audit_log where entity = 'order' and entity_id = ${id}`,
    );
    expect(Number(n)).toBeGreaterThanOrEqual(5);
    expect(
      (await inj('POST', '/api/order/changestatusorder', { id, status: 'completed', expectedStatus: 'shipped' }))
        .statusCode,
    ).toBe(409);
  });

  it('bulk status change moves the legal ones and reports the rest', async () => {
    const a = await orderIn('paid');
    const b = await orderIn('completed');
    const res = await inj('POST', '/api/order/changestatusorder', { ids: [a, b], status: 'preparing' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.updated).toEqual([a]);
    expect(res.json().data.failed[0].id).toBe(b);
  });

  it('concurrent changes: one wins, the other gets 409; 100 slip approvals move the order once', async () => {
    const id = await orderIn('paid');
    const [x, y] = await Promise.all([
      inj('POST', '/api/order/changestatusorder', { id, status: 'preparing', expectedStatus: 'paid' }),
      inj('POST', '/api/order/cancelorder', { id, reason: 'race', expectedStatus: 'paid' }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);

    const oid = await orderIn('pending_payment');
    // The whole total in one slip: its approval pays the order.
    const [{ total }] = await q<{ total: string }>(sql`select total from orders where id = ${oid}`);
    const up = multipart(
      { orderId: String(oid), bankCode: 'KBANK', amount: String(total), transferredAt: new Date().toISOString() },
      { name: 's.png', buf: PNG, type: 'image/png' },
    );
    const u = await t.app.inject({
      method: 'POST',
      url: '/api/order/uploadslippayment',
      headers: { ...admin, ...up.headers },
      payload: up.payload,
    });
    expect(u.statusCode, u.body).toBe(200);
    const slipId = u.json().data.id;
    expect(u.json().data.imageUrl).toMatch(/^\/uploads\/image\//);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => inj('POST', '/api/order/approveslip', { id: slipId })),
    );
    expect(results.filter((r) => r.statusCode === 200).length).toBe(1);
    expect(results.filter((r) => r.statusCode === 409).length).toBe(99);
    const [{ n }] = await q<{ n: string }>(
      sql`select count(*) as n from order_events where order_id = ${oid} and to_status = 'paid'`,
    );
    expect(Number(n)).toBe(1);
    expect((await inj('GET', `/api/order/orderview?id=${oid}`)).json().data.status).toBe('paid');
  });

  it('counters equal a fresh count after a burst of random concurrent changes', async () => {
    const ids = (
      await q<{ id: number }>(
        sql`select id from orders where status not in ('completed', 'cancelled') order by id limit 40`,
      )
    ).map((r) => Number(r.id));
    await q(sql`update order_items set ready = true`);
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const reqs = Array.from({ length: 120 }, () => {
      const id = ids[Math.floor(rnd() * ids.length)];
      const to = ORDER_STATUSES[Math.floor(rnd() * ORDER_STATUSES.length)];
      return to === 'cancelled'
        ? inj('POST', '/api/order/cancelorder', { id, reason: 'burst' })
        : inj('POST', '/api/order/changestatusorder', { id, status: to });
    });
    const res = await Promise.all(reqs);
    expect(res.every((r) => [200, 409].includes(r.statusCode))).toBe(true);
    expect(res.some((r) => r.statusCode === 200)).toBe(true);
    expect(norm(await counters())).toEqual(norm(await fresh()));
    const sums = (await inj('GET', '/api/order/sumordersstatus')).json().data;
    const [{ n }] = await q<{ n: string }>(sql`select count(*) as n from orders`);
    expect(sums[0]).toEqual({ status: 'all', count: Number(n) });
  });

  it('slips: list, view, reject, change; redeem restore once', async () => {
    const list = (await inj('GET', '/api/order/slippayment?status=pending&limit=5')).json();
    expect(list.items.length).toBeGreaterThan(0);
    // Pending slips are a review queue: oldest first; other tabs newest first.
    const times = (items: { createdAt: string }[]) => items.map((i) => i.createdAt);
    expect(times(list.items)).toEqual([...times(list.items)].sort());
    const all = (await inj('GET', '/api/order/slippayment?limit=20')).json();
    expect(times(all.items)).toEqual([...times(all.items)].sort().reverse());
    const s = list.items[0];
    expect((await inj('GET', `/api/order/approveslipview?id=${s.id}`)).json().data.order.id).toBe(s.orderId);
    expect(
      (await inj('POST', '/api/order/approveslip', { id: s.id, approve: false, note: 'Blurry' })).json().data.status,
    ).toBe('rejected');
    const ch = multipart({ id: String(s.id), amount: '1.5' }, { name: 's.png', buf: PNG, type: 'image/png' });
    const c = await t.app.inject({
      method: 'POST',
      url: '/api/order/changeslip',
      headers: { ...admin, ...ch.headers },
      payload: ch.payload,
    });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().data).toMatchObject({ status: 'pending', amount: 1.5 });
    const bad = multipart(
      { id: String(s.id) },
      { name: 's.png', buf: Buffer.from('not an image at all'), type: 'image/png' },
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/order/changeslip',
          headers: { ...admin, ...bad.headers },
          payload: bad.payload,
        })
      ).statusCode,
    ).toBe(415);

    const id = await orderIn('paid');
    await q(sql`update orders set redeem_points = 200, redeem_restored = false where id = ${id}`);
    expect((await inj('POST', '/api/order/restoreredeem', { id })).statusCode).toBe(409);
    await inj('POST', '/api/order/cancelorder', { id, reason: 'Customer asked' });
    expect((await inj('POST', '/api/order/restoreredeem', { id })).json().data.redeemRestored).toBe(true);
    expect((await inj('POST', '/api/order/restoreredeem', { id })).statusCode).toBe(409);
  });

  it('contacts, bill, sync outbox', async () => {
    const id = await orderIn('paid');
    const c = await inj('POST', '/api/order/contactcustomer', { id, channel: 'phone', note: 'Called about delivery' });
    expect(c.statusCode).toBe(200);
    expect((await inj('GET', `/api/order/contactcuslist?id=${id}`)).json().items[0].note).toBe('Called about delivery');
    expect((await inj('POST', '/api/order/deletecontactcustomer', { id: c.json().data.id })).statusCode).toBe(200);
    expect((await inj('GET', `/api/order/contactcuslist?id=${id}`)).json().total).toBe(0);
    const bill = (await inj('POST', '/api/order/reportbilljoborder', { id })).json().data;
    expect(bill.items.length).toBeGreaterThan(0);
    const sync = (await inj('POST', '/api/order/syncorders', { shopId: shop1 })).json().data;
    const [job] = await q<{ topic: string; status: string }>(
      sql`select topic, status from outbox_jobs where id = ${sync.jobId}`,
    );
    expect(job).toEqual({ topic: 'orders.sync', status: 'queued' });
  });

  it('purchase orders and transfers', async () => {
    const id = await orderIn('preparing');
    await q(sql`delete from purchase_orders where order_id = ${id}`);
    const po = (await inj('POST', '/api/order/requestpoorder', { orderId: id })).json().data;
    expect(po.status).toBe('requested');
    expect((await inj('POST', '/api/order/requestpoorder', { orderId: id })).statusCode).toBe(409);
    expect((await inj('POST', '/api/order/genaratepo', { id: po.id })).json().data.status).toBe('issued');
    expect((await inj('POST', '/api/order/restorepo', { id: po.id })).statusCode).toBe(409);
    expect(
      (await inj('POST', '/api/order/cancelpo', { id: po.id, reason: 'Supplier out of stock' })).json().data.status,
    ).toBe('cancelled');
    expect((await inj('POST', '/api/order/restorepo', { id: po.id })).json().data.status).toBe('requested');
    expect((await inj('GET', `/api/order/trackingpo?id=${po.id}`)).json().data.events.length).toBe(4);
    expect((await inj('GET', `/api/order/documentpo?id=${po.id}`)).json().data.documentNo).toBe(po.poNo);
    expect((await inj('GET', `/api/order/documentpoorderitem?id=${id}`)).json().items[0].poNo).toBe(po.poNo);
    expect((await inj('GET', `/api/order/poorders?orderId=${id}`)).json().total).toBe(1);

    const br = (await inj('GET', '/api/masterdata/masterbranch')).json().data;
    const tr = (
      await inj('POST', '/api/order/transferproduct', { orderId: id, fromBranchId: br[0].id, toBranchId: br[1].id })
    ).json().data;
    expect(tr.status).toBe('requested');
    expect(
      (await inj('GET', `/api/order/documenttransfer?id=${tr.id}`)).json().data.transfer.items.length,
    ).toBeGreaterThan(0);
    expect(
      (await inj('POST', '/api/order/ropcanceltransfer', { id: tr.id, reason: 'Wrong branch' })).json().data.status,
    ).toBe('cancel_requested');
    expect((await inj('POST', '/api/order/cleartransfer', { id: tr.id })).statusCode).toBe(409);
    expect((await inj('POST', '/api/order/canceltransferdoc', { id: tr.id })).json().data.status).toBe('cancelled');
    const tr2 = (
      await inj('POST', '/api/order/transferproduct', { orderId: id, fromBranchId: br[0].id, toBranchId: br[2].id })
    ).json().data;
    expect((await inj('POST', '/api/order/cleartransfer', { id: tr2.id })).json().data.status).toBe('cleared');
  });

  it('claims: only after delivery, quantity bound, claim machine', async () => {
    const filed = (await inj('GET', '/api/order/claimlist?status=filed&limit=20')).json().items as {
      createdAt: string;
    }[];
    expect(filed.map((c) => c.createdAt)).toEqual(filed.map((c) => c.createdAt).sort());
    const early = await orderIn('shipped');
    const [ei] = await q<{ id: number }>(sql`select id from order_items where order_id = ${early} limit 1`);
    expect(
      (
        await inj('POST', '/api/order/fileclaim', {
          orderItemId: Number(ei.id),
          kind: 'claim',
          reasonCode: 'damaged',
          qty: 1,
        })
      ).statusCode,
    ).toBe(409);
    const id = await orderIn('delivered');
    const [it] = await q<{ id: number; qty: number }>(
      sql`select id, qty from order_items where order_id = ${id} limit 1`,
    );
    await q(sql`delete from order_claims where order_item_id = ${it.id}`);
    expect(
      (
        await inj('POST', '/api/order/fileclaim', {
          orderItemId: Number(it.id),
          kind: 'claim',
          reasonCode: 'damaged',
          qty: Number(it.qty) + 1,
        })
      ).statusCode,
    ).toBe(409);
    const mp = multipart(
      { orderItemId: String(it.id), kind: 'claim', reasonCode: 'damaged', qty: '1', description: 'Cracked' },
      { name: 'p.png', buf: PNG, type: 'image/png' },
    );
    const f = await t.app.inject({
      method: 'POST',
      url: '/api/order/fileclaim',
      headers: { ...admin, ...mp.headers },
      payload: mp.payload,
    });
    expect(f.statusCode, f.body).toBe(200);
    const c = f.json().data;
    expect(c.photos.length).toBe(1);
    expect((await inj('POST', '/api/order/setclaimorder', { id: c.id, status: 'resolved' })).statusCode).toBe(409);
    for (const s of ['reviewing', 'approved', 'resolved'])
      expect((await inj('POST', '/api/order/setclaimorder', { id: c.id, status: s })).json().data.status).toBe(s);
    expect((await inj('GET', `/api/order/claimdetail?id=${c.id}`)).json().data.history.length).toBe(4);
    expect((await inj('GET', `/api/order/claimlist?orderId=${id}`)).json().total).toBe(1);
  });

  describe('fileclaim as the claim form sends it (multipart; photos under `photos`)', () => {
    /** A delivered order's item of `shopId`, with every claim on it removed. */
    const claimable = async (shopId = shop1) => {
      const [i] = await q<{ id: number }>(
        sql`select i.id from order_items i join orders o on o.id = i.order_id
          where o.shop_id = ${shopId} and o.status = 'delivered' order by i.id limit 1`,
      );
      await q(sql`delete from order_claims where order_item_id = ${i.id}`);
      return Number(i.id);
    };
    /** What the screen's FormData holds: the fields, then each photo under `photos`. */
    const send = async (orderItemId: number, files: Part[], h = admin, description?: string) => {
      const fields: Part[] = [
        { name: 'orderItemId', value: String(orderItemId) },
        { name: 'kind', value: 'claim' },
        { name: 'reasonCode', value: 'damaged' },
        { name: 'qty', value: '1' },
        ...(description ? [{ name: 'description', value: description }] : []),
      ];
      const { payload, headers } = await multipartPayload([...fields, ...files]);
      return t.app.inject({ method: 'POST', url: '/api/order/fileclaim', headers: { ...h, ...headers }, payload });
    };
    const photo = (n: number, name = 'photos'): Part => ({
      name,
      file: png(2, 2, [n * 40, 90, 160]),
      filename: `photo-${n}.png`,
    });
    const storedImages = () => readdirSync(join((t.app.storage as LocalStorage).root, 'image')).length;
    const claimsOn = async (itemId: number) =>
      Number(
        (await q<{ n: string }>(sql`select count(*) as n from order_claims where order_item_id = ${itemId}`))[0].n,
      );

    it('files a claim with no photo, one photo or several, and serves each photo', async () => {
      const item = await claimable();
      for (const n of [0, 1, 2, 5]) {
        await q(sql`delete from order_claims where order_item_id = ${item}`);
        const files = Array.from({ length: n }, (_, k) => photo(k + 1));
        const c = ok(await send(item, files, admin, n === 1 ? 'Cracked leg' : undefined)).data;
        expect(c, `${n} photos`).toMatchObject({ orderItemId: item, kind: 'claim', reasonCode: 'damaged', qty: 1 });
        expect(c.photos.length, `${n} photos`).toBe(n);
        for (const url of c.photos as string[]) {
          expect(url).toMatch(/^\/uploads\/image\/[0-9a-f]{32}\.png$/);
          const got = await t.app.inject({ url });
          expect(got.statusCode, url).toBe(200);
          expect(got.headers['content-type']).toBe('image/png');
        }
        if (n === 1) expect(c.description).toBe('Cracked leg');
        expect(ok(await inj('GET', `/api/order/claimdetail?id=${c.id}`)).data.photos).toEqual(c.photos);
      }
      // The older single photo `file` is still taken, alone or beside `photos`.
      await q(sql`delete from order_claims where order_item_id = ${item}`);
      expect(ok(await send(item, [photo(1, 'file')])).data.photos.length).toBe(1);
      await q(sql`delete from order_claims where order_item_id = ${item}`);
      expect(ok(await send(item, [photo(1), photo(2, 'file')])).data.photos.length).toBe(2);
    });

    it('refuses a photo that is not an image (415), or a sixth one (400), naming the field; keeps nothing', async () => {
      const item = await claimable();
      const before = storedImages();
      // A text file named .png, after a good photo: sniffed, refused, and the good one is not kept either.
      const text: Part = { name: 'photos', file: Buffer.from('not a picture at all'), filename: 'leg.png' };
      const msg = expectFieldError(await send(item, [photo(1), text]), 'photos', {
        status: 415,
        named: true,
        words: /JPEG, PNG or WebP/,
      });
      expect(msg).toContain('leg.png');
      const pdf: Part = { name: 'photos', file: samples.pdf(), filename: 'a.pdf' };
      expectFieldError(await send(item, [pdf, photo(1)]), 'photos', { status: 415, words: /application\/pdf/ });
      expectFieldError(await send(item, [photo(1, 'file'), { ...pdf, name: 'file' }]), 'file', { named: true });
      expectFieldError(await send(item, [{ ...text, name: 'file' }]), 'file', { status: 415, named: true });
      const six = Array.from({ length: 6 }, (_, k) => photo(k + 1));
      expectFieldError(await send(item, six), 'photos', { named: true, words: /at most 5 files/ });
      expectFieldError(await send(item, [...six.slice(0, 5), photo(6, 'file')]), 'file', { words: /at most 5 files/ });
      expectFieldError(await send(item, [photo(1, 'file'), photo(2, 'file')]), 'file', { words: /only one file/ });
      expectFieldError(await send(item, [photo(1, 'picture')]), 'picture', { named: true });
      expectFieldError(await send(item, [{ name: 'photos', value: 'leg.png' }]), 'photos', { named: true });
      expect(await claimsOn(item)).toBe(0);
      expect(storedImages()).toBe(before);
      expect(readdirSync((t.app.storage as LocalStorage).tmpDir)).toEqual([]);
    });

    it("a field the claim refuses, or another shop's item, keeps no photo", async () => {
      const own = await claimable();
      const foreign = await claimable(shop2);
      const before = storedImages();
      const bad = await send(own, [photo(1), photo(2)], admin, 'x'.repeat(2001));
      expectFieldError(bad, 'description');
      const res = await send(foreign, [photo(1), photo(2)], sup1);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: 'Order item not found' });
      expect(await claimsOn(own)).toBe(0);
      expect(await claimsOn(foreign)).toBe(0);
      expect(storedImages()).toBe(before);
      // Its own shop's item: the supplier files it, photos and all.
      expect(ok(await send(own, [photo(1), photo(2)], sup1)).data.photos.length).toBe(2);
    });
  });

  it('serves the order master data', async () => {
    for (const p of [
      'masterorderstatus',
      'masterorderchanel',
      'masterordershipment',
      'mastertransporttype',
      'mastercollecttype',
      'mastertransportratetime',
      'masterbank',
      'masterclaim',
      'masterbranch',
      'masterprovince',
      'masterdistrict',
    ]) {
      const res = await inj('GET', `/api/masterdata/${p}`, undefined, sup1);
      expect(res.statusCode, p).toBe(200);
      expect(res.json().data.length, p).toBeGreaterThan(0);
    }
    expect(
      (await inj('GET', '/api/masterdata/masterorderstatus')).json().data.map((s: { code: string }) => s.code),
    ).toEqual([...ORDER_STATUSES]);
  });
});
