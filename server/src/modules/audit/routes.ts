import type { FastifyInstance } from 'fastify';
import { restRoutes } from '../../rest/resource.js';
import * as s from './schemas.js';
import { facets, getEntry, listEntries, type AuditQuery } from './service.js';

/**
 * The audit log viewer (docs/api/audit.md), read only: `/api/v2/audit-log` (newest first, paged) and one
 * entry with its record before and after, `/api/v2/audit-facets` for the filters. There is no route that
 * changes or deletes an entry.
 */
export default async function auditRoutes(app: FastifyInstance) {
  const { db } = app;
  const log = restRoutes(app, 'audit-log', { tags: s.TAGS });
  log.get<{ Querystring: AuditQuery }>(
    '',
    {
      summary: 'Audit entries, newest first (paged; total in x-total-count), by who, kind of record, action and period',
      query: s.listQuery,
      response: {
        200: {
          type: 'array',
          items: s.entrySummary,
          headers: { 'x-total-count': { type: 'integer', description: 'Entries matching the filters' } },
        },
      },
    },
    async (req, reply) => {
      const { rows, total } = await listEntries(db, req.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );
  log.get<{ Params: { id: number } }>(
    '/:id',
    { summary: 'One audit entry with the record before and after', response: { 200: s.entry } },
    async (req) => getEntry(db, req.params.id),
  );
  restRoutes(app, 'audit-facets', { tags: s.TAGS }).get<{ Querystring: { entity?: string } }>(
    '',
    {
      summary:
        'The kinds of record in the log, the actions (of one kind when asked) and the accounts that made changes',
      query: s.facetQuery,
      response: { 200: s.facets },
    },
    async (req) => facets(db, req.query.entity),
  );
}
