/** Valid requests for the home-category routes (security.test.ts): /api/v2/homecategories and /api/v2/homecategory-targets. */
import type { FastifyInstance } from 'fastify';

export type HomecategoryIds = Record<string, number>;

/** A tile of the seeded home page, read through the API as admin. */
export async function homecategoryIdsOf(
  app: FastifyInstance,
  _shop: number,
  admin: { authorization: string },
): Promise<HomecategoryIds> {
  const res = await app.inject({ method: 'GET', url: '/api/v2/homecategories?_start=0&_end=1', headers: admin });
  if (res.statusCode !== 200) throw new Error(`GET /api/v2/homecategories: ${res.statusCode} ${res.body}`);
  const [tile] = res.json<{ id: number }[]>();
  if (!tile) throw new Error('The demo seed has no home-category tile');
  return { tile: tile.id };
}

/** An image path of the stored shape; access is decided before the file is looked for. */
const IMAGE = `/uploads/image/${'0'.repeat(32)}.png`;
const NAMES = { en: 'Probe', fr: 'Sonde', vi: 'Thử', cn: '探针', ar: 'مسبار' };

/** A request that passes validation for the route, or undefined when the route is not one of these. */
export function homecategorySample(
  method: string,
  url: string,
  _shop: number,
  ids: HomecategoryIds,
):
  | { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object; headers?: Record<string, string> }
  | undefined {
  const at = url.replace(':id', String(ids.tile));
  switch (`${method} ${url}`) {
    case 'GET /api/v2/homecategories':
      return { method: 'GET', url: `${url}?_start=0&_end=10` };
    case 'GET /api/v2/homecategories/:id':
      return { method: 'GET', url: at };
    case 'POST /api/v2/homecategories':
      return {
        method: 'POST',
        url,
        payload: {
          names: NAMES,
          imageUrl: IMAGE,
          linkType: 'category',
          linkId: 1,
          startsAt: '2026-12-01T09:00:00+07:00',
        },
      };
    case 'PATCH /api/v2/homecategories/:id':
      return { method: 'PATCH', url: at, payload: { active: false } };
    case 'DELETE /api/v2/homecategories/:id':
      return { method: 'DELETE', url: at };
    case 'POST /api/v2/homecategories/:id/move':
      return { method: 'POST', url: at, payload: { index: 0 } };
    case 'GET /api/v2/homecategory-targets':
      return { method: 'GET', url: `${url}?linkType=category` };
    default:
      return undefined;
  }
}
