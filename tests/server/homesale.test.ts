/**
 * Home-sale groups (docs/api/homesale.md): groups of approved products with a type from the master group
 * list, a window and an on/off flag; edits carry the version read (409 when stale); links are switched
 * or removed one at a time under the group's lock. Admin only.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { caller, expectFieldError as fieldError, type Res } from '../support/answers.js';
import { auditLog, homeSaleGroups, homeSaleLinks, products } from '../../server/src/db/schema.js';

type Link = {
  id: number;
  productId: number;
  name: string;
  price: number;
  position: number;
  active: boolean;
  approvalStatus: string;
};
type Group = {
  id: number;
  name: string;
  groupType: string;
  groupTypeName: string | null;
  position: number;
  active: boolean;
  startsAt: string;
  endsAt: string | null;
  timezone: string;
  version: number;
  productCount: number;
  activeProductCount: number;
  thumbnails: string[];
  links?: Link[];
};

const P = '/api/promotion';
const WINDOW = { startsAt: '2026-12-01T09:00:00+07:00', endsAt: '2026-12-31T23:59:00+07:00', timezone: 'Asia/Bangkok' };

describe.each(dbKinds())('home sale (%s)', (kind) => {
  let t: TestApp;
  let approved: number[];
  let pending: number;

  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    approved = (
      await t.app.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.approvalStatus, 'approved'))
        .orderBy(asc(products.id))
        .limit(8)
    ).map((p) => p.id);
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
  const load = async (id: number): Promise<Group & { links: Link[] }> =>
    ok(await call('admin', 'GET', `${P}/loadhomesale?id=${id}`)).data;
  const create = async (extra: object = {}): Promise<Group & { links: Link[] }> =>
    ok(
      await call('admin', 'POST', `${P}/addpromotionhomesale`, {
        name: 'Rainy season picks',
        groupType: 'best_price',
        ...WINDOW,
        productIds: approved.slice(0, 3),
        ...extra,
      }),
    ).data;
  const audits = (entity: string, id: number) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id));

  it('lists the group types from master data', async () => {
    const { items } = ok(await call('admin', 'GET', `${P}/mastergrouplist`));
    expect(items.map((i: { code: string }) => i.code)).toEqual([
      'hot_deals',
      'best_price',
      'new_arrivals',
      'clearance',
      'recommended',
    ]);
    expect(items[0]).toMatchObject({ code: 'hot_deals', name: 'Hot deals' });
  });

  it('lists the seeded groups in order with counts, filtered by type, status and name', async () => {
    const list = ok(await call('admin', 'GET', `${P}/listhomesale?page=1&limit=10`));
    expect(list.total).toBeGreaterThanOrEqual(2);
    const [hot, fresh] = list.items as Group[];
    expect(hot).toMatchObject({
      name: 'Hot deals this week',
      groupType: 'hot_deals',
      groupTypeName: 'Hot deals',
      position: 0,
      active: true,
    });
    expect(hot.productCount).toBe(hot.activeProductCount + 1);
    expect(hot.thumbnails.length).toBeLessThanOrEqual(4);
    expect(fresh).toMatchObject({ groupType: 'new_arrivals', position: 1 });
    expect(
      ok(await call('admin', 'GET', `${P}/listhomesale?page=1&limit=10&groupType=new_arrivals`)).items.map(
        (g: Group) => g.id,
      ),
    ).toEqual([fresh.id]);
    expect(
      ok(await call('admin', 'GET', `${P}/listhomesale?page=1&limit=10&search=hot%20deals`)).items.map(
        (g: Group) => g.id,
      ),
    ).toEqual([hot.id]);
    const off = ok(await call('admin', 'GET', `${P}/listhomesale?page=1&limit=10&status=off`));
    expect(off.items.every((g: Group) => !g.active)).toBe(true);
    expectFieldError(await call('admin', 'GET', `${P}/listhomesale?page=1&limit=10&status=paused`), 'status');
  });

  it('creates a group of approved products in the order sent, at the end, audited', async () => {
    const before = ok(await call('admin', 'GET', `${P}/listhomesale?page=1&limit=100`)).total;
    const g = await create({ name: '  Rainy season picks ', productIds: [approved[2], approved[0], approved[1]] });
    expect(g).toMatchObject({
      name: 'Rainy season picks',
      groupType: 'best_price',
      groupTypeName: 'Best price',
      position: before,
      version: 1,
      active: true,
      startsAt: '2026-12-01T02:00:00.000Z',
      endsAt: '2026-12-31T16:59:00.000Z',
      productCount: 3,
      activeProductCount: 3,
    });
    expect(g.links.map((l) => [l.productId, l.position, l.active])).toEqual([
      [approved[2], 0, true],
      [approved[0], 1, true],
      [approved[1], 2, true],
    ]);
    expect(g.links[0]).toMatchObject({ approvalStatus: 'approved', price: expect.any(Number) });
    const [row] = await audits('home_sale_group', g.id);
    expect(row).toMatchObject({ action: 'create', after: expect.objectContaining({ name: 'Rainy season picks' }) });
    expect(await load(g.id)).toEqual(g);
  });

  it('refuses products not approved, an unknown type, a blank name, a bad window and unknown fields, creating nothing', async () => {
    const count = async () => (await t.app.db.select({ id: homeSaleGroups.id }).from(homeSaleGroups)).length;
    const total = await count();
    expectFieldError(
      await call('admin', 'POST', `${P}/addpromotionhomesale`, {
        name: 'X',
        groupType: 'hot_deals',
        ...WINDOW,
        productIds: [approved[0], pending],
      }),
      'productIds',
    );
    expectFieldError(
      await call('admin', 'POST', `${P}/addpromotionhomesale`, {
        name: 'X',
        groupType: 'hot_deals',
        ...WINDOW,
        productIds: [99_999_999],
      }),
      'productIds',
    );
    expectFieldError(
      await call('admin', 'POST', `${P}/addpromotionhomesale`, {
        name: 'X',
        groupType: 'flash',
        ...WINDOW,
        productIds: [],
      }),
      'groupType',
    );
    expectFieldError(
      await call('admin', 'POST', `${P}/addpromotionhomesale`, {
        name: '   ',
        groupType: 'hot_deals',
        ...WINDOW,
        productIds: [],
      }),
      'name',
    );
    expectFieldError(
      await call('admin', 'POST', `${P}/addpromotionhomesale`, {
        name: 'X',
        groupType: 'hot_deals',
        ...WINDOW,
        endsAt: '2026-11-01T00:00:00Z',
        productIds: [],
      }),
      'endsAt',
    );
    expectFieldError(
      await call('admin', 'POST', `${P}/addpromotionhomesale`, {
        name: 'X',
        groupType: 'hot_deals',
        ...WINDOW,
        productIds: [approved[0], approved[0]],
      }),
      'productIds',
    );
    expectFieldError(
      await call('admin', 'POST', `${P}/addpromotionhomesale`, {
        name: 'X',
        groupType: 'hot_deals',
        ...WINDOW,
        productIds: [],
        position: 0,
      }),
      'position',
    );
    expect(await count()).toBe(total);
  });

  it('edits name, type, window and the ordered product list with the version read; kept links keep their id and switch', async () => {
    const g = await create();
    const [first, second, third] = g.links;
    ok(await call('admin', 'POST', `${P}/setstatuslink`, { linkId: second.id, active: false }));
    const read = await load(g.id);
    expect(read.version).toBe(2);
    const edited = ok(
      await call('admin', 'POST', `${P}/editpromotionhomesale`, {
        id: g.id,
        version: read.version,
        name: 'Monsoon picks',
        groupType: 'clearance',
        endsAt: null,
        productIds: [third.productId, approved[5], second.productId],
      }),
    ).data as Group & { links: Link[] };
    expect(edited).toMatchObject({
      name: 'Monsoon picks',
      groupType: 'clearance',
      endsAt: null,
      version: 3,
      productCount: 3,
      activeProductCount: 2,
    });
    expect(edited.links.map((l) => [l.productId, l.position, l.active])).toEqual([
      [third.productId, 0, true],
      [approved[5], 1, true],
      [second.productId, 2, false],
    ]);
    expect(edited.links[0].id).toBe(third.id);
    expect(edited.links[2].id).toBe(second.id);
    expect(await t.app.db.select().from(homeSaleLinks).where(eq(homeSaleLinks.id, first.id))).toEqual([]);
    const rows = await audits('home_sale_group', g.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[1].before).toMatchObject({ name: 'Rainy season picks', version: 2 });
    expect(rows[1].after).toMatchObject({ name: 'Monsoon picks', version: 3 });
  });

  it('answers 409 to an edit from a stale read and changes nothing', async () => {
    const g = await create();
    ok(await call('admin', 'POST', `${P}/editpromotionhomesale`, { id: g.id, version: 1, name: 'First save' }));
    const stale = await call('admin', 'POST', `${P}/editpromotionhomesale`, { id: g.id, version: 1, productIds: [] });
    expectFieldError(stale, 'version', 409);
    const now = await load(g.id);
    expect(now).toMatchObject({ name: 'First save', version: 2, productCount: 3 });
    // Two edits sent at once from the same read: one is saved, the other answers 409.
    const both = await Promise.all([
      call('admin', 'POST', `${P}/editpromotionhomesale`, { id: g.id, version: 2, name: 'A' }),
      call('admin', 'POST', `${P}/editpromotionhomesale`, { id: g.id, version: 2, name: 'B' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await load(g.id)).version).toBe(3);
    expectFieldError(await call('admin', 'POST', `${P}/editpromotionhomesale`, { id: g.id, version: 3 }), 'body');
    expectFieldError(
      await call('admin', 'POST', `${P}/editpromotionhomesale`, { id: g.id, version: 3, productIds: [pending] }),
      'productIds',
    );
    expect(
      (await call('admin', 'POST', `${P}/editpromotionhomesale`, { id: 99_999_999, version: 1, name: 'X' })).json(),
    ).toEqual({ status: 404, message: 'Home sale group not found' });
  });

  it('switches a link and a whole group on and off, bumping the version, audited; the same state again changes nothing', async () => {
    const g = await create();
    const link = g.links[1];
    const off = ok(await call('admin', 'POST', `${P}/setstatuslink`, { linkId: link.id, active: false }));
    expect(off).toEqual({
      status: 200,
      message: 'Product switched off.',
      data: { groupId: g.id, linkId: link.id, active: false, version: 2 },
    });
    expect((await load(g.id)).links[1].active).toBe(false);
    const again = ok(await call('admin', 'POST', `${P}/setstatuslink`, { linkId: link.id, active: false }));
    expect(again.data.version).toBe(2);
    const groupOff = ok(await call('admin', 'POST', `${P}/setstatuslink`, { groupId: g.id, active: false }));
    expect(groupOff.data).toEqual({ groupId: g.id, linkId: null, active: false, version: 3 });
    expect(await load(g.id)).toMatchObject({ active: false, activeProductCount: 2 });
    expect(
      (await audits('home_sale_link', link.id)).map((r) => [
        r.action,
        r.before,
        (r.after as { active: boolean }).active,
      ]),
    ).toEqual([['switch', { active: true }, false]]);
    expect((await audits('home_sale_group', g.id)).map((r) => r.action)).toEqual(['create', 'switch']);
    expectFieldError(
      await call('admin', 'POST', `${P}/setstatuslink`, { linkId: link.id, groupId: g.id, active: true }),
      'linkId',
    );
    expectFieldError(await call('admin', 'POST', `${P}/setstatuslink`, { active: true }), 'linkId');
    expect((await call('admin', 'POST', `${P}/setstatuslink`, { linkId: 99_999_999, active: true })).json()).toEqual({
      status: 404,
      message: 'Product link not found',
    });
  });

  it('removes one link (later links close up) and deletes a whole group (later groups close up)', async () => {
    const g = await create({ productIds: approved.slice(0, 4) });
    const removed = ok(await call('admin', 'POST', `${P}/deletelinkgroup`, { linkId: g.links[1].id }));
    expect(removed).toEqual({
      status: 200,
      message: 'Product removed from the group.',
      data: { groupId: g.id, version: 2 },
    });
    const after = await load(g.id);
    expect(after.links.map((l) => [l.id, l.position])).toEqual([
      [g.links[0].id, 0],
      [g.links[2].id, 1],
      [g.links[3].id, 2],
    ]);
    expect((await call('admin', 'POST', `${P}/deletelinkgroup`, { linkId: g.links[1].id })).json()).toEqual({
      status: 404,
      message: 'Product link not found',
    });
    expect((await audits('home_sale_link', g.links[1].id))[0]).toMatchObject({
      action: 'delete',
      before: expect.objectContaining({ productId: approved[1] }),
    });

    const later = await create();
    ok(await call('admin', 'POST', `${P}/deletelinkgroup`, { groupId: g.id }));
    expect((await call('admin', 'GET', `${P}/loadhomesale?id=${g.id}`)).json()).toEqual({
      status: 404,
      message: 'Home sale group not found',
    });
    expect(await t.app.db.select().from(homeSaleLinks).where(eq(homeSaleLinks.groupId, g.id))).toEqual([]);
    const groups = await t.app.db.select().from(homeSaleGroups).orderBy(asc(homeSaleGroups.position));
    expect(groups.map((x) => x.position)).toEqual(groups.map((_, i) => i));
    expect(groups.some((x) => x.id === later.id)).toBe(true);
    expect((await audits('home_sale_group', g.id)).map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('applies link changes sent at once one after the other: no lost switch, versions counted', async () => {
    const g = await create({ productIds: approved.slice(0, 6) });
    const res = await Promise.all(
      g.links.map((l) => call('admin', 'POST', `${P}/setstatuslink`, { linkId: l.id, active: false })),
    );
    res.forEach((r) => expect(r.statusCode, r.body).toBe(200));
    const now = await load(g.id);
    expect(now.version).toBe(1 + g.links.length);
    expect(now.links.every((l) => !l.active)).toBe(true);
    expect(new Set(res.map((r) => r.json().data.version)).size).toBe(g.links.length);
  });

  it('is for admins only: the editor and suppliers get 403 and change nothing', async () => {
    const g = await create();
    for (const user of ['editor', 'supplier1']) {
      for (const [method, url, payload] of [
        ['GET', `${P}/mastergrouplist`],
        ['GET', `${P}/listhomesale?page=1&limit=10`],
        ['GET', `${P}/loadhomesale?id=${g.id}`],
        ['POST', `${P}/addpromotionhomesale`, { name: 'X', groupType: 'hot_deals', ...WINDOW, productIds: [] }],
        ['POST', `${P}/editpromotionhomesale`, { id: g.id, version: 1, name: 'X' }],
        ['POST', `${P}/deletelinkgroup`, { linkId: g.links[0].id }],
        ['POST', `${P}/setstatuslink`, { groupId: g.id, active: false }],
      ] as ['GET' | 'POST', string, object?][]) {
        expect((await call(user, method, url, payload)).statusCode, `${user} ${method} ${url}`).toBe(403);
      }
    }
    expect(await load(g.id)).toEqual(g);
    const links = await t.app.db
      .select()
      .from(homeSaleLinks)
      .where(
        inArray(
          homeSaleLinks.id,
          g.links.map((l) => l.id),
        ),
      );
    expect(links).toHaveLength(g.links.length);
  });
});
