/**
 * Trade-in campaigns (docs/api/oldfornew.md): approved products, a percent (1–90) or fixed THB discount
 * never above a product's price, a window; edits carry the updatedAt read (409 when stale); closing is
 * final. Admin only.
 */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { caller, expectFieldError as fieldError, type Res } from '../support/answers.js';
import { auditLog, oldForNewCampaigns, oldForNewProducts, products } from '../../server/src/db/schema.js';

type Product = { id: number; code: string; price: number; tradeInPrice: number; approvalStatus: string };
type Campaign = {
  id: number;
  name: string;
  discountType: string;
  discountValue: number;
  startsAt: string;
  endsAt: string | null;
  timezone: string;
  status: string;
  createdBy: number | null;
  createdByName: string | null;
  updatedAt: string;
  productCount: number;
  products: Product[];
};

const P = '/api/promotion';
const WINDOW = { startsAt: '2026-12-01T09:00:00+07:00', endsAt: '2027-02-28T23:59:00+07:00', timezone: 'Asia/Bangkok' };

describe.each(dbKinds())('trade-in (%s)', (kind) => {
  let t: TestApp;
  /** Approved products, cheapest first. */
  let approved: { id: number; code: string; price: number }[];
  let pending: number;

  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    approved = (
      await t.app.db
        .select({ id: products.id, code: products.code, price: products.price })
        .from(products)
        .where(eq(products.approvalStatus, 'approved'))
        .orderBy(asc(products.price), asc(products.id))
    ).map((p) => ({ ...p, price: Number(p.price) }));
    [{ id: pending }] = await t.app.db
      .select({ id: products.id })
      .from(products)
      .where(ne(products.approvalStatus, 'approved'))
      .limit(1);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = caller(() => t);
  const expectFieldError = (res: Res, field: string, status = 400) => fieldError(res, field, { status });

  const ok = (res: Res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const expensive = () => approved.slice(-3).map((p) => p.id);
  const create = async (extra: object = {}): Promise<Campaign> =>
    ok(
      await call('admin', 'POST', `${P}/createoldfornew`, {
        name: 'Trade in your old fan',
        discountType: 'percent',
        discountValue: 15,
        ...WINDOW,
        productIds: expensive(),
        ...extra,
      }),
    ).data;
  const find = async (id: number): Promise<Campaign> =>
    (ok(await call('admin', 'GET', `${P}/oldfornew?page=1&limit=100`)).items as Campaign[]).find((c) => c.id === id)!;

  it('lists the seeded campaign with its products and trade-in prices, filtered by status', async () => {
    const list = ok(await call('admin', 'GET', `${P}/oldfornew?page=1&limit=10`));
    const seeded = (list.items as Campaign[]).find((c) => c.name === 'Trade in your old air conditioner')!;
    expect(seeded).toMatchObject({
      discountType: 'fixed',
      discountValue: 1500,
      status: 'active',
      createdByName: 'Somchai Wattanakul',
    });
    expect(seeded.productCount).toBe(seeded.products.length);
    for (const p of seeded.products) expect(p.tradeInPrice).toBeCloseTo(p.price - 1500, 2);
    expect(
      ok(await call('admin', 'GET', `${P}/oldfornew?page=1&limit=10&status=closed`)).items.every(
        (c: Campaign) => c.status === 'closed',
      ),
    ).toBe(true);
    expectFieldError(await call('admin', 'GET', `${P}/oldfornew?page=1&limit=10&status=paused`), 'status');
  });

  it('creates a campaign of approved products with a percent discount, newest first, audited', async () => {
    const c = await create();
    expect(c).toMatchObject({
      name: 'Trade in your old fan',
      discountType: 'percent',
      discountValue: 15,
      status: 'active',
      productCount: 3,
      startsAt: '2026-12-01T02:00:00.000Z',
      endsAt: '2027-02-28T16:59:00.000Z',
      timezone: 'Asia/Bangkok',
    });
    for (const p of c.products) expect(p.tradeInPrice).toBeCloseTo(Math.round(p.price * 85) / 100, 2);
    expect(ok(await call('admin', 'GET', `${P}/oldfornew?page=1&limit=1`)).items[0].id).toBe(c.id);
    expect(
      ok(await call('admin', 'GET', `${P}/oldfornew?page=1&limit=100&search=old%20fan`)).items.map(
        (x: Campaign) => x.id,
      ),
    ).toContain(c.id);
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'old_for_new_campaign'), eq(auditLog.entityId, c.id)));
    expect(row).toMatchObject({ action: 'create', after: expect.objectContaining({ discountValue: 15 }) });
  });

  it("refuses a percent outside 1–90, a fixed discount of 0 or above a product's price, products not approved, naming the field", async () => {
    const cheapest = approved[0];
    const n = (await t.app.db.select({ id: oldForNewCampaigns.id }).from(oldForNewCampaigns)).length;
    expectFieldError(
      await call('admin', 'POST', `${P}/createoldfornew`, {
        name: 'X',
        discountType: 'percent',
        discountValue: 91,
        ...WINDOW,
        productIds: expensive(),
      }),
      'discountValue',
    );
    expectFieldError(
      await call('admin', 'POST', `${P}/createoldfornew`, {
        name: 'X',
        discountType: 'percent',
        discountValue: 0.5,
        ...WINDOW,
        productIds: expensive(),
      }),
      'discountValue',
    );
    expectFieldError(
      await call('admin', 'POST', `${P}/createoldfornew`, {
        name: 'X',
        discountType: 'fixed',
        discountValue: 0,
        ...WINDOW,
        productIds: expensive(),
      }),
      'discountValue',
    );
    const above = await call('admin', 'POST', `${P}/createoldfornew`, {
      name: 'X',
      discountType: 'fixed',
      discountValue: cheapest.price + 1,
      ...WINDOW,
      productIds: [cheapest.id, ...expensive()],
    });
    expectFieldError(above, 'discountValue');
    expect(above.json().message).toContain(cheapest.code);
    expectFieldError(
      await call('admin', 'POST', `${P}/createoldfornew`, {
        name: 'X',
        discountType: 'fixed',
        discountValue: 10,
        ...WINDOW,
        productIds: [pending],
      }),
      'productIds',
    );
    expectFieldError(
      await call('admin', 'POST', `${P}/createoldfornew`, {
        name: 'X',
        discountType: 'fixed',
        discountValue: 10,
        ...WINDOW,
        productIds: [],
      }),
      'productIds',
    );
    expectFieldError(
      await call('admin', 'POST', `${P}/createoldfornew`, {
        name: 'X',
        discountType: 'coupon',
        discountValue: 10,
        ...WINDOW,
        productIds: expensive(),
      }),
      'discountType',
    );
    expectFieldError(
      await call('admin', 'POST', `${P}/createoldfornew`, {
        name: 'X',
        discountType: 'fixed',
        discountValue: 10,
        ...WINDOW,
        endsAt: '2026-01-01T00:00:00Z',
        productIds: expensive(),
      }),
      'endsAt',
    );
    expect((await t.app.db.select({ id: oldForNewCampaigns.id }).from(oldForNewCampaigns)).length).toBe(n);
    // Exactly the price is the most a fixed discount may be.
    const atPrice = await create({ discountType: 'fixed', discountValue: cheapest.price, productIds: [cheapest.id] });
    expect(atPrice.products[0].tradeInPrice).toBe(0);
  });

  it('edits products, discount and window with the updatedAt read; kept products stay; a stale read answers 409', async () => {
    const c = await create();
    const next = [c.products[0].id, approved[approved.length - 4].id];
    const edited = ok(
      await call('admin', 'POST', `${P}/editoldfornew`, {
        id: c.id,
        updatedAt: c.updatedAt,
        discountType: 'fixed',
        discountValue: 500,
        endsAt: null,
        productIds: next,
      }),
    ).data as Campaign;
    expect(edited).toMatchObject({ discountType: 'fixed', discountValue: 500, endsAt: null, productCount: 2 });
    expect(edited.products.map((p) => p.id).sort()).toEqual([...next].sort());
    expect(Date.parse(edited.updatedAt)).toBeGreaterThan(Date.parse(c.updatedAt));
    const stored = await t.app.db.select().from(oldForNewProducts).where(eq(oldForNewProducts.campaignId, c.id));
    expect(stored.map((p) => p.productId).sort()).toEqual([...next].sort());

    expectFieldError(
      await call('admin', 'POST', `${P}/editoldfornew`, { id: c.id, updatedAt: c.updatedAt, name: 'Stale' }),
      'updatedAt',
      409,
    );
    expect((await find(c.id)).name).toBe('Trade in your old fan');
    // A fixed discount is checked against the products it ends with.
    expectFieldError(
      await call('admin', 'POST', `${P}/editoldfornew`, {
        id: c.id,
        updatedAt: edited.updatedAt,
        productIds: [approved[0].id],
      }),
      'discountValue',
    );
    expectFieldError(
      await call('admin', 'POST', `${P}/editoldfornew`, {
        id: c.id,
        updatedAt: edited.updatedAt,
        productIds: [pending],
      }),
      'productIds',
    );
    expectFieldError(
      await call('admin', 'POST', `${P}/editoldfornew`, { id: c.id, updatedAt: edited.updatedAt }),
      'body',
    );
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'old_for_new_campaign'), eq(auditLog.entityId, c.id)))
      .orderBy(desc(auditLog.id));
    expect(rows[0]).toMatchObject({
      action: 'update',
      before: expect.objectContaining({ discountValue: 15 }),
      after: expect.objectContaining({ discountValue: 500 }),
    });
    // Two edits from one read: one is saved, the other answers 409.
    const both = await Promise.all(
      ['A', 'B'].map((name) =>
        call('admin', 'POST', `${P}/editoldfornew`, { id: c.id, updatedAt: edited.updatedAt, name }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('closes a campaign for good: a second close, an edit or a stale close answer 409', async () => {
    const c = await create();
    const stale = await call('admin', 'POST', `${P}/closeoldfornew`, {
      id: c.id,
      updatedAt: '2020-01-01T00:00:00.000Z',
    });
    expectFieldError(stale, 'updatedAt', 409);
    const closed = ok(await call('admin', 'POST', `${P}/closeoldfornew`, { id: c.id, updatedAt: c.updatedAt }))
      .data as Campaign;
    expect(closed.status).toBe('closed');
    const again = await call('admin', 'POST', `${P}/closeoldfornew`, { id: c.id });
    expect(again.statusCode).toBe(409);
    expect(
      (await call('admin', 'POST', `${P}/editoldfornew`, { id: c.id, updatedAt: closed.updatedAt, name: 'Reopen' }))
        .statusCode,
    ).toBe(409);
    expect(await find(c.id)).toMatchObject({ status: 'closed', name: 'Trade in your old fan' });
    expect(
      ok(await call('admin', 'GET', `${P}/oldfornew?page=1&limit=100&status=active`)).items.map((x: Campaign) => x.id),
    ).not.toContain(c.id);
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'old_for_new_campaign'), eq(auditLog.entityId, c.id), eq(auditLog.action, 'close')),
      );
    expect(row.before).toEqual({ status: 'active' });
    expect((await call('admin', 'POST', `${P}/closeoldfornew`, { id: 99_999_999 })).json()).toEqual({
      status: 404,
      message: 'Trade-in campaign not found',
    });
  });

  it('is for admins only: the editor and suppliers get 403 and change nothing', async () => {
    const c = await create();
    for (const user of ['editor', 'supplier1']) {
      for (const [method, url, payload] of [
        ['GET', `${P}/oldfornew?page=1&limit=10`],
        [
          'POST',
          `${P}/createoldfornew`,
          { name: 'X', discountType: 'percent', discountValue: 10, ...WINDOW, productIds: expensive() },
        ],
        ['POST', `${P}/editoldfornew`, { id: c.id, updatedAt: c.updatedAt, name: 'X' }],
        ['POST', `${P}/closeoldfornew`, { id: c.id }],
        ['GET', `/api/product/productlist?approvalStatus=approved&page=1&limit=5`],
      ] as ['GET' | 'POST', string, object?][]) {
        // Suppliers read their own products; the editor has no product list.
        if (user === 'supplier1' && url.startsWith('/api/product')) continue;
        expect((await call(user, method, url, payload)).statusCode, `${user} ${method} ${url}`).toBe(403);
      }
    }
    expect(await find(c.id)).toEqual(c);
  });
});
