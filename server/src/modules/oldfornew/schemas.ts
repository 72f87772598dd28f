/** JSON schemas of the trade-in campaigns (docs/api/oldfornew.md). */
import { PRODUCT_STATES } from '../../db/schema.js';
import { WINDOW_FIELDS } from '../../lib/window.js';
import { dateTime, id, listResponse, pageQuery, writeResponse } from '../../lib/schemas.js';

export const TAGS = ['oldfornew'];
export const NAME_MAX = 80;
export const PRODUCTS_MAX = 200;
/** A percent discount lies in this range. */
export const PERCENT = { min: 1, max: 90 } as const;
export const DISCOUNT_TYPES = ['percent', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const STATUSES = ['active', 'closed', 'live', 'scheduled', 'expired'] as const;
export type StatusFilter = (typeof STATUSES)[number];

const nullableString = { type: ['string', 'null'] } as const;
const name = {
  type: 'string',
  minLength: 1,
  maxLength: NAME_MAX,
  description: `1–${NAME_MAX} characters after trimming`,
} as const;
const discountType = {
  type: 'string',
  enum: DISCOUNT_TYPES,
  description: 'percent (of the product price) or fixed (THB off)',
} as const;
const discountValue = {
  type: 'number',
  exclusiveMinimum: 0,
  maximum: 1e9,
  multipleOf: 0.01,
  description: `percent: ${PERCENT.min}–${PERCENT.max}; fixed: THB above 0 and not above any eligible product's price`,
} as const;
const productIds = {
  type: 'array',
  items: id,
  minItems: 1,
  maxItems: PRODUCTS_MAX,
  uniqueItems: true,
  description: `The eligible products (1–${PRODUCTS_MAX}); products added must be approved`,
} as const;
const updatedAt = { ...dateTime, description: "The campaign's updatedAt as read; stale → 409" } as const;

const productProps = {
  id: { type: 'integer' },
  code: { type: 'string' },
  name: { type: 'string' },
  imageUrl: nullableString,
  shopName: { type: 'string' },
  approvalStatus: { type: 'string', enum: PRODUCT_STATES },
  price: { type: 'number' },
  tradeInPrice: {
    type: 'number',
    description: 'What a customer pays when trading in an old item: the price less the discount',
  },
};
export const product = { type: 'object', properties: productProps, required: Object.keys(productProps) } as const;

const campaignProps = {
  id: { type: 'integer' },
  name: { type: 'string' },
  discountType: { type: 'string', enum: DISCOUNT_TYPES },
  discountValue: { type: 'number' },
  startsAt: dateTime,
  endsAt: { type: ['string', 'null'], format: 'date-time' },
  timezone: { type: 'string' },
  status: { type: 'string', enum: ['active', 'closed'], description: 'active or closed (closing is final)' },
  createdBy: { type: ['integer', 'null'] },
  createdByName: nullableString,
  createdAt: dateTime,
  updatedAt: dateTime,
  productCount: { type: 'integer' },
  products: { type: 'array', items: product },
};
export const campaign = { type: 'object', properties: campaignProps, required: Object.keys(campaignProps) } as const;

export const schemas = {
  oldfornew: {
    summary: 'Trade-in campaigns with their products, newest first, paged',
    query: {
      ...pageQuery,
      search: { type: 'string', maxLength: 100, description: 'Campaign name contains this, any case' },
      status: {
        type: 'string',
        enum: STATUSES,
        description: 'active or closed; live, scheduled or expired: active and, by its window, now',
      },
    },
    response: listResponse(campaign),
  },
  createoldfornew: {
    summary: 'A new trade-in campaign: eligible products, a discount and a window',
    body: { name, discountType, discountValue, ...WINDOW_FIELDS, productIds },
    required: ['name', 'discountType', 'discountValue', 'startsAt', 'productIds'],
    response: writeResponse(campaign),
  },
  editoldfornew: {
    summary:
      'Change an active trade-in campaign (only the fields sent; productIds is the whole list); updatedAt must be the one read',
    addition: true,
    body: { id, updatedAt, name, discountType, discountValue, ...WINDOW_FIELDS, productIds },
    required: ['id', 'updatedAt'],
    response: writeResponse(campaign),
  },
  closeoldfornew: {
    summary: 'Close a trade-in campaign at once; closing is final',
    addition: true,
    body: { id, updatedAt: { ...updatedAt, description: 'Optional: the updatedAt as read; stale → 409' } },
    required: ['id'],
    response: writeResponse(campaign),
  },
};
