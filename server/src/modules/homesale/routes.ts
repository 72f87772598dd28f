/**
 * Home-sale groups (docs/api/homesale.md) on `/api/promotion/*`, and the master group list the trade-in
 * screen shares (served here once). Access comes from the table of screens (admin only).
 */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { routesOf } from '../../lib/route.js';
import { ok } from '../../lib/sql.js';
import { schemas, TAGS } from './schemas.js';
import * as svc from './service.js';

export default async function homesaleRoutes(app: FastifyInstance) {
  const { db } = app;
  const u = requireUser;
  const r = routesOf(app, '/api/promotion', { tags: TAGS });

  r.get('mastergrouplist', schemas.mastergrouplist, async () => svc.groupTypes(db));
  r.get<{ Querystring: svc.ListQuery }>('listhomesale', schemas.listhomesale, async (req) =>
    svc.listGroups(db, req.query),
  );
  r.get<{ Querystring: { id: number } }>('loadhomesale', schemas.loadhomesale, async (req) => ({
    data: await svc.loadGroup(db, req.query.id),
  }));
  r.post<{ Body: svc.GroupInput }>('addpromotionhomesale', schemas.addpromotionhomesale, async (req) =>
    ok('Home sale group created.', await svc.createGroup(db, u(req), req.body)),
  );
  r.post<{ Body: svc.GroupEdit }>('editpromotionhomesale', schemas.editpromotionhomesale, async (req) =>
    ok('Home sale group saved.', await svc.editGroup(db, u(req), req.body)),
  );
  r.post<{ Body: { linkId?: number; groupId?: number } }>('deletelinkgroup', schemas.deletelinkgroup, async (req) => {
    const { message, data } = await svc.deleteLinkOrGroup(db, u(req), req.body);
    return ok(message, data);
  });
  r.post<{ Body: { linkId?: number; groupId?: number; active: boolean } }>(
    'setstatuslink',
    schemas.setstatuslink,
    async (req) => {
      const { message, data } = await svc.setStatus(db, u(req), req.body);
      return ok(message, data);
    },
  );
}
