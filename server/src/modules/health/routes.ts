import type { FastifyInstance } from 'fastify';
import { healthSchema } from './schemas.js';
import { checkHealth } from './service.js';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { schema: healthSchema }, async () => checkHealth(app.db, app.dbKind));
}
