/** JSON schemas of the analytics and e-commerce overviews (docs/api/dashboard.md). */
import { id } from '../../lib/schemas.js';
import { MAX_RANGE_DAYS } from './range.js';
import { AWAITING_APPROVAL, OPEN_CLAIM_STATUSES } from './service.js';

export const TAGS = ['dashboard'];

const int = { type: 'integer' } as const;
const number = { type: 'number' } as const;
const nullableNumber = { type: ['number', 'null'] } as const;
const day = { type: 'string', description: 'YYYY-MM-DD (Bangkok calendar day)' } as const;
const obj = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});
const counts = (keys: readonly string[]) => obj(Object.fromEntries(keys.map((k) => [k, int])));

export const rangeQuery = {
  from: { type: 'string', maxLength: 10, description: 'First day, YYYY-MM-DD (Bangkok); default: 29 days before to' },
  to: {
    type: 'string',
    maxLength: 10,
    description: `Last day, YYYY-MM-DD (Bangkok), included; default: today; at most ${MAX_RANGE_DAYS} days from from`,
  },
} as const;

export const analyticsQuery = {
  ...rangeQuery,
  shopId: { ...id, description: 'Only this shop (404 when the caller does not reach it)' },
  channel: {
    type: 'string',
    maxLength: 40,
    description: 'Only this order channel (a code of /api/masterdata/masterorderchanel)',
  },
} as const;

const range = obj({ from: day, to: day, days: int });

const totals = obj({
  visits: int,
  visitors: int,
  orders: { type: 'integer', description: 'Orders placed in the range, cancelled ones included' },
  cancelled: int,
  revenue: { type: 'number', description: 'THB, orders not cancelled' },
  conversion: { type: ['number', 'null'], description: 'orders ÷ visitors (0.025 = 2.5 %); null without visitors' },
  averageOrderValue: { type: ['number', 'null'], description: 'revenue ÷ orders not cancelled; null without them' },
});
const delta = (keys: string[]) => ({
  ...obj(Object.fromEntries(keys.map((k) => [k, nullableNumber]))),
  description:
    'Relative change against the previous range (0.25 = +25 %); null when the previous figure is 0 or missing',
});
const analyticsDelta = delta(['visitors', 'orders', 'revenue', 'conversion', 'averageOrderValue']);

export const visitorsResponse = obj({
  range,
  items: {
    type: 'array',
    items: obj({ day, visits: int, visitors: int }),
    description: 'Every day of the range, oldest first',
  },
  total: obj({ visits: int, visitors: int }),
  channels: { type: 'array', items: obj({ channel: { type: 'string' }, visits: int, visitors: int }) },
});

export const analyticsResponse = obj({
  range,
  previous: range,
  totals: obj({ current: totals, previous: totals, delta: analyticsDelta }),
  channels: {
    type: 'array',
    items: obj({ channel: { type: 'string' }, current: totals, previous: totals, delta: analyticsDelta }),
  },
  daily: { type: 'array', items: obj({ day, visitors: int, orders: int, revenue: number }) },
});

const saleTotals = obj({ orders: int, cancelled: int, items: int, revenue: number, averageOrderValue: nullableNumber });

export const overviewResponse = obj({
  range,
  previous: range,
  totals: obj({
    current: saleTotals,
    previous: saleTotals,
    delta: delta(['orders', 'revenue', 'items', 'averageOrderValue']),
  }),
  trend: { type: 'array', items: obj({ day, orders: int, revenue: number }) },
  byStatus: { type: 'array', items: obj({ status: { type: 'string' }, orders: int }) },
  topProducts: {
    type: 'array',
    items: obj({
      productId: int,
      code: { type: 'string' },
      name: { type: 'string' },
      shopId: int,
      shopName: { type: 'string' },
      units: int,
      revenue: number,
    }),
  },
  topShops: { type: 'array', items: obj({ shopId: int, name: { type: 'string' }, orders: int, revenue: number }) },
  pending: obj({
    products: counts(AWAITING_APPROVAL),
    slips: counts(['pending']),
    claims: counts(OPEN_CLAIM_STATUSES),
  }),
});
