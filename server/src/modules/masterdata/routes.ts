/** /api/masterdata/* — catalogue master data and the attribute master (contract: docs/api/products.md). */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { ok } from '../../lib/sql.js';
import { routesOf } from '../../lib/route.js';
import { intField, withUpload } from '../../lib/uploads.js';
import { defs, masterListDef } from './schemas.js';
import * as svc from './service.js';

export default async function masterdataRoutes(app: FastifyInstance) {
  const r = routesOf(app, '/api/masterdata', { tags: ['masterdata'] });
  const { db } = app;

  for (const [endpoint, type] of Object.entries(svc.MASTER_TYPES)) {
    r.get<{ Querystring: { search?: string; level1Id?: number } }>(
      endpoint,
      masterListDef(type, endpoint),
      async (req) => {
        const items = await svc.masterList(db, type, req.query);
        return { items, total: items.length, maxpage: items.length ? 1 : 0 };
      },
    );
  }

  r.get<{ Querystring: svc.AttributeQuery }>('masterattribute', defs.masterattribute, async (req) =>
    svc.listAttributes(db, req.query),
  );
  r.post<{ Body: { name: string; items?: string[] } }>('createattribute', defs.createattribute, async (req) =>
    ok('Attribute created.', await svc.createAttribute(db, requireUser(req), req.body)),
  );
  r.post<{ Body: svc.AttributeEdit }>('editattribute', defs.editattribute, async (req) =>
    ok('Attribute saved.', await svc.editAttribute(db, requireUser(req), req.body)),
  );
  r.post<{ Body: { id: number; status: 'active' | 'inactive' } }>(
    'attributestatus',
    defs.attributestatus,
    async (req) =>
      ok(
        req.body.status === 'active' ? 'Attribute activated.' : 'Attribute deactivated.',
        await svc.setAttributeStatus(db, requireUser(req), req.body.id, req.body.status),
      ),
  );
  r.post<{ Body: { id: number } }>('deleteattribute', defs.deleteattribute, async (req) => {
    await svc.deleteAttribute(db, requireUser(req), req.body.id);
    return ok('Attribute deleted.');
  });
  r.post<{ Body: { id: number } }>('deleteattributeitem', defs.deleteattributeitem, async (req) =>
    ok('Item deleted.', await svc.deleteAttributeItem(db, requireUser(req), req.body.id)),
  );
  r.post('attributeicon', defs.attributeicon, async (req) => {
    const user = requireUser(req);
    const data = await withUpload(req, { kinds: ['image'] }, ({ fields, file }) =>
      svc.setAttributeIcon(db, user, intField(fields, 'id'), file),
    );
    return ok('Icon saved.', data);
  });
}
