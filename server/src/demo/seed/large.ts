/**
 * Bulk orders for benchmarks: `npm run seed:large -- --orders 1000000` (DATABASE_URL or DATA_DIR).
 * One INSERT ... SELECT generate_series per 100,000 orders (no row-by-row inserts), the counter
 * triggers off during the load and the counters set in one pass at the end, then VACUUM ANALYZE
 * so list pages are index-only scans. The dashboard rollups (order_daily_stats, product_daily_sales)
 * stay on: their statement-level triggers fold each 100,000-row insert in one pass, so they are exact
 * when the load ends. `items: true` also gives each order its item_count lines of its shop's products
 * (one INSERT ... SELECT per chunk), for the top-product figures.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';

export async function seedLargeOrders(
  db: Db,
  total: number,
  log: (s: string) => void = () => undefined,
  opts: { items?: boolean } = {},
): Promise<void> {
  const shops = (await queryRows<{ id: number }>(db, sql`select id from shops order by id`)).map((r) => Number(r.id));
  const branches = (await queryRows<{ id: number }>(db, sql`select id from branches order by id`)).map((r) =>
    Number(r.id),
  );
  if (!shops.length || !branches.length) throw new Error('seed the demo data first (shops, branches)');
  const [{ start }] = await queryRows<{ start: number }>(
    db,
    sql`select coalesce(max(id), 0)::int as start from orders`,
  );
  // Skewed: the first shop has half the orders (the "shop with 500,000 orders").
  const shopExpr = sql.raw(
    `case when g % 2 = 0 then ${shops[0]} else (array[${shops.join(',')}])[1 + (g / 2) % ${shops.length}] end`,
  );
  const branchArr = sql.raw(`array[${branches.join(',')}]`);
  let lastId = Number(start);
  await db.execute(sql`alter table orders disable trigger orders_counters_insert`);
  try {
    const step = 100_000;
    for (let from = 1; from <= total; from += step) {
      const to = Math.min(total, from + step - 1);
      await db.execute(sql`insert into orders (shop_id, order_no, customer_name, customer_phone, channel, status, branch_id, shipment,
          payment_method, item_count, subtotal, discount, shipping_fee, total, created_at, updated_at)
        select ${shopExpr}, 'BK' || lpad((${start} + g)::text, 10, '0'),
          (array['Somchai','Suda','Anan','Pimchanok','Kittipong','Napat','Wanida','Thanakorn','Siriporn','Chaiwat'])[1 + g % 10] || ' ' ||
          (array['Srisuk','Wattanakul','Rattanakorn','Chaiyaporn','Boonmee','Saetang','Thongchai','Kaewmanee'])[1 + (g / 10) % 8],
          '08' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
          (array['web','web','web','mobile app','mobile app','mobile app','line','branch','back office'])[1 + (g * 31) % 9],
          case when (g::bigint * 40503) % 100 < 6 then 'cancelled'
               when age < 2 then (array['pending_payment','paid','preparing','ready_to_ship'])[1 + g % 4]
               when age < 6 then (array['ready_to_ship','shipped','shipped','delivered'])[1 + g % 4]
               when age < 21 then (array['shipped','delivered','delivered','completed'])[1 + g % 4]
               else (array['delivered','completed','completed','completed'])[1 + g % 4] end,
          case when (g * 31) % 9 = 7 then (${branchArr})[1 + g % ${branches.length}] end,
          case when (g * 31) % 9 = 7 then 'pickup' else 'delivery' end,
          (array['transfer','transfer','card','cod'])[1 + g % 4], 1 + g % 3,
          amt, 0, case when amt >= 1500 then 0 else 60 end, amt + case when amt >= 1500 then 0 else 60 end,
          ts, ts
        from (select g, (89 + (g::bigint * 104729) % 24900)::numeric(14,2) as amt,
                timestamptz '2026-11-22 09:00:00+00' - ((g::bigint * 2654435761) % (182 * 86400)) * interval '1 second' as ts,
                ((g::bigint * 2654435761) % (182 * 86400)) / 86400.0 as age
              from generate_series(${from}::int, ${to}::int) g) x`);
      if (opts.items) {
        const [{ last }] = await queryRows<{ last: number }>(
          db,
          sql`select coalesce(max(id), 0)::int as last from orders`,
        );
        // Lines split the order's amount; products cycle through the shop's own range.
        await db.execute(sql`insert into order_items (order_id, product_id, product_code, product_name, qty, unit_price, amount)
          select o.id, p.id, p.code, p.name, 1, round(o.subtotal / o.item_count, 2), round(o.subtotal / o.item_count, 2)
          from orders o
          cross join lateral generate_series(1, o.item_count) k
          join (select shop_id, array_agg(id order by id) as ids from products group by shop_id) sp on sp.shop_id = o.shop_id
          join products p on p.id = sp.ids[1 + ((o.id::bigint * 7 + k * 13) % cardinality(sp.ids))::int]
          where o.id > ${lastId} and o.id <= ${last}`);
        lastId = Number(last);
      }
      log(`  ${to.toLocaleString('en')} orders${opts.items ? ' with items' : ''}`);
    }
  } finally {
    await db.execute(sql`alter table orders enable trigger orders_counters_insert`);
  }
  // Counters in one pass.
  await db.execute(sql`delete from order_status_counters`);
  await db.execute(
    sql`insert into order_status_counters (shop_id, status, n) select shop_id, status, count(*) from orders group by shop_id, status`,
  );
  await db.execute(sql`vacuum analyze orders`);
  if (opts.items) await db.execute(sql`vacuum analyze order_items`);
  await db.execute(sql`analyze order_status_counters`);
  // The load rewrote every rollup row once per chunk, leaving about ten times the pages: compact the two
  // small tables to the size a live database keeps (one order at a time, space reused by autovacuum).
  await db.execute(sql`vacuum (full, analyze) order_daily_stats`);
  await db.execute(sql`vacuum (full, analyze) product_daily_sales`);
}
