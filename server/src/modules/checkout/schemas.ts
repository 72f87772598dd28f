/** JSON schemas of checkout (docs/api/checkout.md). */
import { dateTime, id as rowId, money, nullableString } from '../../lib/schemas.js';
import { GRID_SORTS } from './catalogue.js';
import { PAYMENT_METHODS } from './place.js';

export const TAGS = ['checkout'];

const nullableNumber = { type: ['number', 'null'] } as const;
const nullableInteger = { type: ['integer', 'null'] } as const;
const id = rowId;
const ids = (what: string) => ({
  type: 'array',
  items: id,
  maxItems: 50,
  description: `${what} is any of these (repeat the parameter)`,
});

const color = {
  type: 'object',
  properties: { code: { type: 'string' }, name: { type: 'string' }, hex: nullableString },
  required: ['code', 'name', 'hex'],
} as const;

/** The promotion that gives a line its price: a flash sale in its window, or a home-sale group live now. */
export const linePromotion = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: ['flash_sale', 'home_sale'] },
    id: { type: 'integer' },
    name: { type: 'string' },
  },
  required: ['kind', 'id', 'name'],
} as const;

const gridProps = {
  id: { type: 'integer' },
  shopId: { type: 'integer' },
  shopName: { type: 'string' },
  code: { type: 'string' },
  name: { type: 'string' },
  imageUrl: nullableString,
  price: { type: 'number' },
  compareAtPrice: nullableNumber,
  discountPercent: { type: 'integer' },
  stock: { type: 'integer' },
  brandId: nullableInteger,
  brandName: nullableString,
  categoryId: nullableInteger,
  categoryName: nullableString,
  colors: { type: 'array', items: color },
  weightKg: { type: 'number' },
  promotion: linePromotion,
} as const;

export const gridProduct = { type: 'object', properties: gridProps, required: Object.keys(gridProps) } as const;

const detailProps = {
  ...gridProps,
  description: nullableString,
  keyHighlights: { type: 'array', items: { type: 'string' } },
  images: { type: 'array', items: { type: 'string' } },
  unitName: nullableString,
  warrantyName: nullableString,
} as const;
export const productDetail = { type: 'object', properties: detailProps, required: Object.keys(detailProps) } as const;

export const gridQuery = {
  _start: { type: 'integer', minimum: 0, description: 'Index of the first product (default 0)' },
  _end: {
    type: 'integer',
    minimum: 0,
    description: 'Index after the last product; at most 100 a page (default _start + 24)',
  },
  _sort: { type: 'string', enum: GRID_SORTS, description: 'Default: newest first' },
  _order: { type: 'string', enum: ['asc', 'desc'], description: 'Only with _sort (default asc)' },
  name_like: { type: 'string', maxLength: 200, description: 'Name or code contains this (any case)' },
  shopId: ids('The shop'),
  brandId: ids('The brand'),
  categoryId: ids('The level-1 category'),
  price_gte: { ...money(), description: 'Price at least this (THB)' },
  price_lte: { ...money(), description: 'Price at most this (THB)' },
  inStock: { type: 'boolean', description: 'true: only products with stock; false: only sold-out ones' },
} as const;

const choice = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
  required: ['id', 'name'],
} as const;
export const filters = {
  type: 'object',
  properties: {
    shops: { type: 'array', items: choice },
    brands: { type: 'array', items: choice },
    categories: { type: 'array', items: choice },
  },
  required: ['shops', 'brands', 'categories'],
} as const;

const cartItem = {
  type: 'object',
  additionalProperties: false,
  required: ['productId', 'quantity'],
  properties: { productId: id, quantity: { type: 'integer', minimum: 1, maximum: 9999 } },
} as const;

export const quoteBody = {
  items: {
    type: 'array',
    items: cartItem,
    minItems: 1,
    maxItems: 50,
    description: 'The cart: products of one shop, each once',
  },
  districtId: { ...id, description: 'Where it goes (masterdistrict): adds the price of each transport type' },
} as const;

const lineProps = {
  productId: { type: 'integer' },
  shopId: { type: 'integer' },
  shopName: { type: 'string' },
  code: { type: 'string' },
  name: { type: 'string' },
  imageUrl: nullableString,
  price: { type: 'number', description: 'The unit price charged now: that of the live promotion, if any' },
  listPrice: { type: 'number', description: 'The unit price without the promotion' },
  promotion: linePromotion,
  stock: { type: 'integer' },
  weightKg: { type: 'number' },
  quantity: { type: 'integer' },
  amount: { type: 'number' },
  saving: { type: 'number', description: '(listPrice − price) × quantity' },
} as const;
const optionProps = {
  transportType: { type: 'string' },
  transportTypeName: { type: 'string' },
  zone: { type: 'string' },
  zoneName: { type: 'string' },
  ratePrice: nullableNumber,
  price: nullableNumber,
  reason: nullableString,
  deliveryMinDays: { ...nullableInteger, description: 'Delivery takes at least this many days (null: no rate)' },
  deliveryMaxDays: { ...nullableInteger, description: 'and at most this many' },
} as const;
const quoteProps = {
  shopId: { type: 'integer' },
  shopName: { type: 'string' },
  lines: { type: 'array', items: { type: 'object', properties: lineProps, required: Object.keys(lineProps) } },
  subtotal: { type: 'number' },
  saving: { type: 'number', description: 'What the live promotions take off the lines, in all' },
  weightKg: { type: 'number' },
  freeShippingFrom: nullableNumber,
  freeShipping: { type: 'boolean' },
  maxQuantity: { type: 'integer' },
  options: { type: 'array', items: { type: 'object', properties: optionProps, required: Object.keys(optionProps) } },
} as const;
export const quote = { type: 'object', properties: quoteProps, required: Object.keys(quoteProps) } as const;

const text = (min: number, max: number, description: string) => ({
  type: 'string',
  minLength: min,
  maxLength: max,
  description,
});

export const placeBody = {
  idempotencyKey: {
    type: 'string',
    pattern: '^[A-Za-z0-9_-]{16,100}$',
    description: 'Made by the client once per order (e.g. a UUID); the same key places one order and answers it again',
  },
  items: {
    type: 'array',
    minItems: 1,
    maxItems: 50,
    description: 'Products of one shop, each once, with the price the customer was shown',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['productId', 'quantity', 'price'],
      properties: {
        productId: id,
        quantity: { type: 'integer', minimum: 1, maximum: 9999 },
        price: { ...money(), description: 'The unit price shown (THB)' },
        colors: {
          type: 'array',
          items: { type: 'string', minLength: 1, maxLength: 40 },
          maxItems: 10,
          uniqueItems: true,
          description: "Colour codes chosen (the product's own)",
        },
      },
    },
  },
  billing: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'phone', 'address', 'districtId'],
    description: 'The customer and the address the order is billed and sent to',
    properties: {
      name: text(2, 100, "The customer's name"),
      phone: {
        type: 'string',
        minLength: 9,
        maxLength: 20,
        pattern: '^[+0-9][0-9 ()-]*$',
        description: 'Digits, spaces, dashes; +66 is read as 0',
      },
      email: { type: ['string', 'null'], format: 'email', maxLength: 200 },
      address: text(5, 300, 'House number, street'),
      subdistrict: { type: ['string', 'null'], maxLength: 100 },
      districtId: { ...id, description: 'masterdistrict: gives the province and postcode' },
    },
  },
  transportType: {
    type: 'string',
    minLength: 1,
    maxLength: 40,
    description: 'A mastertransporttype code with a rate to the address',
  },
  paymentMethod: { type: 'string', enum: PAYMENT_METHODS },
  couponCode: { type: ['string', 'null'], maxLength: 40, description: "Redeemed once, inside the order's transaction" },
  expectedTotal: {
    ...money({ max: 1e10 }),
    description: 'The total the customer was shown; another one now → 409 with the new total',
  },
} as const;

const placedProps = {
  orderId: { type: 'integer' },
  orderNo: { type: 'string' },
  shopId: { type: 'integer' },
  shopName: { type: 'string' },
  status: { type: 'string' },
  channel: { type: 'string' },
  itemCount: { type: 'integer' },
  subtotal: { type: 'number' },
  discount: { type: 'number' },
  shipping: { type: 'number' },
  total: { type: 'number' },
  couponCode: nullableString,
  createdAt: dateTime,
} as const;
export const placed = { type: 'object', properties: placedProps, required: Object.keys(placedProps) } as const;
