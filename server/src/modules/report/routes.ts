import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { dashboardSchema } from './schemas.js';
import { dashboard } from './service.js';
import { routesOf } from '../../lib/route.js';
import { reportsRoutes } from './reports-routes.js';

export default async function reportRoutes(app: FastifyInstance) {
  const r = routesOf(app, '/api/report', { tags: ['report'] });
  r.get<{ Querystring: { shopId?: number } }>(
    'getReloadDashboard',
    {
      schema: dashboardSchema,
    },
    async (req) => ({ data: await dashboard(app.db, requireUser(req), req.query.shopId) }),
  );
  // The report screens (reports-routes.ts).
  reportsRoutes(app);
}
