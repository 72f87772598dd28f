/**
 * Notifications in real time (GET /api/notify/events, docs/api/notifications.md): the notices the system
 * sends when something happens — a supplier's product approved or rejected, a payment slip uploaded, a
 * claim filed — reach the right people's streams (and inboxes), nobody else's; a reconnect with
 * Last-Event-ID gets everything missed, once and in order. On PostgreSQL the stream is read from a second
 * app process on the same database, so every event crosses processes through LISTEN/NOTIFY; on PGlite
 * it is the one process.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.js';
import { queryRows } from '../../server/src/db/client.js';
import { notificationRecipients, orders, products, roles, shops, users } from '../../server/src/db/schema.js';
import { notifyNewOrder } from '../../server/src/modules/notifications/notices.js';
import { deliverDue } from '../../server/src/modules/notifications/worker.js';
import { createTestApp, dbKinds, testConfig, type TestApp } from '../support/app.js';
import { multipartSync, samples } from './product-files.js';
import { openSse, type SseReader } from './sse-client.js';

type Res = { statusCode: number; body: string; json(): any };
type Item = {
  id: number;
  title: string;
  body: string;
  category: string;
  link: string | null;
  deliveredAt: string;
  readAt: string | null;
  template: string | null;
  params: Record<string, string | number> | null;
};
const EVENTS = '/api/notify/events';
/** Both processes sign tokens with one secret, as a deployment's processes do. */
const SECRET = randomBytes(32).toString('hex');

const urlOf = (app: FastifyInstance) => {
  const addr = app.server.address();
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
};

describe.each(dbKinds())('notification stream (%s)', (kind) => {
  let t: TestApp;
  /** Where the streams are read: a second process on PostgreSQL, the same app on PGlite. */
  let reader: FastifyInstance;
  let base: string;
  const ids: Record<string, number> = {};
  let homePro: number;
  /** HomePro products made pending for this test, taken one by one. */
  const pending: number[] = [];
  const streams: SseReader[] = [];

  beforeAll(async () => {
    t = await createTestApp({ db: kind, config: { jwtSecret: SECRET } });
    const [admin] = await t.app.db.select().from(users).where(eq(users.username, 'admin'));
    // A second admin: staff other than the one who acts are told.
    await t.app.db.insert(users).values({
      username: 'admin2',
      email: 'admin2@sellercenter.example',
      passwordHash: admin.passwordHash,
      firstName: 'Second',
      lastName: 'Admin',
      roleId: admin.roleId,
    });
    for (const u of await t.app.db.select({ id: users.id, username: users.username }).from(users))
      ids[u.username] = u.id;
    homePro = (await t.app.db.select().from(shops).where(eq(shops.name, 'HomePro Lighting')))[0].id;
    const mine = await t.app.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.shopId, homePro))
      .orderBy(products.id)
      .limit(8);
    await t.app.db
      .update(products)
      .set({ approvalStatus: 'pending', rejectReason: null })
      .where(
        inArray(
          products.id,
          mine.map((p) => p.id),
        ),
      );
    pending.push(...mine.map((p) => p.id));
    if (kind === 'postgres') {
      reader = await buildApp(testConfig({ databaseUrl: t.databaseUrl, jwtSecret: SECRET }));
      await reader.listen({ port: 0, host: '127.0.0.1' });
    } else {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      reader = t.app;
    }
    base = urlOf(reader);
  });
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });
  afterAll(async () => {
    if (reader && reader !== t.app) await reader.close();
    await t?.close();
  });

  const call = async (user: string, method: 'GET' | 'POST', url: string, payload?: object): Promise<Res> =>
    t.app.inject({ method, url, payload, headers: await t.headers(user) });
  const open = async (user: string, headers: Record<string, string> = {}) => {
    const s = await openSse(`${base}${EVENTS}`, { ...(await t.headers(user)), ...headers });
    streams.push(s);
    expect(s.status).toBe(200);
    await s.until(() => s.events('ready').length === 1);
    return s;
  };
  const notices = (s: SseReader) => s.events<Item>('notification');
  const has = (s: SseReader, test: (i: Item) => boolean) => notices(s).some((e) => test(e.data));
  const approve = async (id: number) =>
    expect((await call('admin', 'POST', '/api/product/approveproduct', { id })).statusCode).toBe(200);
  const nameOf = async (id: number) =>
    (await t.app.db.select({ name: products.name }).from(products).where(eq(products.id, id)))[0].name;

  it('tells a supplier at once that its product was approved or rejected, and no other shop', async () => {
    const s1 = await open('supplier1');
    const s2 = await open('supplier2');
    const yes = pending.shift()!;
    const no = pending.shift()!;
    await approve(yes);
    const rejected = await call('admin', 'POST', '/api/product/unapproveproduct', {
      id: no,
      reason: 'The photos show another model.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await s1.until(() => has(s1, (i) => i.link === `/supplier/product/${no}`));
    const got = notices(s1).map((e) => e.data);
    const approvedNotice = got.find((i) => i.link === `/supplier/product/${yes}`)!;
    expect(approvedNotice).toMatchObject({
      category: 'product',
      readAt: null,
      title: `Product approved: ${await nameOf(yes)}`,
    });
    const rejectedNotice = got.find((i) => i.link === `/supplier/product/${no}`)!;
    expect(rejectedNotice.title).toBe(`Product not approved: ${await nameOf(no)}`);
    expect(rejectedNotice.body).toContain('The photos show another model.');
    // The kind and values, for the reader's language.
    const [code] = await t.app.db.select({ code: products.code }).from(products).where(eq(products.id, yes));
    expect(approvedNotice).toMatchObject({
      template: 'productApproved',
      params: { code: code.code, name: await nameOf(yes) },
    });
    expect(rejectedNotice).toMatchObject({
      template: 'productRejected',
      params: { name: await nameOf(no), reason: 'The photos show another model.' },
    });
    expect(notices(s1).map((e) => e.id)).toEqual([...new Set(notices(s1).map((e) => e.id))].sort((a, b) => a - b));
    // The inbox (the bell's list) has the same notification, unread.
    const inbox = (await call('supplier1', 'GET', '/api/notify/getmessagenotify?limit=5')).json() as {
      items: Item[];
      unread: number;
    };
    expect(inbox.items.map((i) => i.id)).toEqual(expect.arrayContaining([approvedNotice.id, rejectedNotice.id]));
    expect(inbox.items.find((i) => i.id === rejectedNotice.id)).toEqual(rejectedNotice);
    // supplier2 (other shops) heard nothing of it; the admin who acted is not told either.
    await approve(pending.shift()!);
    await s1.until(() => notices(s1).length === 3);
    expect(notices(s2)).toEqual([]);
  });

  it('tells the other staff of an uploaded payment slip, not the uploader nor a supplier', async () => {
    const admin = await open('admin');
    const admin2 = await open('admin2');
    const supplier = await open('supplier1');
    const [order] = await t.app.db.select().from(orders).where(eq(orders.status, 'pending_payment')).limit(1);
    const up = multipartSync(
      { orderId: String(order.id), bankCode: 'KBANK', amount: '10.50', transferredAt: new Date().toISOString() },
      { name: 'file', filename: 'slip.png', data: samples.png() },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/uploadslippayment',
      headers: { ...(await t.headers('admin')), ...up.headers },
      payload: up.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    await admin2.until(() => has(admin2, (i) => i.title === `Payment slip to check: ${order.orderNo}`));
    expect(notices(admin2).at(-1)!.data).toMatchObject({
      category: 'order',
      link: '/admin/orders/listslip',
      template: 'slipUploaded',
      params: { orderNo: order.orderNo, amount: 10.5 },
    });
    expect(notices(admin2).at(-1)!.data.body).toContain('฿10.50');
    expect(notices(admin)).toEqual([]);
    expect(notices(supplier)).toEqual([]);
  });

  it('tells staff who decide claims of a claim a supplier filed', async () => {
    const admin = await open('admin');
    const admin2 = await open('admin2');
    const supplier = await open('supplier1');
    const [item] = await queryRows<{ id: number; order_no: string }>(
      t.app.db,
      sql`
      select i.id, o.order_no from order_items i join orders o on o.id = i.order_id
      where o.shop_id = ${homePro} and o.status = 'delivered'
        and not exists (select 1 from order_claims c where c.order_item_id = i.id)
      order by i.id limit 1`,
    );
    const filed = await call('supplier1', 'POST', '/api/order/fileclaim', {
      orderItemId: Number(item.id),
      kind: 'claim',
      reasonCode: 'damaged',
      qty: 1,
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const claim = filed.json().data as { id: number; claimNo: string };
    const title = `Claim ${claim.claimNo} filed on order ${item.order_no}`;
    for (const s of [admin, admin2]) await s.until(() => has(s, (i) => i.title === title));
    expect(notices(admin).at(-1)!.data).toMatchObject({
      link: `/admin/orders/productclaim/product-claim-detail/${claim.id}/view`,
      template: 'claimFiled',
      params: { claimNo: claim.claimNo, orderNo: item.order_no, qty: 1 },
    });
    expect(notices(supplier)).toEqual([]);
  });

  it("tells a shop's suppliers of a new order, in the transaction that creates it, and no other shop", async () => {
    const s1 = await open('supplier1');
    const s2 = await open('supplier2');
    const [order] = await t.app.db.select().from(orders).where(eq(orders.shopId, homePro)).limit(1);
    // Rolled back: nobody hears of an order that was never made.
    await expect(
      t.app.db.transaction(async (tx) => {
        await notifyNewOrder(tx, order.id);
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    await t.app.db.transaction((tx) => notifyNewOrder(tx, order.id));
    await s1.until(() => has(s1, (i) => i.template === 'newOrder'));
    expect(notices(s1).map((e) => e.data)).toEqual([
      expect.objectContaining({
        title: `New order ${order.orderNo}`,
        category: 'order',
        link: '/supplier/dashboard',
        params: { orderNo: order.orderNo, customer: order.customerName, amount: Number(order.total) },
      }),
    ]);
    expect(notices(s2)).toEqual([]);
  });

  it('sends a message staff composed to its audience through the same stream', async () => {
    const s = await open('supplier1');
    const created = await call('admin', 'POST', '/api/notify/createmessage', {
      title: 'Warehouse closed on Friday',
      body: 'No pick-ups on Friday.',
      category: 'shop',
      audience: 'shop',
      shopId: homePro,
    });
    expect(created.statusCode, created.body).toBe(200);
    await deliverDue(t.app.db);
    await s.until(() => has(s, (i) => i.id === created.json().data.id));
    expect(notices(s).at(-1)!.data).toMatchObject({
      title: 'Warehouse closed on Friday',
      category: 'shop',
      readAt: null,
      template: null,
      params: null,
    });
  });

  it('after a reconnect with Last-Event-ID sends everything missed, once and in order, then live ones', async () => {
    const first = await open('supplier1');
    const start = first.events('ready')[0].id;
    const one = pending.shift()!;
    await approve(one);
    await first.until(() => has(first, (i) => i.link === `/supplier/product/${one}`));
    const lastSeen = notices(first).at(-1)!.id;
    expect(lastSeen).toBeGreaterThan(start);
    first.close();

    const away = [pending.shift()!, pending.shift()!];
    for (const id of away) await approve(id);
    const again = await open('supplier1', { 'last-event-id': String(lastSeen) });
    expect(again.events('ready')[0].id).toBe(lastSeen);
    const live = pending.shift()!;
    await approve(live);
    await again.until(() => has(again, (i) => i.link === `/supplier/product/${live}`));
    expect(notices(again).map((e) => e.data.link)).toEqual([...away, live].map((id) => `/supplier/product/${id}`));
    // Exactly the user's deliveries after the id: none left out, none twice.
    const [{ n }] = await queryRows<{ n: string }>(
      t.app.db,
      sql`select count(*) as n from notification_events where user_id = ${ids.supplier1} and id > ${lastSeen}`,
    );
    expect(notices(again)).toHaveLength(Number(n));
    expect(notices(again).every((e) => e.id > lastSeen)).toBe(true);
  });

  it('starts at the newest event without Last-Event-ID: nothing old is replayed', async () => {
    const s = await open('supplier1');
    const ready = s.events('ready')[0].id;
    const [{ max }] = await queryRows<{ max: string }>(
      t.app.db,
      sql`select coalesce(max(id), 0) as max from notification_events where user_id = ${ids.supplier1}`,
    );
    expect(ready).toBe(Number(max));
    await new Promise((done) => setTimeout(done, 200));
    expect(notices(s)).toEqual([]);
  });

  it('needs a signed-in user and refuses a Last-Event-ID that is not an event id', async () => {
    expect((await t.app.inject({ url: EVENTS })).statusCode).toBe(401);
    const bad = (await t.app.inject({
      url: EVENTS,
      headers: { ...(await t.headers('supplier1')), 'last-event-id': 'abc' },
    })) as Res;
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toContain('Last-Event-ID');
    expect((await t.app.inject({ url: `${EVENTS}?user=1`, headers: await t.headers('supplier1') })).statusCode).toBe(
      400,
    );
  });

  it('a role holding the slip screen is told of slips; a role without it is not', async () => {
    // The editor's role gets the orders menu for this test: the notice follows the role's menus.
    const [editorRole] = await t.app.db.select().from(roles).where(eq(roles.code, 'editor'));
    const before = await t.app.db
      .select({ id: notificationRecipients.messageId })
      .from(notificationRecipients)
      .where(eq(notificationRecipients.userId, ids.editor));
    const [order] = await t.app.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'pending_payment')))
      .limit(1);
    const upload = async () => {
      const up = multipartSync(
        { orderId: String(order.id), bankCode: 'KBANK', amount: '10', transferredAt: new Date().toISOString() },
        { name: 'file', filename: 'slip.png', data: samples.png() },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order/uploadslippayment',
        headers: { ...(await t.headers('admin')), ...up.headers },
        payload: up.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await upload();
    const after = await t.app.db
      .select({ id: notificationRecipients.messageId })
      .from(notificationRecipients)
      .where(eq(notificationRecipients.userId, ids.editor));
    expect(after.length).toBe(before.length);
    await queryRows(
      t.app.db,
      sql`insert into role_menus (role_id, menu_item_id) select ${editorRole.id}, id from menu_items where path = '/admin/orders' on conflict do nothing`,
    );
    const s = await open('editor');
    await upload();
    await s.until(() => has(s, (i) => i.title === `Payment slip to check: ${order.orderNo}`));
  });
});
