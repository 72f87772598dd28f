/** Valid requests for the banners routes (security.test.ts): every id a route takes. */
import type { FastifyInstance } from 'fastify';
import { multipartSync, samples } from './product-files.js';

export type BannersIds = Record<string, number>;

const B = '/api/banners/uploadbanner';

/** The first banner type, its first page and that page's first banner, read as admin from the seeded data. */
export async function bannersIdsOf(
  app: FastifyInstance,
  _shop: number,
  admin: { authorization: string },
): Promise<BannersIds> {
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: admin });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().items as { id: number }[];
  };
  const [type] = await get(`${B}/getmasterType`);
  const [menu] = await get(`${B}/getBannerTypeMenu?typeId=${type.id}`);
  const [banner] = await get(`${B}/getlistbanners?typeId=${type.id}&menuId=${menu.id}`);
  return { typeId: type.id, menuId: menu.id, bannerId: banner.id };
}

/** A request that passes validation for the route, or undefined when the route is not one of these. */
export function bannersSample(
  method: string,
  url: string,
  _shop: number,
  ids: BannersIds,
):
  | { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object; headers?: Record<string, string> }
  | undefined {
  if (!url.startsWith(`${B}/`)) return undefined;
  const { typeId, menuId, bannerId } = ids;
  const post = (payload: object) => ({ method: 'POST' as const, url, payload });
  switch (`${method} ${url.slice(B.length + 1)}`) {
    case 'GET getmasterType':
      return { method: 'GET', url };
    case 'GET getBannerTypeMenu':
      return { method: 'GET', url: `${url}?typeId=${typeId}` };
    case 'GET getlistbanners':
      return { method: 'GET', url: `${url}?typeId=${typeId}&menuId=${menuId}&status=live` };
    case 'POST sortbanner':
      return post({ typeId, menuId, ids: [bannerId] });
    case 'POST updatestatusbanner':
      return post({ id: bannerId, active: false });
    case 'POST updatetimebanner':
      return post({ id: bannerId, startsAt: '2027-01-01T00:00:00+07:00', endsAt: null, timezone: 'Asia/Bangkok' });
    case 'POST deletebanner':
      return post({ id: bannerId });
    case 'POST upload':
      return {
        method: 'POST',
        url,
        ...multipartSync(
          { typeId: String(typeId), menuId: String(menuId), title: 'Probe', startsAt: '2027-01-01T00:00:00+07:00' },
          { name: 'file', filename: 'probe.png', data: samples.png() },
        ),
      };
    default:
      return undefined;
  }
}
