/** Valid requests for the shop routes (shop lists and look-ups, /api/brandshop/*, /api/housebrand/brandprofile|masterbrand|shopmaster, /api/v2/shops, /api/v2/shop-reviews, /api/v2/shop-banner*, /api/v2/storefront-images) with a given shop's ids (security.test.ts): every id a route takes. */
import type { FastifyInstance } from 'fastify';
import { multipartSync, samples } from './product-files.js';

export type ShopIds = Record<string, number>;

/**
 * A banner category of the shop and a banner in it, read through the API as admin; made through the API
 * when the seed has none (a house brand has no banners: it gets none and the banner routes are not its).
 */
export async function brandshopIdsOf(
  app: FastifyInstance,
  shop: number,
  admin: { authorization: string },
): Promise<ShopIds> {
  const call = async (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method, url, payload, headers: { ...admin, ...headers } });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} for shop ${shop}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const profile = await call('GET', `/api/v2/shops/${shop}`);
  if (profile.kind !== 'supplier') return {};
  let [category] = (await call('GET', `/api/v2/shop-banner-categories?shopId=${shop}`)) as { id: number }[];
  category ??= await call('POST', '/api/v2/shop-banner-categories', { shopId: shop, name: 'Probe banners' });
  let [banner] = (await call('GET', `/api/v2/shop-banners?shopId=${shop}&categoryId=${category.id}`)) as {
    id: number;
  }[];
  if (!banner) {
    const upload = multipartSync(
      { shopId: String(shop) },
      { name: 'file', filename: 'probe.png', data: samples.png() },
    );
    const { url } = await call('POST', '/api/v2/storefront-images', upload.payload, upload.headers);
    banner = await call('POST', '/api/v2/shop-banners', {
      shopId: shop,
      categoryId: category.id,
      title: 'Probe banner',
      imageUrl: url,
    });
  }
  return { category: category.id, banner: banner.id };
}

const K = '/api/supplier/kanban';
/** An image path of the stored shape; the shop check comes before the file is looked for. */
const IMAGE = `/uploads/image/${'0'.repeat(32)}.png`;

/** A request that passes validation for the route, or undefined when the route is not one of these. */
export function brandshopSample(
  method: string,
  url: string,
  shop: number,
  ids: ShopIds,
):
  | { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object; headers?: Record<string, string> }
  | undefined {
  const at = (path: string) =>
    path.replace(
      ':id',
      String(url.includes('shop-banner-categories') ? ids.category : url.includes('shop-banners') ? ids.banner : shop),
    );
  const key = `${method} ${url}`;
  const reads: Record<string, string> = {
    [`GET ${K}/shopprofile`]: `?shopId=${shop}&page=1&limit=10`,
    [`GET ${K}/shopProfile`]: `?shopId=${shop}`,
    [`GET ${K}/shopMaster`]: `?shopId=${shop}`,
    'GET /api/housebrand/masterbrand': '',
    'GET /api/housebrand/shopmaster': '',
    'GET /api/v2/shops/:id': '',
    'GET /api/v2/shops/:id/storefront': '?source=draft',
    'GET /api/v2/shop-banner-categories': `?shopId=${shop}`,
    'GET /api/v2/shop-banner-categories/:id': '',
    'GET /api/v2/shop-banners': `?shopId=${shop}`,
    'GET /api/v2/shop-banners/:id': '',
  };
  if (key in reads) return { method: 'GET', url: at(url) + reads[key] };
  const writes: Record<string, object> = {
    'POST /api/brandshop/deletebrannercate': { entityid: ids.category, shopId: shop },
    'POST /api/housebrand/brandprofile': { shoptype: 'housebrand', page: 1, limit: 10 },
    'PATCH /api/v2/shops/:id': { version: 1, description: 'Probe' },
    'POST /api/v2/shops/:id/publish': { version: 0 },
    'POST /api/v2/shops/:id/rollback': { liveVersion: 1 },
    'POST /api/v2/shop-reviews/:id/approve': {},
    'POST /api/v2/shop-reviews/:id/reject': { reason: 'Probe reason' },
    'POST /api/v2/shop-banner-categories': { shopId: shop, name: 'Probe' },
    'PATCH /api/v2/shop-banner-categories/:id': { name: 'Probe 2' },
    'DELETE /api/v2/shop-banner-categories/:id': {},
    'POST /api/v2/shop-banners': { shopId: shop, categoryId: ids.category, title: 'Probe', imageUrl: IMAGE },
    'PATCH /api/v2/shop-banners/:id': { title: 'Probe 2' },
    'DELETE /api/v2/shop-banners/:id': {},
  };
  if (key in writes) {
    const m = method as 'POST' | 'PATCH' | 'DELETE';
    return m === 'DELETE' ? { method: m, url: at(url) } : { method: m, url: at(url), payload: writes[key] };
  }
  if (key === 'POST /api/v2/storefront-images') {
    const { payload, headers } = multipartSync(
      { shopId: String(shop) },
      { name: 'file', filename: 'probe.png', data: samples.png() },
    );
    return { method: 'POST', url, payload, headers };
  }
  return undefined;
}
