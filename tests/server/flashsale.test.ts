/**
 * Flash sales, coupon lines and the calendar events feed (docs/api/flashsale.md, coupons.md, calendar.md): the rules of a
 * sale (price, stock, window, no overlap for one product, also when created at once), its report from
 * real orders (inserted with SQL as the demo seed does: the server has no order-placing function yet),
 * coupon batches and their codes, the code check and redemption (exactly once under concurrency),
 * the calendar's range and kinds per role. Admin only; the editor and suppliers get 403.
 */
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { caller, expectFieldError as fieldError, ok, type Res } from '../support/answers.js';
import {
  auditLog,
  bannerTypes,
  banners,
  campaigns,
  couponBatches,
  couponCodes,
  couponRedemptions,
  flashSales,
  homeSaleGroups,
  orderItems,
  orders,
  products,
  shops,
} from '../../server/src/db/schema.js';
import { insertCodes } from '../../server/src/modules/coupons/codes.js';
import { discountOf, redeemCoupon } from '../../server/src/modules/coupons/redeem.js';
import { accessFor } from '../../server/src/auth/access.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const P = '/api/promotion';
const CODE = /^[A-Z0-9]+-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;

describe.each(dbKinds())('flash sales, coupon lines and calendar events (%s)', (kind) => {
  let t: TestApp;
  let adminId: number;
  /** Approved, online products with no flash sale yet, each test takes its own. */
  let free: { id: number; shopId: number; price: number; name: string; code: string }[];
  let orderSeq = 0;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    [{ id: adminId }] = await t.app.db
      .execute(sql`select id from users where username = 'admin'`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    free = (
      await t.app.db
        .select({
          id: products.id,
          shopId: products.shopId,
          price: products.price,
          name: products.name,
          code: products.code,
        })
        .from(products)
        .where(
          and(
            eq(products.approvalStatus, 'approved'),
            eq(products.online, true),
            notExists(
              t.app.db.select({ id: flashSales.id }).from(flashSales).where(eq(flashSales.productId, products.id)),
            ),
          ),
        )
        .orderBy(asc(products.id))
    ).map((p) => ({ ...p, price: Number(p.price) }));
    expect(free.length).toBeGreaterThan(12);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = caller(() => t);
  const expectFieldError = (res: Res, field: string, words?: RegExp) => fieldError(res, field, { words, nested: true });

  const expectConflict = (res: Res, words: RegExp) => {
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, message: expect.stringMatching(words) });
  };
  const take = () => free.shift()!;
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  const auditOf = (entity: string, id: number) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id));

  /** An order of `qty` units of the product created at `createdAt`, inserted as the demo seed does. */
  const placeOrder = async (
    p: { id: number; shopId: number; name: string; code: string },
    qty: number,
    createdAt: Date,
    status = 'paid',
    unitPrice = 100,
  ) => {
    orderSeq += 1;
    const [o] = await t.app.db
      .insert(orders)
      .values({
        shopId: p.shopId,
        orderNo: `T${kind[0]}${Date.now()}${orderSeq}`,
        customerName: 'Test Customer',
        channel: 'web',
        status,
        itemCount: 1,
        subtotal: (unitPrice * qty).toFixed(2),
        total: (unitPrice * qty).toFixed(2),
        createdAt,
      })
      .returning({ id: orders.id });
    await t.app.db.insert(orderItems).values({
      orderId: o.id,
      productId: p.id,
      productCode: p.code,
      productName: p.name,
      qty,
      unitPrice: unitPrice.toFixed(2),
      amount: (unitPrice * qty).toFixed(2),
    });
    return o.id;
  };

  describe('flash sales', () => {
    const set = (body: object, user = 'admin') => call(user, 'POST', `${P}/setproductflashsale`, body);
    const saleBody = (p: { id: number; price: number }, extra: object = {}) => ({
      productId: p.id,
      salePrice: Math.floor(p.price * 0.8),
      stockLimit: 10,
      startsAt: at(2 * DAY),
      endsAt: at(3 * DAY),
      timezone: 'Asia/Bangkok',
      ...extra,
    });

    it('lists the approved, online products a sale can be set for, with their price', async () => {
      const all = ok(await call('admin', 'GET', `${P}/listSelectProductFlashsale?limit=100`));
      expect(all.total).toBeGreaterThan(20);
      const ids = all.items.map((p: { id: number }) => p.id);
      const rows = await t.app.db
        .select()
        .from(products)
        .where(sql`${products.id} in ${ids}`);
      expect(rows.every((r) => r.approvalStatus === 'approved' && r.online)).toBe(true);
      const [hidden] = await t.app.db
        .select()
        .from(products)
        .where(sql`not (${products.approvalStatus} = 'approved' and ${products.online})`)
        .limit(1);
      const search = ok(
        await call('admin', 'GET', `${P}/listSelectProductFlashsale?search=${encodeURIComponent(hidden.code)}`),
      );
      expect(search.items).toEqual([]);
      const one = free[0];
      const found = ok(
        await call(
          'admin',
          'GET',
          `${P}/listSelectProductFlashsale?search=${encodeURIComponent(one.code)}&shopId=${one.shopId}`,
        ),
      );
      expect(found.items[0]).toMatchObject({ id: one.id, code: one.code, price: one.price, shopId: one.shopId });
      expect(found.items[0].shopName).toEqual(expect.any(String));
      expect(
        await call('admin', 'GET', `${P}/listSelectProductFlashsale?shopId=999999`).then((r) => [
          r.statusCode,
          r.json(),
        ]),
      ).toEqual([404, { status: 404, message: 'Shop not found' }]);
    });

    it('creates a sale below the price, audited, and lists it as scheduled', async () => {
      const p = take();
      const res = ok(await set(saleBody(p, { salePrice: p.price - 0.01 })));
      expect(res).toMatchObject({ status: 200, message: 'Flash sale created.' });
      expect(res.data).toMatchObject({
        productId: p.id,
        shopId: p.shopId,
        salePrice: p.price - 0.01,
        normalPrice: p.price,
        stockLimit: 10,
        status: 'scheduled',
        timezone: 'Asia/Bangkok',
        closedAt: null,
        createdByName: expect.any(String),
      });
      const [row] = await auditOf('flash_sale', res.data.id);
      expect(row).toMatchObject({ action: 'create', actorId: adminId });
      const list = ok(await call('admin', 'GET', `${P}/productflashsale?productId=${p.id}`));
      expect(list).toMatchObject({ total: 1, maxpage: 1 });
      expect(list.items[0]).toEqual(res.data);
      const scheduled = ok(await call('admin', 'GET', `${P}/productflashsale?status=scheduled&limit=100`));
      expect(scheduled.items.map((s: { id: number }) => s.id)).toContain(res.data.id);
      const live = ok(await call('admin', 'GET', `${P}/productflashsale?status=live&limit=100`));
      expect(live.items.map((s: { id: number }) => s.id)).not.toContain(res.data.id);
    });

    it('refuses a bad sale, naming the field, and stores nothing', async () => {
      const p = take();
      const before = await t.app.db.select().from(flashSales).where(eq(flashSales.productId, p.id));
      expectFieldError(await set(saleBody(p, { salePrice: p.price })), 'salePrice', /below the product's price/);
      expectFieldError(await set(saleBody(p, { salePrice: p.price + 10 })), 'salePrice');
      expectFieldError(await set(saleBody(p, { salePrice: 1.005 })), 'salePrice', /2 decimals/);
      expectFieldError(await set(saleBody(p, { stockLimit: 0 })), 'stockLimit');
      expectFieldError(await set(saleBody(p, { stockLimit: 2.5 })), 'stockLimit');
      expectFieldError(await set(saleBody(p, { endsAt: null })), 'endsAt', /needs an end/);
      expectFieldError(await set(saleBody(p, { endsAt: at(DAY) })), 'endsAt', /after startsAt/);
      expectFieldError(await set(saleBody(p, { timezone: 'Mars/Olympus' })), 'timezone');
      expectFieldError(await set(saleBody(p, { startsAt: 'tomorrow' })), 'startsAt');
      expectFieldError(await set(saleBody(p, { startsAt: at(-HOUR) })), 'startsAt', /in the past/);
      expectFieldError(await set({ ...saleBody(p), productId: 999999 }), 'productId', /does not exist/);
      const { productId: _drop, ...noProduct } = saleBody(p);
      expectFieldError(await set(noProduct), 'productId', /required/);
      expectFieldError(await set({ ...saleBody(p), discount: 5 }), 'discount', /not an allowed property/);
      const [offline] = await t.app.db.select().from(products).where(eq(products.online, false)).limit(1);
      expectFieldError(
        await set({ ...saleBody(p), productId: offline.id, salePrice: 1 }),
        'productId',
        /approved and online/,
      );
      expect(await t.app.db.select().from(flashSales).where(eq(flashSales.productId, p.id))).toEqual(before);
    });

    it("never lets one product's windows overlap, naming the sale it overlaps; windows that touch are fine", async () => {
      const p = take();
      const first = ok(await set(saleBody(p, { startsAt: at(10 * DAY), endsAt: at(12 * DAY) }))).data;
      const overlap = await set(saleBody(p, { startsAt: at(11 * DAY), endsAt: at(13 * DAY) }));
      expectFieldError(overlap, 'startsAt', new RegExp(`overlaps flash sale #${first.id} of `));
      expectFieldError(
        await set(saleBody(p, { startsAt: at(9 * DAY), endsAt: at(13 * DAY) })),
        'startsAt',
        new RegExp(`#${first.id}`),
      );
      ok(await set(saleBody(p, { startsAt: first.endsAt, endsAt: at(14 * DAY) })));
      ok(await set(saleBody(p, { startsAt: at(8 * DAY), endsAt: first.startsAt })));
      // Another product may sell in the same window.
      ok(await set(saleBody(take(), { startsAt: at(10 * DAY), endsAt: at(12 * DAY) })));
    });

    it('lets exactly one of several concurrent creates for one product and window through', async () => {
      const p = take();
      const body = saleBody(p, { startsAt: at(20 * DAY), endsAt: at(21 * DAY) });
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => set({ ...body, stockLimit: i + 1 })));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
      for (const r of results.filter((x) => x.statusCode === 400))
        expectFieldError(r, 'startsAt', /overlaps flash sale #/);
      expect(await t.app.db.select().from(flashSales).where(eq(flashSales.productId, p.id))).toHaveLength(1);
    });

    it('changes a scheduled sale (not its product), refuses a live, ended or closed one with 409; closing is final', async () => {
      const p = take();
      const sale = ok(await set(saleBody(p))).data;
      const changed = ok(
        await set({ id: sale.id, salePrice: Math.floor(p.price * 0.5), stockLimit: 3, endsAt: at(4 * DAY) }),
      );
      expect(changed).toMatchObject({
        message: 'Flash sale changed.',
        data: { id: sale.id, salePrice: Math.floor(p.price * 0.5), stockLimit: 3, startsAt: sale.startsAt },
      });
      expect((await auditOf('flash_sale', sale.id)).map((a) => a.action)).toEqual(['create', 'update']);
      expectFieldError(await set({ id: sale.id, productId: free[0].id }), 'productId', /cannot change/);
      expectFieldError(await set({ id: sale.id, salePrice: p.price }), 'salePrice');
      expect((await set({ id: 999999, stockLimit: 2 })).json()).toEqual({
        status: 404,
        message: 'Flash sale not found',
      });

      const closed = ok(await call('admin', 'POST', `${P}/closeproductflashsale`, { id: sale.id }));
      expect(closed).toMatchObject({
        message: 'Flash sale closed.',
        data: { id: sale.id, status: 'closed', closedAt: expect.any(String) },
      });
      expectConflict(await set({ id: sale.id, stockLimit: 5 }), /closed/);
      expectConflict(await call('admin', 'POST', `${P}/closeproductflashsale`, { id: sale.id }), /already closed/);
      expect((await auditOf('flash_sale', sale.id)).map((a) => a.action)).toEqual(['create', 'update', 'close']);
      // Its window is free again: a closed sale that never started sells nothing.
      ok(await set(saleBody(p)));

      const q = take();
      const live = ok(await set(saleBody(q, { startsAt: at(-60_000), endsAt: at(DAY) }))).data;
      expect(live.status).toBe('live');
      expectConflict(await set({ id: live.id, stockLimit: 5 }), /has started/);
      const r = take();
      const [ended] = await t.app.db
        .insert(flashSales)
        .values({
          productId: r.id,
          shopId: r.shopId,
          salePrice: '1.00',
          normalPrice: r.price.toFixed(2),
          stockLimit: 1,
          startsAt: new Date(Date.now() - 3 * DAY),
          endsAt: new Date(Date.now() - 2 * DAY),
        })
        .returning();
      expectConflict(await set({ id: ended.id, stockLimit: 5 }), /has ended/);
      expectConflict(await call('admin', 'POST', `${P}/closeproductflashsale`, { id: ended.id }), /already ended/);
      expect(await auditOf('flash_sale', ended.id)).toEqual([]);
    });

    it('reports units sold (capped at the stock limit), revenue and discount from orders placed in the window and not cancelled', async () => {
      const p = take();
      const other = take();
      const salePrice = Math.floor(p.price * 0.6);
      const sale = ok(
        await set(saleBody(p, { salePrice, stockLimit: 8, startsAt: at(HOUR), endsAt: at(6 * HOUR) })),
      ).data;
      const start = Date.parse(sale.startsAt);
      await placeOrder(p, 2, new Date(start + 10 * 60_000));
      await placeOrder(p, 3, new Date(start + 20 * 60_000), 'cancelled');
      await placeOrder(p, 5, new Date(start - 60_000));
      await placeOrder(p, 7, new Date(Date.parse(sale.endsAt)));
      await placeOrder(other, 4, new Date(start + 30 * 60_000));
      await placeOrder(p, 10, new Date(start + HOUR), 'delivered');

      const report = ok(await call('admin', 'GET', `${P}/reportproductflashsale?id=${sale.id}`));
      expect(report.items).toHaveLength(1);
      expect(report.items[0]).toMatchObject({
        id: sale.id,
        orderCount: 2,
        unitsOrdered: 12,
        unitsSold: 8,
        revenue: 8 * salePrice,
        discount: 8 * (p.price - salePrice),
      });
      expect(report.totals).toEqual({
        sales: 1,
        orderCount: 2,
        unitsSold: 8,
        revenue: 8 * salePrice,
        discount: 8 * (p.price - salePrice),
      });

      // Closed early: orders after the close are not the sale's.
      const q = take();
      const early = ok(
        await set(saleBody(q, { salePrice: q.price - 1, stockLimit: 50, startsAt: at(-60_000), endsAt: at(DAY) })),
      ).data;
      await placeOrder(q, 1, new Date(Date.now() - 30_000));
      ok(await call('admin', 'POST', `${P}/closeproductflashsale`, { id: early.id }));
      await placeOrder(q, 4, new Date(Date.now() + HOUR));
      const after = ok(await call('admin', 'GET', `${P}/reportproductflashsale?id=${early.id}`)).items[0];
      expect(after).toMatchObject({ status: 'closed', orderCount: 1, unitsSold: 1, revenue: q.price - 1, discount: 1 });

      // The seeded sale that ended: its report shows the seeded orders.
      const past = ok(await call('admin', 'GET', `${P}/reportproductflashsale?status=expired&limit=100`));
      expect(past.items.some((s: { unitsSold: number; revenue: number }) => s.unitsSold > 0 && s.revenue > 0)).toBe(
        true,
      );
      expect(past.totals.sales).toBe(past.total);
    });

    it('filters and sorts the list; refuses an unknown shop, a bad sort or filter', async () => {
      const [shop] = await t.app.db.select().from(shops).where(eq(shops.name, 'CoolAir Climate Solutions'));
      const byShop = ok(await call('admin', 'GET', `${P}/productflashsale?shopId=${shop.id}&limit=100`));
      expect(byShop.total).toBeGreaterThan(0);
      expect(byShop.items.every((s: { shopId: number }) => s.shopId === shop.id)).toBe(true);
      const sorted = ok(
        await call('admin', 'GET', `${P}/productflashsale?sort=salePrice&order=asc&limit=100`),
      ).items.map((s: { salePrice: number }) => s.salePrice);
      expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
      const name = byShop.items[0].productName as string;
      const found = ok(
        await call(
          'admin',
          'GET',
          `${P}/productflashsale?search=${encodeURIComponent(name.slice(0, 12).toLowerCase())}`,
        ),
      );
      expect(
        found.items.every((s: { productName: string; productCode: string }) =>
          s.productName.toLowerCase().includes(name.slice(0, 12).toLowerCase()),
        ),
      ).toBe(true);
      const window = ok(
        await call(
          'admin',
          'GET',
          `${P}/productflashsale?from=${encodeURIComponent(at(3650 * DAY))}&to=${encodeURIComponent(at(3651 * DAY))}`,
        ),
      );
      expect(window.total).toBe(0);
      expect((await call('admin', 'GET', `${P}/productflashsale?shopId=999999`)).json()).toEqual({
        status: 404,
        message: 'Shop not found',
      });
      expectFieldError(await call('admin', 'GET', `${P}/productflashsale?order=desc`), 'order');
      expectFieldError(await call('admin', 'GET', `${P}/productflashsale?sort=price`), 'sort');
      expectFieldError(await call('admin', 'GET', `${P}/productflashsale?status=running`), 'status');
    });

    it('is admin only: the editor and suppliers get 403 and change nothing', async () => {
      const p = free[0];
      const count = async () => (await t.app.db.select().from(flashSales)).length;
      const before = await count();
      for (const user of ['editor', 'supplier1']) {
        for (const [method, url, body] of [
          ['GET', `${P}/productflashsale`],
          ['GET', `${P}/listSelectProductFlashsale`],
          ['GET', `${P}/reportproductflashsale`],
          ['POST', `${P}/setproductflashsale`, saleBody(p)],
          ['POST', `${P}/closeproductflashsale`, { id: 1 }],
        ] as ['GET' | 'POST', string, object?][]) {
          const res = await call(user, method, url, body);
          expect(res.statusCode, `${user} ${url}`).toBe(403);
        }
      }
      expect(await count()).toBe(before);
    });
  });

  describe('coupon lines', () => {
    const B = '/api/v2/coupon-batches';
    const batchBody = (extra: object = {}) => ({
      name: 'LINE test batch',
      prefix: 'line',
      discountType: 'percent',
      discountValue: 10,
      maxDiscount: 500,
      minSpend: 1000,
      codeCount: 50,
      usesPerCode: 1,
      usesPerCustomer: 1,
      startsAt: at(-HOUR),
      endsAt: at(30 * DAY),
      timezone: 'Asia/Bangkok',
      ...extra,
    });
    const create = async (extra: object = {}) => ok(await call('admin', 'POST', B, batchBody(extra)), 201);
    const codesOf = async (batchId: number) =>
      (
        await t.app.db.select().from(couponCodes).where(eq(couponCodes.batchId, batchId)).orderBy(asc(couponCodes.id))
      ).map((c) => c.code);
    const check = (code: string, subtotal: number, customer = '0812345678', user = 'admin') =>
      call(user, 'POST', '/api/v2/coupon-checks', { code, subtotal, customer });
    const redeem = (code: string, orderId: number, customer: string, subtotal = 2000) =>
      t.app.db.transaction((tx) => redeemCoupon(tx, { code, orderId, customer, subtotal, actorId: adminId }));
    const newOrder = () => placeOrder(free[0], 1, new Date());

    it('creates a batch with unique, readable codes in one transaction, audited', async () => {
      const b = await create();
      expect(b).toMatchObject({
        name: 'LINE test batch',
        prefix: 'LINE',
        discountType: 'percent',
        discountValue: 10,
        maxDiscount: 500,
        minSpend: 1000,
        codeCount: 50,
        usesPerCode: 1,
        usesPerCustomer: 1,
        status: 'live',
        codesUsed: 0,
        redemptionCount: 0,
        createdByName: expect.any(String),
      });
      const codes = await codesOf(b.id);
      expect(codes).toHaveLength(50);
      expect(new Set(codes).size).toBe(50);
      for (const c of codes) {
        expect(c).toMatch(/^LINE-/);
        expect(c).toMatch(CODE);
      }
      expect((await auditOf('coupon_batch', b.id)).map((a) => a.action)).toEqual(['create']);
      expect(ok(await call('admin', 'GET', `${B}/${b.id}`))).toEqual(b);
      const list = await call('admin', 'GET', `${B}?name_like=line%20test&_start=0&_end=100`);
      expect(ok<{ id: number }[]>(list).map((x) => x.id)).toContain(b.id);
      expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
      const byCode = ok<{ id: number }[]>(await call('admin', 'GET', `${B}?code=${codes[3].toLowerCase()}`));
      expect(byCode.map((x) => x.id)).toEqual([b.id]);
    });

    it('draws a code again when it collides with one another batch holds', async () => {
      const a = await create({ prefix: 'DUP', codeCount: 1 });
      const [taken] = await codesOf(a.id);
      const [b] = await t.app.db
        .insert(couponBatches)
        .values({
          name: 'Collision',
          prefix: 'DUP',
          discountType: 'fixed',
          discountValue: '50.00',
          codeCount: 3,
          startsAt: new Date(),
        })
        .returning();
      const draws = [taken.slice(4), taken.slice(4), 'AAAAAAAA', taken.slice(4), 'BBBBBBBB', 'CCCCCCCC'];
      await t.app.db.transaction((tx) => insertCodes(tx, b.id, 'DUP', 3, () => draws.shift() ?? 'ZZZZZZZZ'));
      expect((await codesOf(b.id)).sort()).toEqual(['DUP-AAAAAAAA', 'DUP-BBBBBBBB', 'DUP-CCCCCCCC']);
      expect(await codesOf(a.id)).toEqual([taken]);
    });

    it('refuses a bad batch, naming the field, and stores nothing', async () => {
      const before = (await t.app.db.select().from(couponBatches)).length;
      const bad = async (extra: object, field: string, words?: RegExp) =>
        expectFieldError(await call('admin', 'POST', B, batchBody(extra)), field, words);
      await bad({ discountValue: 95 }, 'discountValue', /1 to 90/);
      await bad({ discountValue: 12.5 }, 'discountValue', /whole number/);
      await bad({ discountType: 'fixed', discountValue: 100 }, 'maxDiscount', /percent/);
      await bad({ discountType: 'fixed', discountValue: 100.001, maxDiscount: null }, 'discountValue', /2 decimals/);
      await bad({ discountType: 'gift' }, 'discountType');
      await bad({ prefix: 'A' }, 'prefix');
      await bad({ prefix: 'LINE-1' }, 'prefix');
      await bad({ codeCount: 0 }, 'codeCount');
      await bad({ codeCount: 10_001 }, 'codeCount');
      await bad({ usesPerCode: 0 }, 'usesPerCode');
      await bad({ minSpend: -1 }, 'minSpend');
      await bad({ name: '   ' }, 'name');
      await bad({ startsAt: at(-3 * DAY), endsAt: at(-DAY) }, 'endsAt', /past/);
      await bad({ endsAt: at(-2 * HOUR) }, 'endsAt', /after startsAt/);
      await bad({ timezone: 'Nowhere/City' }, 'timezone');
      await bad({ code: 'X' }, 'code', /not an allowed property/);
      expect((await t.app.db.select().from(couponBatches)).length).toBe(before);
    });

    it('lists codes paged and filtered, exports them as CSV with formula cells escaped; another id is a 404', async () => {
      const b = await create({ name: '=HYPERLINK("http://evil.example")', codeCount: 30, prefix: 'CSV' });
      const page = await call('admin', 'GET', `${B}/${b.id}/codes?_start=10&_end=20`);
      const rows = ok<{ code: string; usedCount: number; usesLeft: number }[]>(page);
      expect(rows).toHaveLength(10);
      expect(page.headers['x-total-count']).toBe('30');
      expect(rows.map((r) => r.code)).toEqual((await codesOf(b.id)).slice(10, 20));
      expect(rows[0]).toMatchObject({ usedCount: 0, usesLeft: 1 });
      const one = rows[0].code.slice(-5).toLowerCase();
      expect(
        ok<{ code: string }[]>(await call('admin', 'GET', `${B}/${b.id}/codes?code_like=${one}`)).map((r) => r.code),
      ).toContain(rows[0].code);
      expect(ok(await call('admin', 'GET', `${B}/${b.id}/codes?used=true`))).toEqual([]);
      expectFieldError(await call('admin', 'GET', `${B}/${b.id}/codes?_start=0&_end=500`), '_end');

      const csv = await call('admin', 'GET', `${B}/${b.id}/export`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(/attachment; filename="coupons-csv-\d+\.csv"/);
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe('code,batch,used,uses_left,valid_from,valid_until');
      expect(lines).toHaveLength(31);
      expect(lines[1]).toMatch(/^CSV-[A-Z0-9]{8},"'=HYPERLINK\(""http:\/\/evil\.example""\)",0,1,/);

      for (const url of [
        `${B}/999999`,
        `${B}/999999/codes`,
        `${B}/999999/export`,
        `${B}/999999/report`,
        `${B}/999999/redemptions`,
      ]) {
        expect((await call('admin', 'GET', url)).json(), url).toEqual({
          status: 404,
          message: 'Coupon batch not found',
        });
      }
      expect((await call('admin', 'POST', `${B}/999999/close`, {})).json()).toEqual({
        status: 404,
        message: 'Coupon batch not found',
      });
    });

    it('checks a code: the discount it gives, or a 400 naming code with the reason', async () => {
      const b = await create({ prefix: 'CHK', codeCount: 3, usesPerCode: 5, usesPerCustomer: 1 });
      const [code, code2] = await codesOf(b.id);
      const res = ok(await check(`  ${code.toLowerCase()} `, 3000));
      expect(res).toEqual({
        code,
        batchId: b.id,
        batchName: 'LINE test batch',
        discountType: 'percent',
        discountValue: 10,
        maxDiscount: 500,
        subtotal: 3000,
        discount: 300,
        total: 2700,
      });
      expect(ok(await check(code, 9000)).discount).toBe(500);
      expectFieldError(await check('NOPE-23456789', 3000), 'code', /does not exist/);
      expectFieldError(await check(code, 999.99), 'code', /at least 1,000\.00 THB/);
      expectFieldError(await check(code, 3000, 'not a customer'), 'customer');

      // Used by this customer (once per customer), however the phone number is written; another customer may.
      await redeem(code, await newOrder(), '+66 81 234 5678');
      expectFieldError(await check(code2, 3000, '081-234-5678'), 'code', /This customer has already used/);
      expect(ok(await check(code2, 3000, 'Somchai@Example.com')).discount).toBe(300);

      const fixed = await create({
        prefix: 'FIX',
        codeCount: 1,
        discountType: 'fixed',
        discountValue: 150,
        maxDiscount: null,
        minSpend: 0,
      });
      const [f] = await codesOf(fixed.id);
      expect(ok(await check(f, 100)).discount).toBe(100);
      expect(ok(await check(f, 1000)).discount).toBe(150);
      await redeem(f, await newOrder(), 'a@example.com');
      expectFieldError(await check(f, 1000, 'b@example.com'), 'code', /used up/);

      const later = await create({ prefix: 'SOON', codeCount: 1, startsAt: at(DAY), endsAt: at(2 * DAY) });
      expectFieldError(await check((await codesOf(later.id))[0], 3000), 'code', /not valid yet/);
      const [old] = await t.app.db
        .insert(couponBatches)
        .values({
          name: 'Old',
          prefix: 'OLD',
          discountType: 'fixed',
          discountValue: '50.00',
          codeCount: 1,
          startsAt: new Date(Date.now() - 3 * DAY),
          endsAt: new Date(Date.now() - DAY),
        })
        .returning();
      await insertCodes(t.app.db as never, old.id, 'OLD', 1);
      expectFieldError(await check((await codesOf(old.id))[0], 3000), 'code', /expired/);

      const closing = await create({ prefix: 'CLOSE', codeCount: 1 });
      const closed = ok(await call('admin', 'POST', `${B}/${closing.id}/close`, {}));
      expect(closed).toMatchObject({ id: closing.id, status: 'closed' });
      expectConflict(await call('admin', 'POST', `${B}/${closing.id}/close`, {}), /already closed/);
      expect((await auditOf('coupon_batch', closing.id)).map((a) => a.action)).toEqual(['create', 'close']);
      expectFieldError(await check((await codesOf(closing.id))[0], 3000), 'code', /closed batch/);
      const closedList = ok<{ id: number }[]>(await call('admin', 'GET', `${B}?status=closed`));
      expect(closedList.map((x) => x.id)).toContain(closing.id);
      expect(
        ok<{ id: number }[]>(await call('admin', 'GET', `${B}?status=live&status=scheduled&_start=0&_end=100`)).map(
          (x) => x.id,
        ),
      ).not.toContain(closing.id);
    });

    it('redeems a single-use code exactly once under concurrent redemptions', async () => {
      const b = await create({ prefix: 'ONCE', codeCount: 1 });
      const [code] = await codesOf(b.id);
      const orderIds = await Promise.all(Array.from({ length: 10 }, () => newOrder()));
      const results = await Promise.allSettled(orderIds.map((id, i) => redeem(code, id, `customer${i}@example.com`)));
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const r of results.filter((x) => x.status === 'rejected')) {
        expect(r.reason).toMatchObject({
          statusCode: 400,
          message: expect.stringMatching(/used up/),
        });
      }
      const [row] = await t.app.db.select().from(couponCodes).where(eq(couponCodes.code, code));
      expect(row.usedCount).toBe(1);
      expect(await t.app.db.select().from(couponRedemptions).where(eq(couponRedemptions.codeId, row.id))).toHaveLength(
        1,
      );
      expect((await auditOf('coupon_code', row.id)).map((a) => a.action)).toEqual(['redeem']);
    });

    it("keeps a customer's limit under concurrent redemptions of different codes, and one coupon per order", async () => {
      const b = await create({ prefix: 'CUST', codeCount: 6, usesPerCode: 10, usesPerCustomer: 2 });
      const codes = await codesOf(b.id);
      const orderIds = await Promise.all(codes.map(() => newOrder()));
      const results = await Promise.allSettled(codes.map((c, i) => redeem(c, orderIds[i], '0899999999')));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
      const order = await newOrder();
      await redeem(codes[0], order, '0800000001');
      await expect(redeem(codes[1], order, '0800000002')).rejects.toMatchObject({
        statusCode: 409,
        message: 'This order already has a coupon.',
      });

      const report = ok(await call('admin', 'GET', `${B}/${b.id}/report`));
      const total = await t.app.db
        .select({ d: sql<string>`sum(discount)` })
        .from(couponRedemptions)
        .innerJoin(couponCodes, eq(couponCodes.id, couponRedemptions.codeId))
        .where(eq(couponCodes.batchId, b.id));
      expect(report).toMatchObject({
        batchId: b.id,
        codeCount: 6,
        redemptions: 3,
        orders: 3,
        customers: 2,
        discountGiven: Number(total[0].d),
      });
      expect(report.discountGiven).toBe(
        3 * discountOf({ discountType: 'percent', discountValue: '10', maxDiscount: '500' }, 2000),
      );
      const redemptions = await call('admin', 'GET', `${B}/${b.id}/redemptions?_start=0&_end=2`);
      expect(ok<unknown[]>(redemptions)).toHaveLength(2);
      expect(redemptions.headers['x-total-count']).toBe('3');
      expect(redemptions.json()[0]).toMatchObject({
        orderId: order,
        orderNo: expect.any(String),
        customer: '0800000001',
        discount: 200,
      });
      const listed = ok<{ id: number; codesUsed: number; redemptionCount: number }[]>(
        await call('admin', 'GET', `${B}?name_like=LINE%20test&_start=0&_end=100`),
      ).find((x) => x.id === b.id)!;
      expect(listed).toMatchObject({ codesUsed: report.codesUsed, redemptionCount: 3 });
    });

    it('the seeded welcome batch has redemptions on real orders', async () => {
      const [welcome] = ok<{ id: number; redemptionCount: number }[]>(
        await call('admin', 'GET', `${B}?name_like=welcome`),
      );
      expect(welcome.redemptionCount).toBeGreaterThan(0);
      const report = ok(await call('admin', 'GET', `${B}/${welcome.id}/report`));
      expect(report.discountGiven).toBeGreaterThan(0);
      expect(report.orders).toBe(report.redemptions);
    });

    it('is admin only; the code check also for staff with the order list, not the editor or suppliers', async () => {
      expect(accessFor('/api/v2/coupon-checks')).toEqual({
        menu: expect.arrayContaining(['/admin/orders', '/admin/promotion/couponline']),
      });
      const before = (await t.app.db.select().from(couponBatches)).length;
      for (const user of ['editor', 'supplier1']) {
        for (const [method, url, body] of [
          ['GET', B],
          ['POST', B, batchBody()],
          ['GET', `${B}/1`],
          ['POST', `${B}/1/close`, {}],
          ['GET', `${B}/1/codes`],
          ['GET', `${B}/1/export`],
          ['GET', `${B}/1/report`],
          ['GET', `${B}/1/redemptions`],
          ['POST', '/api/v2/coupon-checks', { code: 'X', subtotal: 1, customer: '0812345678' }],
        ] as ['GET' | 'POST', string, object?][]) {
          expect((await call(user, method, url, body)).statusCode, `${user} ${method} ${url}`).toBe(403);
        }
      }
      expect((await t.app.db.select().from(couponBatches)).length).toBe(before);
    });
  });

  describe('calendar events', () => {
    const E = '/api/v2/calendar-events';
    // Both ends from one instant: read twice, the clock could tick between them and 366 days become 366 days and 1 ms.
    const range = (from: number, to: number, extra = '') => {
      const now = Date.now();
      const iso = (ms: number) => encodeURIComponent(new Date(now + ms).toISOString());
      return `${E}?from=${iso(from)}&to=${iso(to)}${extra}`;
    };
    type Event = {
      id: string;
      kind: string;
      title: string;
      startsAt: string;
      endsAt: string | null;
      timezone: string;
      link: string;
    };

    it('needs from and to, at most 366 days apart, naming the field', async () => {
      expectFieldError(await call('admin', 'GET', `${E}?to=${encodeURIComponent(at(DAY))}`), 'from');
      expectFieldError(await call('admin', 'GET', `${E}?from=${encodeURIComponent(at(DAY))}`), 'to');
      expectFieldError(await call('admin', 'GET', range(DAY, 0)), 'to', /after from/);
      expectFieldError(await call('admin', 'GET', range(0, 367 * DAY)), 'to', /366 days/);
      expectFieldError(await call('admin', 'GET', `${E}?from=yesterday&to=${encodeURIComponent(at(DAY))}`), 'from');
      expectFieldError(await call('admin', 'GET', range(0, DAY, '&kind=holiday')), 'kind');
      ok(await call('admin', 'GET', range(0, 366 * DAY)));
    });

    it('gives campaign (drafts marked), flash-sale, home-sale, banner and coupon windows in the range, with links to their screens', async () => {
      const base = 500 * DAY;
      const w = (from: number, to: number | null) => ({
        startsAt: new Date(Date.now() + base + from),
        endsAt: to === null ? null : new Date(Date.now() + base + to),
      });
      const [live] = await t.app.db
        .insert(campaigns)
        .values({ name: 'Songkran cool-down', status: 'active', ...w(0, 5 * DAY) })
        .returning();
      const [draft] = await t.app.db
        .insert(campaigns)
        .values({ name: 'Draft idea', status: 'draft', ...w(0, DAY) })
        .returning();
      const [closedEarly] = await t.app.db
        .insert(campaigns)
        .values({
          name: 'Closed early',
          status: 'closed',
          ...w(DAY, 9 * DAY),
          closedAt: new Date(Date.now() + base + 2 * DAY),
        })
        .returning();
      await t.app.db
        .insert(bannerTypes)
        .values({ code: `h9-test-${kind}`, name: 'Test hero', width: 1200, height: 400 })
        .onConflictDoNothing();
      const [type] = await t.app.db
        .select()
        .from(bannerTypes)
        .where(eq(bannerTypes.code, `h9-test-${kind}`));
      const [banner] = await t.app.db
        .insert(banners)
        .values({
          typeId: type.id,
          title: 'Rainy season banner',
          imageUrl: '/x.png',
          imageWidth: 1200,
          imageHeight: 400,
          position: 0,
          ...w(2 * DAY, null),
        })
        .returning();
      const [off] = await t.app.db
        .insert(banners)
        .values({
          typeId: type.id,
          title: 'Switched off',
          imageUrl: '/x.png',
          imageWidth: 1200,
          imageHeight: 400,
          position: 1,
          active: false,
          ...w(2 * DAY, 3 * DAY),
        })
        .returning();
      const [group] = await t.app.db
        .insert(homeSaleGroups)
        .values({ name: 'Rainy deals', groupType: 'hot_deals', position: 90, ...w(DAY, 3 * DAY) })
        .returning();
      const [groupOff] = await t.app.db
        .insert(homeSaleGroups)
        .values({ name: 'Switched-off deals', groupType: 'hot_deals', position: 91, active: false, ...w(DAY, 3 * DAY) })
        .returning();
      const p = take();
      const sale = ok(
        await call('admin', 'POST', `${P}/setproductflashsale`, {
          productId: p.id,
          salePrice: Math.floor(p.price / 2),
          stockLimit: 5,
          startsAt: w(3 * DAY, 0).startsAt.toISOString(),
          endsAt: w(4 * DAY, 4 * DAY).endsAt!.toISOString(),
          timezone: 'Asia/Ho_Chi_Minh',
        }),
      ).data;
      const q = take();
      const neverRan = ok(
        await call('admin', 'POST', `${P}/setproductflashsale`, {
          productId: q.id,
          salePrice: Math.floor(q.price / 2),
          stockLimit: 5,
          startsAt: w(3 * DAY, 0).startsAt.toISOString(),
          endsAt: w(4 * DAY, 4 * DAY).endsAt!.toISOString(),
        }),
      ).data;
      ok(await call('admin', 'POST', `${P}/closeproductflashsale`, { id: neverRan.id }));
      const batch = ok(
        await call('admin', 'POST', '/api/v2/coupon-batches', {
          name: 'Calendar batch',
          prefix: 'CAL',
          discountType: 'fixed',
          discountValue: 100,
          codeCount: 1,
          startsAt: w(-DAY, 0).startsAt.toISOString(),
          endsAt: w(DAY, DAY).endsAt!.toISOString(),
        }),
        201,
      );
      const closedBatch = ok(
        await call('admin', 'POST', '/api/v2/coupon-batches', {
          name: 'Closed batch',
          prefix: 'CALX',
          discountType: 'fixed',
          discountValue: 100,
          codeCount: 1,
          startsAt: w(0, 0).startsAt.toISOString(),
          endsAt: w(DAY, DAY).endsAt!.toISOString(),
        }),
        201,
      );
      ok(await call('admin', 'POST', `/api/v2/coupon-batches/${closedBatch.id}/close`, {}));

      const res = await call('admin', 'GET', range(base - HOUR, base + 10 * DAY));
      const events = ok<Event[]>(res);
      expect(res.headers['x-total-count']).toBe(String(events.length));
      // Open-ended records of the demo seed overlap any range: compare the ones made here.
      const mine = new Set([
        `coupon-${batch.id}`,
        `campaign-${live.id}`,
        `campaign-${closedEarly.id}`,
        `banner-${banner.id}`,
        `flashsale-${sale.id}`,
        `campaign-${draft.id}`,
        `homesale-${group.id}`,
        `homesale-${groupOff.id}`,
        `banner-${off.id}`,
        `flashsale-${neverRan.id}`,
        `coupon-${closedBatch.id}`,
      ]);
      const ids = events.map((e) => e.id).filter((id) => mine.has(id));
      expect(ids).toEqual([
        `coupon-${batch.id}`,
        `campaign-${live.id}`,
        `campaign-${draft.id}`,
        `campaign-${closedEarly.id}`,
        `homesale-${group.id}`,
        `banner-${banner.id}`,
        `flashsale-${sale.id}`,
      ]);
      expect(events.map((e) => e.startsAt)).toEqual(events.map((e) => e.startsAt).sort());
      const byId = Object.fromEntries(events.map((e) => [e.id, e]));
      expect(byId[`campaign-${live.id}`]).toEqual({
        id: `campaign-${live.id}`,
        kind: 'campaign',
        title: 'Songkran cool-down',
        startsAt: live.startsAt.toISOString(),
        endsAt: live.endsAt!.toISOString(),
        timezone: 'Asia/Bangkok',
        draft: false,
        link: `/admin/campaign/${live.id}`,
      });
      expect(byId[`campaign-${draft.id}`]).toMatchObject({ title: 'Draft idea', draft: true });
      expect(byId[`homesale-${group.id}`]).toMatchObject({
        kind: 'homesale',
        title: 'Rainy deals',
        startsAt: group.startsAt.toISOString(),
        endsAt: group.endsAt!.toISOString(),
        draft: false,
        link: `/admin/promotion/homesale?id=${group.id}`,
      });
      expect(byId[`campaign-${closedEarly.id}`].endsAt).toBe(closedEarly.closedAt!.toISOString());
      expect(byId[`banner-${banner.id}`]).toMatchObject({
        kind: 'banner',
        endsAt: null,
        link: `/admin/banners/bannermanagement?id=${banner.id}`,
      });
      expect(byId[`flashsale-${sale.id}`]).toMatchObject({
        kind: 'flashsale',
        title: p.name,
        timezone: 'Asia/Ho_Chi_Minh',
        startsAt: sale.startsAt,
        endsAt: sale.endsAt,
        link: `/admin/promotion/flashsale?id=${sale.id}`,
      });
      expect(byId[`coupon-${batch.id}`]).toMatchObject({
        kind: 'coupon',
        title: 'Calendar batch',
        link: `/admin/promotion/couponline?id=${batch.id}`,
      });

      // Only what overlaps the range; only the kinds asked for.
      const idsIn = (events: Event[]) => events.map((e) => e.id).filter((id) => mine.has(id));
      expect(idsIn(ok<Event[]>(await call('admin', 'GET', range(base + 6 * DAY, base + 7 * DAY))))).toEqual([
        `banner-${banner.id}`,
      ]);
      const asked = ok<Event[]>(
        await call('admin', 'GET', range(base - HOUR, base + 10 * DAY, '&kind=campaign&kind=coupon')),
      );
      expect(new Set(asked.map((e) => e.kind))).toEqual(new Set(['campaign', 'coupon']));
      expect(idsIn(asked)).toEqual([
        `coupon-${batch.id}`,
        `campaign-${live.id}`,
        `campaign-${draft.id}`,
        `campaign-${closedEarly.id}`,
      ]);

      // The editor holds the banner screen only: banners, and a 403 for the other kinds; suppliers none.
      const editors = ok<Event[]>(await call('editor', 'GET', range(base - HOUR, base + 10 * DAY)));
      expect(new Set(editors.map((e) => e.kind))).toEqual(new Set(['banner']));
      expect(idsIn(editors)).toEqual([`banner-${banner.id}`]);
      for (const kind of ['coupon', 'homesale']) {
        const denied = await call('editor', 'GET', range(base - HOUR, base + 10 * DAY, `&kind=${kind}`));
        expect(denied.statusCode, kind).toBe(403);
      }
      expect((await call('supplier1', 'GET', range(base - HOUR, base + 10 * DAY))).statusCode).toBe(403);
    });
  });
});
