/**
 * The report screens' reads (/api/report/*): totals equal direct SQL over the seeded data, filters narrow
 * rows and totals alike, pages, who may read them, refused input; the streamed CSV of each (whole filter,
 * formula cells neutralised, batches of the cursor / keyset with ties on the sort key).
 */
import { sql } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { queryRows } from '../../server/src/db/client.js';
import { EXPORT_BATCH, safeCell } from '../../server/src/lib/csv-export.js';
import { bangkokTime, rangeOf } from '../../server/src/modules/report/reports.js';

const R = '/api/report';
const FROM = '2026-05-01';
const TO = '2026-11-30';
const ALL = `dateFrom=${FROM}&dateTo=${TO}`;
const FROM_TS = '2026-04-30T17:00:00Z';
const TO_TS = '2026-11-30T17:00:00Z';
const NAMES = [
  'reporttrackorder',
  'reportshippingorder',
  'orderair',
  'reportcupon',
  'reportpromotiononline',
  'reportproductpromotion',
  'reportreview',
  'reporttstatusproduct',
  'reportnewproduct',
];

/** CSV text → rows of cells (RFC 4180 quoting), without the BOM. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r') continue;
    else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

describe('CSV cells', () => {
  it('neutralises text a spreadsheet would run as a formula, and only that', () => {
    expect(safeCell('=HYPERLINK("http://x","y")')).toBe('\'=HYPERLINK("http://x","y")');
    expect(safeCell('+66 81 234 5678')).toBe("'+66 81 234 5678");
    expect(safeCell('-2+3')).toBe("'-2+3");
    expect(safeCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(safeCell('\tcmd')).toBe("'\tcmd");
    expect(safeCell('Daikin 12,000 BTU = cool')).toBe('Daikin 12,000 BTU = cool');
    expect(safeCell('ไฟ LED')).toBe('ไฟ LED');
    expect(safeCell(-250)).toBe(-250);
    expect(safeCell(null)).toBe('');
    expect(safeCell(true)).toBe('yes');
  });

  it('checks the range: reversed or over two years names dateTo; Bangkok days', () => {
    expect(rangeOf({ dateFrom: '2026-11-01', dateTo: '2026-11-01' })).toEqual({
      from: '2026-10-31T17:00:00.000Z',
      to: '2026-11-01T17:00:00.000Z',
    });
    expect(() => rangeOf({ dateFrom: '2026-11-02', dateTo: '2026-11-01' })).toThrow(
      /dateTo must be on or after dateFrom/,
    );
    expect(() => rangeOf({ dateFrom: '2024-11-01', dateTo: '2026-11-01' })).toThrow(/at most 2 years/);
    expect(rangeOf({ dateFrom: '2024-11-01', dateTo: '2026-10-31' }).to).toBe('2026-10-31T17:00:00.000Z');
    expect(bangkokTime('2026-11-21T18:30:00.000Z')).toBe('2026-11-22 01:30');
  });
});

describe.each(dbKinds())('reports (%s)', (kind) => {
  let t: TestApp;
  let admin: { authorization: string };
  let shops: Map<string, number>;
  const one = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(t.app.db, q))[0];
  const get = async (url: string, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'GET', url, headers });
  const read = async (name: string, query = ALL) => {
    const res = await get(`${R}/${name}?${query}`);
    expect(res.statusCode, `${name}?${query}: ${res.body}`).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    admin = await t.headers('admin');
    shops = new Map(
      (await queryRows<{ id: number; name: string }>(t.app.db, sql`select id, name from shops`)).map((s) => [
        s.name,
        Number(s.id),
      ]),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('order tracking: totals over the whole filter equal direct SQL; the status and shop filters narrow rows and totals', async () => {
    const r = await read('reporttrackorder');
    const x = await one<
      Record<string, string>
    >(sql`select count(*) as n, count(paid_at) as paid, count(shipped_at) as shipped, count(delivered_at) as delivered,
      count(*) filter (where status = 'cancelled') as cancelled, sum(total) as total from orders where created_at >= ${FROM_TS}::timestamptz and created_at < ${TO_TS}::timestamptz`);
    expect(Number(x.n)).toBeGreaterThan(200);
    expect(r.total).toBe(Number(x.n));
    expect(r.totals).toMatchObject({
      rows: Number(x.n),
      paid: Number(x.paid),
      shipped: Number(x.shipped),
      delivered: Number(x.delivered),
      cancelled: Number(x.cancelled),
    });
    expect(r.totals.total).toBeCloseTo(Number(x.total), 2);
    expect(r.items).toHaveLength(20);
    expect(r.chart.reduce((s: number, c: { value: number }) => s + c.value, 0)).toBe(r.total);
    // Newest first; a shipped order's days to ship are its dates' difference.
    const times = r.items.map((i: { createdAt: string }) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const shipped = r.items.find((i: { shippedAt: string | null; paidAt: string | null }) => i.shippedAt && i.paidAt);
    if (shipped)
      expect(shipped.daysToShip).toBeCloseTo(
        (Date.parse(shipped.shippedAt) - Date.parse(shipped.paidAt)) / 86_400_000,
        1,
      );

    const shop = shops.get('Siam Tile & Bath')!;
    const f = await read('reporttrackorder', `${ALL}&status=delivered&shopId=${shop}&limit=100`);
    const y = await one<{
      n: string;
    }>(sql`select count(*) as n from orders where status = 'delivered' and shop_id = ${shop}
      and created_at >= ${FROM_TS}::timestamptz and created_at < ${TO_TS}::timestamptz`);
    expect(f.total).toBe(Number(y.n));
    expect(
      f.items.every(
        (i: { status: string; shopName: string }) => i.status === 'delivered' && i.shopName === 'Siam Tile & Bath',
      ),
    ).toBe(true);
    // The chart comes from the daily rollups: the same filter, the same count.
    expect(f.chart).toEqual([{ key: 'delivered', value: f.total }]);

    // A narrower range: October only (Bangkok days).
    const oct = await read('reporttrackorder', 'dateFrom=2026-10-01&dateTo=2026-10-31');
    const z = await one<{ n: string }>(
      sql`select count(*) as n from orders where created_at >= '2026-09-30T17:00:00Z'::timestamptz and created_at < '2026-10-31T17:00:00Z'::timestamptz`,
    );
    expect(oct.total).toBe(Number(z.n));
    expect(oct.total).toBeLessThan(r.total);
  });

  it('pages through the whole filter: pages do not overlap and add up to the total', async () => {
    const shop = shops.get('HomePro Lighting')!;
    const q = `${ALL}&shopId=${shop}&limit=25`;
    const first = await read('reportshippingorder', `${q}&page=1`);
    expect(first.maxpage).toBe(Math.ceil(first.total / 25));
    const seen = new Set<number>();
    for (let page = 1; page <= first.maxpage; page++) {
      const p = await read('reportshippingorder', `${q}&page=${page}`);
      expect(p.total).toBe(first.total);
      expect(p.totals).toEqual(first.totals);
      for (const i of p.items) seen.add(i.id);
    }
    expect(seen.size).toBe(first.total);
    expect((await read('reportshippingorder', `${q}&page=${first.maxpage + 1}`)).items).toEqual([]);
  });

  it('shipping: shipment, carrier and tracking with totals equal to direct SQL', async () => {
    const r = await read('reportshippingorder');
    const x = await one<
      Record<string, string>
    >(sql`select count(*) as n, count(shipped_at) as shipped, count(delivered_at) as delivered,
      count(*) filter (where status in ('paid', 'preparing', 'ready_to_ship')) as awaiting, sum(shipping_fee) as fees
      from orders where created_at >= ${FROM_TS}::timestamptz and created_at < ${TO_TS}::timestamptz`);
    expect(r.totals).toMatchObject({
      rows: Number(x.n),
      shipped: Number(x.shipped),
      delivered: Number(x.delivered),
      awaiting: Number(x.awaiting),
    });
    expect(r.totals.shippingFees).toBeCloseTo(Number(x.fees), 2);
    const kerry = await read('reportshippingorder', `${ALL}&transportType=kerry&limit=100`);
    const k = await one<{ n: string }>(
      sql`select count(*) as n from orders where transport_type = 'kerry' and created_at >= ${FROM_TS}::timestamptz and created_at < ${TO_TS}::timestamptz`,
    );
    expect(kerry.total).toBe(Number(k.n));
    expect(
      kerry.items.every(
        (i: { transportType: string; trackingNo: string }) =>
          i.transportType === 'kerry' && /^TH\d+/.test(i.trackingNo),
      ),
    ).toBe(true);
    const pickup = await read('reportshippingorder', `${ALL}&shipment=pickup`);
    expect(pickup.chart.every((c: { key: string }) => c.key === 'own_truck' || c.key === 'none')).toBe(true);
  });

  it('air service: orders with an item in the Air Conditioners sub-category, by service', async () => {
    const r = await read('orderair', `${ALL}&limit=100`);
    const x = await one<
      Record<string, string>
    >(sql`select count(distinct o.id) as n, sum(oi.qty) as units, sum(oi.amount) as amount,
        count(distinct o.id) filter (where o.shipment = 'install') as installs
      from orders o join order_items oi on oi.order_id = o.id join products p on p.id = oi.product_id join master_data m on m.id = p.level2_id
      where m.code = 'air_air_conditioners' and o.created_at >= ${FROM_TS}::timestamptz and o.created_at < ${TO_TS}::timestamptz`);
    expect(Number(x.n)).toBeGreaterThan(5);
    expect(r.totals).toMatchObject({ rows: Number(x.n), units: Number(x.units), installations: Number(x.installs) });
    expect(r.totals.amount).toBeCloseTo(Number(x.amount), 2);
    expect(r.items.every((i: { shopName: string }) => i.shopName === 'CoolAir Climate Solutions')).toBe(true);
    const installs = await read('orderair', `${ALL}&service=install`);
    expect(installs.total).toBe(Number(x.installs));
    expect(installs.items.every((i: { service: string }) => i.service === 'install')).toBe(true);
  });

  it("coupon redemptions and coupon lines' usage equal direct SQL", async () => {
    const c = await read('reportcupon', `${ALL}&limit=100`);
    const x = await one<
      Record<string, string>
    >(sql`select count(*) as n, sum(discount) as discount, count(distinct customer) as customers from coupon_redemptions
      where redeemed_at >= ${FROM_TS}::timestamptz and redeemed_at < ${TO_TS}::timestamptz`);
    expect(Number(x.n)).toBeGreaterThan(5);
    expect(c.totals).toMatchObject({ rows: Number(x.n), customers: Number(x.customers) });
    expect(c.totals.discount).toBeCloseTo(Number(x.discount), 2);
    expect(c.items[0]).toMatchObject({
      code: expect.stringMatching(/^WELCOME/),
      batchName: expect.stringContaining('welcome'),
      orderNo: expect.any(String),
    });
    const shop = shops.get('HomeBase Essentials')!;
    const own = await read('reportcupon', `${ALL}&shopId=${shop}`);
    const y = await one<{
      n: string;
    }>(sql`select count(*) as n from coupon_redemptions r join orders o on o.id = r.order_id where o.shop_id = ${shop}
      and r.redeemed_at >= ${FROM_TS}::timestamptz and r.redeemed_at < ${TO_TS}::timestamptz`);
    expect(own.total).toBe(Number(y.n));

    const u = await read('reportpromotiononline');
    const b = await one<Record<string, string>>(sql`select count(*) as n, sum(code_count) as codes from coupon_batches
      where starts_at < ${TO_TS}::timestamptz and (ends_at is null or ends_at >= ${FROM_TS}::timestamptz)`);
    expect(u.totals).toMatchObject({ rows: Number(b.n), codeCount: Number(b.codes), redemptions: Number(x.n) });
    expect(u.totals.discount).toBeCloseTo(Number(x.discount), 2);
    const welcome = u.items.find((i: { prefix: string }) => i.prefix === 'WELCOME');
    expect(welcome.codesUsed).toBe(welcome.redemptions);
    expect((await read('reportpromotiononline', `${ALL}&status=closed`)).total).toBe(0);
  });

  it('product promotions: products in a flash sale, home-sale group or trade-in during the range', async () => {
    const r = await read('reportproductpromotion', `${ALL}&limit=100`);
    const overlaps = (tbl: string) =>
      sql.raw(
        `${tbl}.starts_at < '${TO_TS}'::timestamptz and (${tbl}.ends_at is null or ${tbl}.ends_at >= '${FROM_TS}'::timestamptz)`,
      );
    const x = await one<{ n: string }>(sql`select count(*) as n from (
      select product_id from flash_sales f where ${overlaps('f')}
      union select l.product_id from home_sale_links l join home_sale_groups g on g.id = l.group_id where l.active and g.active and ${overlaps('g')}
      union select x.product_id from old_for_new_products x join old_for_new_campaigns k on k.id = x.campaign_id where ${overlaps('k')}) p`);
    const f = await one<{ n: string }>(sql`select count(*) as n from flash_sales f where ${overlaps('f')}`);
    expect(Number(x.n)).toBeGreaterThan(3);
    expect(r.totals.rows).toBe(Number(x.n));
    expect(r.totals.flashSales).toBe(Number(f.n));
    const flash = await read('reportproductpromotion', `${ALL}&kind=flashsale`);
    expect(flash.items.every((i: { flashSales: number }) => i.flashSales > 0)).toBe(true);
    expect(r.chart.map((c: { key: string }) => c.key)).toEqual(['flashsale', 'homesale', 'tradein']);
    const codes = r.items.map((i: { code: string }) => i.code);
    expect([...codes].sort()).toEqual(codes);
  });

  it('reviews: count, average rating and the rating chart equal direct SQL; filters by status and rating', async () => {
    const r = await read('reportreview');
    const x = await one<
      Record<string, string>
    >(sql`select count(*) as n, avg(rating) as avg, count(replied_at) as replied, count(*) filter (where status = 'hidden') as hidden
      from product_reviews where created_at >= ${FROM_TS}::timestamptz and created_at < ${TO_TS}::timestamptz`);
    expect(Number(x.n)).toBeGreaterThan(30);
    expect(r.totals).toMatchObject({ rows: Number(x.n), replied: Number(x.replied), hidden: Number(x.hidden) });
    expect(r.totals.averageRating).toBeCloseTo(Number(x.avg), 2);
    expect(r.chart.map((c: { key: string }) => c.key)).toEqual(['1', '2', '3', '4', '5']);
    expect(r.chart.reduce((s: number, c: { value: number }) => s + c.value, 0)).toBe(r.total);
    const ones = await read('reportreview', `${ALL}&rating=1&limit=100`);
    expect(ones.total).toBe(r.chart[0].value);
    expect(ones.items.every((i: { rating: number }) => i.rating === 1)).toBe(true);
    expect((await read('reportreview', `${ALL}&status=hidden`)).total).toBe(Number(x.hidden));
  });

  it('product status: counts by approval state, online and stock equal direct SQL', async () => {
    const r = await read('reporttstatusproduct');
    const x = await one<
      Record<string, string>
    >(sql`select count(*) as n, count(*) filter (where approval_status = 'approved') as approved,
      count(*) filter (where approval_status = 'pending') as pending, count(*) filter (where online) as online, coalesce(sum(stock), 0) as stock
      from products where created_at >= ${FROM_TS}::timestamptz and created_at < ${TO_TS}::timestamptz`);
    expect(r.totals).toMatchObject({
      rows: Number(x.n),
      approved: Number(x.approved),
      pending: Number(x.pending),
      online: Number(x.online),
      stock: Number(x.stock),
    });
    const online = await read('reporttstatusproduct', `${ALL}&online=true&status=approved&limit=100`);
    expect(online.total).toBe(Number(x.online));
    expect(online.items.every((i: { online: boolean; status: string }) => i.online && i.status === 'approved')).toBe(
      true,
    );
  });

  it('new products: submissions of the new-product flow in the range, by state and shop, equal direct SQL', async () => {
    const r = await read('reportnewproduct', `${ALL}&limit=100`);
    const where = sql`is_new and submitted_at >= ${FROM_TS}::timestamptz and submitted_at < ${TO_TS}::timestamptz`;
    const x = await one<Record<string, string>>(sql`select count(*) as n,
      count(*) filter (where approval_status = 'pending') as pending, count(*) filter (where approval_status = 'rejected') as rejected,
      count(*) filter (where approval_status = 'draft') as draft, count(distinct shop_id) as shops from products where ${where}`);
    expect(Number(x.n)).toBeGreaterThan(0);
    expect(r.totals).toMatchObject({
      rows: Number(x.n),
      pending: Number(x.pending),
      rejected: Number(x.rejected),
      draft: 0,
      shops: Number(x.shops),
    });
    expect(r.total).toBe(Number(x.n));
    // A draft never submitted is not a submission; the latest submission comes first.
    const submitted = r.items.map((i: { submittedAt: string }) => i.submittedAt);
    expect(submitted.every(Boolean)).toBe(true);
    expect([...submitted].sort().reverse()).toEqual(submitted);
    expect(r.chart.reduce((s: number, c: { value: number }) => s + c.value, 0)).toBe(r.total);

    const rejected = await read('reportnewproduct', `${ALL}&status=rejected&limit=100`);
    expect(rejected.total).toBe(Number(x.rejected));
    expect(rejected.items.every((i: { status: string }) => i.status === 'rejected')).toBe(true);
    const [{ shop_id: shopId, n }] = await queryRows<{ shop_id: number; n: string }>(
      t.app.db,
      sql`select shop_id, count(*) as n from products where ${where} group by 1 order by 2 desc, 1 limit 1`,
    );
    const oneShop = await read('reportnewproduct', `${ALL}&shopId=${shopId}&limit=100`);
    expect(oneShop.total).toBe(Number(n));
    expect(new Set(oneShop.items.map((i: { shopName: string }) => i.shopName)).size).toBe(1);
  });

  it('lets admin read every report; 401 without a token, 403 for the editor and suppliers', async () => {
    const editor = await t.headers('editor');
    const supplier = await t.headers('supplier1');
    for (const name of NAMES) {
      const url = `${R}/${name}?${ALL}`;
      expect((await get(url)).statusCode, name).toBe(200);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, name).toBe(401);
      expect((await get(url, editor)).statusCode, name).toBe(403);
      expect((await get(url, supplier)).statusCode, name).toBe(403);
      expect((await get(`${url}&format=csv`, supplier)).statusCode, name).toBe(403);
    }
  });

  it('refuses bad input with a 400 naming the field; an unknown shop is a 404', async () => {
    const bad = async (query: string, field: string, words: RegExp) => {
      const res = await get(`${R}/reporttrackorder?${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json();
      expect(
        body.errors.map((e: { field: string }) => e.field),
        query,
      ).toContain(field);
      expect(body.message, query).toMatch(words);
    };
    await bad('dateFrom=2026-11-02&dateTo=2026-11-01', 'dateTo', /on or after dateFrom/);
    await bad('dateFrom=2024-01-01&dateTo=2026-01-01', 'dateTo', /at most 2 years/);
    await bad('dateTo=2026-11-01', 'dateFrom', /required/);
    await bad('dateFrom=2026-13-01&dateTo=2026-11-01', 'dateFrom', /date/);
    await bad(`${ALL}&limit=500`, 'limit', /at most 100/);
    await bad(`${ALL}&status=lost`, 'status', /one of/);
    await bad(`${ALL}&colour=red`, 'colour', /not an allowed/);
    await bad(`${ALL}&format=xlsx`, 'format', /one of/);
    expect((await get(`${R}/reporttrackorder?dateFrom=2024-01-01&dateTo=2025-12-31`)).statusCode).toBe(200);
    for (const name of NAMES) {
      const res = await get(`${R}/${name}?dateFrom=2026-11-02&dateTo=2026-11-01&format=csv`);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors[0].field).toBe('dateTo');
    }
    const missing = await get(`${R}/reportreview?${ALL}&shopId=999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 404, message: 'Shop not found' });
  });

  it('exports the whole filter of every report as CSV: a header, one line per row, the same totals', async () => {
    for (const name of NAMES) {
      const page = await read(name);
      const res = await get(`${R}/${name}?${ALL}&format=csv&page=3&limit=5`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/attachment; filename=".+\.csv"/);
      expect(res.headers['x-export-rows']).toBe(String(page.total));
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      const rows = parseCsv(res.body);
      expect(rows.length, name).toBe(page.total + 1);
      expect(
        rows.every((r) => r.length === rows[0].length),
        name,
      ).toBe(true);
    }
    const csv = parseCsv((await get(`${R}/reporttrackorder?${ALL}&format=csv`)).body);
    expect(csv[0].slice(0, 3)).toEqual(['order_no', 'created_at', 'shop_name']);
    const page = await read('reporttrackorder');
    // Same order as the screen; times in Bangkok wall-clock time.
    expect(csv[1][0]).toBe(page.items[0].orderNo);
    expect(csv[1][1]).toBe(bangkokTime(page.items[0].createdAt));
  });

  it('writes formula-looking text with a leading quote in report, order and product exports', async () => {
    const [p] = await queryRows<{ id: number; shop_id: number }>(
      t.app.db,
      sql`select id, shop_id from products order by id limit 1`,
    );
    await t.app.db
      .execute(sql`insert into product_reviews (product_id, shop_id, customer_name, rating, title, body, created_at)
      values (${p.id}, ${p.shop_id}, '+66812345678', 1, '=HYPERLINK("http://evil.example","click")', '@SUM(1+1)', '2026-11-20T03:00:00Z')`);
    const csv = parseCsv((await get(`${R}/reportreview?dateFrom=2026-11-20&dateTo=2026-11-20&format=csv`)).body);
    const row = csv.find((r) => r.includes("'+66812345678"))!;
    expect(row).toBeDefined();
    expect(row).toContain('\'=HYPERLINK("http://evil.example","click")');
    expect(row).toContain("'@SUM(1+1)");
    await t.app.db.execute(
      sql`update orders set customer_name = '-1+cmd|'' /C calc''!A0' where id = (select min(id) from orders)`,
    );
    const orders = (await get('/api/order/exportorders')).body;
    expect(orders).toContain("'-1+cmd|' /C calc'!A0");
    await t.app.db.execute(sql`update products set name = '=1+2', code = '@A1' where id = ${p.id}`);
    const products = parseCsv((await get('/api/product/exportcsv')).body);
    expect(products.find((r) => r[0] === "'@A1")).toContain("'=1+2");
  });

  it(`streams more than one batch (${EXPORT_BATCH} rows) without losing or repeating rows that tie on the sort key`, async () => {
    const [s] = await queryRows<{ id: number }>(t.app.db, sql`select id from shops where name = 'HomeBase Essentials'`);
    const n = EXPORT_BATCH * 2 + 321;
    // Every row at the same instant: only the id separates them across batch boundaries.
    await t.app.db
      .execute(sql`insert into orders (shop_id, order_no, customer_name, channel, status, total, created_at, updated_at)
      select ${s.id}, 'EXP' || lpad(g::text, 6, '0'), 'Export Probe', 'web', 'paid', 100, '2026-11-15T05:00:00.123456Z', '2026-11-15T05:00:00Z'
      from generate_series(1, ${n}) g`);
    const res = await get(`${R}/reporttrackorder?dateFrom=2026-11-15&dateTo=2026-11-15&shopId=${s.id}&format=csv`);
    const rows = parseCsv(res.body)
      .slice(1)
      .filter((r) => r[0].startsWith('EXP'));
    expect(rows).toHaveLength(n);
    expect(new Set(rows.map((r) => r[0])).size).toBe(n);
    // The order export streams through the same helper.
    const orders = parseCsv(
      (await get(`/api/order/exportorders?shopId=${s.id}&dateFrom=2026-11-15&dateTo=2026-11-15`)).body,
    );
    expect(orders.slice(1).filter((r) => r[0].startsWith('EXP'))).toHaveLength(n);
  });

  it("stops reading when the client cancels: the cursor's transaction ends and the next request is served", async () => {
    const [s] = await queryRows<{ id: number }>(t.app.db, sql`select id from shops where name = 'Siam Tile & Bath'`);
    // Several megabytes of CSV: more than the socket and the stream buffers hold, so the export is still reading when cancelled.
    await t.app.db
      .execute(sql`insert into orders (shop_id, order_no, customer_name, channel, status, total, created_at, updated_at)
      select ${s.id}, 'CAN' || lpad(g::text, 6, '0'), repeat('Cancel Probe ', 8), 'web', 'paid', 100, '2026-12-02T05:00:00Z'::timestamptz + g * interval '1 ms', now()
      from generate_series(1, 20000) g`);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const res = await fetch(
      `${base}${R}/reporttrackorder?dateFrom=2026-12-02&dateTo=2026-12-02&shopId=${s.id}&format=csv`,
      { headers: admin, signal: abort.signal },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-export-rows')).toBe('20000');
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.value!.byteLength).toBeGreaterThan(0);
    abort.abort();
    await reader.cancel().catch(() => undefined);
    if (t.kind === 'postgres') {
      // No session left inside the export's transaction.
      await expect
        .poll(
          async () =>
            Number(
              (
                await one<{ n: string }>(sql`select count(*) as n from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%'`)
              ).n,
            ),
          { timeout: 10_000 },
        )
        .toBe(0);
    }
    const after = await get(`${R}/reporttrackorder?dateFrom=2026-12-02&dateTo=2026-12-02&shopId=${s.id}&limit=1`);
    expect(after.statusCode).toBe(200);
    expect(after.json().total).toBe(20000);
    // The cancelled socket would otherwise hold the app's close until its keep-alive times out.
    t.app.server.closeAllConnections();
  });
});
