/**
 * Marketplace banner management (docs/api/banners.md): types with their sizes, pages, banners per page
 * in position order with their state, uploads checked against the type's pixel size, the whole order in
 * one request under a lock, switch on/off, windows, deletion; audit rows; who may call.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { expectFieldError as fieldError } from '../support/answers.js';
import { auditLog, banners, bannerTypeMenus, bannerTypes, masterData, users } from '../../server/src/db/schema.js';
import { uploadsDir } from '../../server/src/lib/uploads.js';
import { windowState } from '../../server/src/lib/window.js';
import { multipartSync, samples } from './product-files.js';
import { png } from '../support/png.js';

const B = '/api/banners/uploadbanner';

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;
interface Type {
  id: number;
  code: string;
  name: string;
  width: number;
  height: number;
  menuCount: number;
}
interface Menu {
  id: number;
  typeId: number;
  code: string;
  name: string;
  bannerCount: number;
}
interface Banner {
  id: number;
  typeId: number;
  menuId: number | null;
  title: string;
  imageUrl: string;
  width: number;
  height: number;
  link: string | null;
  position: number;
  active: boolean;
  startsAt: string;
  endsAt: string | null;
  timezone: string;
  state: string;
  createdAt: string;
  updatedAt: string;
}

describe.each(dbKinds())('banner management (%s)', (kind) => {
  let t: TestApp;
  let types: Record<string, Type>;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    types = Object.fromEntries((await t.app.db.select().from(bannerTypes)).map((x) => [x.code, x as unknown as Type]));
  });
  afterAll(async () => {
    await t?.close();
  });
  const expectFieldError = (res: Res, status: number, field: string) => fieldError(res, field, { status, named: true });

  const headersOf = async (user: string | null) => (user ? await t.headers(user) : {});
  const get = async (url: string, user: string | null = 'admin') =>
    t.app.inject({ method: 'GET', url: `${B}/${url}`, headers: await headersOf(user) });
  const post = async (url: string, payload: object, user: string | null = 'admin') =>
    t.app.inject({ method: 'POST', url: `${B}/${url}`, payload, headers: await headersOf(user) });
  const ok = <T>(res: Res): T => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const menusOf = async (typeId: number) =>
    ok<{ items: Menu[] }>(await get(`getBannerTypeMenu?typeId=${typeId}`)).items;
  const menu = async (typeCode: string, menuCode: string) =>
    (await menusOf(types[typeCode].id)).find((m) => m.code === menuCode)!;
  const list = async (typeId: number, menuId: number, query = '', user = 'admin') =>
    ok<{ items: Banner[]; total: number; maxpage: number }>(
      await get(`getlistbanners?typeId=${typeId}&menuId=${menuId}&limit=100${query}`, user),
    );
  /** A page's banner ids in stored order, positions checked dense on the way. */
  const stored = async (typeId: number, menuId: number) => {
    const rows = await t.app.db
      .select()
      .from(banners)
      .where(and(eq(banners.typeId, typeId), eq(banners.menuId, menuId)))
      .orderBy(asc(banners.position), asc(banners.id));
    expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i));
    return rows.map((r) => r.id);
  };
  const upload = async (fields: Record<string, string>, data: Buffer, filename = 'banner.png', user = 'admin') => {
    const { payload, headers } = multipartSync(fields, { name: 'file', filename, data });
    return t.app.inject({
      method: 'POST',
      url: `${B}/upload`,
      payload,
      headers: { ...headers, ...(await t.headers(user)) },
    });
  };
  const fields = (typeId: number, menuId: number, extra: Record<string, string> = {}) => ({
    typeId: String(typeId),
    menuId: String(menuId),
    title: 'Probe banner',
    startsAt: '2026-01-01T00:00:00+07:00',
    ...extra,
  });
  const fileOf = (url: string) => join(uploadsDir(t.app.config.dataDir), url.replace(/^\/uploads\//, ''));
  /** Stored images written since `since` with exactly this many bytes (a rejected upload leaves none). */
  const storedSince = (since: number, size: number) => {
    const dir = join(uploadsDir(t.app.config.dataDir), 'image');
    return readdirSync(dir).filter((f) => {
      const s = statSync(join(dir, f));
      return s.mtimeMs >= since && s.size === size;
    });
  };
  const auditOf = (entity: string, entityId: number) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(asc(auditLog.id));

  describe('types and pages', () => {
    it('lists the types with the pixel size their images must have', async () => {
      const { items } = ok<{ items: Type[] }>(await get('getmasterType'));
      expect(items.map((x) => [x.code, x.width, x.height])).toEqual([
        ['home_hero', 1920, 600],
        ['home_strip', 1200, 300],
        ['category_top', 1200, 300],
        ['popup', 600, 600],
        ['app_splash', 1080, 1920],
      ]);
      expect(items.every((x) => x.name && x.menuCount >= 1)).toBe(true);
    });

    it("lists a type's pages: the category top has one per level-1 category", async () => {
      const level1 = await t.app.db
        .select()
        .from(masterData)
        .where(eq(masterData.type, 'level1'))
        .orderBy(asc(masterData.sort));
      const pages = await menusOf(types.category_top.id);
      expect(pages.map((m) => [m.code, m.name])).toEqual(level1.map((c) => [c.code, c.name]));
      expect(pages.every((m) => m.typeId === types.category_top.id && m.bannerCount === 1)).toBe(true);
      expect((await menusOf(types.home_hero.id)).map((m) => m.code)).toEqual(['home']);
    });

    it('answers 400 naming typeId for a type that does not exist, and for a missing one', async () => {
      expectFieldError(await get('getBannerTypeMenu?typeId=9999'), 400, 'typeId');
      expectFieldError(await get('getBannerTypeMenu'), 400, 'typeId');
      expectFieldError(await get('getmasterType?typeId=1'), 400, 'typeId');
    });
  });

  describe('the list', () => {
    it("answers a page's banners in position order with their state computed from the window and the switch", async () => {
      const home = await menu('home_hero', 'home');
      const { items, total, maxpage } = await list(types.home_hero.id, home.id);
      expect(total).toBe(6);
      expect(maxpage).toBe(1);
      expect(items.map((b) => b.position)).toEqual([0, 1, 2, 3, 4, 5]);
      const rows = await t.app.db.select().from(banners).where(eq(banners.menuId, home.id));
      for (const b of items) {
        const row = rows.find((r) => r.id === b.id)!;
        expect(b.state, b.title).toBe(row.active ? windowState(row) : 'off');
        expect(b).toMatchObject({
          typeId: types.home_hero.id,
          menuId: home.id,
          width: 1920,
          height: 600,
          timezone: 'Asia/Bangkok',
        });
      }
      // The one switched off is off whatever its window.
      expect(items.filter((b) => !b.active).map((b) => b.state)).toEqual(['off']);
    });

    it('counts the whole page by state, whatever the filter', async () => {
      const home = await menu('home_hero', 'home');
      const all = (await list(types.home_hero.id, home.id)).items;
      const expected = Object.fromEntries(
        ['live', 'scheduled', 'expired', 'off'].map((s) => [s, all.filter((b) => b.state === s).length]),
      );
      expect(Object.values(expected).reduce((a, b) => a + b, 0)).toBe(6);
      expect(
        ok<{ counts: object }>(await get(`getlistbanners?typeId=${types.home_hero.id}&menuId=${home.id}`)).counts,
      ).toEqual(expected);
      expect(
        ok<{ counts: object }>(
          await get(`getlistbanners?typeId=${types.home_hero.id}&menuId=${home.id}&status=off&limit=1`),
        ).counts,
      ).toEqual(expected);
    });

    it('filters by state and pages', async () => {
      const home = await menu('home_hero', 'home');
      const all = (await list(types.home_hero.id, home.id)).items;
      for (const state of ['live', 'scheduled', 'expired', 'off']) {
        const { items, total } = await list(types.home_hero.id, home.id, `&status=${state}`);
        expect(
          items.map((b) => b.id),
          state,
        ).toEqual(all.filter((b) => b.state === state).map((b) => b.id));
        expect(total).toBe(items.length);
      }
      const page2 = ok<{ items: Banner[]; total: number; maxpage: number }>(
        await get(`getlistbanners?typeId=${types.home_hero.id}&menuId=${home.id}&page=2&limit=4`),
      );
      expect(page2).toMatchObject({ total: 6, maxpage: 2 });
      expect(page2.items.map((b) => b.id)).toEqual(all.slice(4).map((b) => b.id));
    });

    it('refuses a page of another type (menuId), an unknown state and a missing page', async () => {
      const strip = await menu('home_strip', 'home');
      expect(
        expectFieldError(await get(`getlistbanners?typeId=${types.home_hero.id}&menuId=${strip.id}`), 400, 'menuId'),
      ).toContain('Home hero');
      expectFieldError(
        await get(`getlistbanners?typeId=${types.home_hero.id}&menuId=${strip.id}&status=soon`),
        400,
        'status',
      );
      expectFieldError(await get(`getlistbanners?typeId=${types.home_hero.id}`), 400, 'menuId');
      expectFieldError(await get(`getlistbanners?typeId=9999&menuId=${strip.id}`), 400, 'typeId');
    });
  });

  describe('upload', () => {
    it("stores an image of the type's size under a generated name and puts the banner last, audited", async () => {
      const cart = await menu('home_strip', 'cart');
      const before = await stored(types.home_strip.id, cart.id);
      const res = await upload(
        fields(types.home_strip.id, cart.id, {
          title: '  Tiles week  ',
          link: '/category/tile',
          endsAt: '2045-01-01T00:00:00+07:00',
          timezone: 'Asia/Ho_Chi_Minh',
        }),
        png(1200, 300),
        'my banner.png',
      );
      const body = ok<{ status: number; message: string; data: Banner }>(res);
      expect(body).toMatchObject({ status: 200, message: 'Banner added.' });
      const b = body.data;
      expect(b).toMatchObject({
        typeId: types.home_strip.id,
        menuId: cart.id,
        title: 'Tiles week',
        link: '/category/tile',
        width: 1200,
        height: 300,
        position: before.length,
        active: true,
        startsAt: '2025-12-31T17:00:00.000Z',
        endsAt: '2044-12-31T17:00:00.000Z',
        timezone: 'Asia/Ho_Chi_Minh',
        state: 'live',
      });
      expect(b.imageUrl).toMatch(/^\/uploads\/image\/[0-9a-f]{32}\.png$/);
      expect(existsSync(fileOf(b.imageUrl))).toBe(true);
      expect(await stored(types.home_strip.id, cart.id)).toEqual([...before, b.id]);
      expect((await auditOf('banner', b.id)).map((a) => a.action)).toEqual(['create']);
      const served = await t.app.inject({ method: 'GET', url: b.imageUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
    });

    it('refuses an image of another size with 400 naming file and saying both sizes; nothing is stored', async () => {
      const home = await menu('home_hero', 'home');
      const before = await stored(types.home_hero.id, home.id);
      const since = Date.now() - 1;
      const wrong = png(1200, 300, [200, 10, 10]);
      const message = expectFieldError(await upload(fields(types.home_hero.id, home.id), wrong), 400, 'file');
      expect(message).toContain('1920 × 600');
      expect(message).toContain('1200 × 300');
      // One pixel off is off too.
      expectFieldError(await upload(fields(types.home_hero.id, home.id), png(1920, 601, [200, 10, 10])), 400, 'file');
      expect(storedSince(since, wrong.length)).toEqual([]);
      expect(await stored(types.home_hero.id, home.id)).toEqual(before);
    });

    it('sniffs the content, not the name: a PDF called .png is 415, a PNG called .jpg is stored as PNG', async () => {
      const popup = await menu('popup', 'home');
      expectFieldError(await upload(fields(types.popup.id, popup.id), samples.pdf(), 'banner.png'), 415, 'file');
      const res = await upload(fields(types.popup.id, popup.id), png(600, 600), 'banner.jpg');
      expect(ok<{ data: Banner }>(res).data.imageUrl).toMatch(/\.png$/);
    });

    it('refuses an image over the 5 MB limit (413 naming file)', async () => {
      const popup = await menu('popup', 'home');
      const big = Buffer.concat([png(600, 600), Buffer.alloc(5 * 1024 * 1024)]);
      expectFieldError(await upload(fields(types.popup.id, popup.id), big), 413, 'file');
    });

    it('refuses bad fields naming them: title, link, window, page of another type, unknown field, no file', async () => {
      const popup = await menu('popup', 'home');
      const hero = await menu('home_hero', 'home');
      const image = png(600, 600);
      const since = Date.now() - 1;
      expectFieldError(await upload(fields(types.popup.id, popup.id, { title: '   ' }), image), 400, 'title');
      expectFieldError(await upload(fields(types.popup.id, popup.id, { title: 'x'.repeat(81) }), image), 400, 'title');
      expectFieldError(
        await upload(fields(types.popup.id, popup.id, { link: 'javascript:alert(1)' }), image),
        400,
        'link',
      );
      expectFieldError(
        await upload(fields(types.popup.id, popup.id, { endsAt: '2025-01-01T00:00:00+07:00' }), image),
        400,
        'endsAt',
      );
      expectFieldError(
        await upload(fields(types.popup.id, popup.id, { startsAt: 'next week' }), image),
        400,
        'startsAt',
      );
      expectFieldError(
        await upload(fields(types.popup.id, popup.id, { timezone: 'Mars/Olympus' }), image),
        400,
        'timezone',
      );
      expectFieldError(await upload(fields(types.popup.id, hero.id), image), 400, 'menuId');
      expectFieldError(await upload(fields(9999, popup.id), image), 400, 'typeId');
      expectFieldError(await upload(fields(types.popup.id, popup.id, { position: '0' }), image), 400, 'position');
      const noFile = multipartSync(fields(types.popup.id, popup.id));
      expectFieldError(
        await t.app.inject({
          method: 'POST',
          url: `${B}/upload`,
          ...noFile,
          headers: { ...noFile.headers, ...(await t.headers('admin')) },
        }),
        400,
        'file',
      );
      expect(storedSince(since, image.length)).toEqual([]);
    });
  });

  describe('order', () => {
    let typeId: number;
    let menuId: number;
    let ids: number[];
    beforeAll(async () => {
      typeId = types.category_top.id;
      menuId = (await menu('category_top', 'air')).id;
      for (const [i, rgb] of (
        [
          [10, 10, 200],
          [10, 200, 10],
          [200, 10, 10],
          [120, 120, 10],
        ] as [number, number, number][]
      ).entries()) {
        ok(await upload(fields(typeId, menuId, { title: `Air ${i + 1}` }), png(1200, 300, rgb)));
      }
      ids = await stored(typeId, menuId);
      expect(ids).toHaveLength(5);
    });

    it('stores the whole new order from one request, audited once for the page', async () => {
      const next = [...ids].reverse();
      const res = ok<{ status: number; data: { id: number; position: number }[] }>(
        await post('sortbanner', { typeId, menuId, ids: next }),
      );
      expect(res.data).toEqual(next.map((id, position) => ({ id, position })));
      expect(await stored(typeId, menuId)).toEqual(next);
      expect((await list(typeId, menuId)).items.map((b) => b.id)).toEqual(next);
      const audits = await auditOf('banner_type_menu', menuId);
      expect(audits.map((a) => a.action)).toEqual(['order_banners']);
      expect(audits[0].before).toEqual({ typeId, order: ids });
      expect(audits[0].after).toEqual({ typeId, order: next });
      ids = next;
    });

    it("refuses ids that are not exactly the page's banners (400 naming ids) and changes nothing", async () => {
      const other = (await stored(types.home_hero.id, (await menu('home_hero', 'home')).id))[0];
      expectFieldError(await post('sortbanner', { typeId, menuId, ids: ids.slice(1) }), 400, 'ids');
      expectFieldError(await post('sortbanner', { typeId, menuId, ids: [...ids.slice(1), other] }), 400, 'ids');
      expectFieldError(await post('sortbanner', { typeId, menuId, ids: [...ids, other] }), 400, 'ids');
      expectFieldError(await post('sortbanner', { typeId, menuId, ids: [ids[0], ...ids.slice(0, -1)] }), 400, 'ids');
      expectFieldError(await post('sortbanner', { typeId, menuId, ids: [] }), 400, 'ids');
      expectFieldError(await post('sortbanner', { typeId: types.home_hero.id, menuId, ids }), 400, 'menuId');
      expectFieldError(await post('sortbanner', { typeId, menuId, ids, extra: 1 }), 400, 'extra');
      expect(await stored(typeId, menuId)).toEqual(ids);
    });

    it('concurrent sorts never lose or duplicate a position: the page ends as one of the orders sent', async () => {
      let seed = 11;
      const rand = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed % n;
      };
      const orders = Array.from({ length: 16 }, () => {
        const a = [...ids];
        for (let i = a.length - 1; i > 0; i--) {
          const j = rand(i + 1);
          [a[i], a[j]] = [a[j], a[i]];
        }
        return a;
      });
      const results = await Promise.all(
        orders.map(async (o) => (await post('sortbanner', { typeId, menuId, ids: o })).statusCode),
      );
      expect(results.every((s) => s === 200)).toBe(true);
      const after = await stored(typeId, menuId);
      expect(orders.map((o) => o.join())).toContain(after.join());
      // Each sort that changed the order left one audit row, whose order follows from the one before it.
      const audits = (await auditOf('banner_type_menu', menuId)).slice(1);
      for (let i = 1; i < audits.length; i++)
        expect((audits[i].before as { order: number[] }).order).toEqual(
          (audits[i - 1].after as { order: number[] }).order,
        );
      if (audits.length) expect((audits[audits.length - 1].after as { order: number[] }).order).toEqual(after);
      ids = after;
    });

    it('sorts, uploads and deletes at once keep the page dense: each sort either applies or names ids', async () => {
      const victim = ids[1];
      const kept = ids.filter((id) => id !== victim);
      const requests = [
        post('deletebanner', { id: victim }),
        upload(fields(typeId, menuId, { title: 'Air late' }), png(1200, 300, [60, 60, 60])),
        ...Array.from({ length: 6 }, (_, i) =>
          post('sortbanner', { typeId, menuId, ids: i % 2 ? [...ids].reverse() : ids }),
        ),
      ];
      const [deleted, uploaded, ...sorts] = await Promise.all(requests);
      expect(deleted.statusCode, deleted.body).toBe(200);
      const added = ok<{ data: Banner }>(uploaded).data.id;
      for (const s of sorts) {
        expect([200, 400], s.body).toContain(s.statusCode);
        if (s.statusCode === 400) expect(s.json().errors[0].field).toBe('ids');
      }
      const after = await stored(typeId, menuId);
      expect([...after].sort((a, b) => a - b)).toEqual([...kept, added].sort((a, b) => a - b));
      ids = after;
    });
  });

  describe('switch, window and delete', () => {
    let typeId: number;
    let menuId: number;
    let id: number;
    beforeAll(async () => {
      typeId = types.category_top.id;
      menuId = (await menu('category_top', 'tile')).id;
      id = ok<{ data: Banner }>(
        await upload(fields(typeId, menuId, { title: 'Tile switch' }), png(1200, 300, [90, 40, 10])),
      ).data.id;
    });
    const one = async () => (await list(typeId, menuId)).items.find((b) => b.id === id)!;

    it('switches a banner off and on: off shows as off whatever its window; the same switch twice is 409', async () => {
      const off = ok<{ message: string; data: Banner }>(await post('updatestatusbanner', { id, active: false }));
      expect(off).toMatchObject({ message: 'Banner switched off.', data: { id, active: false, state: 'off' } });
      expect(await one()).toMatchObject({ active: false, state: 'off' });
      const again = await post('updatestatusbanner', { id, active: false });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().message).toMatch(/already switched off/);
      expect(ok<{ data: Banner }>(await post('updatestatusbanner', { id, active: true })).data).toMatchObject({
        active: true,
        state: 'live',
      });
      expect((await auditOf('banner', id)).map((a) => a.action)).toEqual(['create', 'switch_off', 'switch_on']);
    });

    it('sets the window: a future start is scheduled, a past end expired, no end live; stored in UTC with its zone', async () => {
      const future = ok<{ data: Banner }>(
        await post('updatetimebanner', {
          id,
          startsAt: '2045-03-01T09:00:00+07:00',
          endsAt: '2045-03-31T21:00:00+07:00',
          timezone: 'Asia/Bangkok',
        }),
      ).data;
      expect(future).toMatchObject({
        startsAt: '2045-03-01T02:00:00.000Z',
        endsAt: '2045-03-31T14:00:00.000Z',
        timezone: 'Asia/Bangkok',
        state: 'scheduled',
      });
      expect((await one()).state).toBe('scheduled');
      const [row] = await t.app.db.select().from(banners).where(eq(banners.id, id));
      expect(row.startsAt.toISOString()).toBe('2045-03-01T02:00:00.000Z');
      const past = ok<{ data: Banner }>(
        await post('updatetimebanner', {
          id,
          startsAt: '2025-01-01T00:00:00+01:00',
          endsAt: '2025-02-01T00:00:00+01:00',
          timezone: 'Europe/Paris',
        }),
      ).data;
      expect(past).toMatchObject({ state: 'expired', timezone: 'Europe/Paris' });
      // endsAt and timezone left out keep what is stored.
      expect(
        ok<{ data: Banner }>(await post('updatetimebanner', { id, startsAt: '2025-01-15T00:00:00+01:00' })).data,
      ).toMatchObject({ endsAt: '2025-01-31T23:00:00.000Z', timezone: 'Europe/Paris', state: 'expired' });
      expect(
        ok<{ data: Banner }>(
          await post('updatetimebanner', { id, startsAt: '2025-01-01T00:00:00+07:00', endsAt: null }),
        ).data,
      ).toMatchObject({ endsAt: null, state: 'live' });
      expect((await auditOf('banner', id)).filter((a) => a.action === 'set_window')).toHaveLength(4);
    });

    it('refuses an end before the start, a non-date and an unknown zone, naming the field; nothing changes', async () => {
      const before = await one();
      expectFieldError(
        await post('updatetimebanner', {
          id,
          startsAt: '2027-05-01T00:00:00+07:00',
          endsAt: '2027-04-01T00:00:00+07:00',
        }),
        400,
        'endsAt',
      );
      expectFieldError(
        await post('updatetimebanner', {
          id,
          startsAt: '2027-05-01T00:00:00+07:00',
          endsAt: '2027-05-01T00:00:00+07:00',
        }),
        400,
        'endsAt',
      );
      expectFieldError(await post('updatetimebanner', { id, startsAt: 'tomorrow' }), 400, 'startsAt');
      expectFieldError(
        await post('updatetimebanner', { id, startsAt: '2027-05-01T00:00:00+07:00', endsAt: '31/05/2027' }),
        400,
        'endsAt',
      );
      expectFieldError(
        await post('updatetimebanner', { id, startsAt: '2027-05-01T00:00:00+07:00', timezone: 'Bangkok' }),
        400,
        'timezone',
      );
      expectFieldError(await post('updatetimebanner', { id, endsAt: null }), 400, 'startsAt');
      expect(await one()).toEqual(before);
    });

    it('answers 404 for a banner that does not exist, on every verb', async () => {
      for (const [url, body] of [
        ['updatestatusbanner', { id: 999999, active: false }],
        ['updatetimebanner', { id: 999999, startsAt: '2027-01-01T00:00:00Z' }],
        ['deletebanner', { id: 999999 }],
      ] as const) {
        const res = await post(url, body);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ status: 404, message: 'Banner not found' });
      }
    });

    it('deletes a banner: the later ones close up, its image goes, audited', async () => {
      const before = await stored(typeId, menuId);
      const extra = ok<{ data: Banner }>(
        await upload(fields(typeId, menuId, { title: 'Tile last' }), png(1200, 300, [5, 5, 5])),
      ).data;
      const victim = ok<{ data: Banner }>(
        await upload(fields(typeId, menuId, { title: 'Tile gone' }), png(1200, 300, [6, 6, 6])),
      ).data;
      ok(await post('sortbanner', { typeId, menuId, ids: [victim.id, ...before, extra.id] }));
      expect(ok(await post('deletebanner', { id: victim.id }))).toEqual({ status: 200, message: 'Banner deleted.' });
      expect(await stored(typeId, menuId)).toEqual([...before, extra.id]);
      expect(existsSync(fileOf(victim.imageUrl))).toBe(false);
      expect((await auditOf('banner', victim.id)).map((a) => a.action)).toEqual(['create', 'delete']);
      expect((await post('deletebanner', { id: victim.id })).statusCode).toBe(404);
    });
  });

  describe('who may call', () => {
    it('lets the content editor use every verb', async () => {
      const typeId = types.category_top.id;
      const menuId = (await menu('category_top', 'lighting')).id;
      expect((await get('getmasterType', 'editor')).statusCode).toBe(200);
      expect((await get(`getBannerTypeMenu?typeId=${typeId}`, 'editor')).statusCode).toBe(200);
      const created = ok<{ data: Banner }>(
        await upload(fields(typeId, menuId, { title: 'By the editor' }), png(1200, 300, [1, 2, 3]), 'e.png', 'editor'),
      ).data;
      const ids = (await list(typeId, menuId, '', 'editor')).items.map((b) => b.id);
      ok(await post('sortbanner', { typeId, menuId, ids: [...ids].reverse() }, 'editor'));
      ok(await post('updatestatusbanner', { id: created.id, active: false }, 'editor'));
      ok(await post('updatetimebanner', { id: created.id, startsAt: '2030-01-01T00:00:00+07:00' }, 'editor'));
      ok(await post('deletebanner', { id: created.id }, 'editor'));
      const [editor] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'editor'));
      const audits = await auditOf('banner', created.id);
      expect(audits.map((a) => [a.action, a.actorId])).toEqual(
        ['create', 'switch_off', 'set_window', 'delete'].map((a) => [a, editor.id]),
      );
      expect((await auditOf('banner_type_menu', menuId)).map((a) => a.actorId)).toEqual([editor.id]);
    });

    it('answers 403 to suppliers and 401 without a token, changing nothing', async () => {
      const typeId = types.home_hero.id;
      const menuId = (await menu('home_hero', 'home')).id;
      const before = await t.app.db.select().from(banners).orderBy(asc(banners.id));
      const [first] = before;
      const writes: [string, object][] = [
        ['sortbanner', { typeId, menuId, ids: [...(await stored(typeId, menuId))].reverse() }],
        ['updatestatusbanner', { id: first.id, active: !first.active }],
        ['updatetimebanner', { id: first.id, startsAt: '2030-01-01T00:00:00+07:00' }],
        ['deletebanner', { id: first.id }],
      ];
      for (const user of ['supplier1', null]) {
        const status = user ? 403 : 401;
        for (const url of [
          'getmasterType',
          `getBannerTypeMenu?typeId=${typeId}`,
          `getlistbanners?typeId=${typeId}&menuId=${menuId}`,
        ]) {
          expect((await get(url, user)).statusCode, `${user} GET ${url}`).toBe(status);
        }
        for (const [url, body] of writes)
          expect((await post(url, body, user)).statusCode, `${user} POST ${url}`).toBe(status);
        const { payload, headers } = multipartSync(fields(typeId, menuId), {
          name: 'file',
          filename: 'x.png',
          data: png(1920, 600),
        });
        const res = await t.app.inject({
          method: 'POST',
          url: `${B}/upload`,
          payload,
          headers: { ...headers, ...(await headersOf(user)) },
        });
        expect(res.statusCode, `${user} upload`).toBe(status);
      }
      expect(await t.app.db.select().from(banners).orderBy(asc(banners.id))).toEqual(before);
      expect((await t.app.db.select().from(bannerTypeMenus)).length).toBeGreaterThan(0);
    });
  });
});
