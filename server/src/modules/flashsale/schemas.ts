/** JSON schemas of flash sales (docs/api/flashsale.md). */
import {
  dateTime,
  id,
  listResponse,
  money as moneyOf,
  nullableDateTime,
  nullableString,
  pageQuery,
  writeResponse,
} from '../../lib/schemas.js';
import { WINDOW_FIELDS } from '../../lib/window.js';

export const TAGS = ['flashsale'];

/** What a sale is now: before its window, inside it, after it, or closed early (final). */
export const SALE_STATES = ['scheduled', 'live', 'expired', 'closed'] as const;
export type SaleState = (typeof SALE_STATES)[number];
export const SALE_SORTS = ['startsAt', 'createdAt', 'salePrice'] as const;

const money = moneyOf({ positive: true });

export const flashSale = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    productId: { type: 'integer' },
    productCode: { type: 'string' },
    productName: { type: 'string' },
    productImageUrl: nullableString,
    productPrice: { type: 'number' },
    shopId: { type: 'integer' },
    shopName: { type: 'string' },
    salePrice: { type: 'number' },
    normalPrice: { type: 'number' },
    discountPercent: { type: 'integer' },
    stockLimit: { type: 'integer' },
    startsAt: dateTime,
    endsAt: dateTime,
    timezone: { type: 'string' },
    status: { type: 'string', enum: SALE_STATES },
    closedAt: nullableDateTime,
    createdAt: dateTime,
    createdByName: nullableString,
  },
  required: [
    'id',
    'productId',
    'productCode',
    'productName',
    'productImageUrl',
    'productPrice',
    'shopId',
    'shopName',
    'salePrice',
    'normalPrice',
    'discountPercent',
    'stockLimit',
    'startsAt',
    'endsAt',
    'timezone',
    'status',
    'closedAt',
    'createdAt',
    'createdByName',
  ],
} as const;

export const saleFigures = {
  type: 'object',
  properties: {
    ...flashSale.properties,
    orderCount: { type: 'integer' },
    unitsOrdered: { type: 'integer' },
    unitsSold: { type: 'integer' },
    revenue: { type: 'number' },
    discount: { type: 'number' },
  },
  required: [...flashSale.required, 'orderCount', 'unitsOrdered', 'unitsSold', 'revenue', 'discount'],
} as const;

const totals = {
  type: 'object',
  properties: {
    sales: { type: 'integer' },
    orderCount: { type: 'integer' },
    unitsSold: { type: 'integer' },
    revenue: { type: 'number' },
    discount: { type: 'number' },
  },
  required: ['sales', 'orderCount', 'unitsSold', 'revenue', 'discount'],
} as const;

export const saleFilters = {
  id: { ...id, description: 'Only this sale' },
  status: {
    type: 'string',
    enum: SALE_STATES,
    description: 'scheduled (not started), live, expired (window over) or closed',
  },
  shopId: { ...id, description: "The product's shop (404 when there is no such shop)" },
  productId: id,
  search: { type: 'string', maxLength: 200, description: 'Product name or code contains this (any case)' },
  from: { ...dateTime, description: 'Sales whose window ends after this' },
  to: { ...dateTime, description: 'Sales whose window starts before this' },
} as const;

export const listQuery = {
  ...pageQuery,
  ...saleFilters,
  sort: { type: 'string', enum: SALE_SORTS, description: 'Default: startsAt, newest first' },
  order: { type: 'string', enum: ['asc', 'desc'], description: 'Only with sort (default asc)' },
} as const;

export const saleList = listResponse(flashSale);
export const reportAnswer = {
  type: 'object',
  properties: { ...listResponse(saleFigures).properties, totals },
  required: ['items', 'total', 'maxpage', 'totals'],
} as const;

export const candidate = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    name: { type: 'string' },
    imageUrl: nullableString,
    shopId: { type: 'integer' },
    shopName: { type: 'string' },
    price: { type: 'number' },
    compareAtPrice: { type: ['number', 'null'] },
  },
  required: ['id', 'code', 'name', 'imageUrl', 'shopId', 'shopName', 'price', 'compareAtPrice'],
} as const;

export const candidateList = listResponse(candidate);

export const candidateQuery = {
  ...pageQuery,
  search: { type: 'string', maxLength: 200, description: 'Product name or code contains this (any case)' },
  shopId: { ...id, description: 'Products of this shop (404 when there is no such shop)' },
} as const;

export const setBody = {
  id: { ...id, description: 'A scheduled sale to change (not started, not closed); left out: a new sale' },
  productId: { ...id, description: 'An approved, online product; on a change it may not differ' },
  salePrice: { ...money, description: "THB, below the product's price, at most two decimals" },
  stockLimit: { type: 'integer', minimum: 1, maximum: 1_000_000, description: 'Units sold at the sale price' },
  ...WINDOW_FIELDS,
} as const;

export const closeBody = { id } as const;
export const saleWrite = writeResponse(flashSale);
