/** Valid requests for the report screens' routes (security.test.ts): each takes a date range and a shop. */
import type { FastifyInstance } from 'fastify';

export type ReportsIds = { shop: number };

const R = '/api/report';
const REPORT_NAMES = [
  'reporttrackorder',
  'reportshippingorder',
  'orderair',
  'reportcupon',
  'reportpromotiononline',
  'reportproductpromotion',
  'reportreview',
  'reporttstatusproduct',
  'reportnewproduct',
];

/** The shop the samples filter by (the reports take no other ids). */
export async function reportsIdsOf(
  _app: FastifyInstance,
  shopId: number,
  _admin: { authorization: string },
): Promise<ReportsIds> {
  return { shop: shopId };
}

/** A request that passes validation for the route, or undefined when the route is not a report's. */
export function reportsSample(
  method: string,
  url: string,
  _shop: number,
  ids: ReportsIds,
): { method: 'GET'; url: string } | undefined {
  if (method !== 'GET' || !url.startsWith(`${R}/`) || !REPORT_NAMES.includes(url.slice(R.length + 1))) return undefined;
  return { method: 'GET', url: `${url}?dateFrom=2026-05-01&dateTo=2026-11-30&shopId=${ids.shop}` };
}
