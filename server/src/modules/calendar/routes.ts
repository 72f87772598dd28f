import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { restRoutes } from '../../rest/resource.js';
import * as s from './schemas.js';
import { calendarEvents, type CalendarQuery } from './service.js';
import { entryRoutes } from './entries.js';

/**
 * `/api/v2/calendar-events`: marketing windows as read-only events; `/api/v2/calendar-entries`: each user's own
 * events (docs/api/calendar.md).
 */
export default async function calendarRoutes(app: FastifyInstance) {
  restRoutes(app, 'calendar-events', { tags: s.TAGS }).get<{ Querystring: CalendarQuery }>(
    '',
    {
      summary:
        'Campaign, flash-sale, home-sale, banner and coupon windows overlapping from–to, by start (total in x-total-count)',
      query: s.query,
      queryRequired: ['from', 'to'],
      response: {
        200: {
          type: 'array',
          items: s.event,
          headers: { 'x-total-count': { type: 'integer', description: 'Events in the range' } },
        },
      },
    },
    async (req, reply) => {
      const events = await calendarEvents(app.db, requireUser(req), req.query);
      reply.header('x-total-count', String(events.length));
      return events;
    },
  );
  entryRoutes(app);
}
