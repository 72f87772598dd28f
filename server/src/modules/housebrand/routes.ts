import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { routesOf } from '../../lib/route.js';
import { brandList, brandProfileBody, shopList, shopMasterList } from '../brandshop/schemas.js';
import { brandProfiles, shopMaster, type ShopKind } from '../brandshop/service.js';
import { masterList } from '../masterdata/service.js';

/** The house-brand family's shop look-ups, served by the brand-shop service (board verbs: modules/kanban). */
export default async function housebrandRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routesOf(app, '/api/housebrand', { tags: ['housebrand'] });

  r.post<{ Body: { keyword?: string; shoptype: ShopKind; page: number; limit: number } }>(
    'brandprofile',
    {
      summary: "House brands, paged and by name; or suppliers' brand shops for those who hold the brand-shop menu",
      body: brandProfileBody,
      response: shopList,
    },
    async (req) => brandProfiles(db, requireUser(req), req.body),
  );

  r.get(
    'masterbrand',
    { summary: "Product brands, for the house-brand board's brand filter", response: brandList },
    async () => ({ items: (await masterList(db, 'brand')).map((b) => ({ id: b.id, code: b.code, name: b.name })) }),
  );

  r.get(
    'shopmaster',
    { summary: 'Every house brand the caller reaches, by name', response: shopMasterList },
    async (req) => shopMaster(db, requireUser(req), 'housebrand'),
  );
}
