/**
 * The report screens' routes: one GET per report under /api/report, the same query for each (range, shop,
 * the report's own filters, page) and `format=csv` for the whole filter as a streamed CSV.
 */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { id } from '../../lib/schemas.js';
import { routesOf } from '../../lib/route.js';
import { sendCsv } from '../../lib/csv-export.js';
import { REPORTS, reportExport, runReport, type ReportDef, type ReportQuery } from './reports.js';

const date = (what: string) => ({
  type: 'string',
  format: 'date',
  description: `${what} (a Bangkok calendar day, YYYY-MM-DD, included)`,
});
const jsonType = {
  text: { type: ['string', 'null'] },
  time: { type: ['string', 'null'], format: 'date-time' },
  int: { type: ['integer', 'null'] },
  number: { type: ['number', 'null'] },
  money: { type: ['number', 'null'], description: 'THB' },
  bool: { type: ['boolean', 'null'] },
} as const;

function responseOf(def: ReportDef) {
  const props = (fields: Record<string, keyof typeof jsonType>) =>
    Object.fromEntries(Object.entries(fields).map(([k, t]) => [k, jsonType[t]]));
  return {
    type: 'object',
    properties: {
      items: {
        type: 'array',
        items: { type: 'object', properties: { id: { type: 'integer' }, ...props(def.fields) } },
      },
      total: { type: 'integer' },
      maxpage: { type: 'integer' },
      totals: {
        type: 'object',
        description: 'Over the whole filter, not the page',
        properties: { rows: { type: 'integer' }, ...props(def.totalFields) },
      },
      chart: {
        type: 'array',
        items: {
          type: 'object',
          properties: { key: { type: 'string' }, value: { type: 'number' } },
          required: ['key', 'value'],
        },
      },
    },
    required: ['items', 'total', 'maxpage', 'totals'],
  };
}

export function reportsRoutes(app: FastifyInstance) {
  const r = routesOf(app, '/api/report', { tags: ['report'] });
  for (const def of REPORTS) {
    r.get<{ Querystring: ReportQuery & { format?: 'csv' } }>(
      def.name,
      {
        summary: def.summary,
        description:
          `${def.description} The range may span at most two years; a reversed or longer one is a 400 naming dateTo. ` +
          '`format=csv` answers the whole filter as CSV (text/csv, streamed; `x-export-rows` tells how many rows), ignoring page and limit.',
        addition: def.name === 'reportcupon',
        query: {
          dateFrom: date('First day'),
          dateTo: date('Last day'),
          shopId: id,
          ...def.filters,
          page: { type: 'integer', minimum: 1, default: 1 },
          limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          format: { type: 'string', enum: ['csv'], description: 'csv: the whole filter as a CSV download' },
        },
        required: ['dateFrom', 'dateTo'],
        response: responseOf(def),
      },
      async (req, reply) => {
        const user = requireUser(req);
        if (req.query.format === 'csv') return sendCsv(app, reply, await reportExport(app.db, user, def, req.query));
        return runReport(app.db, user, def, req.query);
      },
    );
  }
}
