/**
 * The order list: the SQL statements `orderlist` runs (also run bare by bench/orders-bench.ts).
 * Rows: a deferred join over the keyset index (shop_id, status, created_at desc, id desc) — the
 * inner query reads only the index, then the page's 10–100 rows are fetched. Counts: from the
 * (ORDER BY spells out NULLS LAST to match the drizzle `.desc()` indexes; the columns are NOT NULL.)
 * order_status_counters table (kept by triggers), never a GROUP BY over orders.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES } from './state.js';
import { containing, startingWith } from '../../lib/sql.js';

export interface OrderListFilter {
  page: number;
  limit: number;
  status?: string;
  channel?: string;
  shopId?: number;
  branchId?: number;
  dateFrom?: string;
  dateTo?: string;
  search?: string;
  branchOnly?: boolean;
}

/** Deepest row a page may reach: OFFSET scans stay bounded. */
export const MAX_LIST_DEPTH = 100_000;

export interface OrderListStatements {
  rows: SQL;
  /** Status counts for the tabs (and the total when only shop/status filter). */
  sums: SQL;
  /** A real count, only when a filter the counters do not cover is set. */
  count: SQL | null;
  /**
   * What `orderlist` runs: the three above in ONE statement and one round trip (one pool checkout instead of two or
   * three), answering one row `{ rows: json, sums: json, n }`. JSON also spares the driver per-column row parsing.
   */
  page: SQL;
}

const DAY = 86_400_000;

const shopCond = (shops: number[] | null, col: SQL) =>
  shops === null
    ? null
    : shops.length === 1
      ? sql`${col} = ${shops[0]}`
      : shops.length
        ? sql`${col} = any(${sql.raw(`'{${shops.map(Number).join(',')}}'::int[]`)})`
        : sql`false`;

/**
 * The WHERE of a filtered order list (columns of `orders`, unqualified) and whether it sets a filter the
 * status counters do not cover. `shops`: the shop ids to restrict to (supplier scope or shopId filter), null = every shop.
 */
export function orderListWhere(
  shops: number[] | null,
  f: Omit<OrderListFilter, 'page' | 'limit'>,
): { where: SQL; extra: boolean } {
  const conds: SQL[] = [];
  const sc = shopCond(shops, sql`shop_id`);
  if (sc) conds.push(sc);
  if (f.status) conds.push(sql`status = ${f.status}`);
  let extra = false;
  if (f.channel) {
    conds.push(sql`channel = ${f.channel}`);
    extra = true;
  }
  if (f.branchId !== undefined) {
    conds.push(sql`branch_id = ${f.branchId}`);
    extra = true;
  } else if (f.branchOnly) {
    conds.push(sql`branch_id is not null`);
    extra = true;
  }
  if (f.dateFrom) {
    conds.push(sql`created_at >= ${new Date(f.dateFrom).toISOString()}::timestamptz`);
    extra = true;
  }
  if (f.dateTo) {
    conds.push(sql`created_at < ${new Date(new Date(f.dateTo).getTime() + DAY).toISOString()}::timestamptz`);
    extra = true;
  }
  const search = f.search?.trim();
  if (search) {
    const like = containing(search);
    const prefix = startingWith(search);
    conds.push(sql`(order_no ilike ${prefix} or customer_phone like ${prefix} or customer_name ilike ${like})`);
    extra = true;
  }
  return { where: conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``, extra };
}

export function orderListStatements(shops: number[] | null, f: OrderListFilter): OrderListStatements {
  const { where, extra } = orderListWhere(shops, f);
  const offset = (f.page - 1) * f.limit;
  const rows = sql`select o.id, o.order_no, o.shop_id, s.name as shop_name, o.customer_name, o.customer_phone, o.channel,
      o.branch_id, b.name as branch_name, o.shipment, o.status, o.payment_method, o.item_count, o.total, ${isoSql(sql`o.created_at`)} as created_at, ${isoSql(sql`o.updated_at`)} as updated_at
    from (select id, created_at from orders ${where} order by created_at desc nulls last, id desc nulls last limit ${f.limit} offset ${offset}) k
    join orders o on o.id = k.id
    join shops s on s.id = o.shop_id
    left join branches b on b.id = o.branch_id
    order by k.created_at desc, k.id desc`;
  const csc = shopCond(shops, sql`shop_id`);
  const sums = sql`select status, sum(n)::bigint as n from order_status_counters ${csc ? sql`where ${csc}` : sql``} group by status`;
  const count = extra ? sql`select count(*)::bigint as n from orders ${where}` : null;
  const page = sql`select
    (select coalesce(json_agg(r), '[]'::json) from (${rows}) r) as rows,
    (select coalesce(json_agg(c), '[]'::json) from (${sums}) c) as sums,
    ${count ? sql`(${count})` : sql`null::bigint`} as n`;
  return { rows, sums, count, page };
}

/** A statement ready for the driver. */
export interface RawQuery {
  text: string;
  params: unknown[];
}

const dialect = new PgDialect();
/** orderlist's statement text by the shape of its filter (which filters are set, and the shop list when several). */
const pageTexts = new Map<string, string | null>();
const PAGE_TEXTS_MAX = 500;

/**
 * `orderListStatements(shops, f).page` as text and parameters, its text made once per shape of filter: drizzle
 * builds the same text again on every request, the largest cost of the order list in the server after the socket
 * writes. For the filters whose values are parameters as they come (shops, status, channel, branch, page);
 * null for the others (dates, search), which go the drizzle way.
 */
export function orderListQuery(shops: number[] | null, f: OrderListFilter): RawQuery | null {
  if (f.dateFrom || f.dateTo || f.search?.trim()) return null;
  const one = shops !== null && shops.length === 1;
  const where = [
    ...(one ? [shops[0]] : []),
    ...(f.status ? [f.status] : []),
    ...(f.channel ? [f.channel] : []),
    ...(f.branchId !== undefined ? [f.branchId] : []),
  ];
  const extra = !!f.channel || f.branchId !== undefined || !!f.branchOnly;
  // In the order orderListStatements() writes them: the rows' WHERE, LIMIT and OFFSET, the counters' shop, the count's WHERE.
  const params = [...where, f.limit, (f.page - 1) * f.limit, ...(one ? [shops[0]] : []), ...(extra ? where : [])];
  const key = [
    shops === null ? 'all' : one ? 'one' : `[${shops.join(',')}]`,
    f.status ? 's' : '',
    f.channel ? 'c' : '',
    f.branchId !== undefined ? 'b' : f.branchOnly ? 'B' : '',
  ].join('|');
  let text = pageTexts.get(key);
  if (text === undefined) {
    const q = dialect.sqlToQuery(orderListStatements(shops, f).page);
    // The parameters above are checked once per shape against drizzle's own: a shape they do not match goes the drizzle way.
    text = q.params.length === params.length && q.params.every((p, i) => p === params[i]) ? q.sql : null;
    if (pageTexts.size >= PAGE_TEXTS_MAX) pageTexts.clear();
    pageTexts.set(key, text);
  }
  return text === null ? null : { text, params };
}

export interface OrderRowRaw {
  id: number;
  order_no: string;
  shop_id: number;
  shop_name: string;
  customer_name: string;
  customer_phone: string;
  channel: string;
  branch_id: number | null;
  branch_name: string | null;
  shipment: string;
  status: string;
  payment_method: string;
  item_count: number;
  total: string;
  created_at: Date | string;
  updated_at: Date | string;
}

/** ISO 8601 UTC text made by PostgreSQL (list rows): JS need not parse and re-format two dates per row. */
export const isoSql = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export const isoOf = (d: Date | string | null | undefined) =>
  d == null ? null : typeof d === 'string' && ISO_UTC.test(d) ? d : new Date(d).toISOString();

export function toOrderSummary(r: OrderRowRaw) {
  return {
    id: Number(r.id),
    orderNo: r.order_no,
    shopId: Number(r.shop_id),
    shopName: r.shop_name,
    customerName: r.customer_name,
    customerPhone: r.customer_phone,
    channel: r.channel,
    branchId: r.branch_id == null ? null : Number(r.branch_id),
    branchName: r.branch_name,
    shipment: r.shipment,
    status: r.status,
    paymentMethod: r.payment_method,
    itemCount: Number(r.item_count),
    total: Number(r.total),
    createdAt: isoOf(r.created_at)!,
    updatedAt: isoOf(r.updated_at)!,
  };
}

/** `[{status:'all'}, ...every status]` from the counters rows. */
export function statusSums(rows: { status: string; n: string | number }[]) {
  const by = new Map(rows.map((r) => [r.status, Number(r.n)]));
  const all = rows.reduce((s, r) => s + Number(r.n), 0);
  return [{ status: 'all', count: all }, ...ORDER_STATUSES.map((s) => ({ status: s, count: by.get(s) ?? 0 }))];
}
