/**
 * Home-category tiles (docs/api/homecategory.md): five names, an uploaded image, a link target that must
 * take a link, a window, an on/off flag, and an order kept dense under concurrent moves. Admin only.
 */
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { caller, expectFieldError as fieldError, ok, type Res } from '../support/answers.js';
import { auditLog, campaigns, homeCategories, masterData, products } from '../../server/src/db/schema.js';
import { multipartSync, samples } from './product-files.js';

type Tile = {
  id: number;
  names: Record<string, string>;
  imageUrl: string;
  linkType: string;
  linkId: number;
  linkName: string | null;
  position: number;
  active: boolean;
  startsAt: string;
  endsAt: string | null;
  timezone: string;
  createdAt: string;
  updatedAt: string;
};

const URL_ = '/api/v2/homecategories';
const NAMES = { en: 'Paint', fr: 'Peinture', vi: 'Sơn', cn: '油漆', ar: 'الدهانات' };
const WINDOW = { startsAt: '2026-12-01T09:00:00+07:00', endsAt: '2027-01-31T23:59:00+07:00', timezone: 'Asia/Bangkok' };

describe.each(dbKinds())('home categories (%s)', (kind) => {
  let t: TestApp;
  let image: string;
  let level1: { id: number; name: string }[];
  let approved: { id: number; name: string };
  let draft: { id: number };

  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    const upload = multipartSync({}, { name: 'file', filename: 'tile.png', data: samples.png() });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/storefront-images',
      payload: upload.payload,
      headers: { ...upload.headers, ...(await t.headers('admin')) },
    });
    expect(res.statusCode, res.body).toBe(201);
    image = res.json().url;
    level1 = await t.app.db
      .select({ id: masterData.id, name: masterData.name })
      .from(masterData)
      .where(eq(masterData.type, 'level1'))
      .orderBy(asc(masterData.id));
    // An approved product whose id is no level-1 category's, so switching only the link type cannot land on one.
    [approved] = await t.app.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(
        and(
          eq(products.approvalStatus, 'approved'),
          notInArray(
            products.id,
            level1.map((l) => l.id),
          ),
        ),
      )
      .orderBy(asc(products.id))
      .limit(1);
    [draft] = await t.app.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.approvalStatus, 'draft'))
      .limit(1);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = caller(() => t);
  const expectFieldError = (res: Res, field: string, status = 400) => fieldError(res, field, { status, named: true });

  const body = (extra: object = {}) => ({
    names: NAMES,
    imageUrl: image,
    linkType: 'category',
    linkId: level1[0].id,
    ...WINDOW,
    ...extra,
  });
  const create = async (extra: object = {}) => ok<Tile>(await call('admin', 'POST', URL_, body(extra)), 201);
  /** Tile ids in order as stored; positions checked dense (0, 1, 2, …) on the way. */
  const order = async () => {
    const rows = await t.app.db
      .select()
      .from(homeCategories)
      .orderBy(asc(homeCategories.position), asc(homeCategories.id));
    expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i));
    return rows.map((r) => r.id);
  };

  it('lists the seeded tiles in order with their target names, total in x-total-count, filtered by active and link type', async () => {
    const res = await call('admin', 'GET', URL_);
    const tiles = ok<Tile[]>(res);
    expect(tiles.length).toBeGreaterThanOrEqual(4);
    expect(res.headers['x-total-count']).toBe(String(tiles.length));
    expect(tiles.map((x) => x.position)).toEqual(tiles.map((_, i) => i));
    const air = tiles.find((x) => x.names.en === 'Air conditioning')!;
    expect(air).toMatchObject({
      linkType: 'category',
      linkName: 'Air Conditioning',
      active: true,
      timezone: 'Asia/Bangkok',
    });
    expect(Object.keys(air.names).sort()).toEqual(['ar', 'cn', 'en', 'fr', 'vi']);
    expect(tiles.some((x) => x.linkType === 'product' && x.linkName)).toBe(true);

    const products_ = ok<Tile[]>(await call('admin', 'GET', `${URL_}?linkType=product`));
    expect(products_.length).toBeGreaterThan(0);
    expect(products_.every((x) => x.linkType === 'product')).toBe(true);
    const page = await call('admin', 'GET', `${URL_}?_start=1&_end=3`);
    expect(ok<Tile[]>(page).map((x) => x.id)).toEqual(tiles.slice(1, 3).map((x) => x.id));
    expect(page.headers['x-total-count']).toBe(String(tiles.length));
    expectFieldError(await call('admin', 'GET', `${URL_}?_start=0&_end=101`), '_end');
    expectFieldError(await call('admin', 'GET', `${URL_}?sort=name`), 'sort');
  });

  it('keeps the place out of the bodies (it changes by moving) and sorts on request, by place without one', async () => {
    const [first] = ok<Tile[]>(await call('admin', 'GET', URL_));
    expectFieldError(await call('admin', 'PATCH', `${URL_}/${first.id}`, { position: 3 }), 'position');
    expectFieldError(await call('admin', 'POST', URL_, body({ position: 0 })), 'position');
    const byStart = ok<Tile[]>(await call('admin', 'GET', `${URL_}?_sort=startsAt&_order=desc`));
    const starts = byStart.map((x) => x.startsAt);
    expect(starts).toEqual([...starts].sort().reverse());
    const byPlace = ok<Tile[]>(await call('admin', 'GET', `${URL_}?_sort=position&_order=desc`));
    expect(byPlace.map((x) => x.position)).toEqual(byPlace.map((_, i) => byPlace.length - 1 - i));
    expectFieldError(await call('admin', 'GET', `${URL_}?_sort=names`), '_sort');
    expectFieldError(await call('admin', 'POST', `${URL_}/${first.id}/move`, { index: -1 }), 'index');
    expect((await call('admin', 'POST', `${URL_}/999999/move`, { index: 0 })).statusCode).toBe(404);
  });

  it('creates a tile at the end with five trimmed names, the stored image and an audit row', async () => {
    const before = await order();
    const tile = await create({ names: { ...NAMES, en: '  Paint  ' } });
    expect(tile).toMatchObject({
      names: NAMES,
      imageUrl: image,
      linkType: 'category',
      linkId: level1[0].id,
      linkName: level1[0].name,
      position: before.length,
      active: true,
      startsAt: '2026-12-01T02:00:00.000Z',
      endsAt: '2027-01-31T16:59:00.000Z',
      timezone: 'Asia/Bangkok',
    });
    expect(await order()).toEqual([...before, tile.id]);
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'home_category'), eq(auditLog.entityId, tile.id)));
    expect(row).toMatchObject({ action: 'create', after: expect.objectContaining({ names: NAMES }) });
    expect(ok<Tile>(await call('admin', 'GET', `${URL_}/${tile.id}`))).toEqual(tile);

    const product = await create({ linkType: 'product', linkId: approved.id, active: false, endsAt: null });
    expect(product).toMatchObject({
      linkType: 'product',
      linkId: approved.id,
      linkName: approved.name,
      active: false,
      endsAt: null,
    });
  });

  it('refuses a missing, blank or too long name, naming the language, and unknown fields', async () => {
    const { ar: _ar, ...four } = NAMES;
    expectFieldError(await call('admin', 'POST', URL_, body({ names: four })), 'names.ar');
    expectFieldError(await call('admin', 'POST', URL_, body({ names: { ...NAMES, fr: '   ' } })), 'names.fr');
    expectFieldError(await call('admin', 'POST', URL_, body({ names: { ...NAMES, vi: 'x'.repeat(41) } })), 'names.vi');
    expectFieldError(await call('admin', 'POST', URL_, body({ names: { ...NAMES, de: 'Farbe' } })), 'names.de');
    expectFieldError(await call('admin', 'POST', URL_, body({ position: 0 })), 'position');
    // 40 characters is the most a name may have.
    expect((await call('admin', 'POST', URL_, body({ names: { ...NAMES, cn: '漆'.repeat(40) } }))).statusCode).toBe(
      201,
    );
  });

  it('takes only an image this server stored', async () => {
    expectFieldError(await call('admin', 'POST', URL_, body({ imageUrl: 'https://example.com/a.png' })), 'imageUrl');
    expectFieldError(
      await call('admin', 'POST', URL_, body({ imageUrl: `/uploads/image/${'a'.repeat(32)}.png` })),
      'imageUrl',
    );
  });

  it('refuses a link target that does not take a link: not a level-1 category, a closed campaign, a product not approved', async () => {
    const [level2] = await t.app.db
      .select({ id: masterData.id })
      .from(masterData)
      .where(eq(masterData.type, 'level2'))
      .limit(1);
    const [open, closed] = await t.app.db
      .insert(campaigns)
      .values([
        { name: 'Cool Season Sale', startsAt: new Date('2026-12-01T00:00:00Z'), status: 'active' },
        { name: 'Songkran Sale', startsAt: new Date('2026-04-01T00:00:00Z'), status: 'closed' },
      ])
      .returning({ id: campaigns.id });
    const before = await order();
    expectFieldError(await call('admin', 'POST', URL_, body({ linkType: 'category', linkId: level2.id })), 'linkId');
    expectFieldError(await call('admin', 'POST', URL_, body({ linkType: 'campaign', linkId: closed.id })), 'linkId');
    expectFieldError(await call('admin', 'POST', URL_, body({ linkType: 'product', linkId: draft.id })), 'linkId');
    expectFieldError(await call('admin', 'POST', URL_, body({ linkType: 'product', linkId: 99_999_999 })), 'linkId');
    expectFieldError(await call('admin', 'POST', URL_, body({ linkType: 'shop' })), 'linkType');
    expect(await order()).toEqual(before);
    const tile = await create({ linkType: 'campaign', linkId: open.id });
    expect(tile.linkName).toBe('Cool Season Sale');

    // A target that stops taking links later is shown as gone (null name); the tile stays.
    await t.app.db.update(campaigns).set({ status: 'closed' }).where(eq(campaigns.id, open.id));
    expect(ok<Tile>(await call('admin', 'GET', `${URL_}/${tile.id}`)).linkName).toBeNull();
    // Editing something else leaves the link alone; changing the link checks it again.
    expect(ok<Tile>(await call('admin', 'PATCH', `${URL_}/${tile.id}`, { active: false })).active).toBe(false);
    expectFieldError(await call('admin', 'PATCH', `${URL_}/${tile.id}`, { linkId: open.id }), 'linkId');
  });

  it('checks the window: a date, a known zone, an end after the start', async () => {
    expectFieldError(await call('admin', 'POST', URL_, body({ startsAt: 'tomorrow' })), 'startsAt');
    expectFieldError(await call('admin', 'POST', URL_, body({ timezone: 'Mars/Olympus' })), 'timezone');
    expectFieldError(await call('admin', 'POST', URL_, body({ endsAt: '2026-11-30T09:00:00+07:00' })), 'endsAt');
    const { startsAt: _s, ...noStart } = body();
    expectFieldError(await call('admin', 'POST', URL_, noStart), 'startsAt');
  });

  it('changes only the fields sent, re-checks the window against the stored one, audits the change', async () => {
    const tile = await create();
    const renamed = ok<Tile>(
      await call('admin', 'PATCH', `${URL_}/${tile.id}`, { names: { ...NAMES, en: 'Paint & walls' }, endsAt: null }),
    );
    expect(renamed).toMatchObject({
      names: { ...NAMES, en: 'Paint & walls' },
      endsAt: null,
      startsAt: tile.startsAt,
      position: tile.position,
      imageUrl: image,
    });
    expect(Date.parse(renamed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(tile.updatedAt));
    // An end before the stored start is refused even though only the end is sent.
    expectFieldError(
      await call('admin', 'PATCH', `${URL_}/${tile.id}`, { endsAt: '2026-11-01T00:00:00+07:00' }),
      'endsAt',
    );
    const relinked = ok<Tile>(
      await call('admin', 'PATCH', `${URL_}/${tile.id}`, { linkType: 'product', linkId: approved.id }),
    );
    expect(relinked).toMatchObject({ linkType: 'product', linkId: approved.id, linkName: approved.name });
    // Switching the type without a fitting id names linkId.
    expectFieldError(await call('admin', 'PATCH', `${URL_}/${tile.id}`, { linkType: 'category' }), 'linkId');
    expectFieldError(await call('admin', 'PATCH', `${URL_}/${tile.id}`, {}), 'body');
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'home_category'), eq(auditLog.entityId, tile.id), eq(auditLog.action, 'update')));
    expect(rows).toHaveLength(2);
    expect(rows[0].before).toMatchObject({ names: NAMES });
    expect((await call('admin', 'PATCH', `${URL_}/99999999`, { active: true })).json()).toEqual({
      status: 404,
      message: 'Home category not found',
    });
  });

  it('moves a tile to first place in one request; every place is stored, dense, and audited', async () => {
    const tile = await create();
    const before = await order();
    const moved = ok<Tile>(await call('admin', 'POST', `${URL_}/${tile.id}/move`, { index: 0 }));
    expect(moved.position).toBe(0);
    expect(await order()).toEqual([tile.id, ...before.filter((x) => x !== tile.id)]);
    const list = ok<Tile[]>(await call('admin', 'GET', URL_));
    expect(list[0].id).toBe(tile.id);
    // Past the end: last.
    expect(ok<Tile>(await call('admin', 'POST', `${URL_}/${tile.id}/move`, { index: 9999 })).position).toBe(
      before.length - 1,
    );
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'home_category'), eq(auditLog.entityId, tile.id), eq(auditLog.action, 'move')));
    expect(row.before).toEqual({ order: before });
    expect(row.after).toEqual({ order: [tile.id, ...before.filter((x) => x !== tile.id)] });
    expectFieldError(await call('admin', 'POST', `${URL_}/${tile.id}/move`, { index: -1 }), 'index');
    expect((await call('admin', 'POST', `${URL_}/99999999/move`, { index: 0 })).json()).toEqual({
      status: 404,
      message: 'Home category not found',
    });
  });

  it('never loses or doubles a place when sorts, creates and deletes run at once', async () => {
    const made = await Promise.all([create(), create(), create()]);
    const before = await order();
    const moves = made.map((m, i) => call('admin', 'POST', `${URL_}/${m.id}/move`, { index: i }));
    const more = [
      call('admin', 'POST', URL_, body()),
      call('admin', 'POST', `${URL_}/${before[before.length - 1]}/move`, { index: 1 }),
    ];
    const results = await Promise.all([...moves, ...more]);
    for (const r of results) expect(r.statusCode, r.body).toBeLessThan(300);
    const after = await order();
    expect(after.length).toBe(before.length + 1);
    expect(new Set(after).size).toBe(after.length);
    const removed = await Promise.all(made.slice(0, 2).map((m) => call('admin', 'DELETE', `${URL_}/${m.id}`)));
    removed.forEach((r) => expect(r.statusCode, r.body).toBe(200));
    expect(await order()).toEqual(after.filter((x) => x !== made[0].id && x !== made[1].id));
  });

  it('deletes a tile, later ones close up, and answers the deleted tile; a second delete is a 404', async () => {
    const tile = await create();
    const before = await order();
    expect(ok<Tile>(await call('admin', 'DELETE', `${URL_}/${tile.id}`))).toMatchObject({ id: tile.id, names: NAMES });
    expect(await order()).toEqual(before.filter((x) => x !== tile.id));
    expect((await call('admin', 'DELETE', `${URL_}/${tile.id}`)).json()).toEqual({
      status: 404,
      message: 'Home category not found',
    });
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'home_category'), eq(auditLog.entityId, tile.id), eq(auditLog.action, 'delete')));
    expect(row.before).toMatchObject({ id: tile.id });
  });

  it('looks up link targets by type: active level-1 categories, campaigns not closed, approved products', async () => {
    const cats = await call('admin', 'GET', '/api/v2/homecategory-targets?linkType=category');
    expect(ok<{ id: number; name: string }[]>(cats).map((c) => c.id)).toEqual(level1.map((l) => l.id));
    expect(cats.headers['x-total-count']).toBe(String(level1.length));
    const air = ok<{ name: string }[]>(
      await call('admin', 'GET', '/api/v2/homecategory-targets?linkType=category&search=air'),
    );
    expect(air.map((c) => c.name)).toEqual(['Air Conditioning']);
    const found = ok<{ id: number; detail: string }[]>(
      await call(
        'admin',
        'GET',
        `/api/v2/homecategory-targets?linkType=product&search=${encodeURIComponent(approved.name)}`,
      ),
    );
    expect(found.map((p) => p.id)).toContain(approved.id);
    const ids = found.map((p) => p.id);
    const states = await t.app.db
      .select({ s: products.approvalStatus })
      .from(products)
      .where(inArray(products.id, ids));
    expect(states.every((s) => s.s === 'approved')).toBe(true);
    expect(
      ok<unknown[]>(await call('admin', 'GET', `/api/v2/homecategory-targets?linkType=product&id=${draft.id}`)),
    ).toEqual([]);
    const open = ok<{ name: string }[]>(
      await call('admin', 'GET', '/api/v2/homecategory-targets?linkType=campaign&search=Sale'),
    );
    expect(open.map((c) => c.name)).not.toContain('Songkran Sale');
    expectFieldError(await call('admin', 'GET', '/api/v2/homecategory-targets'), 'linkType');
  });

  it('is for admins only: the editor and suppliers get 403 and change nothing', async () => {
    const [tile] = ok<Tile[]>(await call('admin', 'GET', `${URL_}?_start=0&_end=1`));
    const before = await order();
    for (const user of ['editor', 'supplier1']) {
      for (const [method, url, payload] of [
        ['GET', URL_],
        ['GET', `${URL_}/${tile.id}`],
        ['POST', URL_, body()],
        ['PATCH', `${URL_}/${tile.id}`, { active: false }],
        ['DELETE', `${URL_}/${tile.id}`],
        ['POST', `${URL_}/${tile.id}/move`, { index: 3 }],
        ['GET', '/api/v2/homecategory-targets?linkType=category'],
      ] as ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][]) {
        const res = await call(user, method, url, payload);
        expect(res.statusCode, `${user} ${method} ${url}`).toBe(403);
      }
    }
    expect(await order()).toEqual(before);
    expect(ok<Tile>(await call('admin', 'GET', `${URL_}/${tile.id}`))).toEqual(tile);
  });
});
