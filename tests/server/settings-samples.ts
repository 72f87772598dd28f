/** Valid requests for the shipping-rate and config-control routes (security.test.ts). Rates and settings belong to no shop. */
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { provinces, shippingRates } from '../../server/src/db/schema.js';

export type SettingsIds = { rate: number; province: number };

type Sample = { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object };

/** The first seeded rate and Bangkok. */
export async function settingsIdsOf(
  app: FastifyInstance,
  _shopId: number,
  _admin: { authorization: string },
): Promise<SettingsIds> {
  const [rate] = await app.db
    .select({ id: shippingRates.id })
    .from(shippingRates)
    .orderBy(asc(shippingRates.id))
    .limit(1);
  const [province] = await app.db.select({ id: provinces.id }).from(provinces).where(eq(provinces.code, 'BKK'));
  return { rate: rate.id, province: province.id };
}

/** A request that passes validation for the route, or undefined when the route is not one of these. */
export function settingsSample(method: string, url: string, _shopId: number, ids: SettingsIds): Sample | undefined {
  switch (`${method} ${url}`) {
    case 'GET /api/setting/shippingrate':
      return { method: 'GET', url: `${url}?zone=bkk` };
    case 'POST /api/setting/createshippingrate':
      return { method: 'POST', url, payload: { id: ids.rate, version: 1, price: 1 } };
    case 'GET /api/setting/configcontrol':
      return { method: 'GET', url };
    case 'PATCH /api/v2/settings':
      return { method: 'PATCH', url, payload: { key: 'checkoutMaxQuantity', value: 10, updatedAt: null } };
    case 'GET /api/v2/client-settings':
      return { method: 'GET', url };
    // The zones' staff REST resource (owner none): zone 10 (Bangkok) exists in the seed.
    case 'GET /api/v2/shipping-zones':
      return { method: 'GET', url };
    case 'GET /api/v2/shipping-zones/:id':
      return { method: 'GET', url: url.replace(':id', '10') };
    case 'POST /api/v2/shipping-zones':
      return {
        method: 'POST',
        url,
        payload: { code: 'sample_zone', name: 'Sample zone', nameTh: 'ตัวอย่าง', provinces: [] },
      };
    case 'PATCH /api/v2/shipping-zones/:id':
      return { method: 'PATCH', url: url.replace(':id', '10'), payload: { name: 'Bangkok and vicinity' } };
    case 'POST /api/v2/shipping-quotes':
      return { method: 'POST', url, payload: { provinceId: ids.province, weightKg: 1 } };
    default:
      return undefined;
  }
}
