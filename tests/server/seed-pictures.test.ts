import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { buildApp } from '../../server/src/app.js';
import { queryRows } from '../../server/src/db/client.js';
import { createTestApp, dbKinds, testConfig, type TestApp } from '../support/app.js';

/** The stored file behind an /uploads/ url, and what its content is. */
async function stored(t: TestApp, url: string) {
  const m = /^\/uploads\/(image)\/([0-9a-f]{32}\.png)$/.exec(url);
  expect(m, url).not.toBeNull();
  const bytes = readFileSync(join(t.app.config.dataDir, 'uploads', m![1], m![2]));
  return { bytes, type: await fileTypeFromBuffer(bytes) };
}

describe.each(dbKinds())('demo pictures (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
  });
  afterAll(async () => {
    await t.close();
  });
  const get = async (user: string, url: string) => t.app.inject({ url, headers: await t.headers(user) });

  it('gives every product a real PNG as its first image, and some products a second and third', async () => {
    const products = await queryRows<{
      id: number;
      image_url: string | null;
      urls: string[];
      sorts: number[];
      mimes: string[];
      sizes: number[];
    }>(
      t.app.db,
      sql`
      select p.id, p.image_url, array_agg(m.url order by m.sort) as urls, array_agg(m.sort order by m.sort) as sorts,
        array_agg(m.mime order by m.sort) as mimes, array_agg(m.size order by m.sort) as sizes
      from products p left join product_media m on m.product_id = p.id and m.kind = 'image' group by p.id order by p.id`,
    );
    expect(products.length).toBeGreaterThan(80);
    const counts = new Map<number, number>();
    for (const p of products) {
      expect(p.urls[0], `product ${p.id}`).not.toBeNull();
      expect(p.image_url, `product ${p.id}: the list thumbnail is the first image`).toBe(p.urls[0]);
      expect(p.sorts).toEqual(p.urls.map((_, i) => i));
      counts.set(p.urls.length, (counts.get(p.urls.length) ?? 0) + 1);
      for (const [i, url] of p.urls.entries()) {
        const { bytes, type } = await stored(t, url);
        expect(type?.mime, url).toBe('image/png');
        expect(p.mimes[i]).toBe('image/png');
        expect(p.sizes[i]).toBe(bytes.length);
      }
    }
    expect(counts.get(1)).toBeGreaterThan(0);
    expect(counts.get(2)).toBeGreaterThan(0);
    expect(counts.get(3)).toBeGreaterThan(0);
    expect([...counts.keys()].every((n) => n >= 1 && n <= 3)).toBe(true);
    // No two rows share a file: deleting one product's image must not take another's.
    const [{ n, distinct }] = await queryRows<{ n: number; distinct: number }>(
      t.app.db,
      sql`
      select count(*)::int as n, count(distinct url)::int as distinct from product_media`,
    );
    expect(distinct).toBe(n);
  });

  it('gives every payment slip and every blog post a picture', async () => {
    const slips = await queryRows<{ id: number; image_url: string | null }>(
      t.app.db,
      sql`select id, image_url from payment_slips order by id`,
    );
    const posts = await queryRows<{ id: number; cover_url: string | null }>(
      t.app.db,
      sql`select id, cover_url from blog_posts order by id`,
    );
    expect(slips.length).toBeGreaterThan(20);
    expect(posts.length).toBeGreaterThan(20);
    for (const url of [...slips.map((s) => s.image_url), ...posts.map((p) => p.cover_url)]) {
      expect(url).not.toBeNull();
      expect((await stored(t, url!)).type?.mime, url!).toBe('image/png');
    }
    expect(new Set(slips.map((s) => s.image_url)).size).toBe(slips.length);
  });

  it('gives every shop a logo and a cover, and every banner its picture', async () => {
    const shops = await queryRows<{ name: string; logo_url: string | null; cover_url: string | null }>(
      t.app.db,
      sql`select name, logo_url, cover_url from shops order by id`,
    );
    const banners = await queryRows<{ image_url: string }>(
      t.app.db,
      sql`select image_url from shop_banners order by id`,
    );
    expect(banners.length).toBeGreaterThanOrEqual(12);
    for (const url of [...shops.flatMap((s) => [s.logo_url, s.cover_url]), ...banners.map((b) => b.image_url)]) {
      expect(url).not.toBeNull();
      expect((await stored(t, url!)).type?.mime, url!).toBe('image/png');
    }
    expect(new Set(banners.map((b) => b.image_url)).size).toBe(banners.length);
  });

  it('serves them under /uploads/ and links them where the screens read them', async () => {
    const [p] = await queryRows<{ id: number }>(
      t.app.db,
      sql`
      select p.id from products p join shops s on s.id = p.shop_id where s.name = 'HomePro Lighting'
        and (select count(*) from product_media m where m.product_id = p.id) > 1 order by p.id limit 1`,
    );
    const images = (await get('supplier1', `/api/product/imageproduct?id=${p.id}`)).json();
    expect(images.total).toBeGreaterThan(1);
    const slips = (await get('admin', '/api/order/slippayment?page=1&limit=5')).json();
    const posts = (await get('admin', '/api/blogs/master/posts?page=1&limit=5')).json();
    const urls: string[] = [images.items[0].url, images.items[1].url, slips.items[0].imageUrl, posts.items[0].coverUrl];
    for (const url of urls) {
      // Public and read-only, like every upload: no token needed, the 128-bit name is the secret.
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect((await fileTypeFromBuffer(res.rawPayload))?.mime).toBe('image/png');
    }
    expect((await t.app.inject({ method: 'DELETE', url: urls[0] })).statusCode).toBe(404);
  });
});

describe('SEED_DEMO=off', () => {
  it('stores no pictures and creates no demo rows', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'seed-off-'));
    const app = await buildApp(testConfig({ seedDemo: false, dataDir }));
    try {
      await app.ready();
      expect(app.seeded).toBeNull();
      const [{ products, slips, posts, banners }] = await queryRows<{
        products: number;
        slips: number;
        posts: number;
        banners: number;
      }>(
        app.db,
        sql`
        select (select count(*)::int from products) as products, (select count(*)::int from payment_slips) as slips,
          (select count(*)::int from blog_posts) as posts, (select count(*)::int from shop_banners) as banners`,
      );
      expect({ products, slips, posts, banners }).toEqual({ products: 0, slips: 0, posts: 0, banners: 0 });
      expect(readdirSync(join(dataDir, 'uploads', 'image'))).toEqual([]);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
