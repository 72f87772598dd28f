/** JSON schemas of coupon lines (docs/api/coupons.md). */
import { dateTime, money as moneyOf, nullableDateTime, nullableString } from '../../lib/schemas.js';
import { WINDOW_FIELDS } from '../../lib/window.js';

export const TAGS = ['coupons'];

export const BATCH_STATES = ['scheduled', 'live', 'expired', 'closed'] as const;
export type BatchState = (typeof BATCH_STATES)[number];
export const BATCH_SORTS = ['createdAt', 'startsAt', 'name'] as const;
export const CODE_COUNT_MAX = 10_000;
export const PERCENT_MAX = 90;
const nullableNumber = { type: ['number', 'null'] } as const;
const money = moneyOf();

export const batch = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    prefix: { type: 'string' },
    discountType: { type: 'string', enum: ['percent', 'fixed'] },
    discountValue: { type: 'number' },
    maxDiscount: nullableNumber,
    minSpend: { type: 'number' },
    codeCount: { type: 'integer' },
    usesPerCode: { type: 'integer' },
    usesPerCustomer: { type: 'integer' },
    startsAt: dateTime,
    endsAt: nullableDateTime,
    timezone: { type: 'string' },
    status: { type: 'string', enum: BATCH_STATES },
    codesUsed: { type: 'integer' },
    redemptionCount: { type: 'integer' },
    createdAt: dateTime,
    createdByName: nullableString,
  },
  required: [
    'id',
    'name',
    'prefix',
    'discountType',
    'discountValue',
    'maxDiscount',
    'minSpend',
    'codeCount',
    'usesPerCode',
    'usesPerCustomer',
    'startsAt',
    'endsAt',
    'timezone',
    'status',
    'codesUsed',
    'redemptionCount',
    'createdAt',
    'createdByName',
  ],
} as const;

const page = {
  _start: { type: 'integer', minimum: 0, description: 'Index of the first row (default 0)' },
  _end: {
    type: 'integer',
    minimum: 0,
    description: 'Index after the last row; at most 100 rows a page (default _start + 100)',
  },
} as const;

export const batchListQuery = {
  ...page,
  _sort: { type: 'string', enum: BATCH_SORTS, description: 'Default: createdAt, newest first' },
  _order: { type: 'string', enum: ['asc', 'desc'], description: 'Only with _sort (default asc)' },
  status: {
    type: 'array',
    items: { type: 'string', enum: BATCH_STATES },
    maxItems: 4,
    description: 'Any of these states (repeat the parameter)',
  },
  name_like: { type: 'string', maxLength: 200, description: 'Name or prefix contains this (any case)' },
  code: { type: 'string', maxLength: 40, description: 'The batch holding this exact code' },
} as const;

export const createBody = {
  name: { type: 'string', minLength: 1, maxLength: 80, description: 'Shown to staff, 1–80 characters after trimming' },
  prefix: {
    type: 'string',
    pattern: '^[A-Za-z0-9]{2,10}$',
    description: '2–10 letters or digits, stored in capitals; codes read PREFIX-XXXXXXXX',
  },
  discountType: { type: 'string', enum: ['percent', 'fixed'] },
  discountValue: {
    ...moneyOf({ positive: true, max: 1e6 }),
    description: `percent: a whole number 1–${PERCENT_MAX}; fixed: THB`,
  },
  maxDiscount: {
    type: ['number', 'null'],
    exclusiveMinimum: 0,
    maximum: 1e6,
    description: 'Cap of a percent discount, THB (percent only)',
  },
  minSpend: { ...money, description: 'Least subtotal, THB (default 0)' },
  codeCount: { type: 'integer', minimum: 1, maximum: CODE_COUNT_MAX },
  usesPerCode: { type: 'integer', minimum: 1, maximum: 10_000, description: 'Default 1' },
  usesPerCustomer: {
    type: 'integer',
    minimum: 1,
    maximum: 10_000,
    description: 'Uses of this batch per customer (default 1)',
  },
  ...WINDOW_FIELDS,
} as const;

export const code = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    usedCount: { type: 'integer' },
    usesLeft: { type: 'integer' },
  },
  required: ['id', 'code', 'usedCount', 'usesLeft'],
} as const;

export const codeListQuery = {
  ...page,
  code_like: { type: 'string', maxLength: 40, description: 'Code contains this (any case)' },
  used: { type: 'boolean', description: 'true: codes used at least once; false: never used' },
} as const;

export const report = {
  type: 'object',
  properties: {
    batchId: { type: 'integer' },
    codeCount: { type: 'integer' },
    codesUsed: { type: 'integer' },
    redemptions: { type: 'integer' },
    orders: { type: 'integer' },
    customers: { type: 'integer' },
    discountGiven: { type: 'number' },
    firstRedeemedAt: nullableDateTime,
    lastRedeemedAt: nullableDateTime,
  },
  required: [
    'batchId',
    'codeCount',
    'codesUsed',
    'redemptions',
    'orders',
    'customers',
    'discountGiven',
    'firstRedeemedAt',
    'lastRedeemedAt',
  ],
} as const;

export const redemption = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    orderId: { type: ['integer', 'null'] },
    orderNo: nullableString,
    customer: { type: 'string' },
    discount: { type: 'number' },
    redeemedAt: dateTime,
  },
  required: ['id', 'code', 'orderId', 'orderNo', 'customer', 'discount', 'redeemedAt'],
} as const;

export const checkBody = {
  code: {
    type: 'string',
    minLength: 1,
    maxLength: 40,
    description: 'As the customer typed it (any case, spaces trimmed)',
  },
  subtotal: { ...money, description: 'The order subtotal, THB' },
  customer: { type: 'string', minLength: 3, maxLength: 254, description: "The customer's e-mail or phone number" },
} as const;

export const checkAnswer = {
  type: 'object',
  properties: {
    code: { type: 'string' },
    batchId: { type: 'integer' },
    batchName: { type: 'string' },
    discountType: { type: 'string', enum: ['percent', 'fixed'] },
    discountValue: { type: 'number' },
    maxDiscount: nullableNumber,
    subtotal: { type: 'number' },
    discount: { type: 'number' },
    total: { type: 'number' },
  },
  required: [
    'code',
    'batchId',
    'batchName',
    'discountType',
    'discountValue',
    'maxDiscount',
    'subtotal',
    'discount',
    'total',
  ],
} as const;
