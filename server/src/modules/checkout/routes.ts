import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { restRoutes } from '../../rest/resource.js';
import { getProduct, gridFilters, listGrid, quoteCart, type GridQuery, type QuoteInput } from './catalogue.js';
import { placeOrder, type PlaceInput } from './place.js';
import * as s from './schemas.js';

/** Checkout: staff place an order for a customer (docs/api/checkout.md). */
export default async function checkoutRoutes(app: FastifyInstance) {
  const { db } = app;
  const grid = restRoutes(app, 'checkout-products', { tags: s.TAGS });
  grid.get<{ Querystring: GridQuery }>(
    '',
    {
      summary: 'Approved, online products to sell, newest first unless sorted (paged; total in x-total-count)',
      query: s.gridQuery,
      response: {
        200: {
          type: 'array',
          items: s.gridProduct,
          headers: { 'x-total-count': { type: 'integer', description: 'Products matching the filters' } },
        },
      },
    },
    async (req, reply) => {
      const { rows, total } = await listGrid(db, req.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );
  grid.get<{ Params: { id: number } }>(
    '/:id',
    { summary: 'One product on sale: images, colours, stock, weight', response: { 200: s.productDetail } },
    async (req) => getProduct(db, req.params.id),
  );

  restRoutes(app, 'checkout-filters', { tags: s.TAGS }).get(
    '',
    {
      summary: "The grid filters' choices: shops, brands and categories with products on sale",
      response: { 200: s.filters },
    },
    async () => gridFilters(db),
  );

  restRoutes(app, 'checkout-quotes', { tags: s.TAGS }).post<{ Body: QuoteInput }>(
    '',
    {
      summary:
        "The cart priced now: lines with price and stock, subtotal, weight and, with a district, each transport type's price (nothing is stored)",
      body: s.quoteBody,
      required: ['items'],
      response: { 200: s.quote },
    },
    async (req) => quoteCart(db, req.body),
  );

  restRoutes(app, 'checkout-orders', { tags: s.TAGS }).post<{ Body: PlaceInput }>(
    '',
    {
      summary: 'Place a back-office order in one transaction; the same idempotencyKey answers the order it placed',
      description:
        'Prices and stock are read again: a changed price or total → 409 with the new total; not enough stock → 409 naming the item. The coupon is redeemed once.',
      body: s.placeBody,
      required: ['idempotencyKey', 'items', 'billing', 'transportType', 'paymentMethod', 'expectedTotal'],
      response: { 201: s.placed },
    },
    async (req, reply) => reply.code(201).send(await placeOrder(db, requireUser(req), req.body)),
  );
}
