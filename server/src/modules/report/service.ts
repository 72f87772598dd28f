import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { blogPosts, orderDailyStats, orderStatusCounters, products } from '../../db/schema.js';
import { shopFilter } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';

// Open = not yet delivered or cancelled (the order state machine, modules/orders/state.ts).
export const OPEN_ORDER_STATUSES = ['pending_payment', 'paid', 'preparing', 'ready_to_ship', 'shipped'];

/**
 * Dashboard figures for the caller's scope (supplier: own shops; staff: all), optionally one shop. Orders come
 * from the status counters and the daily rollups the order triggers keep (migration 0010), never from a scan
 * of the orders table.
 */
export async function dashboardReads(db: Db, user: AuthUser, shopId?: number) {
  const pScope = await shopFilter(db, user, products.shopId, shopId);
  const cScope = await shopFilter(db, user, orderStatusCounters.shopId, shopId);
  const dScope = await shopFilter(db, user, orderDailyStats.shopId, shopId);
  const bScope = await shopFilter(db, user, blogPosts.shopId, shopId);
  // Per Bangkok month, newest first: the revenue of every month, and the last 12 months that have orders.
  const month = sql<string>`to_char(${orderDailyStats.day}, 'YYYY-MM')`;
  return {
    products: db
      .select({
        products: count(),
        productsOnline: sql<number>`count(*) filter (where ${products.online})::int`,
        pendingApprovals: sql<number>`count(*) filter (where ${products.approvalStatus} = 'pending')::int`,
      })
      .from(products)
      .where(pScope),
    orders: db
      .select({
        orders: sql<string>`coalesce(sum(${orderStatusCounters.n}), 0)::text`,
        ordersOpen: sql<string>`coalesce(sum(${orderStatusCounters.n}) filter (where ${inArray(orderStatusCounters.status, OPEN_ORDER_STATUSES)}), 0)::text`,
      })
      .from(orderStatusCounters)
      .where(cScope),
    posts: db
      .select({
        posts: count(),
        postsPublished: sql<number>`count(*) filter (where ${eq(blogPosts.status, 'published')})::int`,
      })
      .from(blogPosts)
      .where(and(isNull(blogPosts.deletedAt), bScope)),
    months: db
      .select({
        month,
        orders: sql<string>`sum(${orderDailyStats.orders})::text`,
        revenue: sql<string>`coalesce(sum(${orderDailyStats.revenue}) filter (where ${ne(orderDailyStats.status, 'cancelled')}), 0)::text`,
      })
      .from(orderDailyStats)
      .where(dScope)
      .groupBy(month)
      .having(sql`sum(${orderDailyStats.orders}) > 0`)
      .orderBy(sql`1 desc`),
  };
}

export async function dashboard(db: Db, user: AuthUser, shopId?: number) {
  const reads = await dashboardReads(db, user, shopId);
  const [[p], [o], [b], byMonth] = await Promise.all([reads.products, reads.orders, reads.posts, reads.months]);

  return {
    products: Number(p.products),
    productsOnline: Number(p.productsOnline),
    pendingApprovals: Number(p.pendingApprovals),
    orders: Number(o.orders),
    ordersOpen: Number(o.ordersOpen),
    revenue: Math.round(byMonth.reduce((sum, m) => sum + Number(m.revenue), 0) * 100) / 100,
    posts: Number(b.posts),
    postsPublished: Number(b.postsPublished),
    ordersByMonth: byMonth
      .slice(0, 12)
      .reverse()
      .map((m) => ({ month: m.month, orders: Number(m.orders), revenue: Number(m.revenue) })),
  };
}
