/**
 * The REST helper (server/src/rest/resource.ts) on a shop-owned table: the owner variant saved views do
 * not use. A probe table in the test database, served by a bare Fastify app with the server's error
 * handling; the caller is set by a header (the guard and tokens are covered by saved-views tests).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { shops } from '../../server/src/db/schema.js';
import { registerErrorHandling } from '../../server/src/lib/error-handler.js';
import { restResource } from '../../server/src/rest/resource.js';
import type { AuthUser } from '../../server/src/auth/types.js';

const probes = pgTable('rest_probes', {
  id: serial('id').primaryKey(),
  shopId: integer('shop_id')
    .notNull()
    .references(() => shops.id),
  title: text('title').notNull(),
  price: integer('price'),
});

describe.each(dbKinds())('REST helper, rows owned by shops (%s)', (kind) => {
  let t: TestApp;
  let app: FastifyInstance;
  let own: number; // supplier's shop
  let foreign: number;
  const callers: Record<string, AuthUser> = {};
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    const all = await t.app.db.select().from(shops).orderBy(shops.id);
    [own, foreign] = [all[0].id, all[1].id];
    callers.supplier = {
      id: 1,
      username: 'probe',
      role: 'supplier',
      area: 'supplier',
      status: 'active',
      menus: [],
      shopIds: [own],
      tokenGeneration: 0,
    };
    callers.staff = {
      id: 2,
      username: 'staff',
      role: 'admin',
      area: 'admin',
      status: 'active',
      menus: [],
      shopIds: [],
      tokenGeneration: 0,
    };
    await t.app.db.execute(
      sql`create table rest_probes (id serial primary key, shop_id integer not null references shops(id), title text not null, price integer)`,
    );
    await t.app.db.insert(probes).values([
      { shopId: own, title: 'Lamp', price: 300 },
      { shopId: own, title: 'Bulb', price: 50 },
      { shopId: own, title: 'Fan', price: null },
      { shopId: foreign, title: 'Aircon', price: 15000 },
    ]);

    app = Fastify({
      ajv: { customOptions: { removeAdditional: false, allErrors: true, coerceTypes: 'array', useDefaults: true } },
    });
    app.decorate('db', t.app.db);
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (req) => {
      req.auth = callers[String(req.headers['x-caller'])] ?? null;
    });
    registerErrorHandling(app, { spa: false });
    await app.register(async (scope) => {
      restResource(scope, {
        name: 'probes',
        label: 'Probe',
        table: probes,
        id: probes.id,
        owner: { shop: probes.shopId, field: 'shopId' },
        fields: {
          title: {
            column: probes.title,
            schema: { type: 'string' },
            write: { type: 'string', minLength: 1 },
            filter: ['like'],
            sort: true,
          },
          price: {
            column: probes.price,
            schema: { type: ['integer', 'null'] },
            write: { type: ['integer', 'null'] },
            optional: true,
            filter: ['eq', 'gte', 'lte'],
            sort: true,
          },
        },
      });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const call = (caller: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `/api/v2/probes${url}`, payload, headers: { 'x-caller': caller } });

  it("lists the supplier's own shops' rows and every shop's to staff, with the shop in each row", async () => {
    const mine = await call('supplier', 'GET', '');
    expect(mine.headers['x-total-count']).toBe('3');
    expect(mine.json().map((p: { title: string }) => p.title)).toEqual(['Lamp', 'Bulb', 'Fan']);
    expect(mine.json()[0]).toEqual({ id: expect.any(Number), shopId: own, title: 'Lamp', price: 300 });
    expect((await call('staff', 'GET', '')).headers['x-total-count']).toBe('4');
    expect((await call('staff', 'GET', `?shopId=${foreign}`)).json().map((p: { title: string }) => p.title)).toEqual([
      'Aircon',
    ]);
    // A supplier filtering on another shop gets 404 and nothing of it, like every shop filter of the server.
    const elsewhere = await call('supplier', 'GET', `?shopId=${foreign}`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ status: 404, message: 'Shop not found' });
    expect((await call('supplier', 'GET', `?shopId=${own}&shopId=${foreign}`)).statusCode).toBe(404);
    expect((await call('supplier', 'GET', `?shopId=${own}`)).headers['x-total-count']).toBe('3');
  });

  it('filters and sorts numbers, nulls last in ascending order', async () => {
    expect(
      (await call('supplier', 'GET', '?price_gte=50&price_lte=300&_sort=price&_order=desc'))
        .json()
        .map((p: { title: string }) => p.title),
    ).toEqual(['Lamp', 'Bulb']);
    expect(
      (await call('supplier', 'GET', '?price=50&price=300&_sort=title')).json().map((p: { title: string }) => p.title),
    ).toEqual(['Bulb', 'Lamp']);
    expect((await call('supplier', 'GET', '?_sort=price')).json().map((p: { title: string }) => p.title)).toEqual([
      'Bulb',
      'Lamp',
      'Fan',
    ]);
    expect((await call('supplier', 'GET', '?title_like=am')).json().map((p: { title: string }) => p.title)).toEqual([
      'Lamp',
    ]);
    expect((await call('supplier', 'GET', '?price_ne=50')).statusCode).toBe(400);
  });

  it("creates rows only in the caller's shops and never moves a row to another shop", async () => {
    const made = await call('supplier', 'POST', '', { shopId: own, title: 'Switch' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ shopId: own, title: 'Switch', price: null });
    const elsewhere = await call('supplier', 'POST', '', { shopId: foreign, title: 'Sneaky' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ status: 404, message: 'Shop not found' });
    const noShop = await call('supplier', 'POST', '', { title: 'Nowhere' });
    expect(noShop.statusCode).toBe(400);
    expect(noShop.json().errors[0].field).toBe('shopId');
    const move = await call('supplier', 'PATCH', `/${made.json().id}`, { shopId: foreign });
    expect(move.statusCode).toBe(400);
    expect(move.json().errors[0].field).toBe('shopId');
    expect((await call('staff', 'POST', '', { shopId: foreign, title: 'Staff made' })).statusCode).toBe(201);
  });

  it("answers 404 for another shop's row id on every verb and changes nothing", async () => {
    const [aircon] = (await call('staff', 'GET', '?title_like=aircon')).json();
    for (const [method, payload] of [['GET'], ['PATCH', { title: 'Hijacked' }], ['DELETE']] as const) {
      const res = await call('supplier', method, `/${aircon.id}`, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: 'Probe not found' });
    }
    expect((await call('staff', 'GET', `/${aircon.id}`)).json()).toEqual(aircon);
    const patched = await call('staff', 'PATCH', `/${aircon.id}`, { price: 14000 });
    expect(patched.json()).toEqual({ ...aircon, price: 14000 });
  });
});
