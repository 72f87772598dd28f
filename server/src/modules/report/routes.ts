import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { dashboardSchema } from './schemas.js';
import { dashboard } from './service.js';

export async function reportRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { shopId?: number } }>('/api/report/getReloadDashboard', {
    schema: dashboardSchema,
  }, async (req) => ({ data: await dashboard(app.db, requireUser(req), req.query.shopId) }));
}
