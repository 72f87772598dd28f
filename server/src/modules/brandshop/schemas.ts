/** Shapes of the shop side of storefronts (docs/api/storefronts.md): shop lists, profile, storefront, review, banners. */
import { SHOP_STATUSES } from '../../db/schema.js';
import { dateTime, id, listResponse, nullableDateTime, nullableString, pageQuery } from '../../lib/schemas.js';
import { storeProductSchema } from '../product/store.js';
import { CARD_CODES } from '../kanban/schemas.js';

export const NAME_MIN = 2;
export const NAME_MAX = 80;
export const DESCRIPTION_MAX = 2000;
export const REASON_MIN = 5;
export const REASON_MAX = 500;
export const CATEGORY_NAME_MAX = 60;
export const BANNER_TITLE_MAX = 80;
/** The board's shop picker shows at most this many shops. */
export const PICKER_MAX = 50;

const nullableInt = { type: ['integer', 'null'] } as const;

export const shopSummary = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    kind: { type: 'string', enum: ['supplier', 'housebrand'] },
    status: { type: 'string', enum: SHOP_STATUSES },
    logoUrl: nullableString,
    ownerName: nullableString,
    ownerEmail: nullableString,
    productCount: { type: 'integer' },
    approvedProductCount: { type: 'integer' },
    createdAt: dateTime,
    reviewNote: nullableString,
    liveVersion: nullableInt,
  },
  required: [
    'id',
    'name',
    'kind',
    'status',
    'logoUrl',
    'ownerName',
    'ownerEmail',
    'productCount',
    'approvedProductCount',
    'createdAt',
    'reviewNote',
    'liveVersion',
  ],
} as const;

export const shopProfile = {
  type: 'object',
  properties: {
    ...shopSummary.properties,
    description: nullableString,
    coverUrl: nullableString,
    contactEmail: nullableString,
    contactPhone: nullableString,
    reviewedAt: nullableDateTime,
    version: { type: 'integer' },
    publishedAt: nullableDateTime,
    canRollback: { type: 'boolean' },
  },
  required: [
    ...shopSummary.required,
    'description',
    'coverUrl',
    'contactEmail',
    'contactPhone',
    'reviewedAt',
    'version',
    'publishedAt',
    'canRollback',
  ],
} as const;

const banner = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    imageUrl: { type: 'string' },
    link: nullableString,
  },
  required: ['id', 'title', 'imageUrl', 'link'],
} as const;

export const storefront = {
  type: 'object',
  properties: {
    shop: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        description: nullableString,
        logoUrl: nullableString,
        coverUrl: nullableString,
      },
      required: ['id', 'name', 'description', 'logoUrl', 'coverUrl'],
    },
    source: { type: 'string', enum: ['draft', 'live'] },
    liveVersion: nullableInt,
    publishedAt: nullableDateTime,
    boardVersion: { type: 'integer' },
    sections: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          cards: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                type: { type: 'string', enum: CARD_CODES },
                name: { type: 'string' },
                description: nullableString,
                products: { type: 'array', items: storeProductSchema },
                banners: { type: 'array', items: banner },
              },
              required: ['id', 'type', 'name', 'description', 'products', 'banners'],
            },
          },
        },
        required: ['id', 'name', 'cards'],
      },
    },
  },
  required: ['shop', 'source', 'liveVersion', 'publishedAt', 'boardVersion', 'sections'],
} as const;

export const published = {
  type: 'object',
  properties: { liveVersion: { type: 'integer' }, publishedAt: dateTime },
  required: ['liveVersion', 'publishedAt'],
} as const;

export const storedImage = {
  type: 'object',
  properties: { url: { type: 'string' }, width: { type: 'integer' }, height: { type: 'integer' } },
  required: ['url', 'width', 'height'],
} as const;

// ---------- legacy lists ----------

const keyword = {
  type: 'string',
  maxLength: 100,
  description: 'Shop name, owner name or owner e-mail contains this (any case)',
} as const;
/** Narrows a list to one shop; a shop the caller does not reach answers 404. */
export const oneShop = { ...id, description: 'Only this shop (404 when the caller does not reach it)' } as const;

export const shopListQuery = {
  keyword,
  status: { type: 'string', enum: SHOP_STATUSES },
  shopId: oneShop,
  ...pageQuery,
  sort: {
    type: 'string',
    enum: ['createdAt', 'name'],
    description: 'Unsorted: shops awaiting review first, oldest first; then the others by name',
  },
  order: { type: 'string', enum: ['asc', 'desc'], description: 'With sort (default asc)' },
} as const;

export const shopList = listResponse(shopSummary);

const pickItem = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    status: { type: 'string', enum: SHOP_STATUSES },
    logoUrl: nullableString,
  },
  required: ['id', 'name', 'status', 'logoUrl'],
} as const;
export const pickerList = {
  type: 'object',
  properties: { items: { type: 'array', items: pickItem } },
  required: ['items'],
} as const;

const masterItem = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, status: { type: 'string', enum: SHOP_STATUSES } },
  required: ['id', 'name', 'status'],
} as const;
export const shopMasterList = {
  type: 'object',
  properties: { items: { type: 'array', items: masterItem } },
  required: ['items'],
} as const;

export const brandProfileBody = {
  keyword,
  shoptype: {
    type: 'string',
    enum: ['housebrand', 'supplier'],
    default: 'housebrand',
    description: "Which shops: house brands (default) or suppliers' brand shops",
  },
  ...pageQuery,
} as const;

export const brandList = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, code: { type: 'string' }, name: { type: 'string' } },
        required: ['id', 'code', 'name'],
      },
    },
  },
  required: ['items'],
} as const;

// ---------- REST bodies ----------

/** Optional profile text: `null` clears it. */
const clearable = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

export const profilePatch = {
  version: { type: 'integer', minimum: 1, description: 'The profile version read; another one answers 409' },
  name: { type: 'string', minLength: NAME_MIN, maxLength: NAME_MAX },
  description: clearable(DESCRIPTION_MAX),
  logoUrl: { ...clearable(200), description: 'An image stored through POST /api/v2/storefront-images' },
  coverUrl: { ...clearable(200), description: 'An image stored through POST /api/v2/storefront-images' },
  contactEmail: { type: ['string', 'null'], maxLength: 254, format: 'email' },
  contactPhone: { ...clearable(20), description: '6 to 20 of: digits, +, -, space' },
} as const;

export const storefrontQuery = {
  source: {
    type: 'string',
    enum: ['draft', 'live'],
    default: 'draft',
    description: 'draft: the board as arranged now; live: the published version',
  },
} as const;

export const publishBody = {
  version: { type: 'integer', minimum: 0, description: 'The board version that was previewed' },
} as const;
export const rollbackBody = {
  liveVersion: { type: 'integer', minimum: 1, description: 'The live version that was shown' },
} as const;

const reviewVersion = {
  type: 'integer',
  minimum: 1,
  description: 'The profile version the reviewer saw; when sent, another one answers 409',
} as const;
export const approveBody = { version: reviewVersion } as const;
export const rejectBody = {
  reason: { type: 'string', minLength: REASON_MIN, maxLength: REASON_MAX, description: 'Shown to the supplier' },
  version: reviewVersion,
} as const;

export const deleteCategoryBody = { entityid: { ...id, description: 'The banner category' }, shopId: id } as const;

export const bannerCategoryItem = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    shopId: { type: 'integer' },
    name: { type: 'string' },
    position: { type: 'integer' },
    createdAt: dateTime,
  },
  required: ['id', 'shopId', 'name', 'position', 'createdAt'],
} as const;
