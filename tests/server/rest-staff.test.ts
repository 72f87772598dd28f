/**
 * `restResource` with owner `none` (a staff table), on the install rates (`/api/v2/install-rates`): the
 * table of screens decides who calls it (admin and holders of the install-rate screen), every row to them,
 * computed read-only fields, the declared verbs only, the sortable fields and references documented for
 * generated screens.
 */
import { eq } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { auditLog, installRates } from '../../server/src/db/schema.js';

describe.each(dbKinds())('REST helper, a staff table: install rates (%s)', (kind) => {
  let t: TestApp;
  let first: { id: number; name: string; price: number; status: string };
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/install-rates?_sort=id',
      headers: await t.headers('admin'),
    });
    expect(res.statusCode, res.body).toBe(200);
    first = res.json()[0];
  });
  afterAll(async () => {
    await t?.close();
  });

  const routes = (id: number) => [
    { method: 'GET' as const, url: '/api/v2/install-rates' },
    { method: 'GET' as const, url: `/api/v2/install-rates/${id}` },
    { method: 'PATCH' as const, url: `/api/v2/install-rates/${id}`, payload: { status: 'inactive' } },
  ];

  it('answers 401 without a token and 403 to a supplier and to the editor, changing nothing', async () => {
    for (const r of routes(first.id)) {
      expect((await t.app.inject(r)).statusCode, `${r.method} ${r.url}`).toBe(401);
      for (const user of ['supplier1', 'editor']) {
        const res = await t.app.inject({ ...r, headers: await t.headers(user) });
        expect(res.statusCode, `${user} ${r.method} ${r.url}`).toBe(403);
      }
    }
    const [row] = await t.app.db.select().from(installRates).where(eq(installRates.id, first.id));
    expect(row.status).toBe(first.status);
  });

  it('gives admin every row with the computed names, filtered and sorted as declared', async () => {
    const headers = await t.headers('admin');
    const all = await t.app.inject({ method: 'GET', url: '/api/v2/install-rates', headers });
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe((await t.app.db.select().from(installRates)).length);
    const row = all.json()[0];
    expect(Object.keys(row).sort()).toEqual(
      ['id', 'level1Name', 'name', 'price', 'productCode', 'status', 'updatedAt'].sort(),
    );
    expect(typeof row.price).toBe('number');
    // Default order: by name.
    const names = all.json().map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const cheap = await t.app.inject({
      method: 'GET',
      url: '/api/v2/install-rates?price_lte=500&_sort=price&_order=desc',
      headers,
    });
    const prices = cheap.json().map((r: { price: number }) => r.price);
    expect(prices.every((p: number) => p <= 500)).toBe(true);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => b - a));
    const like = await t.app.inject({
      method: 'GET',
      url: `/api/v2/install-rates?name_like=${encodeURIComponent(first.name.slice(0, 4).toUpperCase())}`,
      headers,
    });
    expect(like.json().map((r: { id: number }) => r.id)).toContain(first.id);
    // What the resource does not allow is refused by name.
    for (const [url, field] of [
      ['?level1Name_like=x', 'level1Name_like'],
      ['?_sort=productCode', '_sort'],
      ['?status=gone', 'status'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v2/install-rates${url}`, headers });
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json().errors ?? res.json()), url).toContain(field.split('_like')[0]);
    }
  });

  it('changes the writable fields with an audit row, refuses computed ones, and serves no create or delete', async () => {
    const headers = await t.headers('admin');
    const url = `/api/v2/install-rates/${first.id}`;
    const changed = await t.app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { status: 'inactive', price: 123.45 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: first.id, status: 'inactive', price: 123.45 });
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.entity, 'install_rate'));
    expect(audits.some((a) => a.entityId === first.id && a.action === 'update')).toBe(true);
    for (const payload of [{ level1Name: 'x' }, { productCode: 'x' }, { status: 'maybe' }, { price: -1 }, {}]) {
      const res = await t.app.inject({ method: 'PATCH', url, headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/install-rates/999999', headers })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v2/install-rates', headers, payload: { name: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(404);
  });

  it('keeps the price below the regular ("was") price, as a field error', async () => {
    const headers = await t.headers('admin');
    await t.app.db.update(installRates).set({ compareAtPrice: '200.00' }).where(eq(installRates.id, first.id));
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/install-rates/${first.id}`,
      headers,
      payload: { price: 250 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('price');
  });

  it('documents the sortable fields for generated screens', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const list = doc.paths['/api/v2/install-rates'].get;
    expect(list['x-sort']).toEqual(['id', 'name', 'price', 'updatedAt']);
    expect(doc.paths['/api/v2/install-rates'].post).toBeUndefined();
  });
});
