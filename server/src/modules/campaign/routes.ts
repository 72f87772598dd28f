/**
 * Campaigns with hotspots (docs/api/campaign.md): the legacy verbs under `/api/promotion/*` and the
 * REST addition `/api/v2/campaigns` (list, one campaign with its hotspots, edits, image, activate,
 * hotspot edits). Access comes from the table of screens (admin only).
 */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { restRoutes } from '../../rest/resource.js';
import { routesOf } from '../../lib/route.js';
import { multipartDoc } from '../../lib/schemas.js';
import { ok } from '../../lib/sql.js';
import * as s from './schemas.js';
import * as svc from './service.js';

type Id = { id: number };

export default async function campaignRoutes(app: FastifyInstance) {
  const { db } = app;
  const u = requireUser;

  // ----- legacy verbs -----
  const r = routesOf(app, '/api/promotion', { tags: s.TAGS });
  r.post<{ Body: svc.CreateInput }>(
    'createcampaign',
    {
      summary: 'Create a campaign (a draft) with its window',
      body: s.createBody,
      required: s.createRequired,
      response: s.campaignWritten,
    },
    async (req) => ok('Campaign created.', await svc.createCampaign(db, u(req), req.body)),
  );
  r.post<{ Body: svc.WindowBody }>(
    'setdatecampaign',
    {
      summary: "Change a campaign's window (the parts sent); version must be the one read",
      body: s.windowBody,
      required: ['id', 'version'],
      response: s.campaignWritten,
    },
    async (req) => ok('Campaign window saved.', await svc.setWindow(db, u(req), req.body)),
  );
  r.post<{ Body: { id: number; version: number } }>(
    'closecampaign',
    {
      summary: 'Close a campaign: final, it can no longer be changed or reopened',
      body: s.closeBody,
      required: ['id', 'version'],
      response: s.campaignWritten,
    },
    async (req) => ok('Campaign closed.', await svc.closeCampaign(db, u(req), req.body.id, req.body.version)),
  );
  r.post<{ Body: svc.HotspotInput }>(
    'createhotspot',
    {
      summary: "Draw a hotspot on a campaign's image (relative to the image), linking to an approved product",
      body: s.hotspotCreate,
      required: s.hotspotCreateRequired,
      response: s.hotspotWritten,
    },
    async (req) => ok('Hotspot added.', await svc.createHotspot(db, u(req), req.body)),
  );
  r.get<{ Querystring: { id: number; preview: boolean } }>(
    'widgethotspot',
    {
      summary:
        'What a storefront widget draws: the image, its hotspots and their products; only a live campaign (else 404) unless preview',
      query: s.widgetQuery,
      required: ['id'],
      response: s.widget,
    },
    async (req) => svc.widget(db, req.query.id, req.query.preview),
  );

  // ----- /api/v2/campaigns -----
  const rest = restRoutes(app, 'campaigns', { tags: s.TAGS });
  rest.get<{ Querystring: svc.ListQuery }>(
    '',
    {
      summary: 'Campaigns, newest first unless sorted (total in x-total-count)',
      query: s.listQuery,
      response: { 200: s.rows(s.campaign) },
    },
    async (req, reply) => {
      const found = await svc.listCampaigns(db, req.query);
      reply.header('x-total-count', String(found.total));
      return found.rows;
    },
  );
  rest.get<{ Params: Id }>(
    '/:id',
    { summary: 'One campaign with its hotspots', response: { 200: s.campaignDetail } },
    async (req) => svc.getCampaign(db, req.params.id),
  );
  rest.patch<{ Params: Id; Body: svc.CampaignPatch }>(
    '/:id',
    {
      summary: "Change a campaign's name or description; version must be the one read",
      body: s.campaignPatch,
      required: ['version'],
      minProperties: 2,
      response: { 200: s.campaignDetail },
    },
    async (req) => svc.updateCampaign(db, u(req), req.params.id, req.body),
  );
  rest.post<{ Params: Id }>(
    '/:id/image',
    {
      summary: "Upload the campaign image (replaces the one before); answers the campaign with the image's pixel size",
      multipart: multipartDoc(
        { version: { type: 'integer', minimum: 1, description: 'The campaign version the person read' } },
        ['version'],
        { description: 'A JPEG, PNG or WebP image, at most 5 MB' },
      ),
      response: { 200: s.campaignDetail },
    },
    async (req) => svc.storeImage(db, u(req), req.params.id, req),
  );
  rest.post<{ Params: Id; Body: { version: number } }>(
    '/:id/activate',
    {
      summary: 'Make a draft campaign active: it needs its image and at least one hotspot',
      body: s.activateBody,
      required: ['version'],
      response: { 200: s.campaignDetail },
    },
    async (req) => svc.activateCampaign(db, u(req), req.params.id, req.body.version),
  );
  rest.patch<{ Params: Id & { hotspotId: number }; Body: svc.HotspotPatch }>(
    '/:id/hotspots/:hotspotId',
    {
      summary: 'Move, resize, relink or relabel a hotspot (only the fields sent; the rectangle is checked as a whole)',
      body: s.hotspotPatch,
      minProperties: 1,
      response: { 200: s.hotspot },
    },
    async (req) => svc.updateHotspot(db, u(req), req.params.id, req.params.hotspotId, req.body),
  );
  rest.delete<{ Params: Id & { hotspotId: number } }>(
    '/:id/hotspots/:hotspotId',
    {
      summary: 'Delete a hotspot; answers the deleted hotspot',
      response: { 200: s.hotspot },
    },
    async (req) => svc.deleteHotspot(db, u(req), req.params.id, req.params.hotspotId),
  );
}
