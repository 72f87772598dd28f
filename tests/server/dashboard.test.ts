/**
 * Dashboards on rollups (docs/api/dashboard.md): the triggers of migration 0010 keep order_daily_stats and
 * product_daily_sales equal to an aggregate over the orders through inserts, cancels, item changes and deletes
 * (also from concurrent writers on PostgreSQL); the dashboard, analytics and e-commerce overview answer the
 * direct counts without reading the orders table; bad ranges and filters are 400s naming the field; roles.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { queryRows } from '../../server/src/db/client.js';

type Row = Record<string, string | number>;
const key = (r: Row, cols: string[]) => cols.map((c) => String(r[c])).join('|');

describe.each(dbKinds())('dashboards on rollups (%s)', (kind) => {
  let t: TestApp;
  let admin: { authorization: string };
  let shop1: number;
  let shop2: number;
  const q = <T = Row>(s: ReturnType<typeof sql>) => queryRows<T>(t.app.db, s);
  const get = async (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });

  /** The rollups (rows that are not all zero) and the same figures aggregated straight from the orders. */
  const dailyStats = async () => ({
    rollup: (
      await q(sql`select day::text as day, shop_id, channel, status, orders, items, revenue::numeric(16,2)::text as revenue
      from order_daily_stats where orders <> 0 or items <> 0 or revenue <> 0`)
    )
      .map((r) => key(r, ['day', 'shop_id', 'channel', 'status', 'orders', 'items', 'revenue']))
      .sort(),
    direct: (
      await q(sql`select (created_at at time zone 'Asia/Bangkok')::date::text as day, shop_id, channel, status, count(*)::int as orders,
      sum(item_count)::int as items, sum(total)::numeric(16,2)::text as revenue from orders group by 1, 2, 3, 4`)
    )
      .map((r) => key(r, ['day', 'shop_id', 'channel', 'status', 'orders', 'items', 'revenue']))
      .sort(),
  });
  const productSales = async () => ({
    rollup: (
      await q(sql`select day::text as day, product_id, shop_id, units, revenue::numeric(16,2)::text as revenue from product_daily_sales
      where units <> 0 or revenue <> 0`)
    )
      .map((r) => key(r, ['day', 'product_id', 'shop_id', 'units', 'revenue']))
      .sort(),
    direct: (
      await q(sql`select (o.created_at at time zone 'Asia/Bangkok')::date::text as day, i.product_id, o.shop_id, sum(i.qty)::int as units,
      sum(i.amount)::numeric(16,2)::text as revenue from order_items i join orders o on o.id = i.order_id
      where o.status <> 'cancelled' and i.product_id is not null group by 1, 2, 3`)
    )
      .map((r) => key(r, ['day', 'product_id', 'shop_id', 'units', 'revenue']))
      .sort(),
  });
  const expectRollupsCurrent = async () => {
    const d = await dailyStats();
    expect(d.rollup).toEqual(d.direct);
    const p = await productSales();
    expect(p.rollup).toEqual(p.direct);
    return { days: d.direct.length, products: p.direct.length };
  };

  /** A new order of a shop with two lines of its own products, inserted the way a writer does: order, then items. */
  const placeOrder = async (shopId: number, opts: { createdAt?: string; status?: string; channel?: string } = {}) => {
    const prods = await q<{ id: number; code: string; name: string; price: string }>(
      sql`select id, code, name, price::text from products where shop_id = ${shopId} order by id limit 2`,
    );
    const lines = prods.map((p, i) => ({ ...p, qty: i + 1, amount: (Number(p.price) * (i + 1)).toFixed(2) }));
    const total = lines.reduce((s, l) => s + Number(l.amount), 0).toFixed(2);
    const [o] = await q<{
      id: number;
    }>(sql`insert into orders (shop_id, order_no, customer_name, channel, status, item_count, subtotal, total, created_at)
      values (${shopId}, ${`DT${Date.now()}${Math.random().toString(16).slice(2, 8)}`}, 'Rollup Test', ${opts.channel ?? 'web'}, ${opts.status ?? 'paid'},
        ${lines.length}, ${total}, ${total}, ${opts.createdAt ?? '2026-10-15T03:00:00Z'}) returning id`);
    for (const l of lines) {
      await q(sql`insert into order_items (order_id, product_id, product_code, product_name, qty, unit_price, amount)
        values (${o.id}, ${l.id}, ${l.code}, ${l.name}, ${l.qty}, ${l.price}, ${l.amount})`);
    }
    return Number(o.id);
  };

  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    admin = await t.headers('admin');
    const shops = await q<{ id: number; name: string }>(sql`select id, name from shops order by id`);
    shop1 = Number(shops.find((s) => s.name === 'HomePro Lighting')!.id);
    shop2 = Number(shops.find((s) => s.name === 'CoolAir Climate Solutions')!.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('rollups', () => {
    it('equal a direct aggregate over the seeded orders', async () => {
      const n = await expectRollupsCurrent();
      expect(n.days).toBeGreaterThan(100);
      expect(n.products).toBeGreaterThan(100);
    });

    it('follow inserts, a cancel through the API, item changes and deletes', async () => {
      const a = await placeOrder(shop1);
      const b = await placeOrder(shop1, { channel: 'line' });
      // Just before midnight UTC is the next morning in Bangkok: the order lands on 2026-10-16.
      const late = await placeOrder(shop2, { createdAt: '2026-10-15T20:30:00Z' });
      await expectRollupsCurrent();
      const [day] = await q<{ day: string }>(
        sql`select day::text as day from order_daily_stats where shop_id = ${shop2} and day = '2026-10-16' and orders > 0`,
      );
      expect(day?.day).toBe('2026-10-16');

      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order/cancelorder',
        headers: admin,
        payload: { id: a, reason: 'Customer asked to cancel' },
      });
      expect(res.statusCode, res.body).toBe(200);
      await expectRollupsCurrent();

      // Quantity and amount change, a line moves to another product, a ready tick changes nothing, a line is added and one removed.
      const [item] = await q<{ id: number }>(sql`select id from order_items where order_id = ${b} order by id limit 1`);
      await q(sql`update order_items set qty = qty + 2, amount = amount + unit_price * 2 where id = ${item.id}`);
      const [other] = await q<{ id: number }>(
        sql`select id from products where shop_id = ${shop1} order by id desc limit 1`,
      );
      await q(sql`update order_items set product_id = ${other.id} where id = ${item.id}`);
      await q(sql`update order_items set ready = true where order_id = ${b}`);
      await q(sql`insert into order_items (order_id, product_id, product_code, product_name, qty, unit_price, amount)
        select ${late}, id, code, name, 3, price, price * 3 from products where shop_id = ${shop2} order by id limit 1`);
      await q(sql`delete from order_items where id = (select min(id) from order_items where order_id = ${late})`);
      await expectRollupsCurrent();

      // A cancelled order comes back (staff correcting a mistake) and another changes day and total.
      await q(sql`update orders set status = 'paid' where id = ${a}`);
      await q(sql`update orders set created_at = created_at - interval '3 days', total = total + 10 where id = ${b}`);
      await expectRollupsCurrent();

      // Deleting orders takes their items' sales off (the cascade alone would leave them counted).
      await q(sql`delete from orders where id in (${a}, ${late})`);
      const gone = await q(sql`select 1 from order_items where order_id in (${a}, ${late})`);
      expect(gone).toEqual([]);
      await expectRollupsCurrent();
      // One statement over many seeded orders of several shops and days.
      await q(
        sql`update orders set status = 'cancelled' where id in (select id from orders where status = 'paid' order by id limit 15)`,
      );
      await q(
        sql`delete from orders where id in (select id from orders where status = 'delivered' order by id desc limit 10)`,
      );
      await expectRollupsCurrent();
    });

    it.runIf(kind === 'postgres')(
      'stay exact under concurrent writers on the same days and shops, without deadlocks',
      async () => {
        const pool = new pg.Pool({ connectionString: t.databaseUrl!, max: 8 });
        try {
          const ids = (
            await q<{ id: number }>(sql`select id from orders where status <> 'cancelled' order by id limit 16`)
          ).map((r) => Number(r.id));
          expect(ids.length).toBe(16);
          // Each transaction writes like a checkout and a bulk status change do: one statement per table, whose rows
          // (two shops, listed in opposite orders by odd and even writers) share rollup keys with the other writers.
          const work = Array.from({ length: 8 }, async (_, i) => {
            const c = await pool.connect();
            try {
              await c.query('begin');
              const shops = i % 2 ? [shop1, shop2] : [shop2, shop1];
              const { rows: placed } = await c.query(
                `insert into orders (shop_id, order_no, customer_name, channel, status, item_count, total, created_at)
              select s, 'CC' || $2::int || '-' || s || '-' || $3::text, 'Concurrent', 'web', 'paid', 1, 500, '2026-11-01T05:00:00Z'
              from unnest($1::int[]) with ordinality as x(s, n) order by n returning id, shop_id`,
                [shops, i, String(Date.now())],
              );
              await c.query(
                `insert into order_items (order_id, product_id, product_code, product_name, qty, unit_price, amount)
              select o.id, p.id, p.code, p.name, 1, 500, 500 from unnest($1::int[], $2::int[]) as o(id, shop_id)
              join lateral (select id, code, name from products where shop_id = o.shop_id order by id limit 1) p on true`,
                [placed.map((r) => r.id), placed.map((r) => r.shop_id)],
              );
              await c.query(`update orders set status = 'cancelled' where id = any($1)`, [[ids[i], ids[15 - i]]]);
              await c.query('commit');
            } catch (e) {
              await c.query('rollback');
              throw e;
            } finally {
              c.release();
            }
          });
          const results = await Promise.allSettled(work);
          expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
        } finally {
          await pool.end();
        }
        await expectRollupsCurrent();
      },
    );
  });

  describe('reads', () => {
    /** Direct figures over the orders for a range of Bangkok days, optionally one shop and channel. */
    const direct = async (from: string, to: string, shopId?: number, channel?: string) => {
      const [r] =
        await q<Row>(sql`select count(*)::int as orders, count(*) filter (where status = 'cancelled')::int as cancelled,
        coalesce(sum(total) filter (where status <> 'cancelled'), 0)::numeric(16,2)::text as revenue
        from orders where (created_at at time zone 'Asia/Bangkok')::date between ${from}::date and ${to}::date
        ${shopId ? sql`and shop_id = ${shopId}` : sql``} ${channel ? sql`and channel = ${channel}` : sql``}`);
      const [v] =
        await q<Row>(sql`select coalesce(sum(visitors), 0)::int as visitors, coalesce(sum(visits), 0)::int as visits from storefront_visits
        where day between ${from}::date and ${to}::date ${shopId ? sql`and shop_id = ${shopId}` : sql``} ${channel ? sql`and channel = ${channel}` : sql``}`);
      return {
        orders: Number(r.orders),
        cancelled: Number(r.cancelled),
        revenue: Number(r.revenue),
        visitors: Number(v.visitors),
        visits: Number(v.visits),
      };
    };

    /** The orders and order_items tables out of reach while `fn` runs: a read that touches them fails. */
    const withoutOrderTables = async <T>(fn: () => Promise<T>) => {
      await q(sql`alter table order_items rename to order_items_hidden`);
      await q(sql`alter table orders rename to orders_hidden`);
      try {
        return await fn();
      } finally {
        await q(sql`alter table orders_hidden rename to orders`);
        await q(sql`alter table order_items_hidden rename to order_items`);
      }
    };

    it('answer from the rollups: no dashboard read touches the orders table', async () => {
      const answers = await withoutOrderTables(async () =>
        Promise.all([
          get('/api/report/getReloadDashboard'),
          get(`/api/report/getReloadDashboard?shopId=${shop1}`, await t.headers('supplier1')),
          get('/api/v2/analytics?from=2026-10-01&to=2026-10-31'),
          get(`/api/v2/analytics?from=2026-06-01&to=2026-11-22&shopId=${shop1}&channel=web`),
          get('/api/v2/ecommerce-overview?from=2026-06-01&to=2026-11-22'),
          get('/api/user/visitors?from=2026-10-01&to=2026-10-31'),
        ]),
      );
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    });

    it('dashboard totals equal a direct count after new and cancelled orders', async () => {
      await placeOrder(shop1, { createdAt: '2026-11-20T02:00:00Z' });
      const [o] = await q<{ id: number }>(
        sql`select id from orders where shop_id = ${shop1} and status = 'paid' order by id limit 1`,
      );
      await q(sql`update orders set status = 'cancelled' where id = ${o.id}`);
      const count = async (shopId?: number) => {
        const [r] = await q<Row>(sql`select count(*)::int as orders,
          count(*) filter (where status in ('pending_payment', 'paid', 'preparing', 'ready_to_ship', 'shipped'))::int as open,
          coalesce(sum(total) filter (where status <> 'cancelled'), 0)::numeric(16,2)::text as revenue from orders ${shopId ? sql`where shop_id = ${shopId}` : sql``}`);
        return { orders: Number(r.orders), ordersOpen: Number(r.open), revenue: Number(r.revenue) };
      };
      const all = (await get('/api/report/getReloadDashboard')).json().data;
      expect(all).toMatchObject(await count());
      const one = (await get(`/api/report/getReloadDashboard?shopId=${shop1}`, await t.headers('supplier1'))).json()
        .data;
      expect(one).toMatchObject(await count(shop1));
      // Months are Bangkok months; the last twelve with orders cover every order here (six months of demo data).
      expect(one.ordersByMonth.reduce((s: number, m: { orders: number }) => s + m.orders, 0)).toBe(one.orders);
      const [m] = await q<Row>(sql`select count(*)::int as n from orders where shop_id = ${shop1}
        and to_char(created_at at time zone 'Asia/Bangkok', 'YYYY-MM') = '2026-11'`);
      expect(one.ordersByMonth.find((x: { month: string }) => x.month === '2026-11').orders).toBe(Number(m.n));
    });

    it('analytics: totals, channels and days equal the orders and visits, against the range before', async () => {
      const res = await get('/api/v2/analytics?from=2026-10-01&to=2026-10-31');
      expect(res.statusCode, res.body).toBe(200);
      const a = res.json();
      expect(a.range).toEqual({ from: '2026-10-01', to: '2026-10-31', days: 31 });
      expect(a.previous).toEqual({ from: '2026-08-31', to: '2026-09-30', days: 31 });
      const cur = await direct('2026-10-01', '2026-10-31');
      const prev = await direct('2026-08-31', '2026-09-30');
      expect(cur.orders).toBeGreaterThan(10);
      expect(cur.visitors).toBeGreaterThan(cur.orders);
      expect(a.totals.current).toMatchObject(cur);
      expect(a.totals.previous).toMatchObject(prev);
      expect(a.totals.current.conversion).toBeCloseTo(cur.orders / cur.visitors, 4);
      expect(a.totals.current.averageOrderValue).toBeCloseTo(cur.revenue / (cur.orders - cur.cancelled), 2);
      expect(a.totals.delta.orders).toBeCloseTo((cur.orders - prev.orders) / prev.orders, 4);
      expect(a.totals.delta.revenue).toBeCloseTo((cur.revenue - prev.revenue) / prev.revenue, 4);
      // Channels add up to the totals; a branch sells without storefront visitors (no conversion).
      const web = a.channels.find((c: { channel: string }) => c.channel === 'web');
      expect(web.current).toMatchObject(await direct('2026-10-01', '2026-10-31', undefined, 'web'));
      expect(a.channels.reduce((s: number, c: { current: { orders: number } }) => s + c.current.orders, 0)).toBe(
        cur.orders,
      );
      const branch = a.channels.find((c: { channel: string }) => c.channel === 'branch');
      expect(branch.current.visitors).toBe(0);
      expect(branch.current.conversion).toBeNull();
      // Every day of the range, zero-filled, adding up to the totals.
      expect(a.daily).toHaveLength(31);
      expect(a.daily[0].day).toBe('2026-10-01');
      expect(a.daily.reduce((s: number, d: { orders: number }) => s + d.orders, 0)).toBe(cur.orders);
      expect(a.daily.reduce((s: number, d: { visitors: number }) => s + d.visitors, 0)).toBe(cur.visitors);
    });

    it('analytics and visitors narrow to one shop and channel', async () => {
      const a = (
        await get(`/api/v2/analytics?from=2026-09-01&to=2026-11-22&shopId=${shop2}&channel=mobile%20app`)
      ).json();
      expect(a.totals.current).toMatchObject(await direct('2026-09-01', '2026-11-22', shop2, 'mobile app'));
      expect(a.channels.map((c: { channel: string }) => c.channel)).toEqual(['mobile app']);
      const v = await get(`/api/user/visitors?from=2026-09-01&to=2026-11-22&shopId=${shop2}`);
      expect(v.statusCode, v.body).toBe(200);
      const body = v.json();
      const d = await direct('2026-09-01', '2026-11-22', shop2);
      expect(body.total).toEqual({ visits: d.visits, visitors: d.visitors });
      expect(body.items).toHaveLength(83);
      expect(body.channels.map((c: { channel: string }) => c.channel).sort()).toEqual(['line', 'mobile app', 'web']);
      expect(body.channels.reduce((s: number, c: { visitors: number }) => s + c.visitors, 0)).toBe(d.visitors);
    });

    it('e-commerce overview: trend, statuses, top products and shops, and the pending queues equal direct counts', async () => {
      const res = await get('/api/v2/ecommerce-overview?from=2026-08-01&to=2026-11-22');
      expect(res.statusCode, res.body).toBe(200);
      const o = res.json();
      const cur = await direct('2026-08-01', '2026-11-22');
      expect(o.totals.current).toMatchObject({ orders: cur.orders, cancelled: cur.cancelled, revenue: cur.revenue });
      expect(o.trend).toHaveLength(114);
      expect(o.trend.reduce((s: number, d: { orders: number }) => s + d.orders, 0)).toBe(cur.orders);
      const statuses = await q<Row>(sql`select status, count(*)::int as orders from orders
        where (created_at at time zone 'Asia/Bangkok')::date between '2026-08-01' and '2026-11-22' group by 1`);
      expect(
        Object.fromEntries(o.byStatus.map((s: { status: string; orders: number }) => [s.status, s.orders])),
      ).toEqual(Object.fromEntries(statuses.map((s) => [s.status, Number(s.orders)])));
      const top =
        await q<Row>(sql`select i.product_id, sum(i.qty)::int as units, sum(i.amount)::numeric(16,2)::text as revenue
        from order_items i join orders o on o.id = i.order_id
        where o.status <> 'cancelled' and i.product_id is not null and (o.created_at at time zone 'Asia/Bangkok')::date between '2026-08-01' and '2026-11-22'
        group by 1 order by sum(i.amount) desc, 1 limit 10`);
      expect(o.topProducts.map((p: Row) => [p.productId, p.units, p.revenue])).toEqual(
        top.map((p) => [Number(p.product_id), Number(p.units), Number(p.revenue)]),
      );
      expect(o.topProducts[0]).toMatchObject({
        name: expect.any(String),
        code: expect.any(String),
        shopName: expect.any(String),
      });
      const shops =
        await q<Row>(sql`select shop_id, count(*)::int as orders, sum(total)::numeric(16,2)::text as revenue from orders
        where status <> 'cancelled' and (created_at at time zone 'Asia/Bangkok')::date between '2026-08-01' and '2026-11-22'
        group by 1 order by sum(total) desc, 1 limit 10`);
      expect(o.topShops.map((s: Row) => [s.shopId, s.orders, s.revenue])).toEqual(
        shops.map((s) => [Number(s.shop_id), Number(s.orders), Number(s.revenue)]),
      );
      const [p] = await q<Row>(sql`select count(*) filter (where approval_status = 'pending')::int as pending,
        count(*) filter (where approval_status = 'resubmitted')::int as resubmitted from products`);
      const [sl] = await q<Row>(sql`select count(*)::int as n from payment_slips where status = 'pending'`);
      const claims = await q<Row>(sql`select status, count(*)::int as n from order_claims group by 1`);
      const claim = (s: string) => Number(claims.find((c) => c.status === s)?.n ?? 0);
      expect(o.pending).toEqual({
        products: { pending: Number(p.pending), resubmitted: Number(p.resubmitted) },
        slips: { pending: Number(sl.n) },
        claims: { filed: claim('filed'), reviewing: claim('reviewing'), approved: claim('approved') },
      });
      expect(o.pending.slips.pending + o.pending.products.pending).toBeGreaterThan(0);
    });

    it('default to the 30 days up to today', async () => {
      const a = (await get('/api/v2/analytics')).json();
      expect(a.range.days).toBe(30);
      expect(a.range.to).toBe(new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10));
    });
  });

  describe('bad requests and roles', () => {
    const bad = [
      ['/api/v2/analytics?from=2026-11-02&to=2026-11-01', 'from', /on or before to/],
      ['/api/v2/ecommerce-overview?from=2024-01-01&to=2026-01-02', 'to', /two years/],
      ['/api/user/visitors?from=2026-02-30&to=2026-03-10', 'from', /YYYY-MM-DD/],
      ['/api/v2/analytics?from=2026-11-01&to=tomorrow', 'to', /YYYY-MM-DD/],
      ['/api/v2/analytics?channel=shopee', 'channel', /one of: web, mobile app, line, branch, back office/],
      ['/api/v2/ecommerce-overview?shopId=1', 'shopId', /not an allowed/],
    ] as const;
    it.each(bad)('%s → 400 naming %s', async (url, field, words) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.errors[0].field).toBe(field);
      expect(body.errors[0].message).toMatch(words);
    });

    it('accept exactly two years, and a one-day range', async () => {
      expect((await get('/api/v2/ecommerce-overview?from=2024-11-22&to=2026-11-22')).statusCode).toBe(200);
      const one = (await get('/api/v2/analytics?from=2026-11-22&to=2026-11-22')).json();
      expect(one.previous).toEqual({ from: '2026-11-21', to: '2026-11-21', days: 1 });
    });

    it('answer 404 for a shop that does not exist', async () => {
      const res = await get('/api/v2/analytics?shopId=999999');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: 'Shop not found' });
    });

    it('role matrix: admin reads all; editor and suppliers are refused the overviews; no token is 401', async () => {
      const urls = ['/api/v2/analytics', '/api/v2/ecommerce-overview', '/api/user/visitors'];
      for (const url of urls) {
        expect((await get(url)).statusCode, url).toBe(200);
        for (const who of ['editor', 'supplier1', 'supplier2'])
          expect((await get(url, await t.headers(who))).statusCode, `${who} ${url}`).toBe(403);
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      }
      expect((await get('/api/report/getReloadDashboard', await t.headers('supplier1'))).statusCode).toBe(200);
      expect((await get('/api/report/getReloadDashboard', await t.headers('editor'))).statusCode).toBe(403);
      expect(
        (await get(`/api/report/getReloadDashboard?shopId=${shop2}`, await t.headers('supplier1'))).statusCode,
      ).toBe(404);
    });
  });
});
