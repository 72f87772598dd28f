/** Shapes of campaigns with hotspots (docs/api/campaign.md). */
import { CAMPAIGN_STATUSES } from '../../db/schema.js';
import { WINDOW_FIELDS } from '../../lib/window.js';
import { dateTime, id, nullableDateTime, nullableString } from '../../lib/schemas.js';

export const TAGS = ['campaign'];
export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 1000;
export const LABEL_MAX = 80;

const nullableInt = { type: ['integer', 'null'] } as const;
const version = {
  type: 'integer',
  minimum: 1,
  description: 'The campaign version the person read; another one → 409',
} as const;

const hotspotProduct = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    name: { type: 'string' },
    price: { type: 'number' },
    imageUrl: nullableString,
    shopName: { type: 'string' },
    approved: {
      type: 'boolean',
      description: 'false once the product is no longer approved: the widget leaves the hotspot out',
    },
  },
  required: ['id', 'code', 'name', 'price', 'imageUrl', 'shopName', 'approved'],
} as const;

export const hotspot = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    campaignId: { type: 'integer' },
    productId: { type: 'integer' },
    x: { type: 'number' },
    y: { type: 'number' },
    width: { type: 'number' },
    height: { type: 'number' },
    label: nullableString,
    product: hotspotProduct,
  },
  required: ['id', 'campaignId', 'productId', 'x', 'y', 'width', 'height', 'label', 'product'],
} as const;

export const campaign = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    description: nullableString,
    imageUrl: nullableString,
    imageWidth: nullableInt,
    imageHeight: nullableInt,
    startsAt: dateTime,
    endsAt: nullableDateTime,
    timezone: { type: 'string' },
    status: { type: 'string', enum: CAMPAIGN_STATUSES },
    closedAt: nullableDateTime,
    hotspotCount: { type: 'integer' },
    version: { type: 'integer' },
    createdAt: dateTime,
    updatedAt: dateTime,
  },
  required: [
    'id',
    'name',
    'description',
    'imageUrl',
    'imageWidth',
    'imageHeight',
    'startsAt',
    'endsAt',
    'timezone',
    'status',
    'closedAt',
    'hotspotCount',
    'version',
    'createdAt',
    'updatedAt',
  ],
} as const;

export const campaignDetail = {
  type: 'object',
  properties: { ...campaign.properties, hotspots: { type: 'array', items: hotspot } },
  required: [...campaign.required, 'hotspots'],
} as const;

const written = (data: unknown) =>
  ({
    type: 'object',
    properties: { status: { type: 'integer' }, message: { type: 'string' }, data },
    required: ['status', 'message', 'data'],
  }) as const;

export const campaignWritten = written(campaignDetail);
export const hotspotWritten = written(hotspot);

export const widget = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        description: nullableString,
        imageUrl: { type: 'string' },
        imageWidth: { type: 'integer' },
        imageHeight: { type: 'integer' },
        startsAt: dateTime,
        endsAt: nullableDateTime,
        timezone: { type: 'string' },
        live: { type: 'boolean' },
        hotspots: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              x: { type: 'number' },
              y: { type: 'number' },
              width: { type: 'number' },
              height: { type: 'number' },
              label: nullableString,
              product: {
                type: 'object',
                properties: {
                  id: { type: 'integer' },
                  name: { type: 'string' },
                  price: { type: 'number' },
                  compareAtPrice: { type: ['number', 'null'] },
                  imageUrl: nullableString,
                  link: { type: 'string' },
                },
                required: ['id', 'name', 'price', 'compareAtPrice', 'imageUrl', 'link'],
              },
            },
            required: ['id', 'x', 'y', 'width', 'height', 'label', 'product'],
          },
        },
      },
      required: [
        'id',
        'name',
        'description',
        'imageUrl',
        'imageWidth',
        'imageHeight',
        'startsAt',
        'endsAt',
        'timezone',
        'live',
        'hotspots',
      ],
    },
  },
  required: ['data'],
} as const;

/** A REST list answer: the rows, the total in `x-total-count`. */
export const rows = (item: unknown) => ({
  type: 'array',
  items: item,
  headers: { 'x-total-count': { type: 'integer', description: 'Rows matching the filters' } },
});

// ---------- bodies ----------

const name = {
  type: 'string',
  minLength: 1,
  maxLength: NAME_MAX,
  description: `1–${NAME_MAX} characters after trimming`,
} as const;
const description = {
  type: ['string', 'null'],
  maxLength: DESCRIPTION_MAX,
  description: `At most ${DESCRIPTION_MAX} characters; null or empty clears it`,
} as const;
const unit = (what: string) => ({
  type: 'number',
  minimum: 0,
  maximum: 1,
  description: `${what}, as a fraction (0–1) of the image's ${what.includes('x') || what.includes('width') ? 'width' : 'height'}`,
});
const rect = {
  x: unit('Left edge x'),
  y: unit('Top edge y'),
  width: unit('Rectangle width'),
  height: unit('Rectangle height'),
} as const;
const label = {
  type: ['string', 'null'],
  maxLength: LABEL_MAX,
  description: `What the hotspot says beside the product, at most ${LABEL_MAX} characters; null or empty: none`,
} as const;
const productId = { ...id, description: 'An approved product (any shop)' } as const;

export const createBody = { name, description, ...WINDOW_FIELDS } as const;
export const createRequired = ['name', 'startsAt', 'endsAt', 'timezone'];
export const windowBody = { id, version, ...WINDOW_FIELDS } as const;
export const closeBody = { id, version } as const;
export const hotspotCreate = { campaignId: id, productId, ...rect, label } as const;
export const hotspotCreateRequired = ['campaignId', 'productId', 'x', 'y', 'width', 'height'];
export const hotspotPatch = { productId, ...rect, label } as const;
export const campaignPatch = { version, name, description } as const;
export const activateBody = { version } as const;

export const widgetQuery = {
  id: { ...id, description: 'The campaign' },
  preview: {
    type: 'boolean',
    default: false,
    description: "The editor's preview: answer a campaign that is not live too (live: false)",
  },
} as const;

export const listQuery = {
  _start: { type: 'integer', minimum: 0, description: 'Index of the first row (default 0)' },
  _end: {
    type: 'integer',
    minimum: 0,
    description: 'Index after the last row; at most 100 rows per page (default _start + 100)',
  },
  _sort: {
    type: 'string',
    enum: ['createdAt', 'startsAt', 'name', 'id'],
    description: 'Sort field (default createdAt, newest first)',
  },
  _order: { type: 'string', enum: ['asc', 'desc'], description: 'Direction (default asc when _sort is sent)' },
  q: { type: 'string', maxLength: 200, description: 'Name contains this text (any case)' },
  status: {
    type: 'array',
    items: { type: 'string', enum: CAMPAIGN_STATUSES },
    maxItems: 3,
    description: 'Status is any of these (repeat the parameter)',
  },
} as const;
