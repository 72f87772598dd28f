/** Valid requests for the flash-sale, coupon-line and calendar routes (security.test.ts): every id a route takes. */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, notExists } from 'drizzle-orm';
import { couponBatches, flashSales, products } from '../../server/src/db/schema.js';

export type FlashsaleIds = Record<string, number>;

/** The seeded scheduled flash sale and a coupon batch, and an approved, online product with no flash sale yet. */
export async function flashsaleIdsOf(
  app: FastifyInstance,
  _shop: number,
  _admin: { authorization: string },
): Promise<FlashsaleIds> {
  const [sale] = await app.db
    .select({ id: flashSales.id })
    .from(flashSales)
    .where(eq(flashSales.status, 'scheduled'))
    .orderBy(asc(flashSales.id))
    .limit(1);
  const [batch] = await app.db
    .select({ id: couponBatches.id })
    .from(couponBatches)
    .orderBy(asc(couponBatches.id))
    .limit(1);
  const [product] = await app.db
    .select({ id: products.id, price: products.price })
    .from(products)
    .where(
      and(
        eq(products.approvalStatus, 'approved'),
        eq(products.online, true),
        notExists(app.db.select({ id: flashSales.id }).from(flashSales).where(eq(flashSales.productId, products.id))),
      ),
    )
    .orderBy(asc(products.id))
    .limit(1);
  if (!sale || !batch || !product) throw new Error('The demo seed has no flash sale, coupon batch or free product');
  return { sale: sale.id, batch: batch.id, product: product.id, salePrice: Math.floor(Number(product.price) / 2) };
}

const DAY = 86_400_000;

/** A request that passes validation for the route, or undefined when the route is not one of these. */
export function flashsaleSample(
  method: string,
  url: string,
  _shop: number,
  ids: FlashsaleIds,
):
  | { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object; headers?: Record<string, string> }
  | undefined {
  const soon = new Date(Date.now() + 400 * DAY);
  const window = {
    startsAt: soon.toISOString(),
    endsAt: new Date(soon.getTime() + DAY).toISOString(),
    timezone: 'Asia/Bangkok',
  };
  const P = '/api/promotion';
  const batch = (path: string) => path.replace(':id', String(ids.batch));
  const samples: Record<string, { method: 'GET' | 'POST'; url: string; payload?: object }> = {
    [`GET ${P}/productflashsale`]: { method: 'GET', url: `${P}/productflashsale?page=1&limit=10` },
    [`GET ${P}/listSelectProductFlashsale`]: { method: 'GET', url: `${P}/listSelectProductFlashsale?search=LED` },
    [`POST ${P}/setproductflashsale`]: {
      method: 'POST',
      url: `${P}/setproductflashsale`,
      payload: { productId: ids.product, salePrice: ids.salePrice, stockLimit: 5, ...window },
    },
    [`POST ${P}/closeproductflashsale`]: {
      method: 'POST',
      url: `${P}/closeproductflashsale`,
      payload: { id: ids.sale },
    },
    [`GET ${P}/reportproductflashsale`]: { method: 'GET', url: `${P}/reportproductflashsale?id=${ids.sale}` },
    'GET /api/v2/coupon-batches': { method: 'GET', url: '/api/v2/coupon-batches?_start=0&_end=10' },
    'POST /api/v2/coupon-batches': {
      method: 'POST',
      url: '/api/v2/coupon-batches',
      payload: { name: 'Probe', prefix: 'PROBE', discountType: 'percent', discountValue: 10, codeCount: 1, ...window },
    },
    'GET /api/v2/coupon-batches/:id': { method: 'GET', url: batch('/api/v2/coupon-batches/:id') },
    'POST /api/v2/coupon-batches/:id/close': {
      method: 'POST',
      url: batch('/api/v2/coupon-batches/:id/close'),
      payload: {},
    },
    'GET /api/v2/coupon-batches/:id/codes': {
      method: 'GET',
      url: batch('/api/v2/coupon-batches/:id/codes?_start=0&_end=10'),
    },
    'GET /api/v2/coupon-batches/:id/export': { method: 'GET', url: batch('/api/v2/coupon-batches/:id/export') },
    'GET /api/v2/coupon-batches/:id/report': { method: 'GET', url: batch('/api/v2/coupon-batches/:id/report') },
    'GET /api/v2/coupon-batches/:id/redemptions': {
      method: 'GET',
      url: batch('/api/v2/coupon-batches/:id/redemptions'),
    },
    'POST /api/v2/coupon-checks': {
      method: 'POST',
      url: '/api/v2/coupon-checks',
      payload: { code: 'WELCOME-PROBE', subtotal: 1500, customer: '0812345678' },
    },
    'GET /api/v2/calendar-events': {
      method: 'GET',
      url: `/api/v2/calendar-events?from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(soon.toISOString())}`,
    },
  };
  return samples[`${method} ${url}`];
}
