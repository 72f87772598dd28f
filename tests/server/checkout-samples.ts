/** Valid requests for the checkout routes (security.test.ts): staff sell any shop's products, so the ids are the shop's first product on sale and a district. */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { districts, products } from '../../server/src/db/schema.js';

export type CheckoutIds = { product: number; district: number };

type Sample = { method: 'GET' | 'POST'; url: string; payload?: object };

export async function checkoutIdsOf(
  app: FastifyInstance,
  shopId: number,
  _admin: { authorization: string },
): Promise<CheckoutIds> {
  const [product] = await app.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.shopId, shopId), eq(products.approvalStatus, 'approved'), eq(products.online, true)))
    .orderBy(asc(products.id))
    .limit(1);
  const [district] = await app.db.select({ id: districts.id }).from(districts).orderBy(asc(districts.id)).limit(1);
  return { product: product.id, district: district.id };
}

/** A request that passes validation for the route, or undefined when the route is not one of these. */
export function checkoutSample(method: string, url: string, _shopId: number, ids: CheckoutIds): Sample | undefined {
  if (!url.startsWith('/api/v2/checkout-')) return undefined;
  const items = [{ productId: ids.product, quantity: 1 }];
  switch (`${method} ${url}`) {
    case 'GET /api/v2/checkout-products':
      return { method: 'GET', url: `${url}?_start=0&_end=5&_sort=price` };
    case 'GET /api/v2/checkout-products/:id':
      return { method: 'GET', url: url.replace(':id', String(ids.product)) };
    case 'GET /api/v2/checkout-filters':
      return { method: 'GET', url };
    case 'POST /api/v2/checkout-quotes':
      return { method: 'POST', url, payload: { items, districtId: ids.district } };
    case 'POST /api/v2/checkout-orders':
      return {
        method: 'POST',
        url,
        payload: {
          idempotencyKey: 'security-walker-probe-0001',
          items: items.map((i) => ({ ...i, price: 1 })),
          transportType: 'kerry',
          paymentMethod: 'transfer',
          expectedTotal: 1,
          billing: { name: 'Probe', phone: '0812345678', address: '1 Probe Rd', districtId: ids.district },
        },
      };
    default:
      return undefined;
  }
}
