/** Valid requests for the home-sale and trade-in routes under /api/promotion (security.test.ts). */
import type { FastifyInstance } from 'fastify';

export type PromotionIds = Record<string, number | string>;

const P = '/api/promotion';

/** A home-sale group and one of its links, a trade-in campaign and an approved product of the shop, read through the API as admin. */
export async function promotionIdsOf(
  app: FastifyInstance,
  shop: number,
  admin: { authorization: string },
): Promise<PromotionIds> {
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: admin });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const [group] = (await get(`${P}/listhomesale?page=1&limit=1`)).items as { id: number }[];
  const { data } = (await get(`${P}/loadhomesale?id=${group.id}`)) as {
    data: { version: number; links: { id: number }[] };
  };
  const [campaign] = (await get(`${P}/oldfornew?page=1&limit=1`)).items as { id: number; updatedAt: string }[];
  const [product] = (await get(`/api/product/productlist?shopId=${shop}&approvalStatus=approved&page=1&limit=1`))
    .items as { id: number }[];
  return {
    group: group.id,
    version: data.version,
    link: data.links[0].id,
    campaign: campaign.id,
    updatedAt: campaign.updatedAt,
    product: product.id,
  };
}

/** A request that passes validation for the route, or undefined when the route is not one of these. */
export function promotionSample(
  method: string,
  url: string,
  _shop: number,
  ids: PromotionIds,
):
  | { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object; headers?: Record<string, string> }
  | undefined {
  const window = {
    startsAt: '2026-12-01T09:00:00+07:00',
    endsAt: '2026-12-31T23:59:00+07:00',
    timezone: 'Asia/Bangkok',
  };
  const reads: Record<string, string> = {
    [`${P}/mastergrouplist`]: '',
    [`${P}/listhomesale`]: '?page=1&limit=10',
    [`${P}/loadhomesale`]: `?id=${ids.group}`,
    [`${P}/oldfornew`]: '?page=1&limit=10&status=active',
  };
  if (method === 'GET' && url in reads) return { method, url: url + reads[url] };
  const writes: Record<string, object> = {
    [`${P}/addpromotionhomesale`]: { name: 'Probe', groupType: 'hot_deals', ...window, productIds: [ids.product] },
    [`${P}/editpromotionhomesale`]: { id: ids.group, version: ids.version, name: 'Probe' },
    [`${P}/deletelinkgroup`]: { linkId: ids.link },
    [`${P}/setstatuslink`]: { linkId: ids.link, active: false },
    [`${P}/createoldfornew`]: {
      name: 'Probe',
      discountType: 'percent',
      discountValue: 10,
      ...window,
      productIds: [ids.product],
    },
    [`${P}/editoldfornew`]: { id: ids.campaign, updatedAt: ids.updatedAt, name: 'Probe' },
    [`${P}/closeoldfornew`]: { id: ids.campaign },
  };
  if (method === 'POST' && url in writes) return { method, url, payload: writes[url] };
  return undefined;
}
