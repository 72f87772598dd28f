/**
 * Checkout (docs/api/checkout.md): the grid of products on sale, the cart priced by the server, and
 * placing a back-office order in one transaction — a changed price answers 409 with the new total,
 * stock never goes below 0 (of two checkouts of the last unit one wins), a coupon is redeemed once,
 * the same idempotency key places one order and both callers get the same answer, and the order is
 * in the order list with its counters. Suppliers get 403.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { caller, ok, type Res } from '../support/answers.js';
import {
  auditLog,
  couponCodes,
  couponRedemptions,
  districts,
  flashSales,
  homeSaleGroups,
  homeSaleLinks,
  notificationMessages,
  notificationRecipients,
  orderItems,
  orders,
  products,
  provinces,
  shops,
  userShops,
} from '../../server/src/db/schema.js';

const DAY = 86_400_000;
const GRID = '/api/v2/checkout-products';
const ORDERS = '/api/v2/checkout-orders';

describe.each(dbKinds())('checkout (%s)', (kind) => {
  let t: TestApp;
  let adminId: number;
  let district: number;
  /** Approved, online products of one shop, cheap enough to stay under free shipping; each test takes its own. */
  let free: { id: number; shopId: number; name: string }[];
  let otherShopProduct: number;
  let hidden: number;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    [{ id: adminId }] = await t.app.db
      .execute(sql`select id from users where username = 'admin'`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    [{ id: district }] = await t.app.db
      .select({ id: districts.id })
      .from(districts)
      .innerJoin(provinces, eq(provinces.id, districts.provinceId))
      .where(eq(provinces.code, 'BKK'))
      .orderBy(asc(districts.id))
      .limit(1);
    const [shop] = await t.app.db.select().from(shops).where(eq(shops.name, 'HomeBase Essentials'));
    // Enough products on sale for every test to take its own (the rest of the catalogue keeps its states).
    await t.app.db
      .update(products)
      .set({ approvalStatus: 'approved', online: true })
      .where(eq(products.shopId, shop.id));
    const sellable = await t.app.db
      .select({ id: products.id, shopId: products.shopId, name: products.name })
      .from(products)
      .where(and(eq(products.shopId, shop.id), eq(products.approvalStatus, 'approved'), eq(products.online, true)))
      .orderBy(asc(products.id));
    expect(sellable.length).toBeGreaterThan(12);
    // Known prices, stock and weights: 1 kg at 100 THB each, 20 in stock.
    await t.app.db
      .update(products)
      .set({
        price: '100.00',
        stock: 20,
        weight: '1',
        weightUnitId: sql`(select id from master_data where type = 'weight_unit' and code = 'kg')`,
      })
      .where(
        inArray(
          products.id,
          sellable.map((p) => p.id),
        ),
      );
    free = sellable;
    const [other] = await t.app.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(
        and(eq(shops.name, 'HomePro Lighting'), eq(products.approvalStatus, 'approved'), eq(products.online, true)),
      )
      .limit(1);
    otherShopProduct = other.id;
    const [off] = await t.app.db
      .select({ id: products.id })
      .from(products)
      .where(sql`not (${products.approvalStatus} = 'approved' and ${products.online})`)
      .limit(1);
    hidden = off.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = caller(() => t);

  const expectError = (res: Res, status: number, field: string, words?: RegExp) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    expect(
      body.errors?.map((e: { field: string }) => e.field),
      body.message,
    ).toContain(field);
    if (words) expect(body.message).toMatch(words);
  };
  const take = () => free.shift()!;
  let keySeq = 0;
  const newKey = () => `test-${kind}-${Date.now()}-${++keySeq}-checkout`;
  const billing = {
    name: 'Somchai Jaidee',
    phone: '+66 81 234 5678',
    email: 'Somchai@Example.com',
    address: '99/1 Sukhumvit Rd',
    districtId: 0,
  };
  /** The total the screen shows: the server's quote of the cart with Kerry to the district. */
  const shownTotal = async (items: { productId: number; quantity: number }[], discount = 0) => {
    const cart = items.map(({ productId, quantity }) => ({ productId, quantity }));
    const q = ok(await call('admin', 'POST', '/api/v2/checkout-quotes', { items: cart, districtId: district }));
    const kerry = q.options.find((o: { transportType: string }) => o.transportType === 'kerry');
    return {
      subtotal: q.subtotal,
      shipping: kerry.price,
      total: Math.round((q.subtotal - discount + kerry.price) * 100) / 100,
    };
  };
  const orderBody = async (
    items: { productId: number; quantity: number; price?: number; colors?: string[] }[],
    extra: object = {},
  ) => ({
    idempotencyKey: newKey(),
    items: items.map((i) => ({ price: 100, ...i })),
    billing: { ...billing, districtId: district },
    transportType: 'kerry',
    paymentMethod: 'transfer',
    expectedTotal: (await shownTotal(items)).total,
    ...extra,
  });
  const place = (body: object, user = 'admin') => call(user, 'POST', ORDERS, body);
  const stockOf = async (id: number) =>
    (await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
  const ordersByKey = (key: string) => t.app.db.select().from(orders).where(eq(orders.idempotencyKey, key));

  describe('the grid', () => {
    it('shows only approved, online products, filtered, sorted and paged', async () => {
      const page = await call('admin', 'GET', `${GRID}?_start=0&_end=100`);
      const rows = ok<{ id: number }[]>(page);
      const total = Number(page.headers['x-total-count']);
      const [{ n }] = await t.app.db
        .execute(sql`select count(*)::int as n from products where approval_status = 'approved' and online`)
        .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
      expect(total).toBe(Number(n));
      expect(rows.map((r) => r.id)).not.toContain(hidden);

      const p = free[0];
      const [code] = await t.app.db.select({ code: products.code }).from(products).where(eq(products.id, p.id));
      const found = ok(await call('admin', 'GET', `${GRID}?name_like=${encodeURIComponent(code.code.toLowerCase())}`));
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({
        id: p.id,
        shopName: 'HomeBase Essentials',
        price: 100,
        stock: 20,
        weightKg: 1,
        colors: [expect.objectContaining({ code: expect.any(String), hex: expect.any(String) })],
      });

      const byShop = ok<{ shopId: number; price: number }[]>(
        await call('admin', 'GET', `${GRID}?shopId=${p.shopId}&_sort=price&_order=desc&_end=100`),
      );
      expect(byShop.every((r) => r.shopId === p.shopId)).toBe(true);
      const cheap = ok<{ price: number }[]>(await call('admin', 'GET', `${GRID}?price_lte=150&_sort=price&_end=100`));
      expect(cheap.length).toBeGreaterThan(0);
      expect(cheap.map((r) => r.price)).toEqual([...cheap.map((r) => r.price)].sort((a, b) => a - b));
      expect(cheap.every((r) => r.price <= 150)).toBe(true);
      const filters = ok(await call('admin', 'GET', '/api/v2/checkout-filters'));
      expect(filters.shops.map((s: { name: string }) => s.name)).toContain('HomeBase Essentials');
      const brand = filters.brands[0];
      const branded = ok<{ brandId: number }[]>(await call('admin', 'GET', `${GRID}?brandId=${brand.id}&_end=100`));
      expect(branded.every((r) => r.brandId === brand.id)).toBe(true);

      expect((await call('admin', 'GET', `${GRID}?_order=desc`)).json()).toMatchObject({
        status: 400,
        errors: [{ field: '_order' }],
      });
      expect((await call('admin', 'GET', `${GRID}?_sort=colour`)).statusCode).toBe(400);
      expect((await call('admin', 'GET', `${GRID}?price_gte=200&price_lte=100`)).json()).toMatchObject({
        errors: [{ field: 'price_lte' }],
      });
    });

    it('shows one product with its images and colours; one not on sale is not found', async () => {
      const detail = ok(await call('admin', 'GET', `${GRID}/${free[0].id}`));
      expect(detail).toMatchObject({
        id: free[0].id,
        images: expect.any(Array),
        keyHighlights: expect.any(Array),
        colors: expect.any(Array),
      });
      expect((await call('admin', 'GET', `${GRID}/${hidden}`)).json()).toEqual({
        status: 404,
        message: 'Product not found',
      });
    });
  });

  describe('the quote', () => {
    it('prices the cart now, with each transport type to the district; free shipping from the setting', async () => {
      const [a, b] = [free[0], free[1]];
      const q = ok(
        await call('admin', 'POST', '/api/v2/checkout-quotes', {
          items: [
            { productId: a.id, quantity: 2 },
            { productId: b.id, quantity: 1 },
          ],
          districtId: district,
        }),
      );
      expect(q).toMatchObject({
        subtotal: 300,
        weightKg: 3,
        freeShippingFrom: 1500,
        freeShipping: false,
        maxQuantity: 50,
      });
      expect(q.lines[0]).toMatchObject({ productId: a.id, price: 100, quantity: 2, amount: 200, stock: 20 });
      const kerry = q.options.find((o: { transportType: string }) => o.transportType === 'kerry');
      expect(kerry).toMatchObject({ zone: 'bkk', ratePrice: 65, price: 65, reason: null });
      const big = ok(
        await call('admin', 'POST', '/api/v2/checkout-quotes', {
          items: [{ productId: a.id, quantity: 15 }],
          districtId: district,
        }),
      );
      expect(big.options.find((o: { transportType: string }) => o.transportType === 'kerry')).toMatchObject({
        ratePrice: 160,
        price: 0,
      });

      expectError(
        await call('admin', 'POST', '/api/v2/checkout-quotes', {
          items: [
            { productId: a.id, quantity: 1 },
            { productId: otherShopProduct, quantity: 1 },
          ],
        }),
        400,
        'items',
        /one shop/,
      );
      expectError(
        await call('admin', 'POST', '/api/v2/checkout-quotes', { items: [{ productId: hidden, quantity: 1 }] }),
        400,
        'items.0.productId',
        /no longer on sale/,
      );
      expectError(
        await call('admin', 'POST', '/api/v2/checkout-quotes', {
          items: [
            { productId: a.id, quantity: 1 },
            { productId: a.id, quantity: 2 },
          ],
        }),
        400,
        'items.1.productId',
      );
    });
  });

  describe('promotions at the moment of ordering', () => {
    const HOUR = 3_600_000;
    /** A product with no promotion but the ones a test gives it. */
    const plain = async () => {
      const p = take();
      await t.app.db.delete(homeSaleLinks).where(eq(homeSaleLinks.productId, p.id));
      await t.app.db.update(products).set({ compareAtPrice: null }).where(eq(products.id, p.id));
      return p;
    };
    const flashSale = async (p: { id: number; shopId: number }, from: number, to: number, stockLimit = 50) => {
      const [row] = await t.app.db
        .insert(flashSales)
        .values({
          productId: p.id,
          shopId: p.shopId,
          salePrice: '80.00',
          normalPrice: '100.00',
          stockLimit,
          startsAt: new Date(Date.now() + from),
          endsAt: new Date(Date.now() + to),
          timezone: 'Asia/Bangkok',
        })
        .returning();
      return row;
    };
    const quoteOf = async (items: { productId: number; quantity: number }[]) =>
      ok(await call('admin', 'POST', '/api/v2/checkout-quotes', { items, districtId: district }));

    it('charges a flash sale inside its window, in the quote and the order; the order line keeps the price and the sale', async () => {
      const p = await plain();
      const sale = await flashSale(p, -HOUR, HOUR);
      const q = await quoteOf([{ productId: p.id, quantity: 2 }]);
      expect(q.lines[0]).toMatchObject({
        price: 80,
        listPrice: 100,
        amount: 160,
        saving: 40,
        promotion: { kind: 'flash_sale', id: sale.id, name: 'Flash sale' },
      });
      expect(q).toMatchObject({ subtotal: 160, saving: 40 });
      // The grid and the product's page sell it at the sale price too, the normal one as "was".
      expect(ok(await call('admin', 'GET', `${GRID}/${p.id}`))).toMatchObject({
        price: 80,
        compareAtPrice: 100,
        discountPercent: 20,
        promotion: { kind: 'flash_sale', id: sale.id },
      });
      const listed = ok<{ id: number; price: number }[]>(
        await call('admin', 'GET', `${GRID}?shopId=${p.shopId}&_end=100`),
      );
      expect(listed.find((r) => r.id === p.id)).toMatchObject({ price: 80 });
      const items = [{ productId: p.id, quantity: 2, price: 80 }];
      const placed = ok(await place(await orderBody(items)), 201);
      expect(placed).toMatchObject({ subtotal: 160, total: 160 + 65 });
      const [line] = await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
      expect(line).toMatchObject({
        unitPrice: '80.00',
        listPrice: '100.00',
        amount: '160.00',
        promotion: { kind: 'flash_sale', id: sale.id, name: 'Flash sale' },
      });
      const view = ok(await call('admin', 'GET', `/api/order/orderviewitem?id=${placed.orderId}`));
      expect(view.items[0]).toMatchObject({ unitPrice: 80, listPrice: 100, promotion: { kind: 'flash_sale' } });
    });

    it('does not charge a flash sale outside its window, nor one past its stock limit', async () => {
      const [early, late, full] = [await plain(), await plain(), await plain()];
      await flashSale(early, HOUR, 2 * HOUR);
      await flashSale(late, -2 * HOUR, -HOUR);
      await flashSale(full, -HOUR, HOUR, 1);
      for (const p of [early, late]) {
        const q = await quoteOf([{ productId: p.id, quantity: 1 }]);
        expect(q.lines[0]).toMatchObject({ price: 100, listPrice: 100, saving: 0, promotion: null });
      }
      expect((await quoteOf([{ productId: full.id, quantity: 2 }])).lines[0]).toMatchObject({ price: 100 });
      expect((await quoteOf([{ productId: full.id, quantity: 1 }])).lines[0]).toMatchObject({ price: 80 });
      // An order at the normal price while the sale has not begun: the line has no promotion.
      const placed = ok(await place(await orderBody([{ productId: early.id, quantity: 1, price: 100 }])), 201);
      const [line] = await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
      expect(line).toMatchObject({ unitPrice: '100.00', listPrice: null, promotion: null });
    });

    it('names a home-sale group live now as what gives the price below the compare-at price', async () => {
      const p = await plain();
      await t.app.db.update(products).set({ compareAtPrice: '150.00' }).where(eq(products.id, p.id));
      const [group] = await t.app.db
        .insert(homeSaleGroups)
        .values({ name: 'Checkout deals', groupType: 'hot_deals', position: 99, startsAt: new Date(Date.now() - HOUR) })
        .returning();
      await t.app.db.insert(homeSaleLinks).values({ groupId: group.id, productId: p.id, position: 0 });
      expect((await quoteOf([{ productId: p.id, quantity: 1 }])).lines[0]).toMatchObject({
        price: 100,
        listPrice: 150,
        saving: 50,
        promotion: { kind: 'home_sale', id: group.id, name: 'Checkout deals' },
      });
      await t.app.db.update(homeSaleGroups).set({ active: false }).where(eq(homeSaleGroups.id, group.id));
      expect((await quoteOf([{ productId: p.id, quantity: 1 }])).lines[0]).toMatchObject({
        price: 100,
        listPrice: 100,
        promotion: null,
      });
    });

    it('applies a coupon on the subtotal at the flash-sale price', async () => {
      const p = await plain();
      await flashSale(p, -HOUR, HOUR);
      const batch = ok(
        await call('admin', 'POST', '/api/v2/coupon-batches', {
          name: 'Flash extra 10%',
          prefix: 'FLASHX',
          discountType: 'percent',
          discountValue: 10,
          codeCount: 1,
          usesPerCode: 1,
          usesPerCustomer: 1,
          startsAt: new Date(Date.now() - DAY).toISOString(),
          endsAt: new Date(Date.now() + DAY).toISOString(),
          timezone: 'Asia/Bangkok',
        }),
        201,
      );
      const [{ code }] = await t.app.db.select().from(couponCodes).where(eq(couponCodes.batchId, batch.id));
      const q = await quoteOf([{ productId: p.id, quantity: 5 }]);
      const check = ok(
        await call('admin', 'POST', '/api/v2/coupon-checks', { code, subtotal: q.subtotal, customer: '0833333333' }),
      );
      expect(check).toMatchObject({ subtotal: 400, discount: 40 });
      const body = await orderBody([{ productId: p.id, quantity: 5, price: 80 }], {
        couponCode: code,
        billing: { ...billing, email: null, phone: '0833333333', districtId: district },
      });
      const placed = ok(await place({ ...body, expectedTotal: body.expectedTotal - 40 }), 201);
      expect(placed).toMatchObject({ subtotal: 400, discount: 40, total: body.expectedTotal - 40, couponCode: code });
    });

    it('refuses a flash-sale price that ended after the preview with 409 naming the product; the quote then has the new price', async () => {
      const p = await plain();
      const sale = await flashSale(p, -HOUR, HOUR);
      const items = [{ productId: p.id, quantity: 1 }];
      expect((await quoteOf(items)).lines[0].price).toBe(80);
      const body = await orderBody([{ ...items[0], price: 80 }]);
      // The sale is closed early between the preview and the order.
      await t.app.db
        .update(flashSales)
        .set({ status: 'closed', closedAt: new Date() })
        .where(eq(flashSales.id, sale.id));
      const res = await place(body);
      expectError(
        res,
        409,
        'items.0.price',
        new RegExp(
          `The flash sale on ${p.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} has ended; it now costs 100\\.00 THB \\(the cart showed 80\\.00 THB\\)`,
        ),
      );
      expect(await ordersByKey(body.idempotencyKey)).toEqual([]);
      expect((await quoteOf(items)).lines[0]).toMatchObject({ price: 100, promotion: null });
      ok(await place({ ...body, items: [{ ...items[0], price: 100 }], expectedTotal: 165 }), 201);
    });

    it('keeps the carrier chosen, its rate and the expected delivery; the timeline starts with who placed it', async () => {
      const p = await plain();
      const q = await quoteOf([{ productId: p.id, quantity: 1 }]);
      const flash = q.options.find((o: { transportType: string }) => o.transportType === 'flash');
      expect(flash).toMatchObject({ deliveryMinDays: 1, deliveryMaxDays: 1 });
      const body = await orderBody([{ productId: p.id, quantity: 1 }], {
        transportType: 'flash',
        expectedTotal: q.subtotal + flash.price,
      });
      const placed = ok(await place(body), 201);
      const day = (n: number) =>
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date(Date.now() + n * DAY));
      const view = ok(await call('admin', 'GET', `/api/order/orderview?id=${placed.orderId}`)).data;
      expect(view).toMatchObject({
        transportType: 'flash',
        carrierName: 'Flash Express',
        shippingRate: flash.ratePrice,
        expectedDeliveryFrom: day(1),
        expectedDeliveryTo: day(1),
      });
      expect(view.timeline).toHaveLength(1);
      expect(view.timeline[0]).toMatchObject({
        kind: 'placed',
        code: 'placedAtCheckout',
        params: { by: expect.any(String), transportType: 'flash' },
        actorId: adminId,
        message: `Placed at checkout by ${view.timeline[0].params.by}`,
      });
      const [{ name }] = await t.app.db
        .execute(
          sql`select trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) as name from users where id = ${adminId}`,
        )
        .then((r) => (r as unknown as { rows: { name: string }[] }).rows);
      expect(view.timeline[0].params.by).toBe(name || 'admin');
    });
  });

  describe('placing an order', () => {
    it('places it in one go: order, items, stock, audit; it is in the order list with its counters', async () => {
      const [a, b] = [take(), take()];
      // A supplier of the shop, to be told of the order.
      await t.app.db
        .insert(userShops)
        .values({ userId: sql`(select id from users where username = 'supplier1')`, shopId: a.shopId })
        .onConflictDoNothing();
      const counts = async () =>
        ok(await call('admin', 'GET', `/api/order/sumordersstatus?shopId=${a.shopId}`)).data as {
          status: string;
          count: number;
        }[];
      const before = await counts();
      const items = [
        { productId: a.id, quantity: 3, colors: [] as string[] },
        { productId: b.id, quantity: 1 },
      ];
      const body = await orderBody(items);
      const placed = ok(await place(body), 201);
      expect(placed).toMatchObject({
        orderNo: expect.stringMatching(/^BO\d{4}\d{6}$/),
        shopId: a.shopId,
        shopName: 'HomeBase Essentials',
        status: 'pending_payment',
        channel: 'back office',
        itemCount: 2,
        subtotal: 400,
        discount: 0,
        shipping: 65,
        total: 465,
        couponCode: null,
      });

      const [row] = await ordersByKey(body.idempotencyKey);
      expect(row).toMatchObject({
        id: placed.orderId,
        createdBy: adminId,
        channel: 'back office',
        customerName: 'Somchai Jaidee',
        customerPhone: '0812345678',
        customerEmail: 'somchai@example.com',
        paymentMethod: 'transfer',
        transportType: 'kerry',
        total: '465.00',
        shippingFee: '65.00',
      });
      expect(row.shippingAddress).toMatchObject({
        districtId: district,
        province: 'Bangkok',
        address: '99/1 Sukhumvit Rd',
      });
      const lines = await t.app.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, placed.orderId))
        .orderBy(asc(orderItems.id));
      expect(lines.map((l) => [l.productId, l.qty, l.unitPrice, l.amount])).toEqual([
        [a.id, 3, '100.00', '300.00'],
        [b.id, 1, '100.00', '100.00'],
      ]);
      expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([17, 19]);
      const [audit] = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, placed.orderId)));
      expect(audit).toMatchObject({ action: 'order.create', actorId: adminId });
      // The shop's suppliers are told of it (their bell), in the order's transaction.
      const told = await t.app.db
        .select({ userId: notificationRecipients.userId, params: notificationMessages.params })
        .from(notificationMessages)
        .innerJoin(notificationRecipients, eq(notificationRecipients.messageId, notificationMessages.id))
        .where(
          and(
            eq(notificationMessages.template, 'newOrder'),
            sql`${notificationMessages.params}->>'orderNo' = ${placed.orderNo}`,
          ),
        );
      const suppliers = await t.app.db
        .select({ userId: userShops.userId })
        .from(userShops)
        .where(eq(userShops.shopId, a.shopId));
      expect(told.map((r) => r.userId).sort()).toEqual(suppliers.map((r) => r.userId).sort());

      const list = ok(
        await call('admin', 'POST', '/api/order/orderlist', { channel: 'back office', shopId: a.shopId, limit: 100 }),
      );
      expect(list.orders.map((o: { id: number }) => o.id)).toContain(placed.orderId);
      const after = await counts();
      const n = (xs: { status: string; count: number }[], s: string) => xs.find((x) => x.status === s)?.count ?? 0;
      expect(n(after, 'pending_payment')).toBe(n(before, 'pending_payment') + 1);
      expect(n(after, 'all')).toBe(n(before, 'all') + 1);
      const view = ok(await call('admin', 'GET', `/api/order/orderview?id=${placed.orderId}`));
      expect(JSON.stringify(view)).toContain(placed.orderNo);
    });

    it('answers a changed price with 409 and the new total, keeping nothing; then places it at the new price', async () => {
      const p = take();
      const body = await orderBody([{ productId: p.id, quantity: 2 }]);
      await t.app.db.update(products).set({ price: '120.00' }).where(eq(products.id, p.id));
      const res = await place(body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toMatch(
        /The total is now 305\.00 THB, not 265\.00 THB\..*now costs 120\.00 THB \(the cart showed 100\.00 THB\)/,
      );
      expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['items.0.price', 'expectedTotal']);
      expect(await ordersByKey(body.idempotencyKey)).toEqual([]);
      expect(await stockOf(p.id)).toBe(20);
      // The customer agreed to the new total: the same key goes through now.
      const again = ok(
        await place({ ...body, items: [{ productId: p.id, quantity: 2, price: 120 }], expectedTotal: 305 }),
        201,
      );
      expect(again).toMatchObject({ subtotal: 240, total: 305 });
      await t.app.db.update(products).set({ price: '100.00' }).where(eq(products.id, p.id));
    });

    it('answers another total (shipping changed meanwhile) with 409 naming expectedTotal', async () => {
      const p = take();
      const body = await orderBody([{ productId: p.id, quantity: 1 }]);
      const res = await place({ ...body, expectedTotal: body.expectedTotal - 5 });
      expectError(res, 409, 'expectedTotal', /The total is now 165\.00 THB, not 160\.00 THB\. Shipping is 65\.00 THB/);
      expect(await stockOf(p.id)).toBe(20);
    });

    it('refuses more than the stock, naming the item; of two checkouts of the last unit one wins', async () => {
      const p = take();
      const res = await place(await orderBody([{ productId: p.id, quantity: 21 }]));
      expectError(
        res,
        409,
        'items.0.quantity',
        new RegExp(`Only 20 of ${p.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} are left; the order asks for 21`),
      );

      await t.app.db.update(products).set({ stock: 1 }).where(eq(products.id, p.id));
      const bodies = await Promise.all([
        orderBody([{ productId: p.id, quantity: 1 }]),
        orderBody([{ productId: p.id, quantity: 1 }]),
      ]);
      const results = await Promise.all(bodies.map((b) => place(b)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const lost = results.find((r) => r.statusCode === 409)!;
      expectError(lost, 409, 'items.0.quantity', /sold out/);
      expect(lost.json().message).toContain(p.name);
      expect(await stockOf(p.id)).toBe(0);
      const placedOrders = await t.app.db
        .select()
        .from(orders)
        .where(
          inArray(
            orders.idempotencyKey,
            bodies.map((b) => b.idempotencyKey),
          ),
        );
      expect(placedOrders).toHaveLength(1);
    });

    it('redeems a coupon exactly once: of two checkouts with a single-use code one gets the discount, the other nothing', async () => {
      const batch = ok(
        await call('admin', 'POST', '/api/v2/coupon-batches', {
          name: 'Phone order 10%',
          prefix: 'PHONE',
          discountType: 'percent',
          discountValue: 10,
          codeCount: 1,
          usesPerCode: 1,
          usesPerCustomer: 5,
          startsAt: new Date(Date.now() - DAY).toISOString(),
          endsAt: new Date(Date.now() + 30 * DAY).toISOString(),
          timezone: 'Asia/Bangkok',
        }),
        201,
      );
      const [{ code }] = await t.app.db.select().from(couponCodes).where(eq(couponCodes.batchId, batch.id));
      const [a, b] = [take(), take()];
      const bodyFor = async (p: { id: number }, phone: string) => {
        const items = [{ productId: p.id, quantity: 4 }];
        const { total } = await shownTotal(items, 40);
        return orderBody(items, {
          couponCode: code.toLowerCase(),
          expectedTotal: total,
          billing: { ...billing, email: null, phone, districtId: district },
        });
      };
      const bodies = [await bodyFor(a, '0811111111'), await bodyFor(b, '0822222222')];
      const results = await Promise.all(bodies.map((x) => place(x)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      const won = results.find((r) => r.statusCode === 201)!.json();
      expect(won).toMatchObject({ subtotal: 400, discount: 40, total: 425, couponCode: code });
      expectError(
        results.find((r) => r.statusCode === 400)!,
        400,
        'couponCode',
        /used up/,
      );
      const redemptions = await t.app.db
        .select()
        .from(couponRedemptions)
        .innerJoin(couponCodes, eq(couponCodes.id, couponRedemptions.codeId))
        .where(eq(couponCodes.code, code));
      expect(redemptions.map((r) => [r.coupon_redemptions.orderId, r.coupon_redemptions.discount])).toEqual([
        [won.orderId, '40.00'],
      ]);
      const [loserBody] = bodies.filter(
        (x) => x.idempotencyKey !== bodies[results.findIndex((r) => r.statusCode === 201)].idempotencyKey,
      );
      expect(await ordersByKey(loserBody.idempotencyKey)).toEqual([]);
      expect((await stockOf(a.id)) + (await stockOf(b.id))).toBe(36);
      const [row] = await t.app.db.select().from(orders).where(eq(orders.id, won.orderId));
      expect(row).toMatchObject({ discount: '40.00', total: '425.00' });

      expectError(
        await place(await orderBody([{ productId: a.id, quantity: 1 }], { couponCode: 'NOPE-23456789' })),
        400,
        'couponCode',
        /does not exist/,
      );
    });

    it('places one order for one idempotency key: a double click gets the same answer twice', async () => {
      const p = take();
      const body = await orderBody([{ productId: p.id, quantity: 2 }]);
      const [first, second] = await Promise.all([place(body), place(body)]);
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      expect(second.json()).toEqual(first.json());
      const third = await place(body);
      expect(third.json()).toEqual(first.json());
      expect(await ordersByKey(body.idempotencyKey)).toHaveLength(1);
      expect(await stockOf(p.id)).toBe(18);
      expectError(
        await place({ ...body, items: [{ productId: p.id, quantity: 3, price: 100 }] }),
        409,
        'idempotencyKey',
        new RegExp(`already placed order ${first.json().orderNo}`),
      );
    });

    it('refuses a bad order naming the field, and keeps nothing', async () => {
      const p = take();
      const good = await orderBody([{ productId: p.id, quantity: 1 }]);
      expectError(
        await place({ ...good, items: [{ productId: p.id, quantity: 51, price: 100 }] }),
        400,
        'items.0.quantity',
        /at most 50/,
      );
      expectError(
        await place({
          ...good,
          items: [
            { productId: p.id, quantity: 1, price: 100 },
            { productId: otherShopProduct, quantity: 1, price: 1 },
          ],
        }),
        400,
        'items',
        /one shop/,
      );
      expectError(
        await place({ ...good, items: [{ productId: hidden, quantity: 1, price: 1 }] }),
        400,
        'items.0.productId',
      );
      expectError(
        await place({ ...good, items: [{ productId: p.id, quantity: 1, price: 100, colors: ['purple'] }] }),
        400,
        'items.0.colors',
        /not purple/,
      );
      expectError(
        await place({ ...good, billing: { ...good.billing, districtId: 999_999 } }),
        400,
        'billing.districtId',
      );
      expectError(await place({ ...good, billing: { ...good.billing, phone: '12-34' } }), 400, 'billing.phone');
      expectError(await place({ ...good, transportType: 'own_truck_x' }), 400, 'transportType');
      expectError(await place({ ...good, paymentMethod: 'cheque' }), 400, 'paymentMethod');
      expectError(await place({ ...good, idempotencyKey: 'short' }), 400, 'idempotencyKey');
      expectError(await place({ ...good, discount: 5 }), 400, 'discount');
      expect(await stockOf(p.id)).toBe(20);
      expect(await ordersByKey(good.idempotencyKey)).toEqual([]);
    });

    it('is staff only: suppliers get 403, no token 401', async () => {
      const p = free[0];
      const body = await orderBody([{ productId: p.id, quantity: 1 }]);
      for (const [method, url, payload] of [
        ['GET', GRID],
        ['GET', `${GRID}/${p.id}`],
        ['GET', '/api/v2/checkout-filters'],
        ['POST', '/api/v2/checkout-quotes', { items: [{ productId: p.id, quantity: 1 }] }],
        ['POST', ORDERS, body],
      ] as ['GET' | 'POST', string, object?][]) {
        expect((await call(null, method, url, payload)).statusCode, url).toBe(401);
        expect((await call('supplier1', method, url, payload)).statusCode, url).toBe(403);
      }
      expect(await ordersByKey(body.idempotencyKey)).toEqual([]);
    });
  });
});
