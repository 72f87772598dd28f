/**
 * The outbox (docs/api/outbox.md): staff read jobs for outside systems with their delivery state and
 * put a failed or dead one back in the queue. The relay runs while the app is up when
 * `outbox.workerMs` is set (started when the app is ready, stopped when it closes); a job queued in
 * any process wakes it.
 */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { restRoutes } from '../../rest/resource.js';
import { outboxSettings } from './config.js';
import { outboxRelay } from './relay.js';
import * as s from './schemas.js';
import * as svc from './service.js';

export default async function outboxRoutes(app: FastifyInstance) {
  const { db } = app;
  const settings = outboxSettings(app.config.outbox);

  if (settings.workerMs > 0) {
    const relay = outboxRelay(db, app.log, settings);
    let unsubscribe = () => {};
    app.addHook('onReady', async () => {
      relay.start();
      unsubscribe = app.realtime.subscribe(svc.WAKE_CHANNEL, () => relay.wake());
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      await relay.stop();
    });
  }

  const jobs = restRoutes(app, 'outbox-jobs', { tags: s.TAGS });
  jobs.get<{ Querystring: svc.JobQuery }>(
    '',
    {
      summary:
        'Jobs for outside systems the caller may queue, newest first, with their delivery state (total in x-total-count)',
      query: s.listQuery,
      response: { 200: s.jobList },
    },
    async (req, reply) => {
      const found = await svc.listJobs(db, requireUser(req), settings, req.query);
      reply.header('x-total-count', String(found.total));
      return found.rows;
    },
  );
  jobs.post<{ Params: { id: number } }>(
    '/:id/retry',
    {
      summary: 'Put a failed or dead job back in the queue with all its tries (another state: 409)',
      response: { 200: s.job },
    },
    async (req) => svc.retryJob(db, requireUser(req), settings, req.params.id),
  );
}
