import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { blogPosts, orders, products, shops } from '../../server/src/db/schema.js';
import type { Db } from '../../server/src/db/client.js';

async function expected(db: Db, shopIds: number[] | null) {
  const p = shopIds ? inArray(products.shopId, shopIds) : undefined;
  const o = shopIds ? inArray(orders.shopId, shopIds) : undefined;
  const b = shopIds ? inArray(blogPosts.shopId, shopIds) : undefined;
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0].n;
  const [rev] = await db
    .select({ r: sql<string>`coalesce(sum(${orders.total}), 0)::text` })
    .from(orders)
    .where(and(o, ne(orders.status, 'cancelled')));
  return {
    products: await n(db.select({ n: count() }).from(products).where(p)),
    productsOnline: await n(
      db
        .select({ n: count() })
        .from(products)
        .where(and(p, eq(products.online, true))),
    ),
    pendingApprovals: await n(
      db
        .select({ n: count() })
        .from(products)
        .where(and(p, eq(products.approvalStatus, 'pending'))),
    ),
    orders: await n(db.select({ n: count() }).from(orders).where(o)),
    ordersOpen: await n(
      db
        .select({ n: count() })
        .from(orders)
        .where(and(o, inArray(orders.status, ['pending_payment', 'paid', 'preparing', 'ready_to_ship', 'shipped']))),
    ),
    revenue: Number(rev.r),
    posts: await n(
      db
        .select({ n: count() })
        .from(blogPosts)
        .where(and(b, isNull(blogPosts.deletedAt))),
    ),
    postsPublished: await n(
      db
        .select({ n: count() })
        .from(blogPosts)
        .where(and(b, isNull(blogPosts.deletedAt), eq(blogPosts.status, 'published'))),
    ),
  };
}

describe.each(dbKinds())('dashboard, health, errors, OpenAPI (%s)', (kind) => {
  let t: TestApp;
  let shopId: (name: string) => number;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    const rows = await t.app.db.select().from(shops);
    shopId = (name) => rows.find((s) => s.name === name)!.id;
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = async (user: string, url: string) => t.app.inject({ url, headers: await t.headers(user) });

  it('gives staff figures over every shop, equal to direct counts', async () => {
    const res = await get('admin', '/api/report/getReloadDashboard');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject(await expected(t.app.db, null));
    expect(data.orders).toBeGreaterThan(150);
    expect(data.ordersByMonth.length).toBeGreaterThanOrEqual(6);
    expect(data.ordersByMonth.reduce((s: number, m: { orders: number }) => s + m.orders, 0)).toBe(data.orders);
    expect(data.ordersByMonth[0].month).toMatch(/^\d{4}-\d{2}$/);
  });

  it('scopes supplier figures to own shops, or one own shop', async () => {
    const own = [shopId('CoolAir Climate Solutions'), shopId('Siam Tile & Bath')];
    const all = (await get('supplier2', '/api/report/getReloadDashboard')).json().data;
    expect(all).toMatchObject(await expected(t.app.db, own));
    const one = (await get('supplier2', `/api/report/getReloadDashboard?shopId=${own[1]}`)).json().data;
    expect(one).toMatchObject(await expected(t.app.db, [own[1]]));
    const foreign = await get('supplier2', `/api/report/getReloadDashboard?shopId=${shopId('HomePro Lighting')}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ status: 404, message: 'Shop not found' });
  });

  it('lets staff look at one shop', async () => {
    const id = shopId('HomeBase Essentials');
    const one = (await get('admin', `/api/report/getReloadDashboard?shopId=${id}`)).json().data;
    expect(one).toMatchObject(await expected(t.app.db, [id]));
  });

  it('reports health', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: kind });
  });

  it('answers unknown routes with 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/blogs/master/nope'],
      ['GET', '/nothing-here'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ status: 404, message: `No route for ${method} ${url}` });
    }
  });

  it('answers malformed JSON with 400 and no stack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"users":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: 'The request body is not valid JSON.' });
  });

  it('documents every API route in OpenAPI with request and response schemas', async () => {
    const res = await t.app.inject({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api') || r.url === '/health');
    expect(routes.length).toBeGreaterThanOrEqual(14);
    for (const r of routes) {
      // OpenAPI spells path parameters `{id}` where Fastify has `:id` (the /api/v2 REST routes).
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.url}`).toBeTruthy();
      // REST creates answer 201, everything else 200.
      const ok = op.responses['200'] ?? op.responses['201'];
      expect(ok?.content['application/json'].schema, `${r.method} ${r.url}`).toBeTruthy();
      if (r.method === 'POST' || r.method === 'PATCH') expect(op.requestBody, `${r.method} ${r.url}`).toBeTruthy();
      // Multipart routes document their fields and a binary file part.
      const form = op.requestBody?.content['multipart/form-data']?.schema;
      if (form)
        expect(
          Object.values(form.properties).some((p) => (p as { format?: string }).format === 'binary'),
          `${r.method} ${r.url}`,
        ).toBe(true);
      if (r.access !== 'public') expect(op.security).toEqual([{ bearerAuth: [] }]);
    }
    const slip = doc.paths['/api/order/uploadslippayment'].post.requestBody.content;
    expect(Object.keys(slip)).toEqual(['multipart/form-data']);
    expect(slip['multipart/form-data'].schema.required).toEqual([
      'orderId',
      'bankCode',
      'amount',
      'transferredAt',
      'file',
    ]);
    expect(Object.keys(doc.paths['/api/order/fileclaim'].post.requestBody.content).sort()).toEqual([
      'application/json',
      'multipart/form-data',
    ]);
    expect(
      doc.paths['/api/product/uploadimageproduct'].post.requestBody.content['multipart/form-data'].schema.properties
        .file,
    ).toMatchObject({ type: 'string', format: 'binary' });
    for (const [method, url] of [
      ['post', '/api/blogs/master/edit'],
      ['get', '/api/blogs/master/post'],
      ['get', '/api/account/me'],
    ]) {
      expect(doc.paths[url][method]['x-addition']).toBe(true);
      expect(doc.paths[url][method].tags).toContain('addition');
    }
    const ui = await t.app.inject({ url: '/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
