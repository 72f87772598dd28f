import type { FastifyInstance } from 'fastify';
import { healthSchema } from './schemas.js';
import { checkHealth } from './service.js';
import { routesOf } from '../../lib/route.js';

export default async function healthRoutes(app: FastifyInstance) {
  const r = routesOf(app, '', { tags: ['health'] });
  r.get('health', { schema: healthSchema }, async () => checkHealth(app.db, app.dbKind));
}
