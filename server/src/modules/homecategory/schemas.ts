/** JSON schemas of the home-category tiles (docs/api/homecategory.md). */
import { id } from '../../lib/schemas.js';

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
export const namesOut = {
  type: 'object',
  properties: Object.fromEntries(LANGUAGES.map((l) => [l, { type: 'string' }])),
  required: [...LANGUAGES],
} as const;

export const linkType = {
  type: 'string',
  enum: LINK_TYPES,
  description: 'What the tile opens: a level-1 category, a campaign or a product',
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

export const imageUrl = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description: 'An image uploaded through POST /api/v2/storefront-images',
} as const;

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

export const linkId = {
  ...id,
  description: 'The target: a level-1 category id, a campaign id or an approved product id',
} as const;
