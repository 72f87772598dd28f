/**
 * Marketplace banner management (docs/api/banners.md), the legacy verbs under /api/banners/uploadbanner.
 * Access comes from the table of screens (admin and the content editor).
 */
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { routesOf } from '../../lib/route.js';
import { ok } from '../../lib/sql.js';
import { removeStored, withUpload } from '../../lib/uploads.js';
import type { WindowInput } from '../../lib/window.js';
import * as s from './schemas.js';
import * as svc from './service.js';

export default async function bannerRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routesOf(app, '/api/banners/uploadbanner', { tags: ['banners'] });

  r.get('getmasterType', { schema: s.typesSchema }, async () => svc.listTypes(db));

  r.get<{ Querystring: { typeId: number } }>('getBannerTypeMenu', { schema: s.menusSchema }, async (req) =>
    svc.listMenus(db, req.query.typeId),
  );

  r.get<{ Querystring: svc.ListQuery }>('getlistbanners', { schema: s.listSchema }, async (req) =>
    svc.listBanners(db, req.query),
  );

  r.post('upload', { schema: s.uploadSchema }, async (req) => {
    const user = requireUser(req);
    const data = await withUpload(req, { field: 'file', kinds: ['image'] }, async ({ fields, file }) =>
      svc.createBanner(db, user, fields, file, await readFile(file.path)),
    );
    return ok('Banner added.', data);
  });

  r.post<{ Body: svc.SortInput }>('sortbanner', { schema: s.sortSchema }, async (req) =>
    ok('Order saved.', await svc.sortBanners(db, requireUser(req), req.body)),
  );

  r.post<{ Body: { id: number; active: boolean } }>('updatestatusbanner', { schema: s.statusSchema }, async (req) =>
    ok(
      req.body.active ? 'Banner switched on.' : 'Banner switched off.',
      await svc.setActive(db, requireUser(req), req.body.id, req.body.active),
    ),
  );

  r.post<{ Body: WindowInput & { id: number } }>('updatetimebanner', { schema: s.timeSchema }, async (req) => {
    const { id, ...window } = req.body;
    return ok('Banner window saved.', await svc.setWindow(db, requireUser(req), id, window));
  });

  r.post<{ Body: { id: number } }>('deletebanner', { schema: s.deleteSchema }, async (req) => {
    const { unusedImage } = await svc.deleteBanner(db, requireUser(req), req.body.id);
    // The file goes once its row is gone (deleting first could leave a row pointing at nothing).
    await removeStored(app.storage, unusedImage);
    return ok('Banner deleted.');
  });
}
