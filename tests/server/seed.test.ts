import { sql } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { queryRows } from '../../server/src/db/client.js';
import { orderPayment } from '../../server/src/modules/orders/slips.js';

/** A digest of the demo data that matters (everything but password hashes and serial gaps). */
async function digest(t: TestApp) {
  const [row] = await queryRows<Record<string, string>>(
    t.app.db,
    sql`select
    (select md5(string_agg(concat_ws('|', s.name, s.kind, s.status, s.created_at, s.description, s.logo_url, s.cover_url, s.contact_email), ',' order by s.id)) from shops s) as shops,
    (select md5(string_agg(concat_ws('|', b.shop_id, b.category_id, b.title, b.image_url, b.link, b.position), ',' order by b.id)) from shop_banners b) as banners,
    (select md5(string_agg(concat_ws('|', v.shop_id, v.number, v.live, v.snapshot::text), ',' order by v.id)) from storefront_versions v) as storefronts,
    (select md5(string_agg(concat_ws('|', u.username, u.email, u.first_name, u.last_name, u.status), ',' order by u.id)) from users u) as users,
    (select md5(string_agg(concat_ws('|', p.shop_id, p.code, p.name, p.price, p.approval_status, p.online, p.created_at, p.image_url), ',' order by p.id)) from products p) as products,
    (select md5(string_agg(concat_ws('|', m.product_id, m.url, m.size, m.sort), ',' order by m.id)) from product_media m) as media,
    (select md5(string_agg(concat_ws('|', s.order_id, s.amount, s.image_url), ',' order by s.id)) from payment_slips s) as slips,
    (select md5(string_agg(concat_ws('|', o.order_no, o.customer_name, o.channel, o.status, o.total, o.created_at), ',' order by o.id)) from orders o) as orders,
    (select md5(string_agg(concat_ws('|', b.shop_id, b.type, b.title, b.status, b.content_html, b.tags::text, b.created_at, b.published_at, b.cover_url), ',' order by b.id)) from blog_posts b) as posts`,
  );
  return row;
}

describe('demo data', () => {
  it.each(dbKinds())('is realistic and complete in every shop (%s)', async (kind) => {
    const t = await createTestApp({ db: kind });
    try {
      const rows = await queryRows<{
        name: string;
        kind: string;
        status: string;
        products: number;
        orders: number;
        posts: number;
        months: number;
      }>(
        t.app.db,
        sql`
        select s.name, s.kind, s.status,
          (select count(*)::int from products p where p.shop_id = s.id) as products,
          (select count(*)::int from orders o where o.shop_id = s.id) as orders,
          (select count(*)::int from blog_posts b where b.shop_id = s.id) as posts,
          (select count(distinct date_trunc('month', o.created_at))::int from orders o where o.shop_id = s.id) as months
        from shops s order by s.id`,
      );
      expect(rows.map((r) => r.kind).sort()).toEqual(['housebrand', 'supplier', 'supplier', 'supplier', 'supplier']);
      // One brand shop awaits review (a reviewer's demo): it has drafts only, no orders or posts yet.
      expect(
        rows.filter((r) => r.status !== 'active').map((r) => [r.name, r.status, r.products, r.orders, r.posts]),
      ).toEqual([['Nakhon Garden Supply', 'pending', 2, 0, 0]]);
      for (const r of rows.filter((x) => x.status === 'active')) {
        expect(r.products, r.name).toBeGreaterThanOrEqual(20);
        expect(r.products, r.name).toBeLessThanOrEqual(40);
        expect(r.orders, r.name).toBeGreaterThanOrEqual(50);
        // Flash-sale and coupon demo orders come on top of a shop's 50–100.
        expect(r.orders, r.name).toBeLessThanOrEqual(120);
        expect(r.posts, r.name).toBeGreaterThanOrEqual(6);
        expect(r.months, r.name).toBeGreaterThanOrEqual(6);
      }
      const [names] = await queryRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from products where name ~ '(?i)test|lorem'`,
      );
      expect(names.n).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('settles every paid order in full and gives every home-delivery order its addresses', async () => {
    const t = await createTestApp({ db: 'pglite' });
    try {
      const orders = await queryRows<{
        id: number;
        order_no: string;
        status: string;
        total: string;
        shipment: string;
        ship: unknown;
        bill: unknown;
      }>(
        t.app.db,
        sql`select id, order_no, status, total, shipment, shipping_address as ship, billing_address as bill from orders order by id`,
      );
      const past = ['paid', 'preparing', 'ready_to_ship', 'shipped', 'delivered', 'completed'];
      const unsettled: string[] = [];
      for (const o of orders.filter((x) => past.includes(x.status))) {
        const p = await orderPayment(t.app.db, o.id);
        if (p.paidAmount !== Number(o.total) || p.owedAmount !== 0)
          unsettled.push(`${o.order_no} ${o.status} total ${o.total} paid ${p.paidAmount} owed ${p.owedAmount}`);
      }
      expect(unsettled).toEqual([]);
      const homeless = orders.filter((o) => o.shipment === 'delivery' && (!o.ship || !o.bill)).map((o) => o.order_no);
      expect(homeless).toEqual([]);
      // A waiting order still owes what its approved slips leave unpaid.
      const waiting = orders.find((o) => o.status === 'pending_payment')!;
      expect((await orderPayment(t.app.db, waiting.id)).owedAmount).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it.skipIf(dbKinds().length < 2)('is the same on PGlite and PostgreSQL (seeded randomness, fixed dates)', async () => {
    const a = await createTestApp({ db: 'pglite' });
    const b = await createTestApp({ db: 'postgres' });
    try {
      expect(await digest(a)).toEqual(await digest(b));
    } finally {
      await a.close();
      await b.close();
    }
  });
});
