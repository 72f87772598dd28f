/**
 * The eight report screens as data: one generic screen (ReportScreen.tsx) reads a report's endpoint,
 * columns, filters, totals and chart from here. A report is a row below, never a copy of a screen.
 * Column, filter and total keys are the fields of the server's answer (`/api/report/*`, docs/api/reports.md).
 */
import dayjs from "dayjs";
import type { Answer, ItemOf, Path, Query } from "../../api";

/** How a value is shown: `enum` values through the label keys under `labels` (`<labels>.<value>`). */
export type ValueType = "text" | "time" | "int" | "number" | "money" | "bool" | "enum" | "discount";

/** A report endpoint under /api/report, as the document names them. */
type ReportEndpoint = Path extends infer P ? (P extends `/api/report/${infer E}` ? E : never) : never;
/** The names the document gives a report's row fields, totals and query; any name for a report not given. */
type RowKey<E extends string> = E extends ReportEndpoint ? keyof ItemOf<`/api/report/${E}`> & string : string;
type TotalKey<E extends string> = E extends ReportEndpoint
  ? keyof Answer<`/api/report/${E}`>["totals"] & string
  : string;
type QueryName<E extends string> = E extends ReportEndpoint ? keyof Query<`/api/report/${E}`> & string : string;

export interface ReportColumn<K extends string = string, T extends string = string> {
  key: K;
  type: ValueType;
  /** Label-key prefix of an `enum` column's values, e.g. `orders.status`. */
  labels?: string;
  width?: number;
  /** The totals field shown under this column in the totals row. */
  total?: T;
}

export interface ReportFilter<N extends string = string> {
  /** The query field the endpoint takes. */
  name: N;
  values: readonly string[];
  /** Label-key prefix of the values (`<labels>.<value>`). */
  labels: string;
  width?: number;
}

export interface ReportChart {
  kind: "bar" | "line";
  /** Label-key prefix of the chart's keys; without it the key is shown as it is (dates, prefixes). */
  labels?: string;
}

export interface ReportConfig<E extends string = string> {
  /** The screen's id in contract/screens.ts (also its Refine resource name). */
  screen: string;
  /** The endpoint under /api/report. */
  endpoint: E;
  columns: readonly ReportColumn<RowKey<E>, TotalKey<E>>[];
  filters: readonly ReportFilter<QueryName<E>>[];
  /** Totals with no column of their own, shown as figures above the table. */
  figures: readonly { key: TotalKey<E>; type: ValueType }[];
  chart?: ReportChart;
}

/** One report, its columns, totals and filters checked against what its endpoint answers and takes. */
const report = <E extends ReportEndpoint>(r: ReportConfig<E>): ReportConfig => r;

export const REPORT_PATH = "/api/report";

const ORDER_STATUSES = [
  "pending_payment",
  "paid",
  "preparing",
  "ready_to_ship",
  "shipped",
  "delivered",
  "completed",
  "cancelled",
] as const;
const SHIPMENTS = ["delivery", "pickup", "install"] as const;
const CARRIERS = ["kerry", "flash", "thaipost", "jt", "own_truck"] as const;
const PRODUCT_STATES = ["draft", "pending", "approved", "rejected", "resubmitted"] as const;

// Order and product words already exist in five languages in their own namespaces: the reports use them.
const status = { name: "status", values: ORDER_STATUSES, labels: "orders.status", width: 170 } as const;

export const REPORTS: readonly ReportConfig[] = [
  report({
    screen: "report-trackorder",
    endpoint: "reporttrackorder",
    filters: [status],
    columns: [
      { key: "orderNo", type: "text", width: 150 },
      { key: "createdAt", type: "time", width: 170 },
      { key: "shopName", type: "text", width: 200 },
      { key: "customerName", type: "text", width: 170 },
      { key: "channel", type: "enum", labels: "orders.channel", width: 120 },
      { key: "status", type: "enum", labels: "orders.status", width: 140 },
      { key: "paidAt", type: "time", width: 170, total: "paid" },
      { key: "shippedAt", type: "time", width: 170, total: "shipped" },
      { key: "deliveredAt", type: "time", width: 170, total: "delivered" },
      { key: "cancelledAt", type: "time", width: 170, total: "cancelled" },
      { key: "daysToShip", type: "number", width: 120, total: "avgDaysToShip" },
      { key: "daysToDeliver", type: "number", width: 120, total: "avgDaysToDeliver" },
      { key: "total", type: "money", width: 140, total: "total" },
    ],
    figures: [],
    chart: { kind: "bar", labels: "orders.status" },
  }),
  report({
    screen: "report-shippingorder",
    endpoint: "reportshippingorder",
    filters: [
      status,
      { name: "shipment", values: SHIPMENTS, labels: "orders.shipment", width: 220 },
      { name: "transportType", values: CARRIERS, labels: "orders.transport", width: 180 },
    ],
    columns: [
      { key: "orderNo", type: "text", width: 150 },
      { key: "createdAt", type: "time", width: 170 },
      { key: "shopName", type: "text", width: 200 },
      { key: "customerName", type: "text", width: 170 },
      { key: "status", type: "enum", labels: "orders.status", width: 140 },
      { key: "shipment", type: "enum", labels: "orders.shipment", width: 200 },
      { key: "transportType", type: "enum", labels: "orders.transport", width: 160 },
      { key: "trackingNo", type: "text", width: 150 },
      { key: "province", type: "text", width: 140 },
      { key: "shippingFee", type: "money", width: 130, total: "shippingFees" },
      { key: "shippedAt", type: "time", width: 170, total: "shipped" },
      { key: "deliveredAt", type: "time", width: 170, total: "delivered" },
    ],
    figures: [{ key: "awaiting", type: "int" }],
    chart: { kind: "bar", labels: "orders.transport" },
  }),
  report({
    screen: "report-airservice",
    endpoint: "orderair",
    filters: [status, { name: "service", values: SHIPMENTS, labels: "orders.shipment", width: 220 }],
    columns: [
      { key: "orderNo", type: "text", width: 150 },
      { key: "createdAt", type: "time", width: 170 },
      { key: "shopName", type: "text", width: 210 },
      { key: "customerName", type: "text", width: 170 },
      { key: "status", type: "enum", labels: "orders.status", width: 140 },
      { key: "service", type: "enum", labels: "orders.shipment", width: 200 },
      { key: "units", type: "int", width: 100, total: "units" },
      { key: "amount", type: "money", width: 140, total: "amount" },
      { key: "total", type: "money", width: 140 },
    ],
    figures: [{ key: "installations", type: "int" }],
    chart: { kind: "bar", labels: "orders.shipment" },
  }),
  report({
    screen: "report-coupon",
    endpoint: "reportcupon",
    filters: [],
    columns: [
      { key: "redeemedAt", type: "time", width: 170 },
      { key: "code", type: "text", width: 160 },
      { key: "batchName", type: "text", width: 200 },
      { key: "orderNo", type: "text", width: 150 },
      { key: "shopName", type: "text", width: 200 },
      { key: "customer", type: "text", width: 170 },
      { key: "discount", type: "money", width: 130, total: "discount" },
      { key: "orderTotal", type: "money", width: 140, total: "orderTotal" },
    ],
    figures: [{ key: "customers", type: "int" }],
    chart: { kind: "line" },
  }),
  report({
    screen: "report-promotiononline",
    endpoint: "reportpromotiononline",
    filters: [{ name: "status", values: ["active", "closed"], labels: "reports.lineStatus", width: 150 }],
    columns: [
      { key: "name", type: "text", width: 220 },
      { key: "prefix", type: "text", width: 120 },
      { key: "discountValue", type: "discount", width: 130 },
      { key: "startsAt", type: "time", width: 170 },
      { key: "endsAt", type: "time", width: 170 },
      { key: "status", type: "enum", labels: "reports.lineStatus", width: 110 },
      { key: "codeCount", type: "int", width: 110, total: "codeCount" },
      { key: "codesUsed", type: "int", width: 110, total: "codesUsed" },
      { key: "redemptions", type: "int", width: 120, total: "redemptions" },
      { key: "discount", type: "money", width: 130, total: "discount" },
      { key: "revenue", type: "money", width: 140, total: "revenue" },
    ],
    figures: [],
    chart: { kind: "bar" },
  }),
  report({
    screen: "report-productpromotion",
    endpoint: "reportproductpromotion",
    filters: [{ name: "kind", values: ["flashsale", "homesale", "tradein"], labels: "reports.kind", width: 170 }],
    columns: [
      { key: "code", type: "text", width: 140 },
      { key: "name", type: "text", width: 260 },
      { key: "shopName", type: "text", width: 200 },
      { key: "price", type: "money", width: 130 },
      { key: "flashSales", type: "int", width: 110, total: "flashSales" },
      { key: "homeSale", type: "int", width: 110, total: "homeSale" },
      { key: "tradeIn", type: "int", width: 110, total: "tradeIn" },
      { key: "units", type: "int", width: 100, total: "units" },
      { key: "revenue", type: "money", width: 140, total: "revenue" },
    ],
    figures: [],
    chart: { kind: "bar", labels: "reports.kind" },
  }),
  report({
    screen: "report-review",
    endpoint: "reportreview",
    filters: [
      { name: "status", values: ["published", "hidden"], labels: "reports.reviewStatus", width: 150 },
      { name: "rating", values: ["5", "4", "3", "2", "1"], labels: "reports.stars", width: 130 },
    ],
    columns: [
      { key: "createdAt", type: "time", width: 170 },
      { key: "productCode", type: "text", width: 130 },
      { key: "productName", type: "text", width: 240 },
      { key: "shopName", type: "text", width: 200 },
      { key: "customerName", type: "text", width: 170 },
      { key: "rating", type: "int", width: 110, total: "averageRating" },
      { key: "title", type: "text", width: 220 },
      { key: "body", type: "text", width: 320 },
      { key: "status", type: "enum", labels: "reports.reviewStatus", width: 120, total: "hidden" },
      { key: "reply", type: "text", width: 300 },
      { key: "repliedAt", type: "time", width: 170, total: "replied" },
    ],
    figures: [],
    chart: { kind: "bar", labels: "reports.stars" },
  }),
  report({
    screen: "report-productstatus",
    endpoint: "reporttstatusproduct",
    filters: [
      { name: "status", values: PRODUCT_STATES, labels: "product.status", width: 180 },
      { name: "online", values: ["true", "false"], labels: "reports.online", width: 150 },
    ],
    columns: [
      { key: "code", type: "text", width: 140 },
      { key: "name", type: "text", width: 260 },
      { key: "shopName", type: "text", width: 200 },
      { key: "category", type: "text", width: 170 },
      { key: "status", type: "enum", labels: "product.status", width: 150 },
      { key: "online", type: "bool", width: 100, total: "online" },
      { key: "stock", type: "int", width: 100, total: "stock" },
      { key: "price", type: "money", width: 130 },
      { key: "createdAt", type: "time", width: 170 },
      { key: "updatedAt", type: "time", width: 170 },
    ],
    figures: PRODUCT_STATES.map((key) => ({ key, type: "int" as const })),
    chart: { kind: "bar", labels: "product.status" },
  }),
];

export function reportOf(screen: string): ReportConfig {
  const found = REPORTS.find((r) => r.screen === screen);
  if (!found) throw new Error(`No report for screen "${screen}"`);
  return found;
}

/** Query fields every report takes beside its own filters. */
export const COMMON_FILTERS = ["dateFrom", "dateTo", "shopId"] as const;
export const filterNames = (r: ReportConfig) => [...COMMON_FILTERS, ...r.filters.map((f) => f.name)];

export const DAY_FORMAT = "YYYY-MM-DD";
/** The range a report opens with: the last 30 days, today included. */
export function defaultRange(today = dayjs()): { dateFrom: string; dateTo: string } {
  return { dateFrom: today.subtract(29, "day").format(DAY_FORMAT), dateTo: today.format(DAY_FORMAT) };
}

/** The query of the current filter (the CSV export sends the same one), with the default range when none is set. */
export function reportQuery(
  r: ReportConfig,
  filters: Record<string, unknown>,
  today = dayjs(),
): Record<string, string> {
  const query: Record<string, string> = { ...defaultRange(today) };
  for (const name of filterNames(r)) {
    // Every report filter holds one value: a code, a shop id or a date.
    const v = filters[name];
    if ((typeof v === "string" && v !== "") || typeof v === "number") query[name] = String(v);
  }
  return query;
}
