/**
 * The report screens' reads (`/api/report/*`, docs/api/reports.md): each report is one definition — its rows
 * (a SELECT without ORDER BY, filtered by the date range, shop and its own filters), its sort key, its totals
 * over the whole filter, an optional chart, and the fields its items and CSV carry. `runReport` pages it,
 * `reportExport` streams all of it as CSV through the shared export helper (lib/csv-export.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { assertShopAccess, shopScope } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { badRequest } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import { keyOrder, type CsvColumn, type CsvExport, type ExportQuery } from '../../lib/csv-export.js';
import { ORDER_STATUSES } from '../orders/state.js';
import { PRODUCT_STATES } from '../../db/schema.js';

/** A report's filters as the query gives them (dates are Bangkok calendar days, both included). */
export interface ReportQuery {
  dateFrom: string;
  dateTo: string;
  shopId?: number;
  page?: number;
  limit?: number;
  status?: string;
  shipment?: string;
  transportType?: string;
  service?: string;
  kind?: string;
  rating?: number;
  online?: boolean;
}

/** The longest range a report reads: two years (a bounded scan, and what a person compares). */
export const MAX_RANGE_YEARS = 2;

/** Checks the range (400 naming the field) and gives its bounds as instants: [from, to). */
export function rangeOf(q: Pick<ReportQuery, 'dateFrom' | 'dateTo'>): { from: string; to: string } {
  const from = new Date(`${q.dateFrom}T00:00:00+07:00`);
  const last = new Date(`${q.dateTo}T00:00:00+07:00`);
  if (Number.isNaN(from.getTime()))
    throw badRequest('dateFrom must be a valid date', [
      { field: 'dateFrom', message: 'dateFrom must be a valid date' },
    ]);
  if (Number.isNaN(last.getTime()))
    throw badRequest('dateTo must be a valid date', [{ field: 'dateTo', message: 'dateTo must be a valid date' }]);
  if (last < from) {
    const message = 'dateTo must be on or after dateFrom';
    throw badRequest(message, [{ field: 'dateTo', message }]);
  }
  const limit = new Date(from);
  limit.setUTCFullYear(limit.getUTCFullYear() + MAX_RANGE_YEARS);
  if (last >= limit) {
    const message = `The date range may span at most ${MAX_RANGE_YEARS} years: choose a dateTo before ${new Date(limit.getTime() + 7 * 3_600_000).toISOString().slice(0, 10)}`;
    throw badRequest(message, [{ field: 'dateTo', message }]);
  }
  return { from: from.toISOString(), to: new Date(last.getTime() + 86_400_000).toISOString() };
}

/** What a definition builds its SQL from. */
export interface Ctx {
  q: ReportQuery;
  /** `col >= from and col < to` for a timestamptz column. */
  inRange(col: SQL): SQL;
  /** The shop condition (the shopId filter, or the caller's scope), `true` when there is none. */
  inShops(col: SQL): SQL;
  from: string;
  to: string;
}

type FieldType = 'text' | 'int' | 'number' | 'money' | 'time' | 'bool';

export interface ReportDef {
  /** The endpoint name under /api/report. */
  name: string;
  summary: string;
  description: string;
  filename: string;
  /** Extra query filters (JSON schema properties) beside dateFrom, dateTo and shopId. */
  filters: Record<string, unknown>;
  /** Output fields of `select` shown in items and the CSV, in column order. */
  fields: Record<string, FieldType>;
  select(c: Ctx): SQL;
  key: ExportQuery['key'];
  order: ExportQuery['order'];
  /** One row: `rows` (the count) and the report's total figures. */
  totals(c: Ctx): SQL;
  totalFields: Record<string, FieldType>;
  /** Rows `{ key, value }` for the chart, when it helps. */
  chart?(c: Ctx): SQL;
}

const iso = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const days = (a: SQL, b: SQL) => sql`round((extract(epoch from (${b} - ${a})) / 86400)::numeric, 1)::float8`;
const eqIf = (v: unknown, cond: SQL) => (v === undefined ? sql`true` : cond);

const ORDER = { type: 'string', enum: [...ORDER_STATUSES] } as const;

// ---------- the reports ----------

/** Orders through their steps: paid, shipped, delivered, with the days each step took. */
const trackOrder: ReportDef = {
  name: 'reporttrackorder',
  filename: 'order-tracking.csv',
  summary: 'Order tracking: orders created in the range with the time each step took',
  description: 'Rows: orders created in the range (Bangkok days), newest first. Totals over the whole filter.',
  filters: { status: ORDER },
  fields: {
    orderNo: 'text',
    createdAt: 'time',
    shopName: 'text',
    customerName: 'text',
    channel: 'text',
    status: 'text',
    paidAt: 'time',
    shippedAt: 'time',
    deliveredAt: 'time',
    cancelledAt: 'time',
    daysToShip: 'number',
    daysToDeliver: 'number',
    total: 'money',
  },
  select: (
    c,
  ) => sql`select o.id, o.created_at as "sortAt", o.order_no as "orderNo", ${iso(sql`o.created_at`)} as "createdAt", s.name as "shopName",
      o.customer_name as "customerName", o.channel, o.status, ${iso(sql`o.paid_at`)} as "paidAt", ${iso(sql`o.shipped_at`)} as "shippedAt",
      ${iso(sql`o.delivered_at`)} as "deliveredAt", ${iso(sql`o.cancelled_at`)} as "cancelledAt",
      ${days(sql`o.paid_at`, sql`o.shipped_at`)} as "daysToShip", ${days(sql`o.shipped_at`, sql`o.delivered_at`)} as "daysToDeliver", o.total::text as total
    from orders o join shops s on s.id = o.shop_id
    where ${c.inRange(sql`o.created_at`)} and ${c.inShops(sql`o.shop_id`)} and ${eqIf(c.q.status, sql`o.status = ${c.q.status}`)}`,
  key: [
    ['sortAt', 'timestamptz'],
    ['id', 'integer'],
  ],
  order: 'desc',
  totals: (c) => sql`select count(*)::int as rows, count(o.paid_at)::int as paid, count(o.shipped_at)::int as shipped,
      count(o.delivered_at)::int as delivered, (count(*) filter (where o.status = 'cancelled'))::int as cancelled,
      round(avg(extract(epoch from (o.shipped_at - o.paid_at)) / 86400)::numeric, 1)::float8 as "avgDaysToShip",
      round(avg(extract(epoch from (o.delivered_at - o.shipped_at)) / 86400)::numeric, 1)::float8 as "avgDaysToDeliver",
      coalesce(sum(o.total), 0)::text as total
    from orders o where ${c.inRange(sql`o.created_at`)} and ${c.inShops(sql`o.shop_id`)} and ${eqIf(c.q.status, sql`o.status = ${c.q.status}`)}`,
  totalFields: {
    paid: 'int',
    shipped: 'int',
    delivered: 'int',
    cancelled: 'int',
    avgDaysToShip: 'number',
    avgDaysToDeliver: 'number',
    total: 'money',
  },
  // Orders by status from the daily rollups (kept by the order triggers, migration 0010; days are Bangkok days like the range): no scan.
  chart: (c) => sql`select d.status as key, sum(d.orders)::int as value from order_daily_stats d
    where d.day >= ${c.q.dateFrom}::date and d.day <= ${c.q.dateTo}::date and ${c.inShops(sql`d.shop_id`)} and ${eqIf(c.q.status, sql`d.status = ${c.q.status}`)}
    group by d.status having sum(d.orders) > 0 order by 2 desc, 1`,
};

const shippingWhere = (c: Ctx) => sql`${c.inRange(sql`o.created_at`)} and ${c.inShops(sql`o.shop_id`)}
  and ${eqIf(c.q.status, sql`o.status = ${c.q.status}`)} and ${eqIf(c.q.shipment, sql`o.shipment = ${c.q.shipment}`)}
  and ${eqIf(c.q.transportType, sql`o.transport_type = ${c.q.transportType}`)}`;

/** Orders with their shipment: how, by which carrier, the tracking number, when shipped and delivered. */
const shippingOrder: ReportDef = {
  name: 'reportshippingorder',
  filename: 'shipping-orders.csv',
  summary: 'Shipping: orders created in the range with shipment, carrier, tracking and dates',
  description:
    'Rows: orders created in the range (Bangkok days), newest first. `awaiting` counts paid orders not shipped yet.',
  filters: {
    status: ORDER,
    shipment: { type: 'string', enum: ['delivery', 'pickup', 'install'] },
    transportType: {
      type: 'string',
      minLength: 1,
      maxLength: 40,
      description: 'A carrier code (masterdata mastertransporttype)',
    },
  },
  fields: {
    orderNo: 'text',
    createdAt: 'time',
    shopName: 'text',
    customerName: 'text',
    status: 'text',
    shipment: 'text',
    transportType: 'text',
    trackingNo: 'text',
    province: 'text',
    shippingFee: 'money',
    shippedAt: 'time',
    deliveredAt: 'time',
  },
  select: (
    c,
  ) => sql`select o.id, o.created_at as "sortAt", o.order_no as "orderNo", ${iso(sql`o.created_at`)} as "createdAt", s.name as "shopName",
      o.customer_name as "customerName", o.status, o.shipment, o.transport_type as "transportType", o.tracking_no as "trackingNo",
      o.shipping_address->>'province' as province, o.shipping_fee::text as "shippingFee",
      ${iso(sql`o.shipped_at`)} as "shippedAt", ${iso(sql`o.delivered_at`)} as "deliveredAt"
    from orders o join shops s on s.id = o.shop_id where ${shippingWhere(c)}`,
  key: [
    ['sortAt', 'timestamptz'],
    ['id', 'integer'],
  ],
  order: 'desc',
  totals: (
    c,
  ) => sql`select count(*)::int as rows, count(o.shipped_at)::int as shipped, count(o.delivered_at)::int as delivered,
      (count(*) filter (where o.status in ('paid', 'preparing', 'ready_to_ship')))::int as awaiting,
      coalesce(sum(o.shipping_fee), 0)::text as "shippingFees"
    from orders o where ${shippingWhere(c)}`,
  totalFields: { shipped: 'int', delivered: 'int', awaiting: 'int', shippingFees: 'money' },
  chart: (
    c,
  ) => sql`select coalesce(o.transport_type, 'none') as key, count(*)::int as value from orders o where ${shippingWhere(c)}
    group by 1 order by 2 desc, 1`,
};

/**
 * Air-conditioner service. An order is in it when one of its items is an air conditioner: a product of the
 * sub-category Air Conditioners (`air_air_conditioners`, under Air Conditioning) — the units the seeded
 * install rates (installation by BTU, cleaning) are for. Its service is how the order was placed:
 * `install` (delivery with installation), `pickup` or `delivery`.
 */
const AIR_LINES = sql`select oi.order_id, sum(oi.qty)::int as units, sum(oi.amount) as amount
  from order_items oi join products p on p.id = oi.product_id join master_data l2 on l2.id = p.level2_id
  where l2.type = 'level2' and l2.code = 'air_air_conditioners' group by oi.order_id`;
const airWhere = (c: Ctx) => sql`${c.inRange(sql`o.created_at`)} and ${c.inShops(sql`o.shop_id`)}
  and ${eqIf(c.q.status, sql`o.status = ${c.q.status}`)} and ${eqIf(c.q.service, sql`o.shipment = ${c.q.service}`)}`;

const airService: ReportDef = {
  name: 'orderair',
  filename: 'air-service-orders.csv',
  summary: 'Air-conditioner service: orders with air-conditioner units, by service (installation, delivery, pick-up)',
  description:
    "An order is in the report when one of its items is in the Air Conditioners sub-category. `service` is the order's shipment: install, delivery or pickup.",
  filters: { status: ORDER, service: { type: 'string', enum: ['install', 'delivery', 'pickup'] } },
  fields: {
    orderNo: 'text',
    createdAt: 'time',
    shopName: 'text',
    customerName: 'text',
    status: 'text',
    service: 'text',
    units: 'int',
    amount: 'money',
    total: 'money',
  },
  select: (
    c,
  ) => sql`select o.id, o.created_at as "sortAt", o.order_no as "orderNo", ${iso(sql`o.created_at`)} as "createdAt", s.name as "shopName",
      o.customer_name as "customerName", o.status, o.shipment as service, a.units, a.amount::text as amount, o.total::text as total
    from orders o join (${AIR_LINES}) a on a.order_id = o.id join shops s on s.id = o.shop_id where ${airWhere(c)}`,
  key: [
    ['sortAt', 'timestamptz'],
    ['id', 'integer'],
  ],
  order: 'desc',
  totals: (
    c,
  ) => sql`select count(*)::int as rows, coalesce(sum(a.units), 0)::int as units, coalesce(sum(a.amount), 0)::text as amount,
      (count(*) filter (where o.shipment = 'install'))::int as installations
    from orders o join (${AIR_LINES}) a on a.order_id = o.id where ${airWhere(c)}`,
  totalFields: { units: 'int', amount: 'money', installations: 'int' },
  chart: (
    c,
  ) => sql`select o.shipment as key, count(*)::int as value from orders o join (${AIR_LINES}) a on a.order_id = o.id
    where ${airWhere(c)} group by 1 order by 2 desc, 1`,
};

const couponWhere = (c: Ctx) => sql`${c.inRange(sql`r.redeemed_at`)} and ${c.inShops(sql`o.shop_id`)}`;

/** Coupon redemptions: each use of a coupon-line code on an order. */
const coupon: ReportDef = {
  name: 'reportcupon',
  filename: 'coupon-redemptions.csv',
  summary: 'Coupon redemptions in the range: code, coupon line, order, customer and discount',
  description:
    "Rows: redemptions in the range (Bangkok days), newest first. With a shop filter, redemptions on that shop's orders.",
  filters: {},
  fields: {
    redeemedAt: 'time',
    code: 'text',
    batchName: 'text',
    orderNo: 'text',
    shopName: 'text',
    customer: 'text',
    discount: 'money',
    orderTotal: 'money',
  },
  select: (
    c,
  ) => sql`select r.id, r.redeemed_at as "sortAt", ${iso(sql`r.redeemed_at`)} as "redeemedAt", k.code, b.name as "batchName",
      o.order_no as "orderNo", s.name as "shopName", r.customer, r.discount::text as discount, o.total::text as "orderTotal"
    from coupon_redemptions r join coupon_codes k on k.id = r.code_id join coupon_batches b on b.id = k.batch_id
    left join orders o on o.id = r.order_id left join shops s on s.id = o.shop_id where ${couponWhere(c)}`,
  key: [
    ['sortAt', 'timestamptz'],
    ['id', 'integer'],
  ],
  order: 'desc',
  totals: (
    c,
  ) => sql`select count(*)::int as rows, count(distinct r.customer)::int as customers, coalesce(sum(r.discount), 0)::text as discount,
      coalesce(sum(o.total), 0)::text as "orderTotal"
    from coupon_redemptions r left join orders o on o.id = r.order_id where ${couponWhere(c)}`,
  totalFields: { customers: 'int', discount: 'money', orderTotal: 'money' },
  chart: (
    c,
  ) => sql`select to_char(r.redeemed_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as key, count(*)::int as value
    from coupon_redemptions r left join orders o on o.id = r.order_id where ${couponWhere(c)} group by 1 order by 1`,
};

/** Coupon lines' usage: each batch whose window meets the range, with its redemptions in the range. */
const usage = (c: Ctx) => sql`select k.batch_id, count(distinct k.id)::int as codes_used, count(*)::int as redemptions,
    sum(r.discount) as discount, sum(o.total) as revenue
  from coupon_redemptions r join coupon_codes k on k.id = r.code_id left join orders o on o.id = r.order_id
  where ${c.inRange(sql`r.redeemed_at`)} and ${c.inShops(sql`o.shop_id`)} group by k.batch_id`;
const batchWhere = (
  c: Ctx,
) => sql`b.starts_at < ${c.to}::timestamptz and (b.ends_at is null or b.ends_at >= ${c.from}::timestamptz)
  and ${eqIf(c.q.status, sql`b.status = ${c.q.status}`)}`;

const promotionOnline: ReportDef = {
  name: 'reportpromotiononline',
  filename: 'coupon-lines-usage.csv',
  summary: 'Coupon lines: each line whose window meets the range, with its codes and their use in the range',
  description:
    'Rows: coupon lines (batches) whose window overlaps the range, latest start first; usage counts redemptions in the range ' +
    "(with a shop filter, on that shop's orders).",
  filters: { status: { type: 'string', enum: ['active', 'closed'] } },
  fields: {
    name: 'text',
    prefix: 'text',
    discountType: 'text',
    discountValue: 'money',
    startsAt: 'time',
    endsAt: 'time',
    status: 'text',
    codeCount: 'int',
    codesUsed: 'int',
    redemptions: 'int',
    discount: 'money',
    revenue: 'money',
  },
  select: (
    c,
  ) => sql`select b.id, b.starts_at as "sortAt", b.name, b.prefix, b.discount_type as "discountType", b.discount_value::text as "discountValue",
      ${iso(sql`b.starts_at`)} as "startsAt", ${iso(sql`b.ends_at`)} as "endsAt", b.status, b.code_count as "codeCount",
      coalesce(u.codes_used, 0) as "codesUsed", coalesce(u.redemptions, 0) as redemptions,
      coalesce(u.discount, 0)::text as discount, coalesce(u.revenue, 0)::text as revenue
    from coupon_batches b left join (${usage(c)}) u on u.batch_id = b.id where ${batchWhere(c)}`,
  key: [
    ['sortAt', 'timestamptz'],
    ['id', 'integer'],
  ],
  order: 'desc',
  totals: (
    c,
  ) => sql`select count(*)::int as rows, coalesce(sum(b.code_count), 0)::int as "codeCount", coalesce(sum(u.codes_used), 0)::int as "codesUsed",
      coalesce(sum(u.redemptions), 0)::int as redemptions, coalesce(sum(u.discount), 0)::text as discount, coalesce(sum(u.revenue), 0)::text as revenue
    from coupon_batches b left join (${usage(c)}) u on u.batch_id = b.id where ${batchWhere(c)}`,
  totalFields: { codeCount: 'int', codesUsed: 'int', redemptions: 'int', discount: 'money', revenue: 'money' },
  chart: (c) => sql`select b.prefix as key, coalesce(u.redemptions, 0) as value
    from coupon_batches b left join (${usage(c)}) u on u.batch_id = b.id where ${batchWhere(c)} order by b.starts_at desc, b.id desc limit 20`,
};

/**
 * Product promotions: per product, the flash sales, home-sale groups and trade-in campaigns whose windows meet
 * the range, and what it sold in the range (orders not cancelled).
 */
const promos = (c: Ctx) => sql`
  with flash as (select f.product_id, count(*)::int as n from flash_sales f
      where f.starts_at < ${c.to}::timestamptz and (f.ends_at is null or f.ends_at >= ${c.from}::timestamptz) group by 1),
    home as (select l.product_id, count(*)::int as n from home_sale_links l join home_sale_groups g on g.id = l.group_id
      where l.active and g.active and g.starts_at < ${c.to}::timestamptz and (g.ends_at is null or g.ends_at >= ${c.from}::timestamptz) group by 1),
    trade as (select x.product_id, count(*)::int as n from old_for_new_products x join old_for_new_campaigns k on k.id = x.campaign_id
      where k.starts_at < ${c.to}::timestamptz and (k.ends_at is null or k.ends_at >= ${c.from}::timestamptz) group by 1),
    sold as (select oi.product_id, sum(oi.qty)::int as units, sum(oi.amount) as revenue from order_items oi join orders o on o.id = oi.order_id
      where ${c.inRange(sql`o.created_at`)} and o.status <> 'cancelled' group by 1)
  select p.id, p.code, p.name, s.name as "shopName", p.price::text as price, coalesce(flash.n, 0) as "flashSales", coalesce(home.n, 0) as "homeSale",
    coalesce(trade.n, 0) as "tradeIn", coalesce(sold.units, 0) as units, coalesce(sold.revenue, 0)::text as revenue
  from products p join shops s on s.id = p.shop_id left join flash on flash.product_id = p.id left join home on home.product_id = p.id
    left join trade on trade.product_id = p.id left join sold on sold.product_id = p.id
  where ${c.inShops(sql`p.shop_id`)} and ${
    c.q.kind === 'flashsale'
      ? sql`flash.n > 0`
      : c.q.kind === 'homesale'
        ? sql`home.n > 0`
        : c.q.kind === 'tradein'
          ? sql`trade.n > 0`
          : sql`(flash.n > 0 or home.n > 0 or trade.n > 0)`
  }`;

const productPromotion: ReportDef = {
  name: 'reportproductpromotion',
  filename: 'product-promotions.csv',
  summary:
    'Product promotions: products in a flash sale, home-sale group or trade-in campaign during the range, with their sales',
  description:
    'Rows: products with at least one promotion whose window meets the range (`kind` narrows to one), by product code. ' +
    'Units and revenue: order items of orders created in the range, not cancelled.',
  filters: { kind: { type: 'string', enum: ['flashsale', 'homesale', 'tradein'] } },
  fields: {
    code: 'text',
    name: 'text',
    shopName: 'text',
    price: 'money',
    flashSales: 'int',
    homeSale: 'int',
    tradeIn: 'int',
    units: 'int',
    revenue: 'money',
  },
  select: promos,
  key: [
    ['code', 'text'],
    ['id', 'integer'],
  ],
  order: 'asc',
  totals: (
    c,
  ) => sql`select count(*)::int as rows, coalesce(sum(q."flashSales"), 0)::int as "flashSales", coalesce(sum(q."homeSale"), 0)::int as "homeSale",
      coalesce(sum(q."tradeIn"), 0)::int as "tradeIn", coalesce(sum(q.units), 0)::int as units, coalesce(sum(q.revenue::numeric), 0)::text as revenue
    from (${promos(c)}) q`,
  totalFields: { flashSales: 'int', homeSale: 'int', tradeIn: 'int', units: 'int', revenue: 'money' },
  chart: (
    c,
  ) => sql`select key, value from (select 'flashsale' as key, coalesce(sum(q."flashSales"), 0)::int as value, 1 as n from (${promos(c)}) q
    union all select 'homesale', coalesce(sum(q."homeSale"), 0)::int, 2 from (${promos(c)}) q
    union all select 'tradein', coalesce(sum(q."tradeIn"), 0)::int, 3 from (${promos(c)}) q) x order by n`,
};

const reviewWhere = (c: Ctx) => sql`${c.inRange(sql`r.created_at`)} and ${c.inShops(sql`r.shop_id`)}
  and ${eqIf(c.q.status, sql`r.status = ${c.q.status}`)} and ${eqIf(c.q.rating, sql`r.rating = ${c.q.rating}`)}`;

/** Customers' reviews of products (product_reviews). */
const review: ReportDef = {
  name: 'reportreview',
  filename: 'product-reviews.csv',
  summary: 'Product reviews written in the range: product, customer, rating, words and reply',
  description: 'Rows: reviews written in the range (Bangkok days), newest first.',
  filters: {
    status: { type: 'string', enum: ['published', 'hidden'] },
    rating: { type: 'integer', minimum: 1, maximum: 5 },
  },
  fields: {
    createdAt: 'time',
    productCode: 'text',
    productName: 'text',
    shopName: 'text',
    customerName: 'text',
    rating: 'int',
    title: 'text',
    body: 'text',
    status: 'text',
    reply: 'text',
    repliedAt: 'time',
  },
  select: (
    c,
  ) => sql`select r.id, r.created_at as "sortAt", ${iso(sql`r.created_at`)} as "createdAt", p.code as "productCode", p.name as "productName",
      s.name as "shopName", r.customer_name as "customerName", r.rating, r.title, r.body, r.status, r.reply, ${iso(sql`r.replied_at`)} as "repliedAt"
    from product_reviews r join products p on p.id = r.product_id join shops s on s.id = r.shop_id where ${reviewWhere(c)}`,
  key: [
    ['sortAt', 'timestamptz'],
    ['id', 'integer'],
  ],
  order: 'desc',
  totals: (c) => sql`select count(*)::int as rows, round(avg(r.rating)::numeric, 2)::float8 as "averageRating",
      count(r.replied_at)::int as replied, (count(*) filter (where r.status = 'hidden'))::int as hidden
    from product_reviews r where ${reviewWhere(c)}`,
  totalFields: { averageRating: 'number', replied: 'int', hidden: 'int' },
  chart: (c) => sql`select g.rating::text as key, count(r.id)::int as value from generate_series(1, 5) g(rating)
    left join product_reviews r on r.rating = g.rating and ${reviewWhere(c)} group by g.rating order by g.rating`,
};

const productWhere = (c: Ctx) => sql`${c.inRange(sql`p.created_at`)} and ${c.inShops(sql`p.shop_id`)}
  and ${eqIf(c.q.status, sql`p.approval_status = ${c.q.status}`)} and ${eqIf(c.q.online, sql`p.online = ${c.q.online ?? false}`)}`;

/** Products by approval state and whether they are on sale online, with their stock. */
/** The product and new-product reports' totals per approval state, and their chart's order of states. */
const stateCounts = sql.join(
  PRODUCT_STATES.map((s) => sql`(count(*) filter (where p.approval_status = ${s}))::int as ${sql.identifier(s)}`),
  sql`, `,
);
const stateOrder = sql`array_position(array[${sql.join(
  PRODUCT_STATES.map((s) => sql`${s}`),
  sql`, `,
)}]::text[], p.approval_status)`;
const stateFields = Object.fromEntries(PRODUCT_STATES.map((s) => [s, 'int' as const]));

const productStatus: ReportDef = {
  name: 'reporttstatusproduct',
  filename: 'product-status.csv',
  summary: 'Product status: products created in the range with approval state, online, stock and price',
  description: 'Rows: products created in the range (Bangkok days), newest first.',
  filters: { status: { type: 'string', enum: [...PRODUCT_STATES] }, online: { type: 'boolean' } },
  fields: {
    code: 'text',
    name: 'text',
    shopName: 'text',
    category: 'text',
    status: 'text',
    online: 'bool',
    stock: 'int',
    price: 'money',
    createdAt: 'time',
    updatedAt: 'time',
  },
  select: (
    c,
  ) => sql`select p.id, p.created_at as "sortAt", p.code, p.name, s.name as "shopName", l1.name as category, p.approval_status as status,
      p.online, p.stock, p.price::text as price, ${iso(sql`p.created_at`)} as "createdAt", ${iso(sql`p.updated_at`)} as "updatedAt"
    from products p join shops s on s.id = p.shop_id left join master_data l1 on l1.id = p.level1_id where ${productWhere(c)}`,
  key: [
    ['sortAt', 'timestamptz'],
    ['id', 'integer'],
  ],
  order: 'desc',
  totals: (c) => sql`select count(*)::int as rows, ${stateCounts},
      (count(*) filter (where p.online))::int as online, coalesce(sum(p.stock), 0)::int as stock
    from products p where ${productWhere(c)}`,
  totalFields: { ...stateFields, online: 'int', stock: 'int' },
  chart: (c) => sql`select p.approval_status as key, count(*)::int as value from products p where ${productWhere(c)}
    group by 1 order by ${stateOrder}`,
};

const newProductWhere = (c: Ctx) => sql`p.is_new and ${c.inRange(sql`p.submitted_at`)} and ${c.inShops(sql`p.shop_id`)}
  and ${eqIf(c.q.status, sql`p.approval_status = ${c.q.status}`)}`;

/** New products (the supplier new-product flow) submitted for approval in the range: where each stands, and how long the decision took. */
const newProduct: ReportDef = {
  name: 'reportnewproduct',
  filename: 'new-products.csv',
  summary: 'New products: submissions of the new-product flow in the range, by approval state and shop',
  description:
    'Rows: new products (the supplier new-product flow) submitted for approval in the range (Bangkok days), latest submission first; a draft never submitted is not one.',
  filters: { status: { type: 'string', enum: [...PRODUCT_STATES] } },
  fields: {
    code: 'text',
    name: 'text',
    shopName: 'text',
    category: 'text',
    status: 'text',
    submittedAt: 'time',
    approvedAt: 'time',
    daysToApprove: 'number',
    rejectReason: 'text',
    price: 'money',
    createdAt: 'time',
  },
  select: (
    c,
  ) => sql`select p.id, p.submitted_at as "sortAt", p.code, p.name, s.name as "shopName", l1.name as category, p.approval_status as status,
      ${iso(sql`p.submitted_at`)} as "submittedAt", ${iso(sql`p.approved_at`)} as "approvedAt", ${days(sql`p.submitted_at`, sql`p.approved_at`)} as "daysToApprove",
      p.reject_reason as "rejectReason", p.price::text as price, ${iso(sql`p.created_at`)} as "createdAt"
    from products p join shops s on s.id = p.shop_id left join master_data l1 on l1.id = p.level1_id where ${newProductWhere(c)}`,
  key: [
    ['sortAt', 'timestamptz'],
    ['id', 'integer'],
  ],
  order: 'desc',
  totals: (c) => sql`select count(*)::int as rows, ${stateCounts},
      count(distinct p.shop_id)::int as shops,
      round(avg(extract(epoch from (p.approved_at - p.submitted_at)) / 86400)::numeric, 1)::float8 as "avgDaysToApprove"
    from products p where ${newProductWhere(c)}`,
  totalFields: {
    ...stateFields,
    shops: 'int',
    avgDaysToApprove: 'number',
  },
  chart: (c) => sql`select p.approval_status as key, count(*)::int as value from products p where ${newProductWhere(c)}
    group by 1 order by ${stateOrder}`,
};

export const REPORTS: readonly ReportDef[] = [
  trackOrder,
  shippingOrder,
  airService,
  coupon,
  promotionOnline,
  productPromotion,
  review,
  productStatus,
  newProduct,
];

// ---------- running one ----------

const conv = (type: FieldType, v: unknown) => {
  if (v === null || v === undefined) return null;
  if (type === 'int' || type === 'number' || type === 'money') return Number(v);
  if (type === 'bool') return v === true || v === 't' || v === 'true';
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a database scalar (text, date, numeric), never a plain object
  return String(v);
};
const pick = (fields: Record<string, FieldType>, r: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).map(([k, t]) => [k, conv(t, r[k])]));

/** The context of one request: the checked range and the shop condition (a foreign shop → 404). */
export async function contextOf(db: Db, user: AuthUser, q: ReportQuery): Promise<Ctx> {
  const { from, to } = rangeOf(q);
  if (q.shopId !== undefined) await assertShopAccess(db, user, q.shopId);
  const shops = q.shopId !== undefined ? [q.shopId] : shopScope(user);
  return {
    q,
    from,
    to,
    inRange: (col) => sql`${col} >= ${from}::timestamptz and ${col} < ${to}::timestamptz`,
    inShops: (col) =>
      shops === null
        ? sql`true`
        : shops.length
          ? sql`${col} = any(${`{${shops.map(Number).join(',')}}`}::int[])`
          : sql`false`,
  };
}

/** One page of a report, its totals over the whole filter and its chart. */
export async function runReport(db: Db, user: AuthUser, def: ReportDef, q: ReportQuery) {
  const c = await contextOf(db, user, q);
  const page = q.page ?? 1;
  const limit = q.limit ?? 20;
  const order = keyOrder(def.key, def.order);
  // Three independent reads: on PostgreSQL they run side by side on the pool (PGlite queues them).
  const [rows, [t], points] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select * from (${def.select(c)}) q order by ${order} limit ${limit} offset ${(page - 1) * limit}`,
    ),
    queryRows<Record<string, unknown>>(db, def.totals(c)),
    def.chart ? queryRows<{ key: string; value: unknown }>(db, def.chart(c)) : Promise.resolve(undefined),
  ]);
  const chart = points?.map((r) => ({ key: String(r.key), value: Number(r.value) }));
  const total = Number(t.rows);
  return {
    items: rows.map((r) => ({ id: Number(r.id), ...pick(def.fields, r) })),
    total,
    maxpage: maxpage(total, limit),
    totals: { rows: total, ...pick(def.totalFields, t) },
    ...(chart ? { chart } : {}),
  };
}

/** Bangkok wall-clock time for a CSV cell (a person reads it; the JSON keeps ISO 8601 UTC). */
export function bangkokTime(isoText: string): string {
  return new Date(new Date(isoText).getTime() + 7 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The whole filtered report as a streamed CSV (after the same checks as a page). */
export async function reportExport(
  db: Db,
  user: AuthUser,
  def: ReportDef,
  q: ReportQuery,
): Promise<CsvExport<Record<string, unknown>>> {
  const c = await contextOf(db, user, q);
  const [t] = await queryRows<{ rows: number }>(db, def.totals(c));
  const columns: CsvColumn<Record<string, unknown>>[] = Object.entries(def.fields).map(([k, type]) => ({
    header: snake(k),
    value: (r) => {
      const v = conv(type, r[k]);
      return type === 'time' && typeof v === 'string' ? bangkokTime(v) : v;
    },
  }));
  return {
    filename: def.filename,
    columns,
    query: { select: def.select(c), key: def.key, order: def.order },
    rows: Number(t.rows),
  };
}
