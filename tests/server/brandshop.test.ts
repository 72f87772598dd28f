import { and, asc, desc, eq } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import {
  auditLog,
  boardCards,
  boards,
  products,
  shopBannerCategories,
  shopBanners,
  shops,
  storefrontVersions,
  users,
} from '../../server/src/db/schema.js';
import { multipartSync, samples } from './product-files.js';

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;
interface Summary {
  id: number;
  name: string;
  kind: string;
  status: string;
  ownerName: string | null;
  ownerEmail: string | null;
  createdAt: string;
  reviewNote: string | null;
  liveVersion: number | null;
  productCount: number;
  approvedProductCount: number;
}
interface Storefront {
  source: string;
  liveVersion: number | null;
  boardVersion: number;
  sections: {
    id: number;
    name: string;
    cards: {
      id: number;
      type: string;
      products: { id: number; price: number; name: string }[];
      banners: { id: number; title: string }[];
    }[];
  }[];
}

const AWAITING = /^Your shop is awaiting review: you can .* once it is approved\./;

/** A JPEG whose frame header says 64×32 (an APP0 segment first, as cameras write them). */
const jpeg = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0'),
    Buffer.alloc(9),
    Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x20, 0x00, 0x40, 0x03]),
    Buffer.alloc(9),
    Buffer.from([0xff, 0xd9]),
  ]);
/** WebP headers of the three kinds: extended 300×200, lossy 640×480, lossless 17×9. */
const webp = (chunk: 'VP8X' | 'VP8 ' | 'VP8L') => {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0);
  b.writeUInt32LE(32, 4);
  b.write(`WEBP${chunk}`, 8);
  b.writeUInt32LE(20, 16);
  if (chunk === 'VP8X') {
    b.writeUIntLE(299, 24, 3);
    b.writeUIntLE(199, 27, 3);
  }
  if (chunk === 'VP8 ') {
    b.set([0x9d, 0x01, 0x2a], 23);
    b.writeUInt16LE(640, 26);
    b.writeUInt16LE(480, 28);
  }
  if (chunk === 'VP8L') {
    b[20] = 0x2f;
    b.writeUInt32LE((17 - 1) | ((9 - 1) << 14), 21);
  }
  return b;
};

describe.each(dbKinds())('brand shops (%s)', (kind) => {
  let t: TestApp;
  const shop: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    for (const s of await t.app.db.select().from(shops)) shop[s.name] = s.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = async (
    user: string | { authorization: string },
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, payload, headers: typeof user === 'string' ? await t.headers(user) : user });
  const get = (user: string | { authorization: string }, url: string) => call(user, 'GET', url);
  const post = (user: string | { authorization: string }, url: string, payload: object = {}) =>
    call(user, 'POST', url, payload);
  const patch = (user: string | { authorization: string }, url: string, payload: object) =>
    call(user, 'PATCH', url, payload);
  const list = async (user: string, query: string) => {
    const res = await get(user, `/api/supplier/kanban/shopprofile?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: Summary[]; total: number; maxpage: number }>();
  };
  const fieldOf = (res: Res) => res.json().errors?.[0]?.field;
  const register = async (email: string, firstName: string, lastName: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: { email, password: 'Garden2026', firstName, lastName },
    });
    expect(res.statusCode, res.body).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { users: email, password: 'Garden2026', typeLogin: 'supplier' },
    });
    return {
      headers: { authorization: `Bearer ${signIn.json().accessToken}` },
      shopId: signIn.json().user.shops[0].id as number,
    };
  };
  const auditOf = (entity: string, entityId: number) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(asc(auditLog.id));
  const upload = async (
    user: string | { authorization: string },
    data: Buffer,
    filename = 'picture.png',
    fields: Record<string, string> = {},
  ) => {
    const { payload, headers } = multipartSync(fields, { name: 'file', filename, data });
    return t.app.inject({
      method: 'POST',
      url: '/api/v2/storefront-images',
      payload,
      headers: { ...headers, ...(typeof user === 'string' ? await t.headers(user) : user) },
    });
  };
  const image = async () => (await upload('admin', samples.png())).json().url as string;
  const profile = async (id: number, user = 'admin') => (await get(user, `/api/v2/shops/${id}`)).json();

  describe('the shop list (review queue)', () => {
    it('lists brand shops only, awaiting review first and oldest first among them, with owner and counts', async () => {
      const a = await register('queue.one@example.com', 'Queue', 'One');
      const b = await register('queue.two@example.com', 'Queue', 'Two');
      await t.app.db
        .update(shops)
        .set({ createdAt: new Date('2026-01-02T00:00:00Z') })
        .where(eq(shops.id, b.shopId));
      const { items, total } = await list('admin', 'page=1&limit=100');
      expect(items.every((s) => s.kind === 'supplier')).toBe(true);
      expect(items.map((s) => s.id)).not.toContain(shop['HomeBase Essentials']);
      const pending = items.filter((s) => s.status === 'pending');
      expect(pending.length).toBeGreaterThanOrEqual(2);
      expect(items.slice(0, pending.length)).toEqual(pending);
      expect(pending.map((s) => s.createdAt)).toEqual([...pending.map((s) => s.createdAt)].sort());
      expect(pending.findIndex((s) => s.id === b.shopId)).toBeLessThan(pending.findIndex((s) => s.id === a.shopId));
      const rest = items.slice(pending.length).map((s) => s.name);
      expect(rest).toEqual([...rest].sort((x, y) => x.localeCompare(y, 'en')));
      expect(total).toBe((await t.app.db.select().from(shops).where(eq(shops.kind, 'supplier'))).length);
      const lighting = items.find((s) => s.id === shop['HomePro Lighting'])!;
      const approved = await t.app.db
        .select()
        .from(products)
        .where(and(eq(products.shopId, lighting.id), eq(products.approvalStatus, 'approved')));
      expect(lighting).toMatchObject({
        status: 'active',
        ownerName: 'Anan Rattanakorn',
        ownerEmail: 'supplier1@sellercenter.example',
        approvedProductCount: approved.length,
      });
      expect(lighting.productCount).toBeGreaterThan(lighting.approvedProductCount);
      expect(items.find((s) => s.id === a.shopId)).toMatchObject({
        ownerName: 'Queue One',
        ownerEmail: 'queue.one@example.com',
        productCount: 0,
        liveVersion: null,
      });
    });

    it('searches name, owner name and owner e-mail, taking % and _ literally', async () => {
      const names = async (keyword: string) =>
        (await list('admin', `keyword=${encodeURIComponent(keyword)}&limit=100`)).items.map((s) => s.name);
      expect(await names('coolair')).toEqual(['CoolAir Climate Solutions']);
      expect((await names('kittipong CHAI')).sort()).toEqual(['CoolAir Climate Solutions', 'Siam Tile & Bath']);
      expect(await names('supplier1@sellercenter')).toEqual(['HomePro Lighting']);
      await t.app.db
        .update(shops)
        .set({ name: '100% Bamboo_Works' })
        .where(eq(shops.id, (await register('bamboo@example.com', 'Bam', 'Boo')).shopId));
      expect(await names('%')).toEqual(['100% Bamboo_Works']);
      expect(await names('o_W')).toEqual(['100% Bamboo_Works']);
      expect(await names('_')).toEqual(['100% Bamboo_Works']);
      expect(await names('no such shop')).toEqual([]);
    });

    it('filters by status, pages and sorts', async () => {
      const pending = await list('admin', 'status=pending&limit=100');
      expect(pending.items.length).toBeGreaterThan(0);
      expect(pending.items.every((s) => s.status === 'pending')).toBe(true);
      expect((await list('admin', 'status=rejected&limit=100')).items.every((s) => s.status === 'rejected')).toBe(true);
      const all = await list('admin', 'limit=100&sort=name&order=asc');
      const byName = all.items.map((s) => s.name);
      expect(byName).toEqual([...byName].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
      expect((await list('admin', 'limit=100&sort=name&order=desc')).items.map((s) => s.name)).toEqual(
        [...byName].reverse(),
      );
      const byDate = (await list('admin', 'limit=100&sort=createdAt')).items.map((s) => s.createdAt);
      expect(byDate).toEqual([...byDate].sort());
      const page2 = await list('admin', 'limit=2&page=2&sort=name');
      expect(page2.items.map((s) => s.name)).toEqual(byName.slice(2, 4));
      expect(page2).toMatchObject({ total: all.total, maxpage: Math.ceil(all.total / 2) });
      const order = await get('admin', '/api/supplier/kanban/shopprofile?order=desc');
      expect(order.statusCode).toBe(400);
      expect(fieldOf(order)).toBe('order');
      expect(fieldOf(await get('admin', '/api/supplier/kanban/shopprofile?sort=owner'))).toBe('sort');
      expect(fieldOf(await get('admin', '/api/supplier/kanban/shopprofile?color=red'))).toBe('color');
    });

    it("shows a supplier its own shops only; another shop's id is a 404", async () => {
      expect((await list('supplier2', 'limit=100')).items.map((s) => s.name).sort()).toEqual([
        'CoolAir Climate Solutions',
        'Siam Tile & Bath',
      ]);
      expect((await list('supplier1', `shopId=${shop['HomePro Lighting']}`)).items.map((s) => s.name)).toEqual([
        'HomePro Lighting',
      ]);
      for (const url of [
        `shopprofile?shopId=${shop['CoolAir Climate Solutions']}`,
        `shopProfile?shopId=${shop['CoolAir Climate Solutions']}`,
        `shopMaster?shopId=${shop['CoolAir Climate Solutions']}`,
      ]) {
        const res = await get('supplier1', `/api/supplier/kanban/${url}`);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ status: 404, message: 'Shop not found' });
      }
    });

    it('gives the board a shop picker and a master list of brand shops by name (shopProfile and shopprofile are two routes)', async () => {
      const picker = (await get('admin', '/api/supplier/kanban/shopProfile?keyword=ti')).json();
      expect(picker.items.map((s: { name: string }) => s.name)).toContain('Siam Tile & Bath');
      expect(Object.keys(picker.items[0]).sort()).toEqual(['id', 'logoUrl', 'name', 'status']);
      expect(picker.items.every((s: { name: string }) => /ti/i.test(s.name))).toBe(true);
      const master = (await get('admin', '/api/supplier/kanban/shopMaster')).json().items as {
        id: number;
        name: string;
        status: string;
      }[];
      expect(master.map((s) => s.name)).toEqual(
        [...master.map((s) => s.name)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)),
      );
      expect(master.map((s) => s.id)).not.toContain(shop['HomeBase Essentials']);
      expect(master.map((s) => s.id)).toContain(shop['Nakhon Garden Supply']);
      expect((await get('supplier1', '/api/supplier/kanban/shopMaster')).json().items).toEqual([
        { id: shop['HomePro Lighting'], name: 'HomePro Lighting', status: 'active' },
      ]);
    });
  });

  describe('review', () => {
    it('approves and rejects with a reason, refusing illegal changes with 409, each in the audit log', async () => {
      const { shopId, headers } = await register('review.me@example.com', 'Review', 'Me');
      const short = await post('admin', `/api/v2/shop-reviews/${shopId}/reject`, { reason: '  abc   ' });
      expect(short.statusCode).toBe(400);
      expect(fieldOf(short)).toBe('reason');
      expect(fieldOf(await post('admin', `/api/v2/shop-reviews/${shopId}/reject`, { reason: 'x'.repeat(501) }))).toBe(
        'reason',
      );
      expect(fieldOf(await post('admin', `/api/v2/shop-reviews/${shopId}/reject`, {}))).toBe('reason');

      const rejected = await post('admin', `/api/v2/shop-reviews/${shopId}/reject`, {
        reason: '  Please add a company registration.  ',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json()).toMatchObject({
        id: shopId,
        status: 'rejected',
        reviewNote: 'Please add a company registration.',
        reviewedAt: expect.any(String),
      });
      const again = await post('admin', `/api/v2/shop-reviews/${shopId}/reject`, { reason: 'Still missing papers' });
      expect(again.statusCode).toBe(409);
      // The supplier reads the reason on its own shop.
      expect((await get(headers, '/api/supplier/kanban/shopprofile')).json().items[0]).toMatchObject({
        id: shopId,
        reviewNote: 'Please add a company registration.',
      });

      const approved = await post('admin', `/api/v2/shop-reviews/${shopId}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ status: 'active', reviewNote: null });
      expect((await post('admin', `/api/v2/shop-reviews/${shopId}/approve`)).statusCode).toBe(409);
      const rejectActive = await post('admin', `/api/v2/shop-reviews/${shopId}/reject`, { reason: 'Changed my mind' });
      expect(rejectActive.statusCode).toBe(409);
      expect(rejectActive.json().message).toMatch(/approved/);

      const [row] = await t.app.db.select().from(shops).where(eq(shops.id, shopId));
      const [admin] = await t.app.db.select().from(users).where(eq(users.username, 'admin'));
      expect(row).toMatchObject({ status: 'active', reviewedBy: admin.id });
      expect(
        (await auditOf('shop', shopId)).map((a) => [a.action, a.actorId, (a.after as { status: string }).status]),
      ).toEqual([
        ['reject', admin.id, 'rejected'],
        ['approve', admin.id, 'active'],
      ]);
    });

    it('lets one of two decisions made at once win; the other answers 409', async () => {
      for (let round = 0; round < 3; round++) {
        const { shopId } = await register(`both.${round}@example.com`, 'Both', `At${round}`);
        const { version } = await profile(shopId);
        const approve = () => post('admin', `/api/v2/shop-reviews/${shopId}/approve`, { version });
        const reject = () =>
          post('admin', `/api/v2/shop-reviews/${shopId}/reject`, { reason: 'Documents are missing', version });
        const codes = (await Promise.all(round % 2 ? [reject(), approve()] : [approve(), reject()]))
          .map((r) => r.statusCode)
          .sort();
        expect(codes).toEqual([200, 409]);
        expect(await auditOf('shop', shopId)).toHaveLength(1);
      }
    });

    it('is staff work: a supplier gets 403, a house brand or an unknown shop 404', async () => {
      const { shopId } = await register('not.mine@example.com', 'Not', 'Mine');
      for (const user of ['supplier1', 'supplier3']) {
        expect((await post(user, `/api/v2/shop-reviews/${shopId}/approve`)).statusCode).toBe(403);
        expect(
          (await post(user, `/api/v2/shop-reviews/${shopId}/reject`, { reason: 'Not good enough' })).statusCode,
        ).toBe(403);
      }
      const house = await post('admin', `/api/v2/shop-reviews/${shop['HomeBase Essentials']}/approve`);
      expect(house.json()).toEqual({ status: 404, message: 'Shop not found' });
      expect((await post('admin', '/api/v2/shop-reviews/999999/approve')).statusCode).toBe(404);
    });
  });

  describe('shop approval end to end', () => {
    it('a new supplier prepares its storefront while pending, may publish nothing, and may once approved, with the same token', async () => {
      const me = await register('garden.new@example.com', 'Malee', 'Suksan');
      expect((await profile(me.shopId)).status).toBe('pending');
      expect((await get(me.headers, `/api/v2/shops/${me.shopId}`)).json()).toMatchObject({
        status: 'pending',
        ownerEmail: 'garden.new@example.com',
        canRollback: false,
      });

      // Profile, board and preview are open to it.
      const logo = (await upload(me.headers, samples.png(), 'logo.png', { shopId: String(me.shopId) })).json().url;
      const edited = await patch(me.headers, `/api/v2/shops/${me.shopId}`, {
        version: 1,
        description: 'Plants and pots.',
        logoUrl: logo,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const column = await post(me.headers, '/api/supplier/kanban/columns/update', {
        shopId: me.shopId,
        column: { name: 'Welcome' },
      });
      expect(column.statusCode, column.body).toBe(200);
      const preview = await get(me.headers, `/api/v2/shops/${me.shopId}/storefront`);
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toMatchObject({
        source: 'draft',
        liveVersion: null,
        boardVersion: column.json().version,
        shop: { description: 'Plants and pots.', logoUrl: logo },
      });
      expect(preview.json().sections.map((s: { name: string }) => s.name)).toEqual(['Welcome']);

      // Publishing, submitting a product and publishing a post wait for the review.
      const early = await post(me.headers, `/api/v2/shops/${me.shopId}/publish`, { version: column.json().version });
      expect(early.statusCode).toBe(403);
      expect(early.json().message).toMatch(AWAITING);
      const product = await post(me.headers, '/api/product/createnewproduct', {
        shopId: me.shopId,
        code: 'MS-1',
        name: 'Clay pot',
        price: 120,
      });
      expect(product.statusCode).toBe(200);
      expect(
        (await post(me.headers, '/api/product/submitproduct', { id: product.json().data.id })).json().message,
      ).toMatch(AWAITING);
      const postRes = await post(me.headers, '/api/blogs/master/new', {
        shopId: me.shopId,
        type: 'news',
        title: 'Open soon',
        contentHtml: '<p>Soon</p>',
        status: 'published',
      });
      expect(postRes.statusCode).toBe(403);
      expect(await t.app.db.select().from(storefrontVersions).where(eq(storefrontVersions.shopId, me.shopId))).toEqual(
        [],
      );

      expect((await post('admin', `/api/v2/shop-reviews/${me.shopId}/approve`)).statusCode).toBe(200);
      const live = await post(me.headers, `/api/v2/shops/${me.shopId}/publish`, { version: column.json().version });
      expect(live.statusCode, live.body).toBe(200);
      expect(live.json()).toEqual({ liveVersion: 1, publishedAt: expect.any(String) });
      expect((await post(me.headers, '/api/product/submitproduct', { id: product.json().data.id })).statusCode).toBe(
        200,
      );
    });

    it('a rejected shop may not publish either', async () => {
      const me = await register('garden.no@example.com', 'Somsri', 'Daeng');
      await post('admin', `/api/v2/shop-reviews/${me.shopId}/reject`, { reason: 'The shop name is misleading' });
      const res = await post(me.headers, `/api/v2/shops/${me.shopId}/publish`, { version: 0 });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/^Your shop is not approved/);
    });
  });

  describe('profile', () => {
    it('changes the fields sent, clears with null, bumps the version and audits', async () => {
      const id = shop['Siam Tile & Bath'];
      const before = await profile(id, 'supplier2');
      const logoUrl = await image();
      const res = await patch('supplier2', `/api/v2/shops/${id}`, {
        version: before.version,
        name: '  Siam Tile & Bath  ',
        contactEmail: 'Shop@Example.com',
        contactPhone: '+66 2-123 4567',
        logoUrl,
        coverUrl: null,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Siam Tile & Bath',
        contactEmail: 'shop@example.com',
        contactPhone: '+66 2-123 4567',
        logoUrl,
        coverUrl: null,
        version: before.version + 1,
        description: before.description,
      });
      const [entry] = (await auditOf('shop', id)).slice(-1);
      expect(entry).toMatchObject({
        action: 'profile.update',
        after: { logoUrl, coverUrl: null, version: before.version + 1 },
      });
      expect((entry.before as { coverUrl: string | null }).coverUrl).toBe(before.coverUrl);
    });

    it('refuses a stale version (409 naming version) and changes nothing', async () => {
      const id = shop['Siam Tile & Bath'];
      const { version, description } = await profile(id);
      expect((await patch('admin', `/api/v2/shops/${id}`, { version, description: 'First' })).statusCode).toBe(200);
      const stale = await patch('supplier2', `/api/v2/shops/${id}`, { version, description: 'Second' });
      expect(stale.statusCode).toBe(409);
      expect(fieldOf(stale)).toBe('version');
      expect((await profile(id)).description).toBe('First');
      expect(description).not.toBe('First');
    });

    it('names the field of bad input', async () => {
      const id = shop['HomePro Lighting'];
      const { version } = await profile(id);
      const cases: [object, string][] = [
        [{ contactEmail: 'not-an-email' }, 'contactEmail'],
        [{ contactPhone: '12ab34' }, 'contactPhone'],
        [{ contactPhone: '123' }, 'contactPhone'],
        [{ logoUrl: 'https://elsewhere.example/logo.png' }, 'logoUrl'],
        [{ coverUrl: '/uploads/image/../../secret.png' }, 'coverUrl'],
        [{ logoUrl: `/uploads/image/${'a'.repeat(32)}.png` }, 'logoUrl'],
        [{ name: ' x ' }, 'name'],
        [{ name: 'x' }, 'name'],
        [{ description: 'd'.repeat(2001) }, 'description'],
        [{ status: 'active' }, 'status'],
        [{}, 'body'],
      ];
      for (const [body, field] of cases) {
        const res = await patch('supplier1', `/api/v2/shops/${id}`, { version, ...body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(fieldOf(res), JSON.stringify(body)).toBe(field);
      }
      expect(fieldOf(await patch('supplier1', `/api/v2/shops/${id}`, { description: 'No version' }))).toBe('version');
      expect((await profile(id)).version).toBe(version);
    });
  });

  describe('storefront: preview, publish, rollback', () => {
    const lighting = () => shop['HomePro Lighting'];
    const storefront = async (source: 'draft' | 'live', user = 'supplier1') => {
      const res = await get(user, `/api/v2/shops/${lighting()}/storefront?source=${source}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Storefront>();
    };
    const boardVersion = async () =>
      (await t.app.db.select().from(boards).where(eq(boards.shopId, lighting())))[0].version;
    const live = async () => (await profile(lighting())).liveVersion as number;

    it('shows the demo storefront live as published, the same as the board', async () => {
      const [draft, published] = [await storefront('draft'), await storefront('live')];
      expect(published).toMatchObject({ source: 'live', liveVersion: 1, boardVersion: draft.boardVersion });
      expect(published.sections).toEqual(draft.sections);
      expect(draft.sections.length).toBeGreaterThanOrEqual(3);
      expect(draft.sections.flatMap((s) => s.cards.flatMap((c) => c.products)).length).toBeGreaterThan(0);
    });

    it('shows live products with their current price and leaves out those no longer approved', async () => {
      const before = await storefront('live');
      const [first, second] = before.sections
        .flatMap((s) => s.cards.flatMap((c) => c.products))
        .filter((p, i, a) => a.findIndex((q) => q.id === p.id) === i);
      await t.app.db.update(products).set({ price: '12345.00' }).where(eq(products.id, first.id));
      await t.app.db.update(products).set({ approvalStatus: 'pending' }).where(eq(products.id, second.id));
      const after = await storefront('live');
      const shown = after.sections.flatMap((s) => s.cards.flatMap((c) => c.products));
      expect(shown.filter((p) => p.id === first.id).every((p) => p.price === 12345)).toBe(true);
      expect(shown.some((p) => p.id === first.id)).toBe(true);
      expect(shown.some((p) => p.id === second.id)).toBe(false);
      expect(
        (await storefront('draft')).sections
          .flatMap((s) => s.cards.flatMap((c) => c.products))
          .some((p) => p.id === second.id),
      ).toBe(false);
      await t.app.db.update(products).set({ approvalStatus: 'approved' }).where(eq(products.id, second.id));
    });

    it('publishes the board as previewed, refuses a stale board version, and rolls back to the one before', async () => {
      const start = await live();
      const added = await post('supplier1', '/api/supplier/kanban/columns/update', {
        shopId: lighting(),
        column: { name: 'Clearance' },
      });
      expect(added.statusCode, added.body).toBe(200);
      const draft = await storefront('draft');
      expect(draft.sections.map((s) => s.name)).toContain('Clearance');
      expect((await storefront('live')).sections.map((s) => s.name)).not.toContain('Clearance');

      const stale = await post('supplier1', `/api/v2/shops/${lighting()}/publish`, { version: draft.boardVersion - 1 });
      expect(stale.statusCode).toBe(409);
      expect(fieldOf(stale)).toBe('version');
      const published = await post('supplier1', `/api/v2/shops/${lighting()}/publish`, { version: draft.boardVersion });
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json().liveVersion).toBe(start + 1);
      const nowLive = await storefront('live');
      expect(nowLive).toMatchObject({ liveVersion: start + 1, boardVersion: draft.boardVersion });
      expect(nowLive.sections).toEqual(draft.sections);
      expect(await profile(lighting(), 'supplier1')).toMatchObject({
        liveVersion: start + 1,
        canRollback: true,
        publishedAt: published.json().publishedAt,
      });

      const wrong = await post('supplier1', `/api/v2/shops/${lighting()}/rollback`, { liveVersion: start });
      expect(wrong.statusCode).toBe(409);
      expect(fieldOf(wrong)).toBe('liveVersion');
      const back = await post('admin', `/api/v2/shops/${lighting()}/rollback`, { liveVersion: start + 1 });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json().liveVersion).toBe(start);
      expect((await storefront('live')).sections.map((s) => s.name)).not.toContain('Clearance');
      // Only the live version and older ones are kept; the next publish takes the next number.
      const numbers = await t.app.db
        .select()
        .from(storefrontVersions)
        .where(eq(storefrontVersions.shopId, lighting()))
        .orderBy(asc(storefrontVersions.number));
      expect(numbers.map((v) => [v.number, v.live])).toEqual(
        Array.from({ length: start }, (_, i) => [i + 1, i + 1 === start]),
      );
      const actions = (await auditOf('storefront', lighting())).map((a) => a.action);
      expect(actions.slice(-2)).toEqual(['publish', 'rollback']);
      expect(await boardVersion()).toBe(draft.boardVersion);
    });

    it('answers 409 when there is no earlier storefront to go back to', async () => {
      const me = await register('one.version@example.com', 'One', 'Version');
      await post('admin', `/api/v2/shop-reviews/${me.shopId}/approve`);
      expect((await get(me.headers, `/api/v2/shops/${me.shopId}/storefront?source=live`)).json()).toEqual({
        status: 404,
        message: 'No published storefront',
      });
      expect((await post(me.headers, `/api/v2/shops/${me.shopId}/publish`, { version: 0 })).statusCode).toBe(200);
      const res = await post(me.headers, `/api/v2/shops/${me.shopId}/rollback`, { liveVersion: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('There is no earlier storefront to go back to.');
      expect((await profile(me.shopId)).canRollback).toBe(false);
      // Two publishes at once: one version each, one live.
      const both = await Promise.all([
        post(me.headers, `/api/v2/shops/${me.shopId}/publish`, { version: 0 }),
        post('admin', `/api/v2/shops/${me.shopId}/publish`, { version: 0 }),
      ]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(both.map((r) => r.json().liveVersion).sort()).toEqual([2, 3]);
      const rows = await t.app.db.select().from(storefrontVersions).where(eq(storefrontVersions.shopId, me.shopId));
      expect(rows.filter((v) => v.live).map((v) => v.number)).toEqual([3]);
    });

    it('shows the banners of a banner card, live as published', async () => {
      const id = lighting();
      const category = (
        await post('supplier1', '/api/v2/shop-banner-categories', { shopId: id, name: 'Storefront strip' })
      ).json();
      const made = [];
      for (const title of ['First banner', 'Second banner']) {
        made.push(
          (
            await post('supplier1', '/api/v2/shop-banners', {
              shopId: id,
              categoryId: category.id,
              title,
              imageUrl: await image(),
              link: '/sale',
            })
          ).json(),
        );
      }
      const columnId = (await storefront('draft')).sections[0].id;
      const card = await post('supplier1', '/api/supplier/kanban/columns/update', {
        shopId: id,
        columnId,
        card: { type: 'banner', name: 'Banners', bannerCategoryId: category.id },
      });
      expect(card.statusCode, card.body).toBe(200);
      const draft = await storefront('draft');
      const strip = draft.sections[0].cards.find((c) => c.id === card.json().card.id)!;
      expect(strip.banners.map((b) => b.title)).toEqual(['First banner', 'Second banner']);
      expect(strip.products).toEqual([]);
      await post('supplier1', `/api/v2/shops/${id}/publish`, { version: draft.boardVersion });
      await call('supplier1', 'DELETE', `/api/v2/shop-banners/${made[0].id}`);
      const shown = (await storefront('live')).sections[0].cards.find((c) => c.id === strip.id)!;
      expect(shown.banners.map((b) => b.title)).toEqual(['Second banner']);
    });
  });

  describe('banners', () => {
    it('keeps category names unique per shop ignoring case (409 naming name); another shop may use the name', async () => {
      const made = await post('supplier2', '/api/v2/shop-banner-categories', {
        shopId: shop['CoolAir Climate Solutions'],
        name: '  Monsoon deals ',
      });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json()).toMatchObject({ name: 'Monsoon deals', shopId: shop['CoolAir Climate Solutions'] });
      const dup = await post('admin', '/api/v2/shop-banner-categories', {
        shopId: shop['CoolAir Climate Solutions'],
        name: 'MONSOON DEALS',
      });
      expect(dup.statusCode).toBe(409);
      expect(fieldOf(dup)).toBe('name');
      expect(
        (
          await post('supplier2', '/api/v2/shop-banner-categories', {
            shopId: shop['Siam Tile & Bath'],
            name: 'Monsoon deals',
          })
        ).statusCode,
      ).toBe(201);
      const rename = await patch('supplier2', `/api/v2/shop-banner-categories/${made.json().id}`, {
        name: 'Hero banners',
      });
      expect(rename.statusCode).toBe(409);
      expect(fieldOf(rename)).toBe('name');
      expect((await auditOf('shop_banner_category', made.json().id)).map((a) => a.action)).toEqual(['create']);
    });

    it("refuses a banner in another shop's category (400 naming categoryId), a foreign image or a bad link", async () => {
      const coolair = shop['CoolAir Climate Solutions'];
      const [own] = await t.app.db.select().from(shopBannerCategories).where(eq(shopBannerCategories.shopId, coolair));
      const [other] = await t.app.db
        .select()
        .from(shopBannerCategories)
        .where(eq(shopBannerCategories.shopId, shop['Siam Tile & Bath']));
      const imageUrl = await image();
      const base = { shopId: coolair, categoryId: own.id, title: 'Cool deals', imageUrl };
      const cases: [object, string][] = [
        [{ categoryId: other.id }, 'categoryId'],
        [{ imageUrl: 'https://cdn.example/banner.png' }, 'imageUrl'],
        [{ link: 'javascript:alert(1)' }, 'link'],
        [{ link: 'http://insecure.example' }, 'link'],
        [{ title: '   ' }, 'title'],
        [{ title: 't'.repeat(81) }, 'title'],
      ];
      for (const [body, field] of cases) {
        const res = await post('supplier2', '/api/v2/shop-banners', { ...base, ...body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(fieldOf(res), JSON.stringify(body)).toBe(field);
      }
      const made = await post('supplier2', '/api/v2/shop-banners', { ...base, link: 'https://coolair.example/deals' });
      expect(made.statusCode, made.body).toBe(201);
      const moved = await patch('supplier2', `/api/v2/shop-banners/${made.json().id}`, { categoryId: other.id });
      expect(moved.statusCode).toBe(400);
      expect(fieldOf(moved)).toBe('categoryId');
      const inSiam = await post('admin', '/api/v2/shop-banners', { ...base, shopId: shop['Siam Tile & Bath'] });
      expect(fieldOf(inSiam)).toBe('categoryId');
      expect((await auditOf('shop_banner', made.json().id)).map((a) => a.action)).toEqual(['create']);
    });

    it('deletebrannercate removes the category and its banners; banner cards stay, with no category, on a newer board version', async () => {
      const id = shop['Siam Tile & Bath'];
      const category = (
        await post('admin', '/api/v2/shop-banner-categories', { shopId: id, name: 'To delete' })
      ).json();
      const banner = (
        await post('admin', '/api/v2/shop-banners', {
          shopId: id,
          categoryId: category.id,
          title: 'Going',
          imageUrl: await image(),
        })
      ).json();
      const [column] = (await storefrontOf(id)).sections;
      const [card] = await t.app.db
        .insert(boardCards)
        .values({
          shopId: id,
          columnId: column.id,
          position: column.cards.length,
          type: 'banner',
          name: 'Strip',
          bannerCategoryId: category.id,
        })
        .returning();
      const version = (await t.app.db.select().from(boards).where(eq(boards.shopId, id)))[0].version;

      const foreign = await post('supplier1', '/api/brandshop/deletebrannercate', {
        entityid: category.id,
        shopId: id,
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ status: 404, message: 'Shop not found' });
      const mismatch = await post('admin', '/api/brandshop/deletebrannercate', {
        entityid: category.id,
        shopId: shop['CoolAir Climate Solutions'],
      });
      expect(mismatch.json()).toEqual({ status: 404, message: 'Banner category not found' });

      const res = await post('supplier2', '/api/brandshop/deletebrannercate', { entityid: category.id, shopId: id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 200, message: 'Banner category deleted.' });
      expect(
        await t.app.db.select().from(shopBannerCategories).where(eq(shopBannerCategories.id, category.id)),
      ).toEqual([]);
      expect(await t.app.db.select().from(shopBanners).where(eq(shopBanners.id, banner.id))).toEqual([]);
      const [after] = await t.app.db.select().from(boardCards).where(eq(boardCards.id, card.id));
      expect(after).toMatchObject({
        columnId: column.id,
        position: card.position,
        type: 'banner',
        bannerCategoryId: null,
      });
      expect((await t.app.db.select().from(boards).where(eq(boards.shopId, id)))[0].version).toBe(version + 1);
      const [entry] = await t.app.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entity, 'shop_banner_category'),
            eq(auditLog.action, 'delete'),
            eq(auditLog.entityId, category.id),
          ),
        );
      expect((entry.before as { banners: { id: number }[] }).banners.map((b) => b.id)).toEqual([banner.id]);
      expect(
        (await post('supplier2', '/api/brandshop/deletebrannercate', { entityid: category.id, shopId: id })).statusCode,
      ).toBe(404);
    });

    it("DELETE of a category through REST removes its banners too; another shop's category is a 404", async () => {
      const id = shop['CoolAir Climate Solutions'];
      const category = (
        await post('supplier2', '/api/v2/shop-banner-categories', { shopId: id, name: 'Short lived' })
      ).json();
      await post('supplier2', '/api/v2/shop-banners', {
        shopId: id,
        categoryId: category.id,
        title: 'Soon gone',
        imageUrl: await image(),
      });
      const foreign = await call('supplier1', 'DELETE', `/api/v2/shop-banner-categories/${category.id}`);
      expect(foreign.json()).toEqual({ status: 404, message: 'Banner category not found' });
      const res = await call('supplier2', 'DELETE', `/api/v2/shop-banner-categories/${category.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: category.id, shopId: id, name: 'Short lived' });
      expect(await t.app.db.select().from(shopBanners).where(eq(shopBanners.categoryId, category.id))).toEqual([]);
    });

    it("gives house brands no banners and a supplier no other shop's", async () => {
      const house = await post('admin', '/api/v2/shop-banner-categories', {
        shopId: shop['HomeBase Essentials'],
        name: 'Hero',
      });
      expect(house.json()).toEqual({ status: 404, message: 'Shop not found' });
      const mine = (await get('supplier1', '/api/v2/shop-banner-categories')).json<{ shopId: number }[]>();
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((c) => c.shopId === shop['HomePro Lighting'])).toBe(true);
      const [foreign] = await t.app.db
        .select()
        .from(shopBannerCategories)
        .where(eq(shopBannerCategories.shopId, shop['CoolAir Climate Solutions']));
      for (const [method, url] of [
        ['GET', `/api/v2/shop-banner-categories/${foreign.id}`],
        ['PATCH', `/api/v2/shop-banner-categories/${foreign.id}`],
      ] as const) {
        const res = await call('supplier1', method, url, method === 'PATCH' ? { name: 'Mine now' } : undefined);
        expect(res.json()).toEqual({ status: 404, message: 'Banner category not found' });
      }
      expect(
        (await get('supplier1', `/api/v2/shop-banners?shopId=${shop['CoolAir Climate Solutions']}`)).json(),
      ).toEqual({ status: 404, message: 'Shop not found' });
    });
  });

  describe('storefront images', () => {
    it('stores a JPEG, PNG or WebP and answers its size', async () => {
      for (const [data, name, size] of [
        [samples.png(), 'a.png', [1, 1]],
        [jpeg(), 'b.jpg', [64, 32]],
        [webp('VP8X'), 'c.webp', [300, 200]],
        [webp('VP8 '), 'd.webp', [640, 480]],
        [webp('VP8L'), 'e.webp', [17, 9]],
      ] as const) {
        const res = await upload('supplier1', data, name);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toEqual({
          url: expect.stringMatching(/^\/uploads\/image\/[0-9a-f]{32}\.(png|jpg|webp)$/),
          width: size[0],
          height: size[1],
        });
        expect((await t.app.inject({ url: res.json().url })).statusCode).toBe(200);
      }
    });

    it('refuses a non-image by its content (415) and more than 5 MB (413), like the other uploads', async () => {
      const text = await upload('supplier1', Buffer.from('just some text, not a picture at all'), 'photo.png');
      expect(text.statusCode).toBe(415);
      expect(fieldOf(text)).toBe('file');
      expect((await upload('supplier1', samples.pdf(), 'photo.jpg')).statusCode).toBe(415);
      // A JPEG start with no frame in it: not an image whose size can be read.
      expect((await upload('supplier1', samples.jpeg(), 'photo.jpg')).statusCode).toBe(415);
      const big = await upload('supplier1', Buffer.concat([samples.png(), Buffer.alloc(5 * 1024 * 1024)]), 'big.png');
      expect(big.statusCode).toBe(413);
      expect(fieldOf(big)).toBe('file');
      const foreign = await upload('supplier1', samples.png(), 'a.png', {
        shopId: String(shop['CoolAir Climate Solutions']),
      });
      expect(foreign.json()).toEqual({ status: 404, message: 'Shop not found' });
    });
  });

  describe('who reaches which shop', () => {
    it("answers supplier1 404 with nothing else on CoolAir's shop everywhere", async () => {
      const id = shop['CoolAir Climate Solutions'];
      const before = await t.app.db.select().from(shops).where(eq(shops.id, id));
      const versions = await t.app.db.select().from(storefrontVersions).where(eq(storefrontVersions.shopId, id));
      for (const [method, url, body] of [
        ['GET', `/api/v2/shops/${id}`],
        ['PATCH', `/api/v2/shops/${id}`, { version: 1, description: 'Mine' }],
        ['GET', `/api/v2/shops/${id}/storefront`],
        ['GET', `/api/v2/shops/${id}/storefront?source=live`],
        ['POST', `/api/v2/shops/${id}/publish`, { version: 1 }],
        ['POST', `/api/v2/shops/${id}/rollback`, { liveVersion: 1 }],
      ] as const) {
        const res = await call('supplier1', method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ status: 404, message: 'Shop not found' });
      }
      expect(await t.app.db.select().from(shops).where(eq(shops.id, id))).toEqual(before);
      expect(await t.app.db.select().from(storefrontVersions).where(eq(storefrontVersions.shopId, id))).toEqual(
        versions,
      );
    });

    it('lets the editor work on house brands only: 404 on a brand shop, 403 on brand-shop routes and reviews', async () => {
      const lighting = shop['HomePro Lighting'];
      const house = shop['HomeBase Essentials'];
      for (const url of [`/api/v2/shops/${lighting}`, `/api/v2/shops/${lighting}/storefront`]) {
        expect((await get('editor', url)).json()).toEqual({ status: 404, message: 'Shop not found' });
      }
      expect((await upload('editor', samples.png(), 'a.png', { shopId: String(lighting) })).statusCode).toBe(404);
      expect((await get('editor', `/api/v2/shops/${house}`)).json()).toMatchObject({
        id: house,
        kind: 'housebrand',
        status: 'active',
        ownerName: null,
      });
      expect((await get('editor', `/api/v2/shops/${house}/storefront`)).statusCode).toBe(200);
      const { version } = await profile(house, 'editor');
      const edited = await patch('editor', `/api/v2/shops/${house}`, {
        version,
        description: 'Home basics, tested by us.',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const [editor] = await t.app.db.select().from(users).where(eq(users.username, 'editor'));
      const [entry] = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'shop'), eq(auditLog.entityId, house)))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(entry).toMatchObject({ actorId: editor.id, action: 'profile.update' });
      for (const [method, url, body] of [
        ['GET', '/api/supplier/kanban/shopprofile'],
        ['GET', '/api/supplier/kanban/shopProfile'],
        ['GET', '/api/supplier/kanban/shopMaster'],
        ['POST', '/api/brandshop/deletebrannercate', { entityid: 1, shopId: lighting }],
        ['GET', `/api/v2/shop-banner-categories?shopId=${lighting}`],
        ['POST', '/api/v2/shop-banners', { shopId: lighting, categoryId: 1, title: 'x', imageUrl: 'x' }],
        ['POST', `/api/v2/shop-reviews/${lighting}/approve`, {}],
        ['POST', `/api/v2/shop-reviews/${lighting}/reject`, { reason: 'Not today' }],
      ] as const) {
        expect((await call('editor', method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      }
    });
  });

  const storefrontOf = async (id: number) => (await get('admin', `/api/v2/shops/${id}/storefront`)).json<Storefront>();
});
