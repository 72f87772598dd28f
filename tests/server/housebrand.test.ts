import { eq } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { shops } from '../../server/src/db/schema.js';

/** The house-brand family's shop look-ups (the same service as brand shops, on house brands). */
describe.each(dbKinds())('house brands (%s)', (kind) => {
  let t: TestApp;
  let house: number;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    [{ id: house }] = await t.app.db.select().from(shops).where(eq(shops.kind, 'housebrand'));
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (user: string, url: string) => t.app.inject({ url, headers: await t.headers(user) });
  const post = async (user: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: await t.headers(user) });

  it('lists house brands to the editor, with the brand-shop summary', async () => {
    const res = await post('editor', '/api/housebrand/brandprofile', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [
        expect.objectContaining({
          id: house,
          name: 'HomeBase Essentials',
          kind: 'housebrand',
          status: 'active',
          ownerName: null,
          ownerEmail: null,
        }),
      ],
      total: 1,
      maxpage: 1,
    });
    expect(res.json().items[0].productCount).toBeGreaterThanOrEqual(20);
    expect(
      (await post('editor', '/api/housebrand/brandprofile', { keyword: 'homebase', page: 1, limit: 5 })).json().total,
    ).toBe(1);
    expect((await post('editor', '/api/housebrand/brandprofile', { keyword: 'HomePro' })).json()).toEqual({
      items: [],
      total: 0,
      maxpage: 0,
    });
    const bad = await post('editor', '/api/housebrand/brandprofile', { shoptype: 'market' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('shoptype');
  });

  it("gives suppliers' brand shops only to those holding the brand-shop menu", async () => {
    const refused = await post('editor', '/api/housebrand/brandprofile', { shoptype: 'supplier' });
    expect(refused.statusCode).toBe(403);
    const admin = (await post('admin', '/api/housebrand/brandprofile', { shoptype: 'supplier', limit: 100 })).json();
    expect(admin.items.length).toBeGreaterThanOrEqual(4);
    expect(admin.items.every((s: { kind: string }) => s.kind === 'supplier')).toBe(true);
    // The review queue's order: shops awaiting review first.
    expect(admin.items[0]).toMatchObject({ name: 'Nakhon Garden Supply', status: 'pending' });
  });

  it('answers the house brands and the product brands', async () => {
    for (const user of ['editor', 'admin']) {
      expect((await get(user, '/api/housebrand/shopmaster')).json()).toEqual({
        items: [{ id: house, name: 'HomeBase Essentials', status: 'active' }],
      });
    }
    const brands = (await get('editor', '/api/housebrand/masterbrand')).json().items;
    const master = (await get('admin', '/api/masterdata/masterbrand')).json().items;
    expect(brands).toEqual(
      master.map((b: { id: number; code: string; name: string }) => ({ id: b.id, code: b.code, name: b.name })),
    );
    expect(brands.length).toBeGreaterThan(10);
  });

  it('is staff work: suppliers get 403', async () => {
    for (const [method, url] of [
      ['POST', '/api/housebrand/brandprofile'],
      ['GET', '/api/housebrand/shopmaster'],
      ['GET', '/api/housebrand/masterbrand'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
        headers: await t.headers('supplier1'),
      });
      expect(res.statusCode, url).toBe(403);
    }
  });
});
