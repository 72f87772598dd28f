/**
 * The price of a product at the moment of ordering, for the cart preview and the order alike
 * (catalogue.ts `priceLines` calls it): a flash sale inside its window with units left under its
 * stock limit, else a home-sale group live now (the product's price against its compare-at price),
 * else the product's price. The coupon is order-wide and applied on the subtotal this gives.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { LinePromotion } from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';

export interface LivePrice {
  /** What one unit costs now. */
  price: number;
  /** What it costs without the promotion (= price when there is none). */
  listPrice: number;
  promotion: LinePromotion | null;
}

interface ProductPrice {
  id: number;
  price: number;
  compareAtPrice: number | null;
  quantity: number;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * Each product's price now. A flash sale counts units of orders placed in its window and not
 * cancelled, as its report does; a line that would take it past its stock limit pays the normal price.
 */
export async function livePrices(q: Db | Tx, items: ProductPrice[], now = new Date()): Promise<Map<number, LivePrice>> {
  const out = new Map<number, LivePrice>(
    items.map((p) => [p.id, { price: p.price, listPrice: p.price, promotion: null }]),
  );
  if (!items.length) return out;
  const ids = sql.join(
    items.map((p) => sql`${p.id}`),
    sql`, `,
  );
  const flash = rowsOf<{ id: number; product_id: number; sale_price: string; units_left: number }>(
    await q.execute(sql`
      select f.id, f.product_id, f.sale_price,
        f.stock_limit - coalesce((
          select sum(oi.qty) from orders o join order_items oi on oi.order_id = o.id
          where oi.product_id = f.product_id and o.status <> 'cancelled'
            and o.created_at >= f.starts_at and o.created_at < coalesce(f.ends_at, 'infinity'::timestamptz)
        ), 0)::int as units_left
      from flash_sales f
      where f.product_id in (${ids}) and f.status <> 'closed'
        and f.starts_at <= ${now} and (f.ends_at is null or f.ends_at > ${now})`),
  );
  const home = rowsOf<{ id: number; name: string; product_id: number }>(
    await q.execute(sql`
      select distinct on (l.product_id) g.id, g.name, l.product_id
      from home_sale_links l join home_sale_groups g on g.id = l.group_id
      where l.product_id in (${ids}) and l.active and g.active
        and g.starts_at <= ${now} and (g.ends_at is null or g.ends_at > ${now})
      order by l.product_id, g.position, g.id`),
  );
  for (const p of items) {
    const sale = flash.find((f) => Number(f.product_id) === p.id);
    if (sale && Number(sale.units_left) >= p.quantity && Number(sale.sale_price) < p.price) {
      out.set(p.id, {
        price: Number(sale.sale_price),
        listPrice: p.price,
        promotion: { kind: 'flash_sale', id: Number(sale.id), name: 'Flash sale' },
      });
      continue;
    }
    const group = home.find((h) => Number(h.product_id) === p.id);
    if (group && p.compareAtPrice !== null && p.compareAtPrice > p.price) {
      out.set(p.id, {
        price: p.price,
        listPrice: p.compareAtPrice,
        promotion: { kind: 'home_sale', id: Number(group.id), name: group.name },
      });
    }
  }
  return out;
}

/**
 * The flash sale that gave a product `shownPrice` and has stopped selling (ended, closed or sold its
 * limit) — why a price shown in the cart is no longer charged — or undefined.
 */
export async function endedFlashSale(q: Db | Tx, productId: number, shownPrice: number, now = new Date()) {
  const [row] = rowsOf<{ id: number; ended_at: Date | string | null }>(
    await q.execute(sql`
      select f.id, least(f.ends_at, f.closed_at) as ended_at from flash_sales f
      where f.product_id = ${productId} and f.sale_price = ${shownPrice.toFixed(2)} and f.starts_at <= ${now}
      order by f.starts_at desc limit 1`),
  );
  return row ? { id: Number(row.id), endedAt: row.ended_at === null ? null : new Date(row.ended_at) } : undefined;
}
