import { and, count, eq, isNull, inArray } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { auditLog, blogPostProducts, blogPosts, products, shops } from '../../server/src/db/schema.js';
import { HOUSEBRAND_BLOG, MASTER_BLOG, type BlogVerb } from '../../server/src/modules/blogs/family.js';
import { blogSample } from './blog-samples.js';

describe.each(dbKinds())('blogs (%s)', (kind) => {
  let t: TestApp;
  let lighting: number; // supplier1's shop
  let coolair: number; // supplier2's first shop
  let homebase: number; // the house brand
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    const rows = await t.app.db.select().from(shops);
    lighting = rows.find((s) => s.name === 'HomePro Lighting')!.id;
    coolair = rows.find((s) => s.name === 'CoolAir Climate Solutions')!.id;
    homebase = rows.find((s) => s.name === 'HomeBase Essentials')!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (user: string, url: string) => t.app.inject({ url, headers: await t.headers(user) });
  const post = async (user: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: await t.headers(user) });
  const visibleCount = async (shopIds?: number[]) => {
    const [{ n }] = await t.app.db
      .select({ n: count() })
      .from(blogPosts)
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
    expect(Object.keys(body.items[0]).sort()).toEqual([
      'authorName',
      'coverUrl',
      'createdAt',
      'description',
      'id',
      'publishedAt',
      'shopId',
      'shopName',
      'status',
      'title',
      'type',
      'updatedAt',
    ]);
    const page2 = (await get('admin', '/api/blogs/master/posts?page=2&limit=5')).json();
    expect(page2.items[0].id).not.toBe(body.items[0].id);
  });

  it('scopes supplier lists to own shops', async () => {
    const body = (await get('supplier2', '/api/blogs/master/posts?limit=100')).json();
    const own = await t.app.db
      .select({ id: shops.id })
      .from(shops)
      .where(inArray(shops.name, ['CoolAir Climate Solutions', 'Siam Tile & Bath']));
    expect(body.total).toBe(await visibleCount(own.map((s) => s.id)));
    expect(new Set(body.items.map((p: { shopName: string }) => p.shopName))).toEqual(
      new Set(['CoolAir Climate Solutions', 'Siam Tile & Bath']),
    );
  });

  it('filters by type, status, shop and search', async () => {
    const howto = (await get('admin', '/api/blogs/master/posts?type=howto&limit=100')).json();
    expect(howto.total).toBeGreaterThan(0);
    expect(howto.items.every((p: { type: string }) => p.type === 'howto')).toBe(true);
    const drafts = (await get('admin', `/api/blogs/master/posts?status=draft&shopId=${coolair}&limit=100`)).json();
    expect(
      drafts.items.every((p: { status: string; shopId: number }) => p.status === 'draft' && p.shopId === coolair),
    ).toBe(true);
    const first = howto.items[0];
    const word = first.title.split(' ').slice(-1)[0];
    const found = (
      await get('admin', `/api/blogs/master/posts?search=${encodeURIComponent(word.toLowerCase())}&limit=100`)
    ).json();
    expect(found.items.some((p: { id: number }) => p.id === first.id)).toBe(true);
    const none = (await get('admin', '/api/blogs/master/posts?search=%25zz_no_such_post')).json();
    expect(none).toEqual({ items: [], total: 0, maxpage: 0 });
  });

  it('validates the list query', async () => {
    const res = await get('admin', '/api/blogs/master/posts?limit=500&type=poem&colour=red');
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['colour', 'limit', 'type']);
  });

  it('counts post types the caller can see', async () => {
    const all = (await get('admin', '/api/blogs/master/menu')).json();
    expect(all.items.map((i: { code: string }) => i.code)).toEqual(['idea', 'howto', 'review', 'news']);
    expect(all.items[0].title).toBe('blogs.types.idea');
    expect(all.items.reduce((s: number, i: { count: number }) => s + i.count, 0)).toBe(await visibleCount());
    const mine = (await get('supplier1', '/api/blogs/master/menu')).json();
    expect(mine.items.reduce((s: number, i: { count: number }) => s + i.count, 0)).toBe(await visibleCount([lighting]));
  });

  /**
   * What the two families' shared tests vary: where they post, who writes, and who is out of reach
   * (master: another supplier, 404 as for a missing post; house brand: suppliers altogether, 403 by the table).
   */
  const FAMILIES = [
    {
      name: 'master',
      family: MASTER_BLOG,
      writer: 'supplier1',
      author: 'Anan Rattanakorn',
      shop: () => lighting,
      shopName: 'HomePro Lighting',
      otherShop: () => coolair,
      outsider: { user: 'supplier2', status: 404 },
      search: 'led',
    },
    {
      name: 'house-brand',
      family: HOUSEBRAND_BLOG,
      writer: 'editor',
      author: 'Pimchanok Srisuk',
      shop: () => homebase,
      shopName: 'HomeBase Essentials',
      otherShop: () => lighting,
      outsider: { user: 'supplier1', status: 403 },
      search: 'paint',
    },
  ];

  describe.each(FAMILIES)('one post through its life ($name blog)', (f) => {
    const url = (verb: BlogVerb) => `${f.family.base}/${f.family.names[verb]}`;
    let id: number;
    let version: number;

    it('creates a post with sanitized HTML', async () => {
      const res = await post(f.writer, url('create'), {
        shopId: f.shop(),
        type: 'idea',
        title: '  Warm Lighting for the Monsoon Evenings ',
        description: 'Cosy ideas',
        contentHtml:
          '<p onclick="steal()">Hello <script>alert(1)</script><img src="x.jpg" onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe src="https://evil.example"></iframe></p>',
        tags: ['lighting', 'lighting', ' ideas '],
        status: 'draft',
      });
      expect(res.statusCode).toBe(200);
      const { status, message, data } = res.json();
      expect(status).toBe(200);
      expect(message).toBeTruthy();
      expect(data).toMatchObject({
        shopId: f.shop(),
        shopName: f.shopName,
        title: 'Warm Lighting for the Monsoon Evenings',
        status: 'draft',
        publishedAt: null,
        version: 1,
        tags: ['lighting', 'ideas'],
        products: [],
        authorName: f.author,
      });
      expect(data.contentHtml).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
      // Pictures only from our stored images or https (tests/server/blog-pictures.test.ts): a relative src goes.
      expect(data.contentHtml).not.toContain('x.jpg');
      id = data.id;
      version = data.version;
    });

    it('reads it back, and only its shop can', async () => {
      const res = await get(f.writer, `${url('post')}?id=${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.id).toBe(id);
      const foreign = await get(f.outsider.user, `${url('post')}?id=${id}`);
      expect(foreign.statusCode).toBe(f.outsider.status);
      expect(foreign.json().data).toBeUndefined();
      if (f.outsider.status === 404) expect(foreign.json()).toEqual({ status: 404, message: 'Post not found' });
    });

    it('edits with the current version and refuses a stale one (409)', async () => {
      const res = await post(f.writer, url('edit'), {
        id,
        version,
        title: 'Warm Lighting Ideas',
        status: 'published',
        contentHtml: '<p>ok<script>x</script></p>',
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({
        title: 'Warm Lighting Ideas',
        status: 'published',
        version: version + 1,
        contentHtml: '<p>ok</p>',
      });
      expect(data.publishedAt).not.toBeNull();
      const stale = await post('admin', url('edit'), { id, version, title: 'Overwritten' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toMatch(/changed by someone else/);
      version = data.version;
    });

    it('closes and reopens, checking the current state', async () => {
      const closed = await post(f.writer, url('close'), { id, closed: true });
      expect(closed.statusCode).toBe(200);
      expect(closed.json().data.status).toBe('closed');
      expect((await post(f.writer, url('close'), { id, closed: true })).statusCode).toBe(409);
      const reopened = await post(f.writer, url('close'), { id, closed: false });
      expect(reopened.json().data.status).toBe('published');
      // Closing bumped the version: an edit based on the old one is stale.
      expect((await post(f.writer, url('edit'), { id, version, title: 'x' })).statusCode).toBe(409);
      version = reopened.json().data.version;
    });

    it('applies one of two edits sent at once with the same version; the other gets 409', async () => {
      const [a, b] = await Promise.all(
        ['First take', 'Second take'].map((title) => post(f.writer, url('edit'), { id, version, title })),
      );
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const winner = (a.statusCode === 200 ? a : b).json().data;
      expect((await get(f.writer, `${url('post')}?id=${id}`)).json().data).toMatchObject({
        title: winner.title,
        version: version + 1,
      });
      version = winner.version;
    });

    it("links products of the post shop in order, rejects other shops' products, unlinks", async () => {
      const list = (await get(f.writer, `${url('products')}?shopId=${f.shop()}&limit=3`)).json();
      expect(list.items).toHaveLength(3);
      expect(typeof list.items[0].price).toBe('number');
      const ids = list.items.map((p: { id: number }) => p.id).reverse();
      const res = await post(f.writer, url('sortProducts'), { id, productIds: ids });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.products.map((p: { id: number }) => p.id)).toEqual(ids);

      const [foreign] = await t.app.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.shopId, f.otherShop()))
        .limit(1);
      const bad = await post(f.writer, url('sortProducts'), { id, productIds: [ids[0], foreign.id] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe('productIds');
      // Unchanged after the refused call.
      expect((await get(f.writer, `${url('post')}?id=${id}`)).json().data.products).toHaveLength(3);

      const un = await post(f.writer, url('unlinkProduct'), { id, productId: ids[1] });
      expect(un.json().data.products.map((p: { id: number }) => p.id)).toEqual([ids[0], ids[2]]);
      expect((await post(f.writer, url('unlinkProduct'), { id, productId: ids[1] })).statusCode).toBe(404);
    });

    it("searches the shop's products and refuses another shop", async () => {
      const res = (await get(f.writer, `${url('products')}?search=${f.search}`)).json();
      expect(res.total).toBeGreaterThan(0);
      expect(
        res.items.every((p: { name: string; code: string }) => new RegExp(f.search, 'i').test(p.name + p.code)),
      ).toBe(true);
      const foreign = await get(f.writer, `${url('products')}?shopId=${f.otherShop()}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().items).toBeUndefined();
    });

    it('soft-deletes: the post disappears from every read', async () => {
      const before = await visibleCount();
      const res = await post(f.writer, url('remove'), { id });
      expect(res.json()).toEqual({ status: 200, message: 'Post deleted.' });
      expect(await visibleCount()).toBe(before - 1);
      expect((await get(f.writer, `${url('post')}?id=${id}`)).statusCode).toBe(404);
      const list = (await get(f.writer, `${url('posts')}?limit=100`)).json();
      expect(list.items.some((p: { id: number }) => p.id === id)).toBe(false);
      expect((await post(f.writer, url('remove'), { id })).statusCode).toBe(404);
      expect((await post(f.writer, url('edit'), { id, version: 99, title: 'x' })).statusCode).toBe(404);
    });

    it('wrote the changes to the audit log', async () => {
      const rows = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'blog_post'), eq(auditLog.entityId, id)))
        .orderBy(auditLog.id);
      expect(rows.map((r) => r.action)).toEqual([
        'create',
        'update',
        'close',
        'reopen',
        'update',
        'set_products',
        'unlink_product',
        'delete',
      ]);
    });

    it('validates new posts, naming fields', async () => {
      const res = await post(f.writer, url('create'), {
        shopId: f.shop(),
        type: 'poem',
        title: '',
        contentHtml: { html: 1 },
        status: 'draft',
        author: 'me',
      });
      expect(res.statusCode).toBe(400);
      expect(
        res
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
      ).toEqual(['author', 'contentHtml', 'title', 'type']);
    });
  });

  it('lets staff post in any shop and refuses unknown shops', async () => {
    const ok = await post('editor', '/api/blogs/master/new', {
      shopId: coolair,
      type: 'news',
      title: 'Free Installation Week',
      contentHtml: '<p>News</p>',
      status: 'published',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.publishedAt).not.toBeNull();
    const missing = await post('editor', '/api/blogs/master/new', {
      shopId: 999999,
      type: 'news',
      title: 'x',
      contentHtml: '<p>x</p>',
      status: 'draft',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 404, message: 'Shop not found' });
  });

  describe('the house-brand blog acts on house brands only', () => {
    const HB = HOUSEBRAND_BLOG.base;
    const houseBrandIds = async () =>
      (await t.app.db.select({ id: shops.id }).from(shops).where(eq(shops.kind, 'housebrand'))).map((s) => s.id);

    it("lists, counts and offers only house brands' posts and products", async () => {
      const list = (await get('editor', `${HB}/posts?limit=100`)).json();
      expect(list.total).toBe(await visibleCount(await houseBrandIds()));
      expect(list.total).toBeGreaterThanOrEqual(4);
      expect(new Set(list.items.map((p: { shopName: string }) => p.shopName))).toEqual(
        new Set(['HomeBase Essentials']),
      );
      const menu = (await get('editor', `${HB}/menu`)).json();
      expect(menu.items.map((i: { code: string }) => i.code)).toEqual(['idea', 'howto', 'review', 'news']);
      expect(menu.items.reduce((s: number, i: { count: number }) => s + i.count, 0)).toBe(list.total);
      const offered = (await get('editor', `${HB}/product?limit=100`)).json();
      const own = await t.app.db.select({ id: products.id }).from(products).where(eq(products.shopId, homebase));
      expect(offered.total).toBe(own.length);
      expect(offered.items.every((p: { id: number }) => own.some((o) => o.id === p.id))).toBe(true);
    });

    it('answers 404 for a brand shop, its posts and its products, and changes nothing', async () => {
      for (const path of [`posts?shopId=${lighting}`, `product?shopId=${lighting}`]) {
        const res = await get('admin', `${HB}/${path}`);
        expect(res.statusCode, path).toBe(404);
        expect(res.json(), path).toEqual({ status: 404, message: 'Shop not found' });
      }
      const created = await post('admin', `${HB}/newpost`, {
        shopId: lighting,
        type: 'news',
        title: 'Wrong family',
        contentHtml: '<p>x</p>',
        status: 'draft',
      });
      expect(created.statusCode).toBe(404);
      expect(created.json()).toEqual({ status: 404, message: 'Shop not found' });
      expect(
        (
          await post('admin', `${HB}/newpost`, {
            shopId: 999999,
            type: 'news',
            title: 'x',
            contentHtml: '<p>x</p>',
            status: 'draft',
          })
        ).json(),
      ).toEqual({ status: 404, message: 'Shop not found' });

      const [brandPost] = await t.app.db
        .select()
        .from(blogPosts)
        .where(and(eq(blogPosts.shopId, lighting), isNull(blogPosts.deletedAt)))
        .limit(1);
      const linked = async () =>
        (await t.app.db.select().from(blogPostProducts).where(eq(blogPostProducts.postId, brandPost.id))).map(
          (l) => l.productId,
        );
      const before = await linked();
      expect(before.length).toBeGreaterThan(0);
      const id = brandPost.id;
      const requests = [
        get('admin', `${HB}/post?id=${id}`),
        post('admin', `${HB}/postedit`, { id, version: brandPost.version, title: 'Taken over' }),
        post('admin', `${HB}/closecontent`, { id, closed: brandPost.status !== 'closed' }),
        post('admin', `${HB}/deletecontent`, { id }),
        post('admin', `${HB}/sortproductidea`, { id, productIds: [] }),
        post('admin', `${HB}/deleteproductidea`, { id, productId: before[0] }),
      ];
      for (const res of await Promise.all(requests)) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ status: 404, message: 'Post not found' });
      }
      const [after] = await t.app.db.select().from(blogPosts).where(eq(blogPosts.id, id));
      expect(after).toEqual(brandPost);
      expect(await linked()).toEqual(before);
      // The master blog, as before, reaches every shop's posts.
      expect((await get('admin', `/api/blogs/master/post?id=${id}`)).statusCode).toBe(200);
    });

    it('is staff work: admin and the content editor may use every route, suppliers get 403', async () => {
      const [{ id: product }] = await t.app.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.shopId, homebase))
        .limit(1);
      const made = (
        await post('editor', `${HB}/newpost`, {
          shopId: homebase,
          type: 'howto',
          title: 'Probe post',
          contentHtml: '<p>x</p>',
          status: 'draft',
        })
      ).json().data;
      const routes = t.app.routeTable.filter((r) => r.url.startsWith(`${HB}/`));
      expect(routes.map((r) => r.url.slice(HB.length + 1)).sort()).toEqual([
        'closecontent',
        'deletecontent',
        'deleteproductidea',
        'menu',
        'newpost',
        'post',
        'postedit',
        'posts',
        'product',
        'sortproductidea',
      ]);
      for (const r of routes) {
        const sample = blogSample(r.method, r.url, { shop: homebase, post: made.id, product })!;
        const refused = await t.app.inject({ ...sample, headers: await t.headers('supplier1') });
        expect(refused.statusCode, `supplier ${r.method} ${r.url}`).toBe(403);
        if (r.method === 'GET') {
          for (const user of ['admin', 'editor']) {
            const res = await t.app.inject({ ...sample, headers: await t.headers(user) });
            expect(res.statusCode, `${user} ${r.url}: ${res.body}`).toBe(200);
          }
        }
      }
      // The editor's writes, in a post's order of life (a sample edit is version 1, as made).
      const write = async (verb: BlogVerb, user: string) => {
        const sample = blogSample('POST', `${HB}/${HOUSEBRAND_BLOG.names[verb]}`, {
          shop: homebase,
          post: made.id,
          product,
        })!;
        return t.app.inject({ ...sample, headers: await t.headers(user) });
      };
      for (const verb of ['edit', 'sortProducts', 'unlinkProduct', 'close', 'remove'] as const) {
        const res = await write(verb, 'editor');
        expect(res.statusCode, `${verb}: ${res.body}`).toBe(200);
      }
      expect((await write('create', 'admin')).statusCode).toBe(200);
    });
  });
});
