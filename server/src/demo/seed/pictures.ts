/**
 * Pictures of the demo data: a catalogue shot per product (plus its box and a size sketch for some), a
 * transfer receipt per payment slip and a banner per blog post. Drawn as SVG (drawings.ts), rendered to
 * PNG (render.ts, cached per machine), stored as image uploads in DATA_DIR/uploads/image/ and linked in
 * the rows the way the upload routes link them (product_media + products.image_url, slip image_url,
 * post cover_url). Stored names derive from the row and the drawing, so re-seeding reuses the files and
 * PGlite and PostgreSQL seeds point at the same ones. Own PRNG: adding pictures shifts no other demo data.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import * as t from '../../db/schema.js';
import { storeFile } from '../../lib/uploads.js';
import type { Storage } from '../../lib/storage.js';
import { blogCover, productBox, productFront, productSize, slip, type ProductArt } from './drawings.js';
import { ORDER_MASTER } from './orders.js';
import { renderPng, type RenderStats } from './render.js';
import { type Tx } from '../../lib/sql.js';
import { mulberry32 } from './products.js';

/** Who receives the transfers: the marketplace collects the money for every shop. */
const PAYEE = 'Seller Center Marketplace Co., Ltd.';

export interface PictureStats extends RenderStats {
  pictures: number;
  ms: number;
}

const rowsOf = async <T>(tx: Tx, query: SQL) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
const num = (v: string | number | null) => (v === null ? null : Number(v));

interface Planned {
  key: string;
  svg: string;
  originalName: string;
}

export async function seedDemoPictures(tx: Tx, storage: Storage): Promise<PictureStats> {
  const started = performance.now();
  const rand = mulberry32(7_2026_11);

  const products = await rowsOf<{
    id: number;
    code: string;
    name: string;
    brand: string | null;
    category: string | null;
    hex: string | null;
    width: string | null;
    length: string | null;
    height: string | null;
  }>(
    tx,
    sql`
    select p.id, p.code, p.name, b.name as brand, l1.code as category, c.extra->>'hex' as hex, p.width, p.length, p.height
    from products p left join master_data b on b.id = p.brand_id left join master_data l1 on l1.id = p.level1_id
      left join master_data c on c.id = p.color_id
    order by p.id`,
  );
  const artOf = new Map<number, ProductArt>(
    products.map((p) => [
      p.id,
      {
        code: p.code,
        name: p.brand && p.name.startsWith(`${p.brand} `) ? p.name.slice(p.brand.length + 1) : p.name,
        brand: p.brand,
        category: p.category ?? 'home',
        colourHex: p.hex,
        width: num(p.width),
        length: num(p.length),
        height: num(p.height),
      },
    ]),
  );

  const media: { productId: number; plan: Planned }[] = [];
  for (const p of products) {
    const art = artOf.get(p.id)!;
    const extra = rand() < 0.35 ? (rand() < 0.45 ? 2 : 1) : 0;
    const views = [productFront, productBox, productSize].slice(0, 1 + extra);
    views.forEach((draw, i) =>
      media.push({
        productId: p.id,
        plan: { key: `product ${p.id} ${i}`, svg: draw(art, rand), originalName: `${p.code}-${i + 1}.png` },
      }),
    );
  }

  const bankName = new Map(ORDER_MASTER.bank.map((b) => [b.code, b.name]));
  const slips = await rowsOf<{
    id: number;
    bank_code: string;
    amount: string;
    transferred_at: Date | string;
    order_no: string;
    customer_name: string;
  }>(
    tx,
    sql`
    select s.id, s.bank_code, s.amount, s.transferred_at, o.order_no, o.customer_name
    from payment_slips s join orders o on o.id = s.order_id order by s.id`,
  );
  const slipPlans = slips.map((s) => ({
    id: s.id,
    plan: {
      key: `slip ${s.id}`,
      originalName: `slip-${s.order_no}.png`,
      svg: slip(
        {
          bankCode: s.bank_code,
          bankName: bankName.get(s.bank_code) ?? s.bank_code,
          amount: Number(s.amount),
          transferredAt: new Date(s.transferred_at),
          orderNo: s.order_no,
          payer: s.customer_name,
          payee: PAYEE,
        },
        rand,
      ),
    },
  }));

  const posts = await rowsOf<{ id: number; type: string; title: string; shop_name: string; product_id: number | null }>(
    tx,
    sql`
    select b.id, b.type, b.title, s.name as shop_name,
      (select bp.product_id from blog_post_products bp where bp.post_id = b.id order by bp.sort limit 1) as product_id
    from blog_posts b join shops s on s.id = b.shop_id order by b.id`,
  );
  const postPlans = posts.map((b) => ({
    id: b.id,
    plan: {
      key: `post ${b.id}`,
      originalName: `blog-${b.id}.png`,
      svg: blogCover(
        {
          type: b.type,
          title: b.title,
          shopName: b.shop_name,
          product: b.product_id === null ? null : (artOf.get(Number(b.product_id)) ?? null),
        },
        rand,
      ),
    },
  }));

  const stats: RenderStats = { rendered: 0, cached: 0 };
  const store = async (plan: Planned) => {
    const png = await renderPng(plan.svg, stats);
    const name = createHash('sha256').update(plan.key).update('\0').update(plan.svg).digest('hex').slice(0, 32);
    return storeFile(storage, png, { kinds: ['image'], originalName: plan.originalName, name });
  };
  const [mediaFiles, slipFiles, postFiles] = await Promise.all([
    Promise.all(media.map((m) => store(m.plan))),
    Promise.all(slipPlans.map((s) => store(s.plan))),
    Promise.all(postPlans.map((b) => store(b.plan))),
  ]);

  const sort = new Map<number, number>();
  const mediaRows = media.map((m, i) => {
    const n = sort.get(m.productId) ?? 0;
    sort.set(m.productId, n + 1);
    const f = mediaFiles[i];
    return {
      productId: m.productId,
      kind: 'image',
      url: f.url,
      mime: f.mime,
      size: f.size,
      originalName: f.originalName,
      sort: n,
    };
  });
  for (let i = 0; i < mediaRows.length; i += 500) await tx.insert(t.productMedia).values(mediaRows.slice(i, i + 500));
  // The first image is the list thumbnail, as after an upload.
  const firsts = mediaRows.filter((m) => m.sort === 0);
  await setUrls(
    tx,
    'products',
    'image_url',
    firsts.map((m) => [m.productId, m.url]),
  );
  await setUrls(
    tx,
    'payment_slips',
    'image_url',
    slipPlans.map((s, i) => [s.id, slipFiles[i].url]),
  );
  await setUrls(
    tx,
    'blog_posts',
    'cover_url',
    postPlans.map((b, i) => [b.id, postFiles[i].url]),
  );

  return {
    pictures: mediaRows.length + slipFiles.length + postFiles.length,
    ...stats,
    ms: Math.round(performance.now() - started),
  };
}

/** One UPDATE … FROM (VALUES …) per 500 rows. */
async function setUrls(
  tx: Tx,
  table: 'products' | 'payment_slips' | 'blog_posts',
  column: 'image_url' | 'cover_url',
  pairs: [number, string][],
) {
  for (let i = 0; i < pairs.length; i += 500) {
    const chunk = pairs.slice(i, i + 500);
    await tx.execute(sql`update ${sql.identifier(table)} x set ${sql.identifier(column)} = v.url
      from (values ${sql.join(
        chunk.map(([id, url]) => sql`(${id}::int, ${url})`),
        sql`, `,
      )}) as v(id, url) where x.id = v.id`);
  }
}
