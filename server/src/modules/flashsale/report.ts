/**
 * What each flash sale sold, from real orders: items of the sale's product in orders created inside
 * the sale's window (up to its close when closed early) and not cancelled. Units beyond the stock
 * limit are not counted as sold at the sale price; revenue and discount are at the sale's prices.
 */
import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { flashSales, products, shops, users } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { maxpage } from '../../lib/schemas.js';
import { orderOf, saleColumns, saleConditions, saleEnd, toSale, type ListQuery } from './service.js';

/** One sale's orders and units, as a lateral subquery over `flash_sales` (aliased by drizzle's table name). */
const figures = sql`lateral (
  select count(distinct o.id)::int as order_count, coalesce(sum(oi.qty), 0)::int as units_ordered
  from orders o join order_items oi on oi.order_id = o.id
  where oi.product_id = ${flashSales.productId} and o.status <> 'cancelled'
    and o.created_at >= ${flashSales.startsAt} and o.created_at < coalesce(${saleEnd}, 'infinity'::timestamptz)
) as fig`;

const unitsSold = sql<number>`least(fig.units_ordered, ${flashSales.stockLimit})`;

const money = (v: unknown) => Math.round(Number(v) * 100) / 100;

export async function saleReport(db: Db, user: AuthUser, q: ListQuery) {
  const where: SQL | undefined = await saleConditions(db, user, q);
  const rows = await db
    .select({ ...saleColumns, orderCount: sql<number>`fig.order_count`, unitsOrdered: sql<number>`fig.units_ordered` })
    .from(flashSales)
    .innerJoin(products, eq(products.id, flashSales.productId))
    .innerJoin(shops, eq(shops.id, flashSales.shopId))
    .leftJoin(users, eq(users.id, flashSales.createdBy))
    .innerJoin(figures, sql`true`)
    .where(where)
    .orderBy(...orderOf(q))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const items = rows.map(({ orderCount, unitsOrdered, ...r }) => {
    const sale = toSale(r);
    const sold = Math.min(Number(unitsOrdered), sale.stockLimit);
    return {
      ...sale,
      orderCount: Number(orderCount),
      unitsOrdered: Number(unitsOrdered),
      unitsSold: sold,
      revenue: money(sold * sale.salePrice),
      discount: money(sold * (sale.normalPrice - sale.salePrice)),
    };
  });

  const [sum] = await db
    .select({
      sales: count(),
      orderCount: sql<number>`coalesce(sum(fig.order_count), 0)::int`,
      unitsSold: sql<number>`coalesce(sum(${unitsSold}), 0)::int`,
      revenue: sql<string>`coalesce(sum(${unitsSold} * ${flashSales.salePrice}), 0)`,
      discount: sql<string>`coalesce(sum(${unitsSold} * (${flashSales.normalPrice} - ${flashSales.salePrice})), 0)`,
    })
    .from(flashSales)
    .innerJoin(products, eq(products.id, flashSales.productId))
    .innerJoin(figures, sql`true`)
    .where(where);
  return {
    items,
    total: sum.sales,
    maxpage: maxpage(sum.sales, q.limit),
    totals: {
      sales: sum.sales,
      orderCount: Number(sum.orderCount),
      unitsSold: Number(sum.unitsSold),
      revenue: money(sum.revenue),
      discount: money(sum.discount),
    },
  };
}
