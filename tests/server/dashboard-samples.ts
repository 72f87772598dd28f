/** Valid requests for the dashboard routes (security.test.ts): a date range and the shop of the walk. */
import type { FastifyInstance } from 'fastify';

export type DashboardIds = { shopId: number };

/** The overviews take no record ids, only the shop to narrow to. */
export async function dashboardIdsOf(
  _app: FastifyInstance,
  shopId: number,
  _admin: { authorization: string },
): Promise<DashboardIds> {
  return { shopId };
}

/** A request that passes validation for the route, or undefined when the route is not one of these. */
export function dashboardSample(
  method: string,
  url: string,
  _shop: number,
  ids: DashboardIds,
): { method: 'GET'; url: string } | undefined {
  if (method !== 'GET') return undefined;
  const range = 'from=2026-10-01&to=2026-10-31';
  switch (url) {
    case '/api/user/visitors':
    case '/api/v2/analytics':
      return { method: 'GET', url: `${url}?${range}&shopId=${ids.shopId}&channel=web` };
    case '/api/v2/ecommerce-overview':
      return { method: 'GET', url: `${url}?${range}` };
    default:
      return undefined;
  }
}
