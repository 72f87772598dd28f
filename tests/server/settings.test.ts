/**
 * Shipping rates, zones and config control (docs/api/settings.md): zones cover every province once,
 * rate bands of one zone and transport type never overlap (also when created at once), a stale
 * version is refused, quotes pick the band holding the weight, settings are typed per key and read
 * through getSetting, and only admins reach any of it (the editor and suppliers get 403).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { expectFieldError as fieldError, type Res } from '../support/answers.js';
import { auditLog, orderMasterData, provinces, settings, shippingRates } from '../../server/src/db/schema.js';
import { getSetting, SETTING_KEYS } from '../../server/src/modules/settings/registry.js';
import { quoteShipping } from '../../server/src/modules/settings/shipping.js';

const S = '/api/setting';

describe.each(dbKinds())('shipping rates and config control (%s)', (kind) => {
  let t: TestApp;
  let adminId: number;
  let bkk: number;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    [{ id: adminId }] = await t.app.db
      .execute(sql`select id from users where username = 'admin'`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    [{ id: bkk }] = await t.app.db.select({ id: provinces.id }).from(provinces).where(eq(provinces.code, 'BKK'));
  });
  afterAll(async () => {
    await t?.close();
  });
  const expectFieldError = (res: Res, field: string, words?: RegExp) => fieldError(res, field, { words });

  const call = async (
    user: string | null,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
  ): Promise<Res> => t.app.inject({ method, url, payload, headers: user ? await t.headers(user) : {} });
  const ok = <T = any>(res: Res, status = 200): T => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  const save = (body: object, user = 'admin') => call(user, 'POST', `${S}/createshippingrate`, body);
  /** A transport type and zone pair of its own per test: the seeded rates stay out of the way. */
  let seq = 0;
  const freshPair = async () => {
    seq += 1;
    const code = `test_${kind}_${seq}`;
    await t.app.db.execute(
      sql`insert into order_master_data (kind, code, name, name_th, sort) values ('transporttype', ${code}, ${`Test carrier ${seq}`}, 'ทดสอบ', 900)`,
    );
    return { zone: 'north', transportType: code };
  };
  const auditOf = (entity: string, id: number) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id));

  type ZoneRow = { id: number; code: string; name: string; nameTh: string; provinces: string[] };
  const Z = '/api/v2/shipping-zones';
  const zones = async () => ok<ZoneRow[]>(await call('admin', 'GET', Z));

  describe('zones', () => {
    it('puts every province in exactly one zone, listed in order with their province codes', async () => {
      const res = await call('admin', 'GET', Z);
      const all = ok<ZoneRow[]>(res);
      expect(all.map((z) => z.code)).toEqual(['bkk', 'central_east', 'north', 'northeast', 'south']);
      expect(res.headers['x-total-count']).toBe('5');
      const every = await t.app.db.select({ code: provinces.code }).from(provinces);
      expect(all.flatMap((z) => z.provinces).sort()).toEqual(every.map((p) => p.code).sort());
      expect(all[0]).toEqual({
        id: 10,
        code: 'bkk',
        name: 'Bangkok and vicinity',
        nameTh: 'กรุงเทพฯ และปริมณฑล',
        provinces: ['BKK', 'NBI', 'PTE'],
      });
      // One zone by its id; the list filters by name; other master data is not a zone.
      expect(ok<ZoneRow>(await call('admin', 'GET', `${Z}/30`))).toMatchObject({ code: 'north' });
      expect(ok<ZoneRow[]>(await call('admin', 'GET', `${Z}?name_like=NORTH`)).map((z) => z.code)).toEqual([
        'north',
        'northeast',
      ]);
      await freshPair(); // a transport type numbered 900: master data of another kind, not a zone
      expect((await call('admin', 'GET', `${Z}/900`)).statusCode).toBe(404);
      expect((await call('admin', 'GET', `${Z}/999999`)).statusCode).toBe(404);
    });
  });

  describe('zone management', () => {
    const create = (body: object, user = 'admin') => call(user, 'POST', Z, body);
    const change = (id: number, body: object, user = 'admin') => call(user, 'PATCH', `${Z}/${id}`, body);
    const zoneOf = async (province: string) =>
      (await zones()).filter((z) => z.provinces.includes(province)).map((z) => z.code);

    it('creates a zone taking provinces from the zones that had them, and quotes follow the province', async () => {
      const code = `islands_${kind}`;
      const [pkt] = await t.app.db.select({ id: provinces.id }).from(provinces).where(eq(provinces.code, 'PKT'));
      const quote = async (weightKg: number) =>
        ok(
          await call('admin', 'POST', '/api/v2/shipping-quotes', {
            provinceId: pkt.id,
            weightKg,
            transportType: 'kerry',
          }),
        )[0];
      expect(await quote(1)).toMatchObject({ zone: 'south' });
      const created = ok<ZoneRow>(
        await create({ code, name: ` Islands ${kind} `, nameTh: `เกาะ ${kind}`, provinces: ['PKT', 'PKT'] }),
        201,
      );
      // After the seeded zones, names trimmed, provinces once.
      expect(created).toEqual({
        id: expect.any(Number),
        code,
        name: `Islands ${kind}`,
        nameTh: `เกาะ ${kind}`,
        provinces: ['PKT'],
      });
      expect(created.id).toBeGreaterThan(50);
      expect(await zoneOf('PKT')).toEqual([code]);
      expect((await zones()).find((z) => z.code === 'south')!.provinces).toEqual(['SKA']);
      // No rate to the new zone yet: the quote says why instead of charging the South's price.
      expect(await quote(1)).toMatchObject({ zone: code, price: null, reason: expect.stringMatching(/no rate/) });
      const rate = ok(await save({ zone: code, transportType: 'kerry', weightFrom: 0, price: 99 })).data;
      expect(await quote(3)).toMatchObject({ rateId: rate.id, price: 99 });

      // Back to the South by a change of the South; the other attributes of its row are kept.
      await t.app.db.execute(
        sql`update order_master_data set attrs = attrs || '{"colour": "green"}'::jsonb where kind = 'shippingzone' and code = 'south'`,
      );
      const south = ok<ZoneRow>(await change(50, { provinces: ['PKT', 'SKA'] }));
      expect(south).toMatchObject({ code: 'south', provinces: ['PKT', 'SKA'] });
      const [row] = await t.app.db
        .select({ attrs: orderMasterData.attrs })
        .from(orderMasterData)
        .where(and(eq(orderMasterData.kind, 'shippingzone'), eq(orderMasterData.code, 'south')));
      expect(row.attrs).toEqual({ colour: 'green', provinces: ['PKT', 'SKA'] });
      expect(await zoneOf('PKT')).toEqual(['south']);
      const renamed = ok<ZoneRow>(await change(created.id, { name: `Andaman ${kind}` }));
      expect(renamed).toMatchObject({ code, name: `Andaman ${kind}`, provinces: [] });
      const audits = await t.app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entity, 'shipping_zone'))
        .orderBy(asc(auditLog.id));
      expect(audits.map((a) => [a.action, a.entityId, (a.after as { code: string }).code, a.actorId])).toEqual(
        expect.arrayContaining([
          ['create', created.id, code, adminId],
          // The South lost Phuket to the new zone, then took it back.
          ['update', 50, 'south', adminId],
          ['update', created.id, code, adminId],
        ]),
      );
      expect(audits.find((a) => a.action === 'create' && a.entityId === created.id)!.after).toMatchObject({
        provinces: ['PKT'],
      });
    });

    it('refuses bad zones naming the field; an unknown zone is 404; a code cannot change; no delete', async () => {
      expectFieldError(await create({ code: 'Bad Code', name: 'x', nameTh: 'x', provinces: [] }), 'code');
      const dup = await create({ code: 'bkk', name: 'Another', nameTh: 'อื่น', provinces: [] });
      expect(dup.statusCode, dup.body).toBe(409);
      expect(dup.json().errors).toEqual([
        expect.objectContaining({ field: 'code', message: expect.stringMatching(/bkk/) }),
      ]);
      expectFieldError(
        await create({ code: `x_${kind}`, name: 'north ', nameTh: 'x', provinces: [] }),
        'name',
        /zone north already/,
      );
      expectFieldError(
        await create({ code: `x_${kind}`, name: 'X', nameTh: 'ภาคเหนือ', provinces: [] }),
        'nameTh',
        /zone north already/,
      );
      expectFieldError(
        await create({ code: `x_${kind}`, name: 'X', nameTh: 'x', provinces: ['ZZZ'] }),
        'provinces',
        /unknown: ZZZ/,
      );
      expectFieldError(await create({ code: `x_${kind}`, nameTh: 'x' }), 'name');
      expectFieldError(await change(30, { name: '  ' }), 'name', /empty/);
      expectFieldError(await change(30, { colour: 'red' }), 'colour');
      expectFieldError(await change(30, { code: 'up_north' }), 'code');
      expect((await change(999999, { name: 'Atlantis' })).statusCode).toBe(404);
      expect((await call('admin', 'GET', `${Z}/999999`)).statusCode).toBe(404);
      const del = await t.app.inject({ method: 'DELETE', url: `${Z}/30`, headers: await t.headers('admin') });
      expect(del.statusCode).toBe(404);
      expect(await zoneOf('CMI')).toEqual(['north']);
      expect((await zones()).find((z) => z.id === 30)).toMatchObject({ code: 'north', name: 'North' });
      const created = await t.app.db
        .select()
        .from(orderMasterData)
        .where(eq(orderMasterData.code, `x_${kind}`));
      expect(created).toEqual([]);
    });

    it('keeps a province in one zone when two zones claim it at once', async () => {
      const [a, b] = await Promise.all([
        change(40, { provinces: ['KKN', 'NMA', 'CBI'] }),
        change(20, { provinces: ['CBI'] }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(await zoneOf('CBI')).toHaveLength(1);
      ok(await change(20, { provinces: ['CBI'] }));
      expect(await zoneOf('CBI')).toEqual(['central_east']);
      // Two new zones claiming one province at once: both made, the province in one of them.
      const [c, d] = await Promise.all([
        create({ code: `race_a_${kind}`, name: `Race A ${kind}`, nameTh: `แข่ง ก ${kind}`, provinces: ['SKA'] }),
        create({ code: `race_b_${kind}`, name: `Race B ${kind}`, nameTh: `แข่ง ข ${kind}`, provinces: ['SKA'] }),
      ]);
      expect([c.statusCode, d.statusCode]).toEqual([201, 201]);
      expect(c.json().id).not.toBe(d.json().id);
      expect(await zoneOf('SKA')).toHaveLength(1);
      ok(await change(50, { provinces: ['PKT', 'SKA'] }));
    });
  });

  describe('rates', () => {
    it('lists seeded rates by zone, transport type and band, with filters and pages', async () => {
      const all = ok(await call('admin', 'GET', `${S}/shippingrate?zone=bkk&transportType=kerry`));
      expect(all.items.map((r: { weightFrom: number }) => r.weightFrom)).toEqual([0, 1, 5, 10, 20]);
      expect(all.items[0]).toMatchObject({
        zone: 'bkk',
        zoneName: 'Bangkok and vicinity',
        transportType: 'kerry',
        transportTypeName: 'Kerry Express',
        weightTo: 1,
        active: true,
        version: 1,
        price: expect.any(Number),
      });
      const off = ok(await call('admin', 'GET', `${S}/shippingrate?active=false`));
      expect(off.items.length).toBeGreaterThan(0);
      expect(off.items.every((r: { active: boolean }) => !r.active)).toBe(true);
      const page = ok(await call('admin', 'GET', `${S}/shippingrate?limit=7&page=2`));
      expect(page).toMatchObject({ maxpage: Math.ceil(page.total / 7) });
      expect(page.items).toHaveLength(7);
      expectFieldError(await call('admin', 'GET', `${S}/shippingrate?color=red`), 'color');
    });

    it('creates a rate, audited, and refuses bad ones naming the field', async () => {
      const pair = await freshPair();
      const res = ok(await save({ ...pair, weightFrom: 0, weightTo: 2.5, price: 55 }));
      expect(res).toMatchObject({
        status: 200,
        message: 'Shipping rate created.',
        data: { ...pair, weightFrom: 0, weightTo: 2.5, price: 55, active: true, version: 1 },
      });
      expect((await auditOf('shipping_rate', res.data.id)).map((a) => [a.action, a.actorId])).toEqual([
        ['create', adminId],
      ]);

      expectFieldError(await save({ transportType: pair.transportType, weightFrom: 3, price: 10 }), 'zone', /required/);
      expectFieldError(await save({ ...pair, zone: 'mars', weightFrom: 3, price: 10 }), 'zone', /shipping zone/);
      expectFieldError(await save({ ...pair, transportType: 'pigeon', weightFrom: 3, price: 10 }), 'transportType');
      expectFieldError(await save({ ...pair, weightFrom: 5, weightTo: 5, price: 10 }), 'weightTo', /above weightFrom/);
      expectFieldError(await save({ ...pair, weightFrom: 5.0001, price: 10 }), 'weightFrom', /3 decimals/);
      expectFieldError(await save({ ...pair, weightFrom: 5, price: 10.555 }), 'price', /2 decimals/);
      expectFieldError(await save({ ...pair, weightFrom: 5, price: -1 }), 'price');
      expectFieldError(await save({ ...pair, weightFrom: 5, price: 10, extra: 1 }), 'extra');
      expectFieldError(await save({ ...pair, weightFrom: 5, price: 10, version: 1 }), 'version');
      expect(
        await t.app.db.select().from(shippingRates).where(eq(shippingRates.transportType, pair.transportType)),
      ).toHaveLength(1);
    });

    it('never lets two active bands of one zone and type overlap; touching bands and other zones are fine', async () => {
      const pair = await freshPair();
      const first = ok(await save({ ...pair, weightFrom: 0, weightTo: 5, price: 50 })).data;
      ok(await save({ ...pair, weightFrom: 5, weightTo: 10, price: 80 }));
      expectFieldError(
        await save({ ...pair, weightFrom: 4.999, weightTo: 6, price: 60 }),
        'weightFrom',
        new RegExp(`overlaps rate #${first.id} \\(0–5 kg`),
      );
      expectFieldError(await save({ ...pair, weightFrom: 9, price: 60 }), 'weightFrom', /overlaps/);
      // "And heavier" from 10 fits; nothing may start above it any more.
      const open = ok(await save({ ...pair, weightFrom: 10, weightTo: null, price: 120 })).data;
      expectFieldError(
        await save({ ...pair, weightFrom: 500, weightTo: 600, price: 60 }),
        'weightFrom',
        new RegExp(`#${open.id} \\(from 10 kg`),
      );
      ok(await save({ ...pair, zone: 'south', weightFrom: 0, weightTo: 5, price: 70 }));

      // A deactivated band frees its weights; bringing it back while they are taken is refused.
      const off = ok(await save({ id: first.id, version: 1, active: false }));
      expect(off).toMatchObject({
        message: 'Shipping rate saved; it is deactivated.',
        data: { active: false, version: 2 },
      });
      const replacement = ok(await save({ ...pair, weightFrom: 0, weightTo: 5, price: 45 })).data;
      expectFieldError(
        await save({ id: first.id, version: 2, active: true }),
        'weightFrom',
        new RegExp(`#${replacement.id}`),
      );
      // A band moved onto another one is refused too.
      expectFieldError(await save({ id: replacement.id, version: 1, weightTo: 7 }), 'weightFrom', /overlaps/);
      expect((await auditOf('shipping_rate', first.id)).map((a) => a.action)).toEqual(['create', 'update']);
    });

    it('lets exactly one of several concurrent overlapping creates through', async () => {
      const pair = await freshPair();
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => save({ ...pair, weightFrom: i, weightTo: 20, price: 100 + i })),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.statusCode !== 200)) expectFieldError(r, 'weightFrom', /overlaps/);
      expect(
        await t.app.db.select().from(shippingRates).where(eq(shippingRates.transportType, pair.transportType)),
      ).toHaveLength(1);
    });

    it('changes a rate with the version read; a stale version gets 409 and changes nothing', async () => {
      const pair = await freshPair();
      const r = ok(await save({ ...pair, weightFrom: 0, weightTo: 3, price: 40 })).data;
      const changed = ok(await save({ id: r.id, version: 1, price: 42.5, weightTo: 4 }));
      expect(changed).toMatchObject({
        message: 'Shipping rate changed.',
        data: { id: r.id, price: 42.5, weightTo: 4, weightFrom: 0, version: 2 },
      });
      const stale = await save({ id: r.id, version: 1, price: 99 });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json()).toMatchObject({
        status: 409,
        message: expect.stringMatching(/changed meanwhile/),
        errors: [{ field: 'version' }],
      });
      expectFieldError(await save({ id: r.id, price: 99 }), 'version', /required/);
      const [row] = await t.app.db.select().from(shippingRates).where(eq(shippingRates.id, r.id));
      expect(row).toMatchObject({ price: '42.50', version: 2 });
      expect((await save({ id: 999_999, version: 1, price: 1 })).json()).toEqual({
        status: 404,
        message: 'Shipping rate not found',
      });
    });
  });

  describe('quotes', () => {
    it('prices a weight by the band that holds it; bands end before their weightTo', async () => {
      const pair = await freshPair();
      const light = ok(await save({ ...pair, weightFrom: 0, weightTo: 2, price: 30 })).data;
      const heavy = ok(await save({ ...pair, weightFrom: 2, weightTo: null, price: 90 })).data;
      const [cmi] = await t.app.db.select({ id: provinces.id }).from(provinces).where(eq(provinces.code, 'CMI'));
      expect(
        await quoteShipping(t.app.db, { provinceId: cmi.id, weightKg: 1.999, transportType: pair.transportType }),
      ).toMatchObject({ rateId: light.id, price: 30, zone: 'north' });
      expect(
        await quoteShipping(t.app.db, { provinceId: cmi.id, weightKg: 2, transportType: pair.transportType }),
      ).toMatchObject({ rateId: heavy.id, price: 90 });
      expect(
        await quoteShipping(t.app.db, { provinceId: cmi.id, weightKg: 800, transportType: pair.transportType }),
      ).toMatchObject({ rateId: heavy.id });
      // Bangkok is another zone: this carrier has no rate there.
      await expect(
        quoteShipping(t.app.db, { provinceId: bkk, weightKg: 1, transportType: pair.transportType }),
      ).rejects.toMatchObject({
        statusCode: 400,
        errors: [{ field: 'transportType' }],
        message: expect.stringMatching(/no rate to Bangkok and vicinity/),
      });
      ok(await save({ id: light.id, version: 1, active: false }));
      await expect(
        quoteShipping(t.app.db, { provinceId: cmi.id, weightKg: 1, transportType: pair.transportType }),
      ).rejects.toMatchObject({ statusCode: 400 });

      const [loose] = await t.app.db
        .insert(provinces)
        .values({ code: `X${kind}`, name: 'Nowhere', nameTh: 'ไม่มี' })
        .returning();
      await expect(
        quoteShipping(t.app.db, { provinceId: loose.id, weightKg: 1, transportType: 'kerry' }),
      ).rejects.toMatchObject({
        statusCode: 400,
        errors: [{ field: 'provinceId' }],
        message: expect.stringMatching(/No shipping zone covers Nowhere/),
      });

      const options = ok<{ transportType: string; price: number | null; reason?: string }[]>(
        await call('admin', 'POST', '/api/v2/shipping-quotes', { provinceId: bkk, weightKg: 30 }),
      );
      expect(options.find((o) => o.transportType === 'kerry')).toMatchObject({
        price: expect.any(Number),
        weightFrom: 20,
        weightTo: 50,
      });
      expect(options.find((o) => o.transportType === 'own_truck')).toMatchObject({ price: 350, weightTo: null });
      const none = options.find((o) => o.transportType === pair.transportType)!;
      expect(none).toMatchObject({ price: null, rateId: null, reason: expect.stringMatching(/has no rate/) });
    });
  });

  describe('config control', () => {
    const change = (key: string, value: unknown, updatedAt: string | null, user = 'admin') =>
      call(user, 'PATCH', '/api/v2/settings', { key, value, updatedAt });
    const list = async () =>
      ok<{ data: { key: string; value: unknown; updatedAt: string | null; isDefault: boolean; schema: object }[] }>(
        await call('admin', 'GET', `${S}/configcontrol`),
      ).data;
    const one = async (key: string) => (await list()).find((s) => s.key === key)!;

    it('lists every key with its type, value and default', async () => {
      const all = await list();
      expect(all.map((s) => s.key)).toEqual(SETTING_KEYS);
      expect(all.find((s) => s.key === 'defaultLanguage')).toMatchObject({
        value: 'en',
        default: 'en',
        isDefault: true,
        updatedAt: null,
        schema: { type: 'string', enum: ['en', 'fr', 'vi', 'cn', 'ar'] },
        readBy: expect.stringMatching(/i18n/),
      });
      // The demo sets free shipping from 1,500 THB (the seeded orders' rule).
      expect(all.find((s) => s.key === 'freeShippingFrom')).toMatchObject({
        value: 1500,
        default: null,
        isDefault: false,
        updatedByName: expect.any(String),
      });
      expect(all.find((s) => s.key === 'checkoutMaxQuantity')).toMatchObject({
        value: 50,
        schema: { type: 'integer', minimum: 1 },
      });
    });

    it("checks each value against its key's type, naming value", async () => {
      expectFieldError(await change('defaultLanguage', 'de', null), 'value', /one of: en, fr, vi, cn, ar/);
      expectFieldError(await change('checkoutMaxQuantity', 2.5, null), 'value', /whole number from 1 to 9999/);
      expectFieldError(await change('checkoutMaxQuantity', 0, null), 'value');
      expectFieldError(await change('checkoutMaxQuantity', '20', null), 'value');
      const free = await one('freeShippingFrom');
      expectFieldError(await change('freeShippingFrom', 99.999, free.updatedAt), 'value', /two decimals/);
      expectFieldError(await change('freeShippingFrom', 'lots', free.updatedAt), 'value');
      expectFieldError(await change('currency', 'USD', null), 'key', /not a setting/);
      expectFieldError(
        await call('admin', 'PATCH', '/api/v2/settings', { key: 'defaultLanguage', value: 'fr' }),
        'updatedAt',
        /required/,
      );
      expect(await t.app.db.select().from(settings).where(eq(settings.key, 'defaultLanguage'))).toEqual([]);
    });

    it('changes a key with the updatedAt read; the code reads it through getSetting; a stale one gets 409', async () => {
      const free = await one('freeShippingFrom');
      const changed = ok(await change('freeShippingFrom', 2000.5, free.updatedAt));
      expect(changed).toMatchObject({ key: 'freeShippingFrom', value: 2000.5, isDefault: false });
      expect(await getSetting(t.app.db, 'freeShippingFrom')).toBe(2000.5);
      const stale = await change('freeShippingFrom', 100, free.updatedAt);
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json()).toMatchObject({ status: 409, errors: [{ field: 'updatedAt' }] });
      ok(await change('freeShippingFrom', null, changed.updatedAt));
      expect(await getSetting(t.app.db, 'freeShippingFrom')).toBeNull();

      const [audits] = await t.app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entity, 'setting'))
        .orderBy(asc(auditLog.id))
        .limit(1);
      expect(audits).toMatchObject({
        action: 'update',
        actorId: adminId,
        after: { key: 'freeShippingFrom', value: 2000.5 },
      });
      // A stored value its definition no longer accepts never reaches the code: the default does.
      await t.app.db.update(settings).set({ value: -5 }).where(eq(settings.key, 'freeShippingFrom'));
      expect(await getSetting(t.app.db, 'freeShippingFrom')).toBeNull();
    });

    it('lets one of two first changes of a key through; the default language is public', async () => {
      expect(ok(await call(null, 'GET', '/api/v2/client-settings'))).toEqual({ defaultLanguage: 'en' });
      const results = await Promise.all([change('defaultLanguage', 'fr', null), change('defaultLanguage', 'ar', null)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const won = results.find((r) => r.statusCode === 200)!.json().value;
      expect(ok(await call(null, 'GET', '/api/v2/client-settings'))).toEqual({ defaultLanguage: won });
      expect(await getSetting(t.app.db, 'defaultLanguage')).toBe(won);
    });
  });

  describe('who may', () => {
    it('lets only admins read or change rates, zones, quotes and settings', async () => {
      const routes: [method: 'GET' | 'POST' | 'PATCH', url: string, body?: object][] = [
        ['GET', `${S}/shippingrate`],
        ['POST', `${S}/createshippingrate`, { zone: 'bkk', transportType: 'kerry', weightFrom: 900, price: 1 }],
        ['GET', `${S}/configcontrol`],
        ['PATCH', '/api/v2/settings', { key: 'checkoutMaxQuantity', value: 10, updatedAt: null }],
        ['GET', '/api/v2/shipping-zones'],
        ['GET', '/api/v2/shipping-zones/30'],
        ['POST', '/api/v2/shipping-quotes', { provinceId: bkk, weightKg: 1 }],
        ['POST', '/api/v2/shipping-zones', { code: 'nowhere', name: 'Nowhere', nameTh: 'ไม่มี', provinces: [] }],
        ['PATCH', '/api/v2/shipping-zones/30', { name: 'Up' }],
      ];
      for (const [method, url, body] of routes) {
        expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
        for (const user of ['editor', 'supplier1']) {
          const res = await call(user, method, url, body);
          expect(res.statusCode, `${user} ${method} ${url}`).toBe(403);
        }
      }
      const before = await t.app.db.select().from(shippingRates).where(eq(shippingRates.weightFrom, '900.000'));
      expect(before).toEqual([]);
      expect(await getSetting(t.app.db, 'checkoutMaxQuantity')).toBe(50);
      expect(await t.app.db.select().from(orderMasterData).where(eq(orderMasterData.code, 'nowhere'))).toEqual([]);
      expect((await zones()).find((z) => z.id === 30)).toMatchObject({ name: 'North' });
    });
  });
});
