/** JSON schemas of the home-category tiles (docs/api/homecategory.md). */
import { WINDOW_FIELDS } from '../../lib/window.js';
import { dateTime, id } from '../../lib/schemas.js';

export const TAGS = ['homecategory'];
/** The languages a tile is named in: every one required. */
export const LANGUAGES = ['en', 'fr', 'vi', 'cn', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const NAME_MAX = 40;
export const LINK_TYPES = ['category', 'campaign', 'product'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
/** Link-target look-ups answer at most this many rows. */
export const TARGETS_MAX = 20;

const name = {
  type: 'string',
  minLength: 1,
  maxLength: NAME_MAX,
  description: `1–${NAME_MAX} characters after trimming`,
} as const;
export const names = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(LANGUAGES.map((l) => [l, name])),
  required: [...LANGUAGES],
  description: "The tile's name in each language: en, fr, vi, cn, ar",
} as const;
const namesOut = {
  type: 'object',
  properties: Object.fromEntries(LANGUAGES.map((l) => [l, { type: 'string' }])),
  required: [...LANGUAGES],
} as const;

const linkType = {
  type: 'string',
  enum: LINK_TYPES,
  description: 'What the tile opens: a level-1 category, a campaign or a product',
} as const;

export const tile = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    names: namesOut,
    imageUrl: { type: 'string' },
    linkType: { type: 'string', enum: LINK_TYPES },
    linkId: { type: 'integer' },
    linkName: {
      type: ['string', 'null'],
      description: "The target's name; null when it no longer takes a link (deleted, closed, not approved)",
    },
    position: { type: 'integer' },
    active: { type: 'boolean' },
    startsAt: dateTime,
    endsAt: { type: ['string', 'null'], format: 'date-time' },
    timezone: { type: 'string' },
    createdAt: dateTime,
    updatedAt: dateTime,
  },
  required: [
    'id',
    'names',
    'imageUrl',
    'linkType',
    'linkId',
    'linkName',
    'position',
    'active',
    'startsAt',
    'endsAt',
    'timezone',
    'createdAt',
    'updatedAt',
  ],
} as const;

export const target = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    detail: { type: ['string', 'null'] },
    imageUrl: { type: ['string', 'null'] },
  },
  required: ['id', 'name', 'detail', 'imageUrl'],
} as const;

/** A REST list answer: the rows, the total in `x-total-count`. */
export const rows = (item: unknown) => ({
  type: 'array',
  items: item,
  headers: { 'x-total-count': { type: 'integer', description: 'Rows matching the filters' } },
});

const imageUrl = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description: 'An image uploaded through POST /api/v2/storefront-images',
} as const;

export const writable = {
  names,
  imageUrl,
  linkType,
  linkId: { ...id, description: 'The target: a level-1 category id, a campaign id or an approved product id' },
  active: { type: 'boolean', description: 'Shown on the home page (inside its window); default true' },
  ...WINDOW_FIELDS,
};
export const createRequired = ['names', 'imageUrl', 'linkType', 'linkId', 'startsAt'];

export const listQuery = {
  _start: { type: 'integer', minimum: 0, description: 'Index of the first row (default 0)' },
  _end: { type: 'integer', minimum: 0, description: 'Index after the last row; at most 100 rows per page' },
  active: { type: 'boolean', description: 'Only tiles switched on (true) or off (false)' },
  linkType: {
    type: 'array',
    items: linkType,
    maxItems: 3,
    description: 'Only tiles opening one of these (repeat the parameter)',
  },
};

export const moveBody = {
  index: { type: 'integer', minimum: 0, description: '0-based place among all tiles; past the end → last' },
};

export const targetsQuery = {
  linkType,
  search: { type: 'string', maxLength: 100, description: 'Name (or product code) contains this, any case' },
  id: {
    type: 'array',
    items: id,
    maxItems: TARGETS_MAX,
    description: "Only these ids (repeat the parameter): a link's current target",
  },
};
