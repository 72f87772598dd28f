/**
 * Trade-in campaigns (docs/api/oldfornew.md) on `/api/promotion/*`: the list and create of the catalogue,
 * and the edit and close a person needs (additions in the catalogue's style). The master group list the
 * screen may call is served by the homesale module. Access comes from the table of screens (admin only).
 */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { routesOf } from '../../lib/route.js';
import { ok } from '../../lib/sql.js';
import { schemas, TAGS } from './schemas.js';
import * as svc from './service.js';

export default async function oldfornewRoutes(app: FastifyInstance) {
  const { db } = app;
  const u = requireUser;
  const r = routesOf(app, '/api/promotion', { tags: TAGS });

  r.get<{ Querystring: svc.ListQuery }>('oldfornew', schemas.oldfornew, async (req) =>
    svc.listCampaigns(db, req.query),
  );
  r.post<{ Body: svc.CampaignInput }>('createoldfornew', schemas.createoldfornew, async (req) =>
    ok('Trade-in campaign created.', await svc.createCampaign(db, u(req), req.body)),
  );
  r.post<{ Body: svc.CampaignEdit }>('editoldfornew', schemas.editoldfornew, async (req) =>
    ok('Trade-in campaign saved.', await svc.editCampaign(db, u(req), req.body)),
  );
  r.post<{ Body: { id: number; updatedAt?: string } }>('closeoldfornew', schemas.closeoldfornew, async (req) =>
    ok('Trade-in campaign closed.', await svc.closeCampaign(db, u(req), req.body)),
  );
}
