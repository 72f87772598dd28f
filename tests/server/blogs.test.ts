import { and, count, eq, isNull, inArray } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { auditLog, blogPosts, products, shops } from '../../server/src/db/schema.js';

describe.each(dbKinds())('blogs (%s)', (kind) => {
  let t: TestApp;
  let lighting: number; // supplier1's shop
  let coolair: number; // supplier2's first shop
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    const rows = await t.app.db.select().from(shops);
    lighting = rows.find((s) => s.name === 'HomePro Lighting')!.id;
    coolair = rows.find((s) => s.name === 'CoolAir Climate Solutions')!.id;
  });
  afterAll(async () => { await t?.close(); });

  const get = async (user: string, url: string) => t.app.inject({ url, headers: await t.headers(user) });
  const post = async (user: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: await t.headers(user) });
  const visibleCount = async (shopIds?: number[]) => {
    const [{ n }] = await t.app.db.select({ n: count() }).from(blogPosts)
      .where(and(isNull(blogPosts.deletedAt), shopIds ? inArray(blogPosts.shopId, shopIds) : undefined));
    return n;
  };

  it('lists posts newest first with total and maxpage', async () => {
    const res = await get('admin', '/api/blogs/master/posts?page=1&limit=5');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(await visibleCount());
    expect(body.maxpage).toBe(Math.ceil(body.total / 5));
    expect(body.items).toHaveLength(5);
    const dates = body.items.map((p: { createdAt: string }) => p.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(Object.keys(body.items[0]).sort()).toEqual(['authorName', 'coverUrl', 'createdAt', 'description', 'id', 'publishedAt',
      'shopId', 'shopName', 'status', 'title', 'type', 'updatedAt']);
    const page2 = (await get('admin', '/api/blogs/master/posts?page=2&limit=5')).json();
    expect(page2.items[0].id).not.toBe(body.items[0].id);
  });

  it('scopes supplier lists to own shops', async () => {
    const body = (await get('supplier2', '/api/blogs/master/posts?limit=100')).json();
    const own = await t.app.db.select({ id: shops.id }).from(shops).where(inArray(shops.name, ['CoolAir Climate Solutions', 'Siam Tile & Bath']));
    expect(body.total).toBe(await visibleCount(own.map((s) => s.id)));
    expect(new Set(body.items.map((p: { shopName: string }) => p.shopName))).toEqual(new Set(['CoolAir Climate Solutions', 'Siam Tile & Bath']));
  });

  it('filters by type, status, shop and search', async () => {
    const howto = (await get('admin', '/api/blogs/master/posts?type=howto&limit=100')).json();
    expect(howto.total).toBeGreaterThan(0);
    expect(howto.items.every((p: { type: string }) => p.type === 'howto')).toBe(true);
    const drafts = (await get('admin', `/api/blogs/master/posts?status=draft&shopId=${coolair}&limit=100`)).json();
    expect(drafts.items.every((p: { status: string; shopId: number }) => p.status === 'draft' && p.shopId === coolair)).toBe(true);
    const first = howto.items[0];
    const word = first.title.split(' ').slice(-1)[0];
    const found = (await get('admin', `/api/blogs/master/posts?search=${encodeURIComponent(word.toLowerCase())}&limit=100`)).json();
    expect(found.items.some((p: { id: number }) => p.id === first.id)).toBe(true);
    const none = (await get('admin', '/api/blogs/master/posts?search=%25zz_no_such_post')).json();
    expect(none).toEqual({ items: [], total: 0, maxpage: 0 });
  });

  it('validates the list query', async () => {
    const res = await get('admin', '/api/blogs/master/posts?limit=500&type=poem&colour=red');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['colour', 'limit', 'type']);
  });

  it('counts post types the caller can see', async () => {
    const all = (await get('admin', '/api/blogs/master/menu')).json();
    expect(all.items.map((i: { code: string }) => i.code)).toEqual(['idea', 'howto', 'review', 'news']);
    expect(all.items[0].title).toBe('blog.types.idea');
    expect(all.items.reduce((s: number, i: { count: number }) => s + i.count, 0)).toBe(await visibleCount());
    const mine = (await get('supplier1', '/api/blogs/master/menu')).json();
    expect(mine.items.reduce((s: number, i: { count: number }) => s + i.count, 0)).toBe(await visibleCount([lighting]));
  });

  describe('one post through its life', () => {
    let id: number;
    let version: number;

    it('creates a post with sanitized HTML', async () => {
      const res = await post('supplier1', '/api/blogs/master/new', {
        shopId: lighting, type: 'idea', title: '  Warm Lighting for the Monsoon Evenings ', description: 'Cosy ideas',
        contentHtml: '<p onclick="steal()">Hello <script>alert(1)</script><img src="x.jpg" onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe src="https://evil.example"></iframe></p>',
        tags: ['lighting', 'lighting', ' ideas '], status: 'draft',
      });
      expect(res.statusCode).toBe(200);
      const { status, message, data } = res.json();
      expect(status).toBe(200);
      expect(message).toBeTruthy();
      expect(data).toMatchObject({ shopId: lighting, shopName: 'HomePro Lighting', title: 'Warm Lighting for the Monsoon Evenings',
        status: 'draft', publishedAt: null, version: 1, tags: ['lighting', 'ideas'], products: [], authorName: 'Anan Rattanakorn' });
      expect(data.contentHtml).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
      expect(data.contentHtml).toContain('<img src="x.jpg" />');
      id = data.id;
      version = data.version;
    });

    it('reads it back, and only its shop can', async () => {
      const res = await get('supplier1', `/api/blogs/master/post?id=${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.id).toBe(id);
      const foreign = await get('supplier2', `/api/blogs/master/post?id=${id}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ status: 404, message: 'Post not found' });
    });

    it('edits with the current version and refuses a stale one (409)', async () => {
      const res = await post('supplier1', '/api/blogs/master/edit', { id, version, title: 'Warm Lighting Ideas', status: 'published', contentHtml: '<p>ok<script>x</script></p>' });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ title: 'Warm Lighting Ideas', status: 'published', version: version + 1, contentHtml: '<p>ok</p>' });
      expect(data.publishedAt).not.toBeNull();
      const stale = await post('admin', '/api/blogs/master/edit', { id, version, title: 'Overwritten' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toMatch(/changed by someone else/);
      version = data.version;
    });

    it('closes and reopens, checking the current state', async () => {
      const closed = await post('supplier1', '/api/blogs/master/closecontent', { id, closed: true });
      expect(closed.statusCode).toBe(200);
      expect(closed.json().data.status).toBe('closed');
      expect((await post('supplier1', '/api/blogs/master/closecontent', { id, closed: true })).statusCode).toBe(409);
      const reopened = await post('supplier1', '/api/blogs/master/closecontent', { id, closed: false });
      expect(reopened.json().data.status).toBe('published');
      // Closing bumped the version: an edit based on the old one is stale.
      expect((await post('supplier1', '/api/blogs/master/edit', { id, version, title: 'x' })).statusCode).toBe(409);
      version = reopened.json().data.version;
    });

    it('links products of the post shop in order, rejects other shops\' products, unlinks', async () => {
      const list = (await get('supplier1', `/api/blogs/master/product?shopId=${lighting}&limit=3`)).json();
      expect(list.items).toHaveLength(3);
      expect(typeof list.items[0].price).toBe('number');
      const ids = list.items.map((p: { id: number }) => p.id).reverse();
      const res = await post('supplier1', '/api/blogs/master/sortproductidea', { id, productIds: ids });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.products.map((p: { id: number }) => p.id)).toEqual(ids);

      const [foreign] = await t.app.db.select({ id: products.id }).from(products).where(eq(products.shopId, coolair)).limit(1);
      const bad = await post('supplier1', '/api/blogs/master/sortproductidea', { id, productIds: [ids[0], foreign.id] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe('productIds');
      // Unchanged after the refused call.
      expect((await get('supplier1', `/api/blogs/master/post?id=${id}`)).json().data.products).toHaveLength(3);

      const un = await post('supplier1', '/api/blogs/master/deleteproductidea', { id, productId: ids[1] });
      expect(un.json().data.products.map((p: { id: number }) => p.id)).toEqual([ids[0], ids[2]]);
      expect((await post('supplier1', '/api/blogs/master/deleteproductidea', { id, productId: ids[1] })).statusCode).toBe(404);
    });

    it('searches the shop\'s products and refuses another shop', async () => {
      const res = (await get('supplier1', `/api/blogs/master/product?search=led`)).json();
      expect(res.total).toBeGreaterThan(0);
      expect(res.items.every((p: { name: string; code: string }) => /led/i.test(p.name + p.code))).toBe(true);
      const foreign = await get('supplier1', `/api/blogs/master/product?shopId=${coolair}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().items).toBeUndefined();
    });

    it('soft-deletes: the post disappears from every read', async () => {
      const before = await visibleCount();
      const res = await post('supplier1', '/api/blogs/master/deletecontent', { id });
      expect(res.json()).toEqual({ status: 200, message: 'Post deleted.' });
      expect(await visibleCount()).toBe(before - 1);
      expect((await get('supplier1', `/api/blogs/master/post?id=${id}`)).statusCode).toBe(404);
      const list = (await get('supplier1', '/api/blogs/master/posts?limit=100')).json();
      expect(list.items.some((p: { id: number }) => p.id === id)).toBe(false);
      expect((await post('supplier1', '/api/blogs/master/deletecontent', { id })).statusCode).toBe(404);
      expect((await post('supplier1', '/api/blogs/master/edit', { id, version: 99, title: 'x' })).statusCode).toBe(404);
    });

    it('wrote the changes to the audit log', async () => {
      const rows = await t.app.db.select().from(auditLog).where(and(eq(auditLog.entity, 'blog_post'), eq(auditLog.entityId, id)));
      expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'close', 'reopen', 'set_products', 'unlink_product', 'delete']);
    });
  });

  it('validates new posts, naming fields', async () => {
    const res = await post('admin', '/api/blogs/master/new', { shopId: lighting, type: 'poem', title: '', contentHtml: { html: 1 }, status: 'draft', author: 'me' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['author', 'contentHtml', 'title', 'type']);
  });

  it('lets staff post in any shop and refuses unknown shops', async () => {
    const ok = await post('editor', '/api/blogs/master/new', { shopId: coolair, type: 'news', title: 'Free Installation Week', contentHtml: '<p>News</p>', status: 'published' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.publishedAt).not.toBeNull();
    const missing = await post('editor', '/api/blogs/master/new', { shopId: 999999, type: 'news', title: 'x', contentHtml: '', status: 'draft' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 404, message: 'Shop not found' });
  });
});
