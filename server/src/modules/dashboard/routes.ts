import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { restRoutes } from '../../rest/resource.js';
import { routesOf } from '../../lib/route.js';
import * as s from './schemas.js';
import { analytics, ecommerceOverview, visitors, type AnalyticsQuery, type RangeQuery } from './service.js';

/**
 * The analytics (`/admin/two`) and e-commerce (`/admin/three`) overviews, read from the order rollups
 * (docs/api/dashboard.md). `/api/user/visitors` is the catalogue's name for the storefront visitors.
 */
export default async function dashboardRoutes(app: FastifyInstance) {
  routesOf(app, '/api/user', { tags: s.TAGS }).get<{ Querystring: AnalyticsQuery }>(
    'visitors',
    {
      summary: 'Storefront visits and visitors per day over a date range, by channel',
      query: s.analyticsQuery,
      response: s.visitorsResponse,
    },
    async (req) => visitors(app.db, requireUser(req), req.query),
  );

  restRoutes(app, 'analytics', { tags: s.TAGS }).get<{ Querystring: AnalyticsQuery }>(
    '',
    {
      summary:
        'Visitors, orders, conversion and revenue over a date range against the range before it, by channel and by day',
      query: s.analyticsQuery,
      response: { 200: s.analyticsResponse },
    },
    async (req) => analytics(app.db, requireUser(req), req.query),
  );

  restRoutes(app, 'ecommerce-overview', { tags: s.TAGS }).get<{ Querystring: RangeQuery }>(
    '',
    {
      summary: 'Sales trend, orders by status, top products and shops over a date range; the pending work queues now',
      query: s.rangeQuery,
      response: { 200: s.overviewResponse },
    },
    async (req) => ecommerceOverview(app.db, requireUser(req), req.query),
  );
}
