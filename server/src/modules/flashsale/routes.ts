import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { routesOf } from '../../lib/route.js';
import { ok } from '../../lib/sql.js';
import { saleReport } from './report.js';
import * as s from './schemas.js';
import * as svc from './service.js';

/** Flash sales under the legacy promotion folder (docs/api/flashsale.md). */
export default async function flashsaleRoutes(app: FastifyInstance) {
  const { db } = app;
  const u = requireUser;
  const r = routesOf(app, '/api/promotion', { tags: s.TAGS });

  r.get<{ Querystring: svc.ListQuery }>(
    'productflashsale',
    {
      summary: 'Flash sales with their product and shop, newest window first',
      query: s.listQuery,
      response: s.saleList,
    },
    async (req) => svc.listSales(db, u(req), req.query),
  );

  r.get<{ Querystring: { page: number; limit: number; search?: string; shopId?: number } }>(
    'listSelectProductFlashsale',
    {
      summary: 'Products a flash sale can be set for (approved and online), by name, with their price',
      query: s.candidateQuery,
      response: s.candidateList,
    },
    async (req) => svc.listCandidates(db, u(req), req.query),
  );

  r.post<{ Body: svc.SetInput }>(
    'setproductflashsale',
    {
      summary: "Create a flash sale, or change one that has not started (with id); one product's windows never overlap",
      body: s.setBody,
      response: s.saleWrite,
    },
    async (req) => {
      const { sale, created } = await svc.setSale(db, u(req), req.body);
      return ok(created ? 'Flash sale created.' : 'Flash sale changed.', sale);
    },
  );

  r.post<{ Body: { id: number } }>(
    'closeproductflashsale',
    {
      summary: 'Close a flash sale for good: it stops selling now (or never starts)',
      body: s.closeBody,
      required: ['id'],
      response: s.saleWrite,
    },
    async (req) => ok('Flash sale closed.', await svc.closeSale(db, u(req), req.body.id)),
  );

  r.get<{ Querystring: svc.ListQuery }>(
    'reportproductflashsale',
    {
      summary:
        'Per sale: orders, units sold (up to the stock limit), revenue and discount given, from orders placed in its window',
      query: s.listQuery,
      response: s.reportAnswer,
    },
    async (req) => saleReport(db, u(req), req.query),
  );
}
