/**
 * Notifications (docs/api/notifications.md): the promotion screen's compose, list and cancel, the
 * audiences it picks from, each signed-in user's own notifications, and the delivery worker, which
 * runs while the app is up (started when it is ready, stopped when it closes).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { fieldError } from '../../lib/errors.js';
import { sseStream } from '../../lib/realtime.js';
import { restRoutes } from '../../rest/resource.js';
import { routesOf } from '../../lib/route.js';
import { ok } from '../../lib/sql.js';
import { ensureNotifyCategories, listCategories } from './categories.js';
import * as s from './schemas.js';
import * as svc from './service.js';
import { channelOf, eventsAfter, newestEvent } from './stream.js';
import { deliveryWorker } from './worker.js';

export default async function notificationRoutes(app: FastifyInstance) {
  const { db } = app;
  await ensureNotifyCategories(db);

  const every = app.config.notifyWorkerMs ?? 0;
  const worker = every > 0 ? deliveryWorker(db, app.log, every) : null;
  if (worker) {
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  }

  // ----- the promotion screen -----
  const promo = routesOf(app, '/api/promotion', { tags: s.TAGS });
  promo.get('masternotify', { summary: 'Message categories, in order', response: s.categoryList }, async () => ({
    items: await listCategories(db),
  }));
  promo.get<{ Querystring: { id: number } }>(
    'notification',
    {
      summary: 'One message with its audience, schedule, status and counts',
      query: { id: { type: 'integer', minimum: 1 } },
      required: ['id'],
      response: s.messageAnswer,
    },
    async (req) => ({ data: await svc.getMessage(db, req.query.id) }),
  );

  const notify = routesOf(app, '/api/notify', { tags: s.TAGS });
  notify.get<{ Querystring: svc.ListQuery }>(
    'getmessagenotifylist',
    {
      summary: 'Messages, latest schedule first',
      query: s.listQuery,
      response: s.messageList,
    },
    async (req) => svc.listMessages(db, req.query),
  );
  notify.post<{ Body: svc.NewMessage }>(
    'createmessage',
    {
      summary: 'Compose a message to an audience, sent now (scheduledAt left out) or at a time',
      body: s.createBody,
      required: ['title', 'body', 'category', 'audience'],
      response: s.messageWritten,
    },
    async (req) => {
      const message = await svc.createMessage(db, requireUser(req), req.body);
      const due = Date.parse(message.scheduledAt!) <= Date.now();
      if (due) worker?.wake();
      return ok(due ? 'Message queued: it goes out now.' : 'Message scheduled.', message);
    },
  );

  const listed = <T>(reply: FastifyReply, found: { rows: T[]; total: number }) => {
    reply.header('x-total-count', String(found.total));
    return found.rows;
  };
  const messages = restRoutes(app, 'notification-messages', { tags: s.TAGS });
  messages.post<{ Params: { id: number } }>(
    '/:id/cancel',
    {
      summary: 'Cancel a scheduled message (a sent or cancelled one: 409)',
      response: { 200: s.message },
    },
    async (req) => svc.cancelMessage(db, requireUser(req), req.params.id),
  );
  const audiences = restRoutes(app, 'notification-audiences', { tags: s.TAGS });
  audiences.get<{ Querystring: svc.AudienceQuery }>(
    '',
    {
      summary: 'Everyone, each shop and each role, with the active users each reaches (total in x-total-count)',
      query: s.audienceQuery,
      response: { 200: s.rows(s.audienceRow) },
    },
    async (req, reply) => listed(reply, await svc.listAudiences(db, req.query)),
  );

  // ----- each signed-in user's own notifications -----
  notify.get<{ Querystring: { page: number; limit: number } }>(
    'getmessagenotify',
    {
      summary: "The caller's notifications, newest first, with the unread count",
      query: s.inboxQuery,
      response: s.inboxList,
    },
    async (req) => svc.inbox(db, requireUser(req), req.query),
  );
  notify.post<{ Body: { id?: number; all?: true } }>(
    'readmessage',
    {
      summary: "Mark one of the caller's notifications read (`id`), or all of them (`all: true`)",
      body: s.readBody,
      response: s.readAnswer,
    },
    async (req) => ok('Marked read.', await svc.markRead(db, requireUser(req), req.body)),
  );

  notify.get('events', { schema: s.eventsSchema }, async (req, reply) => {
    const user = requireUser(req);
    const last = req.headers['last-event-id'];
    if (last !== undefined && !/^\d{1,15}$/.test(String(last))) {
      throw fieldError('Last-Event-ID', 'Last-Event-ID must be the id of an event this stream sent (digits only)');
    }
    return sseStream(reply, {
      lastEventId: last === undefined ? null : Number(last),
      start: () => newestEvent(db, user.id),
      backlog: (after, limit) => eventsAfter(db, user.id, after, limit),
      live: (wake) => app.realtime.subscribe(channelOf(user.id), wake),
    });
  });
}
