/**
 * Valid requests for the campaign routes (/api/promotion/{createcampaign,setdatecampaign,closecampaign,createhotspot,
 * widgethotspot}, /api/v2/campaigns) for security.test.ts: a campaign with a hotspot, read through the API as admin,
 * or made through the API when the seed has none. Campaigns are the marketplace's, not a shop's.
 */
import type { FastifyInstance } from 'fastify';
import { multipartSync, samples } from './product-files.js';

export type CampaignIds = Record<string, number>;

type Sample = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
};

/** The ids of records these routes take, from the seeded data (made through the API as admin when the seed has none). */
export async function campaignIdsOf(
  app: FastifyInstance,
  _shop: number,
  admin: { authorization: string },
): Promise<CampaignIds> {
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    payload?: object | Buffer,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.inject({ method, url, payload, headers: { ...admin, ...headers } });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const withHotspot = (
    (await call('GET', '/api/v2/campaigns?status=draft&status=active')) as { id: number; hotspotCount: number }[]
  ).find((c) => c.hotspotCount > 0);
  if (withHotspot) {
    const detail = await call('GET', `/api/v2/campaigns/${withHotspot.id}`);
    return {
      campaign: detail.id,
      version: detail.version,
      hotspot: detail.hotspots[0].id,
      product: detail.hotspots[0].productId,
    };
  }
  const { data: created } = await call('POST', '/api/promotion/createcampaign', {
    name: 'Probe campaign',
    startsAt: '2026-12-01T00:00:00+07:00',
    endsAt: null,
    timezone: 'Asia/Bangkok',
  });
  const upload = multipartSync(
    { version: String(created.version) },
    { name: 'file', filename: 'probe.png', data: samples.png() },
  );
  await call('POST', `/api/v2/campaigns/${created.id}/image`, upload.payload, upload.headers);
  const [product] = (await call('GET', '/api/product/productlist?approvalStatus=approved&page=1&limit=1')).items as {
    id: number;
  }[];
  const { data: hotspot } = await call('POST', '/api/promotion/createhotspot', {
    campaignId: created.id,
    productId: product.id,
    x: 0.1,
    y: 0.1,
    width: 0.2,
    height: 0.2,
  });
  return { campaign: created.id, version: created.version + 1, hotspot: hotspot.id, product: product.id };
}

/** A request that passes validation for the route, or undefined when the route is not one of these. */
export function campaignSample(method: string, url: string, _shop: number, ids: CampaignIds): Sample | undefined {
  const path = url.replace(':id', String(ids.campaign)).replace(':hotspotId', String(ids.hotspot));
  const rect = { x: 0.2, y: 0.2, width: 0.1, height: 0.1 };
  switch (`${method} ${url}`) {
    case 'POST /api/promotion/createcampaign':
      return {
        method: 'POST',
        url,
        payload: { name: 'Probe', startsAt: '2026-12-01T00:00:00+07:00', endsAt: null, timezone: 'Asia/Bangkok' },
      };
    case 'POST /api/promotion/setdatecampaign':
      return {
        method: 'POST',
        url,
        payload: { id: ids.campaign, version: ids.version, endsAt: '2027-01-01T00:00:00+07:00' },
      };
    case 'POST /api/promotion/closecampaign':
      return { method: 'POST', url, payload: { id: ids.campaign, version: ids.version } };
    case 'POST /api/promotion/createhotspot':
      return { method: 'POST', url, payload: { campaignId: ids.campaign, productId: ids.product, ...rect } };
    case 'GET /api/promotion/widgethotspot':
      return { method: 'GET', url: `${url}?id=${ids.campaign}&preview=true` };
    case 'GET /api/v2/campaigns':
      return { method: 'GET', url: `${url}?q=Probe&status=draft` };
    case 'GET /api/v2/campaigns/:id':
      return { method: 'GET', url: path };
    case 'PATCH /api/v2/campaigns/:id':
      return { method: 'PATCH', url: path, payload: { version: ids.version, name: 'Probe' } };
    case 'POST /api/v2/campaigns/:id/image':
      return {
        method: 'POST',
        url: path,
        ...multipartSync(
          { version: String(ids.version) },
          { name: 'file', filename: 'probe.png', data: samples.png() },
        ),
      };
    case 'POST /api/v2/campaigns/:id/activate':
      return { method: 'POST', url: path, payload: { version: ids.version } };
    case 'PATCH /api/v2/campaigns/:id/hotspots/:hotspotId':
      return { method: 'PATCH', url: path, payload: rect };
    case 'DELETE /api/v2/campaigns/:id/hotspots/:hotspotId':
      return { method: 'DELETE', url: path };
    default:
      return undefined;
  }
}
