import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { blogPosts, orders, products } from '../../db/schema.js';
import { shopFilter } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';

// Open = not yet delivered or cancelled (the order state machine, modules/orders/state.ts).
export const OPEN_ORDER_STATUSES = ['pending_payment', 'paid', 'preparing', 'ready_to_ship', 'shipped'];

/** Dashboard figures for the caller's scope (supplier: own shops; staff: all), optionally one shop. */
export async function dashboard(db: Db, user: AuthUser, shopId?: number) {
  const pScope = await shopFilter(db, user, products.shopId, shopId);
  const oScope = await shopFilter(db, user, orders.shopId, shopId);
  const bScope = await shopFilter(db, user, blogPosts.shopId, shopId);

  const [p] = await db.select({
    products: count(),
    productsOnline: sql<number>`count(*) filter (where ${products.online})::int`,
    pendingApprovals: sql<number>`count(*) filter (where ${products.approvalStatus} = 'pending')::int`,
  }).from(products).where(pScope);

  const [o] = await db.select({
    orders: count(),
    ordersOpen: sql<number>`count(*) filter (where ${inArray(orders.status, OPEN_ORDER_STATUSES)})::int`,
    revenue: sql<string>`coalesce(sum(${orders.total}) filter (where ${ne(orders.status, 'cancelled')}), 0)::text`,
  }).from(orders).where(oScope);

  const [b] = await db.select({
    posts: count(),
    postsPublished: sql<number>`count(*) filter (where ${eq(blogPosts.status, 'published')})::int`,
  }).from(blogPosts).where(and(isNull(blogPosts.deletedAt), bScope));

  // The last 12 months that have orders (UTC months), oldest first.
  const month = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const byMonth = await db.select({
    month,
    orders: count(),
    revenue: sql<string>`coalesce(sum(${orders.total}) filter (where ${ne(orders.status, 'cancelled')}), 0)::text`,
  }).from(orders).where(oScope).groupBy(month).orderBy(sql`1 desc`).limit(12);

  return {
    products: Number(p.products), productsOnline: Number(p.productsOnline), pendingApprovals: Number(p.pendingApprovals),
    orders: Number(o.orders), ordersOpen: Number(o.ordersOpen), revenue: Number(o.revenue),
    posts: Number(b.posts), postsPublished: Number(b.postsPublished),
    ordersByMonth: byMonth.reverse().map((m) => ({ month: m.month, orders: Number(m.orders), revenue: Number(m.revenue) })),
  };
}
