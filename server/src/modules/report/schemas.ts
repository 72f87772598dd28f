import { closedObject, errorResponses, id } from '../../lib/schemas.js';

const int = { type: 'integer' } as const;

export const dashboardSchema = {
  tags: ['report'],
  summary: 'Dashboard figures; suppliers see their own shops only',
  querystring: closedObject({ shopId: id }),
  response: {
    200: {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: {
            products: int,
            productsOnline: int,
            pendingApprovals: int,
            orders: int,
            ordersOpen: int,
            revenue: { type: 'number', description: 'THB, orders not cancelled' },
            posts: int,
            postsPublished: int,
            ordersByMonth: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  month: { type: 'string', description: 'YYYY-MM' },
                  orders: int,
                  revenue: { type: 'number' },
                },
                required: ['month', 'orders', 'revenue'],
              },
            },
          },
          required: [
            'products',
            'productsOnline',
            'pendingApprovals',
            'orders',
            'ordersOpen',
            'revenue',
            'posts',
            'postsPublished',
            'ordersByMonth',
          ],
        },
      },
      required: ['data'],
    },
    ...errorResponses,
  },
} as const;
