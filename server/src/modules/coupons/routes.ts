import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { restRoutes } from '../../rest/resource.js';
import { checkCoupon, type CheckInput } from './redeem.js';
import * as s from './schemas.js';
import * as svc from './service.js';

type Id = { Params: { id: number } };

const array = (item: unknown) => ({
  type: 'array',
  items: item,
  headers: { 'x-total-count': { type: 'integer', description: 'Rows matching the filters' } },
});
const paged = <T>(reply: FastifyReply, r: { rows: T[]; total: number }) => {
  reply.header('x-total-count', String(r.total));
  return r.rows;
};

/** Coupon lines (docs/api/coupons.md): batches, their codes and report, and the code check. */
export default async function couponRoutes(app: FastifyInstance) {
  const { db } = app;
  const u = requireUser;
  const batches = restRoutes(app, 'coupon-batches', { tags: s.TAGS });

  batches.get<{ Querystring: svc.BatchListQuery }>(
    '',
    {
      summary: 'Coupon batches, newest first (paged; total in x-total-count)',
      query: s.batchListQuery,
      response: { 200: array(s.batch) },
    },
    async (req, reply) => paged(reply, await svc.listBatches(db, req.query)),
  );
  batches.get<Id>('/:id', { summary: 'One coupon batch', response: { 200: s.batch } }, async (req) =>
    svc.getBatch(db, req.params.id),
  );
  batches.post<{ Body: svc.BatchInput }>(
    '',
    {
      summary: 'Create a coupon batch and its codes (unique across all batches)',
      body: s.createBody,
      required: ['name', 'prefix', 'discountType', 'discountValue', 'codeCount', 'startsAt'],
      response: { 201: s.batch },
    },
    async (req, reply) => reply.code(201).send(await svc.createBatch(db, u(req), req.body)),
  );
  batches.post<Id>(
    '/:id/close',
    { summary: 'Close a batch for good: its codes stop working at once', response: { 200: s.batch } },
    async (req) => svc.closeBatch(db, u(req), req.params.id),
  );

  batches.get<Id & { Querystring: { _start?: number; _end?: number; code_like?: string; used?: boolean } }>(
    '/:id/codes',
    {
      summary: "A batch's codes in the order made (paged; total in x-total-count)",
      query: s.codeListQuery,
      response: { 200: array(s.code) },
    },
    async (req, reply) => paged(reply, await svc.listCodes(db, req.params.id, req.query)),
  );
  batches.get<Id>(
    '/:id/export',
    {
      summary: 'Every code of a batch as CSV (text/csv, attachment); formula-like cells escaped',
      response: { 200: { type: 'string', description: 'CSV with a header row (text/csv; charset=utf-8, attachment)' } },
    },
    async (req, reply) => {
      const { csv, filename } = await svc.codesCsv(db, req.params.id);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`);
      // BOM so a spreadsheet reads the batch name (Thai) as UTF-8.
      return `\uFEFF${csv}`;
    },
  );
  batches.get<Id>(
    '/:id/report',
    {
      summary: 'How a batch was used: codes used, redemptions, orders, customers, discount given',
      response: { 200: s.report },
    },
    async (req) => svc.batchReport(db, req.params.id),
  );
  batches.get<Id & { Querystring: { _start?: number; _end?: number } }>(
    '/:id/redemptions',
    {
      summary: "A batch's redemptions, newest first (paged; total in x-total-count)",
      query: { _start: s.codeListQuery._start, _end: s.codeListQuery._end },
      response: { 200: array(s.redemption) },
    },
    async (req, reply) => paged(reply, await svc.listRedemptions(db, req.params.id, req.query)),
  );

  restRoutes(app, 'coupon-checks', { tags: s.TAGS }).post<{ Body: CheckInput }>(
    '',
    {
      summary:
        'The discount a coupon code gives on an order now, or why it cannot be used (400 naming code); nothing is stored',
      body: s.checkBody,
      required: ['code', 'subtotal', 'customer'],
      response: { 200: s.checkAnswer },
    },
    async (req) => checkCoupon(db, req.body),
  );
}
