/**
 * The storefront board (docs/api/storefronts.md, "Storefront board"): the same ten verbs under
 * `/api/supplier/kanban` (brand shops, `kind = 'supplier'`) and `/api/housebrand` (house brands), one
 * implementation. Access comes from the table of screens; which shops a caller reaches, from
 * `assertStorefrontAccess` (auth/shop-scope.ts) with the family's shop kind.
 */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { routesOf } from '../../lib/route.js';
import * as board from './service.js';
import * as details from './details.js';
import { FAMILIES, schemasFor, TAGS, type Family } from './schemas.js';

const BASE: Record<Family, string> = { supplier: '/api/supplier/kanban', housebrand: '/api/housebrand' };

export default async function kanbanRoutes(app: FastifyInstance) {
  const { db } = app;
  for (const family of FAMILIES) {
    const r = routesOf(app, BASE[family], { tags: TAGS[family] });
    const s = schemasFor(family);

    r.get<{ Querystring: { shopId?: number } }>('master', { schema: s.master }, async (req) =>
      board.masterFor(db, requireUser(req), family, req.query.shopId),
    );

    r.get<{ Querystring: { shopId: number } }>('board', { schema: s.board }, async (req) =>
      board.readBoard(db, requireUser(req), family, req.query.shopId),
    );

    r.post<{ Body: board.ColumnsUpdateInput }>('columns/update', { schema: s.columnsUpdate }, async (req) => ({
      status: 200,
      ...(await board.updateColumns(db, requireUser(req), family, req.body)),
    }));

    r.post<{ Body: { shopId: number; columnId?: number; cardId?: number } }>(
      'columns/delete',
      { schema: s.columnsDelete },
      async (req) => ({ status: 200, ...(await board.deleteFromBoard(db, requireUser(req), family, req.body)) }),
    );

    r.post<{ Body: board.MoveInput }>('card/orderby', { schema: s.cardOrderby }, async (req) => ({
      status: 200,
      ...(await board.move(db, requireUser(req), family, req.body)),
    }));

    r.post<{ Body: { shopId: number; card: board.CardPatch } }>(
      'card/update',
      { schema: s.cardUpdate },
      async (req) => ({
        status: 200,
        ...(await board.updateCard(db, requireUser(req), family, req.body.shopId, req.body.card)),
      }),
    );

    r.get<{ Querystring: { id: number; shopid: number; listid?: number } }>(
      'detail-card',
      { schema: s.detailCard },
      async (req) => details.cardDetail(db, requireUser(req), family, req.query),
    );

    r.post<{ Body: details.SearchInput }>('searchproduct-card', { schema: s.searchProducts }, async (req) =>
      details.searchProducts(db, requireUser(req), family, req.body),
    );

    r.post<{ Body: { post: details.DetailUpdateInput } }>(
      'card/detail-update',
      { schema: s.detailUpdate },
      async (req) => ({ status: 200, ...(await details.changeProducts(db, requireUser(req), family, req.body.post)) }),
    );

    r.post<{ Body: { shopid: number; task: number; items: number[] } }>(
      'card/detail-orderby',
      { schema: s.detailOrderby },
      async (req) => ({ status: 200, ...(await details.orderProducts(db, requireUser(req), family, req.body)) }),
    );
  }
}
