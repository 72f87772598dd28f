/**
 * The analytics and e-commerce overviews (docs/api/dashboard.md). Every figure is read from the rollups the
 * order triggers keep (order_daily_stats, product_daily_sales, migration 0010), the order status counters and
 * the seeded storefront visits; no read here touches the orders table.
 */
import { and, between, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  orderClaims,
  orderDailyStats,
  orderMasterData,
  paymentSlips,
  productDailySales,
  products,
  shops,
  storefrontVisits,
} from '../../db/schema.js';
import { scopeCondition, shopFilter } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { daysOf, parseRange, type Ranges } from './range.js';
import { fieldError } from '../../lib/errors.js';

export interface RangeQuery {
  from?: string;
  to?: string;
}
export interface AnalyticsQuery extends RangeQuery {
  shopId?: number;
  channel?: string;
}

/** Claims still being worked on: filed, under review, or approved and not yet resolved. */
export const OPEN_CLAIM_STATUSES = ['filed', 'reviewing', 'approved'] as const;
/** The approval queue: new submissions and resubmissions after a rejection. */
export const AWAITING_APPROVAL = ['pending', 'resubmitted'] as const;

const num = (v: unknown) => Number(v ?? 0);
/** Relative change from `before` to `now` (0.25 = +25 %); null when there is nothing to compare with. */
const change = (now: number | null, before: number | null) =>
  now === null || before === null || before === 0 ? null : Math.round(((now - before) / before) * 10_000) / 10_000;
const money = (v: number) => Math.round(v * 100) / 100;
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null);

/** Which of the two ranges a rollup day belongs to. */
const inCurrent = (r: Ranges, day: string) => day >= r.current.from;

interface Sums {
  visits: number;
  visitors: number;
  orders: number;
  cancelled: number;
  revenue: number;
}
const zero = (): Sums => ({ visits: 0, visitors: 0, orders: 0, cancelled: 0, revenue: 0 });

function totalsOf(s: Sums) {
  return {
    visits: s.visits,
    visitors: s.visitors,
    orders: s.orders,
    cancelled: s.cancelled,
    revenue: money(s.revenue),
    conversion: ratio(s.orders, s.visitors),
    averageOrderValue: s.orders - s.cancelled > 0 ? money(s.revenue / (s.orders - s.cancelled)) : null,
  };
}
type Totals = ReturnType<typeof totalsOf>;
const deltaOf = (c: Totals, p: Totals) => ({
  visitors: change(c.visitors, p.visitors),
  orders: change(c.orders, p.orders),
  revenue: change(c.revenue, p.revenue),
  conversion: change(c.conversion, p.conversion),
  averageOrderValue: change(c.averageOrderValue, p.averageOrderValue),
});

/** Orders per day and channel over both ranges, from order_daily_stats. */
function orderRows(db: Db, r: Ranges, where: (SQL | undefined)[]) {
  return db
    .select({
      day: sql<string>`${orderDailyStats.day}::text`,
      channel: orderDailyStats.channel,
      orders: sql<number>`sum(${orderDailyStats.orders})::int`,
      cancelled: sql<number>`coalesce(sum(${orderDailyStats.orders}) filter (where ${orderDailyStats.status} = 'cancelled'), 0)::int`,
      revenue: sql<string>`coalesce(sum(${orderDailyStats.revenue}) filter (where ${orderDailyStats.status} <> 'cancelled'), 0)::text`,
    })
    .from(orderDailyStats)
    .where(and(between(orderDailyStats.day, r.previous.from, r.current.to), ...where))
    .groupBy(orderDailyStats.day, orderDailyStats.channel);
}

/** Storefront visits per day and channel from `from` to `to`. */
function visitRows(db: Db, from: string, to: string, where: (SQL | undefined)[]) {
  return db
    .select({
      day: sql<string>`${storefrontVisits.day}::text`,
      channel: storefrontVisits.channel,
      visits: sql<number>`sum(${storefrontVisits.visits})::int`,
      visitors: sql<number>`sum(${storefrontVisits.visitors})::int`,
    })
    .from(storefrontVisits)
    .where(and(between(storefrontVisits.day, from, to), ...where))
    .groupBy(storefrontVisits.day, storefrontVisits.channel);
}

/** The order channels of the master data (`masterorderchanel`); any other `channel` is a 400 naming it. */
async function checkChannel(db: Db, channel: string | undefined) {
  if (channel === undefined) return;
  const codes = (
    await db
      .select({ code: orderMasterData.code })
      .from(orderMasterData)
      .where(eq(orderMasterData.kind, 'orderchannel'))
      .orderBy(orderMasterData.sort, orderMasterData.code)
  ).map((x) => x.code);
  if (!codes.includes(channel)) throw fieldError('channel', `channel must be one of: ${codes.join(', ')}`);
}

/** The statements of `/api/user/visitors`, once the query is checked. */
export async function visitorsReads(db: Db, user: AuthUser, q: AnalyticsQuery) {
  const r = parseRange(q);
  await checkChannel(db, q.channel);
  const where = [
    await shopFilter(db, user, storefrontVisits.shopId, q.shopId),
    q.channel ? eq(storefrontVisits.channel, q.channel) : undefined,
  ];
  return { r, reads: { visits: visitRows(db, r.current.from, r.current.to, where) } };
}

/** Storefront visitors per day (`/api/user/visitors`): the range's days, its totals and its channels. */
export async function visitors(db: Db, user: AuthUser, q: AnalyticsQuery) {
  const { r, reads } = await visitorsReads(db, user, q);
  const rows = await reads.visits;
  const byDay = new Map<string, { visits: number; visitors: number }>();
  const byChannel = new Map<string, { visits: number; visitors: number }>();
  const total = { visits: 0, visitors: 0 };
  for (const x of rows) {
    for (const [map, key] of [
      [byDay, x.day],
      [byChannel, x.channel],
    ] as const) {
      const s = map.get(key) ?? { visits: 0, visitors: 0 };
      s.visits += num(x.visits);
      s.visitors += num(x.visitors);
      map.set(key, s);
    }
    total.visits += num(x.visits);
    total.visitors += num(x.visitors);
  }
  return {
    range: r.current,
    items: daysOf(r.current).map((day) => ({ day, ...(byDay.get(day) ?? { visits: 0, visitors: 0 }) })),
    total,
    channels: [...byChannel]
      .map(([channel, s]) => ({ channel, ...s }))
      .sort((a, b) => b.visitors - a.visitors || a.channel.localeCompare(b.channel)),
  };
}

/** The statements of `/api/v2/analytics`, once the query is checked. */
export async function analyticsReads(db: Db, user: AuthUser, q: AnalyticsQuery) {
  const r = parseRange(q);
  await checkChannel(db, q.channel);
  const [orderScope, visitScope] = [
    await shopFilter(db, user, orderDailyStats.shopId, q.shopId),
    await shopFilter(db, user, storefrontVisits.shopId, q.shopId),
  ];
  return {
    r,
    reads: {
      orders: orderRows(db, r, [orderScope, q.channel ? eq(orderDailyStats.channel, q.channel) : undefined]),
      visits: visitRows(db, r.previous.from, r.current.to, [
        visitScope,
        q.channel ? eq(storefrontVisits.channel, q.channel) : undefined,
      ]),
    },
  };
}

/** `/api/v2/analytics`: visitors, orders, conversion and revenue, by channel and by day, against the range before. */
export async function analytics(db: Db, user: AuthUser, q: AnalyticsQuery) {
  const { r, reads } = await analyticsReads(db, user, q);
  const [ordersByDay, visitsByDay] = await Promise.all([reads.orders, reads.visits]);

  const total = { current: zero(), previous: zero() };
  const channels = new Map<string, { current: Sums; previous: Sums }>();
  const daily = new Map<string, Sums>();
  const add = (day: string, channel: string, f: (s: Sums) => void) => {
    const period = inCurrent(r, day) ? 'current' : 'previous';
    const ch = channels.get(channel) ?? { current: zero(), previous: zero() };
    channels.set(channel, ch);
    f(total[period]);
    f(ch[period]);
    if (period === 'current') {
      const d = daily.get(day) ?? zero();
      daily.set(day, d);
      f(d);
    }
  };
  for (const x of ordersByDay) {
    add(x.day, x.channel, (s) => {
      s.orders += num(x.orders);
      s.cancelled += num(x.cancelled);
      s.revenue += num(x.revenue);
    });
  }
  for (const x of visitsByDay)
    add(x.day, x.channel, (s) => {
      s.visits += num(x.visits);
      s.visitors += num(x.visitors);
    });

  const current = totalsOf(total.current);
  const previous = totalsOf(total.previous);
  return {
    range: r.current,
    previous: r.previous,
    totals: { current, previous, delta: deltaOf(current, previous) },
    channels: [...channels]
      .map(([channel, s]) => {
        const c = totalsOf(s.current);
        const p = totalsOf(s.previous);
        return { channel, current: c, previous: p, delta: deltaOf(c, p) };
      })
      .sort(
        (a, b) =>
          b.current.revenue - a.current.revenue ||
          b.current.orders - a.current.orders ||
          a.channel.localeCompare(b.channel),
      ),
    daily: daysOf(r.current).map((day) => {
      const s = daily.get(day) ?? zero();
      return { day, visitors: s.visitors, orders: s.orders, revenue: money(s.revenue) };
    }),
  };
}

/** Work waiting for staff now, whatever the range: each count matches its list's filter. */
function pendingReads(db: Db, user: AuthUser) {
  return {
    products: db
      .select({ status: products.approvalStatus, n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(inArray(products.approvalStatus, [...AWAITING_APPROVAL]), scopeCondition(user, products.shopId)))
      .groupBy(products.approvalStatus),
    slips: db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentSlips)
      .where(and(eq(paymentSlips.status, 'pending'), scopeCondition(user, paymentSlips.shopId))),
    claims: db
      .select({ status: orderClaims.status, n: sql<number>`count(*)::int` })
      .from(orderClaims)
      .where(and(inArray(orderClaims.status, [...OPEN_CLAIM_STATUSES]), scopeCondition(user, orderClaims.shopId)))
      .groupBy(orderClaims.status),
  };
}

function pendingWork(p: { status: string; n: number }[], s: { n: number }[], c: { status: string; n: number }[]) {
  const count = (rows: { status: string; n: number }[], status: string) =>
    num(rows.find((x) => x.status === status)?.n);
  return {
    products: Object.fromEntries(AWAITING_APPROVAL.map((k) => [k, count(p, k)])) as Record<
      (typeof AWAITING_APPROVAL)[number],
      number
    >,
    slips: { pending: num(s[0]?.n) },
    claims: Object.fromEntries(OPEN_CLAIM_STATUSES.map((k) => [k, count(c, k)])) as Record<
      (typeof OPEN_CLAIM_STATUSES)[number],
      number
    >,
  };
}

const TOP = 10;

/** The statements of `/api/v2/ecommerce-overview`, once the query is checked. */
export function ecommerceReads(db: Db, user: AuthUser, q: RangeQuery) {
  const r = parseRange(q);
  const scope = scopeCondition(user, orderDailyStats.shopId);
  return {
    r,
    reads: {
      byDayStatus: db
        .select({
          day: sql<string>`${orderDailyStats.day}::text`,
          status: orderDailyStats.status,
          orders: sql<number>`sum(${orderDailyStats.orders})::int`,
          items: sql<number>`sum(${orderDailyStats.items})::int`,
          revenue: sql<string>`sum(${orderDailyStats.revenue})::text`,
        })
        .from(orderDailyStats)
        .where(and(between(orderDailyStats.day, r.previous.from, r.current.to), scope))
        .groupBy(orderDailyStats.day, orderDailyStats.status),
      topProducts: db
        .select({
          productId: productDailySales.productId,
          code: products.code,
          name: products.name,
          shopId: products.shopId,
          shopName: shops.name,
          units: sql<number>`sum(${productDailySales.units})::int`,
          revenue: sql<string>`sum(${productDailySales.revenue})::text`,
        })
        .from(productDailySales)
        .innerJoin(products, eq(products.id, productDailySales.productId))
        .innerJoin(shops, eq(shops.id, products.shopId))
        .where(
          and(
            between(productDailySales.day, r.current.from, r.current.to),
            scopeCondition(user, productDailySales.shopId),
          ),
        )
        .groupBy(productDailySales.productId, products.code, products.name, products.shopId, shops.name)
        .having(sql`sum(${productDailySales.units}) > 0`)
        .orderBy(desc(sql`sum(${productDailySales.revenue})`), productDailySales.productId)
        .limit(TOP),
      topShops: db
        .select({
          shopId: orderDailyStats.shopId,
          name: shops.name,
          orders: sql<number>`sum(${orderDailyStats.orders})::int`,
          revenue: sql<string>`sum(${orderDailyStats.revenue})::text`,
        })
        .from(orderDailyStats)
        .innerJoin(shops, eq(shops.id, orderDailyStats.shopId))
        .where(
          and(
            between(orderDailyStats.day, r.current.from, r.current.to),
            ne(orderDailyStats.status, 'cancelled'),
            scope,
          ),
        )
        .groupBy(orderDailyStats.shopId, shops.name)
        .having(sql`sum(${orderDailyStats.orders}) > 0`)
        .orderBy(desc(sql`sum(${orderDailyStats.revenue})`), orderDailyStats.shopId)
        .limit(TOP),
      ...pendingReads(db, user),
    },
  };
}

/** `/api/v2/ecommerce-overview`: sales trend, orders by status, top products and shops, pending work queues. */
export async function ecommerceOverview(db: Db, user: AuthUser, q: RangeQuery) {
  const { r, reads } = ecommerceReads(db, user, q);
  const [byDayStatus, topProducts, topShops, awaiting, slips, claims] = await Promise.all([
    reads.byDayStatus,
    reads.topProducts,
    reads.topShops,
    reads.products,
    reads.slips,
    reads.claims,
  ]);
  const pending = pendingWork(awaiting, slips, claims);

  const sums = {
    current: { orders: 0, cancelled: 0, items: 0, revenue: 0 },
    previous: { orders: 0, cancelled: 0, items: 0, revenue: 0 },
  };
  const trend = new Map<string, { orders: number; revenue: number }>();
  const statuses = new Map<string, number>();
  for (const x of byDayStatus) {
    const period = inCurrent(r, x.day) ? 'current' : 'previous';
    const s = sums[period];
    const cancelled = x.status === 'cancelled';
    s.orders += num(x.orders);
    if (cancelled) s.cancelled += num(x.orders);
    else {
      s.items += num(x.items);
      s.revenue += num(x.revenue);
    }
    if (period === 'current') {
      statuses.set(x.status, (statuses.get(x.status) ?? 0) + num(x.orders));
      const d = trend.get(x.day) ?? { orders: 0, revenue: 0 };
      d.orders += num(x.orders);
      if (!cancelled) d.revenue += num(x.revenue);
      trend.set(x.day, d);
    }
  }
  const totals = (s: typeof sums.current) => ({
    orders: s.orders,
    cancelled: s.cancelled,
    items: s.items,
    revenue: money(s.revenue),
    averageOrderValue: s.orders - s.cancelled > 0 ? money(s.revenue / (s.orders - s.cancelled)) : null,
  });
  const current = totals(sums.current);
  const previous = totals(sums.previous);
  return {
    range: r.current,
    previous: r.previous,
    totals: {
      current,
      previous,
      delta: {
        orders: change(current.orders, previous.orders),
        revenue: change(current.revenue, previous.revenue),
        items: change(current.items, previous.items),
        averageOrderValue: change(current.averageOrderValue, previous.averageOrderValue),
      },
    },
    trend: daysOf(r.current).map((day) => {
      const d = trend.get(day);
      return { day, orders: d?.orders ?? 0, revenue: money(d?.revenue ?? 0) };
    }),
    byStatus: [...statuses]
      .filter(([, n]) => n > 0)
      .map(([status, orders]) => ({ status, orders }))
      .sort((a, b) => b.orders - a.orders || a.status.localeCompare(b.status)),
    topProducts: topProducts.map((x) => ({ ...x, units: num(x.units), revenue: money(num(x.revenue)) })),
    topShops: topShops.map((x) => ({ ...x, orders: num(x.orders), revenue: money(num(x.revenue)) })),
    pending,
  };
}
