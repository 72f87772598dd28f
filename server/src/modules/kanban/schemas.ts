/**
 * Schemas of the storefront board routes (docs/api/storefronts.md, "Storefront board"). One set per family:
 * the supplier family (`/api/supplier/kanban`, brand shops) and the house-brand family (`/api/housebrand`)
 * take the same shapes; only the card types differ.
 */
import { storeProductSchema } from '../product/store.js';
import { closedObject, errorResponses, id, nullableString } from '../../lib/schemas.js';

export type Family = 'supplier' | 'housebrand';
export const FAMILIES: readonly Family[] = ['supplier', 'housebrand'];

/** Every kind of card a board knows; answers name them by this enum so clients can switch on them. */
export const CARD_CODES = ['products', 'banner'] as const;
const cardCode = { type: 'string', enum: CARD_CODES } as const;

export interface CardType {
  code: (typeof CARD_CODES)[number];
  name: string;
  description: string;
}

/** The card types a family's board offers (the `master` list); house brands have no banner categories. */
export const CARD_TYPES: Record<Family, CardType[]> = {
  supplier: [
    {
      code: 'products',
      name: 'Product group',
      description: "A row of the shop's approved products, in the order chosen.",
    },
    { code: 'banner', name: 'Banner strip', description: "The banners of one of the shop's banner categories." },
  ],
  housebrand: [
    {
      code: 'products',
      name: 'Product group',
      description: "A row of the house brand's approved products, in the order chosen.",
    },
  ],
};

export const NAME_MAX = 80;
export const DESCRIPTION_MAX = 500;
/** Room for spaces around a name; the service trims and holds it to 1–80 characters. */
const name = { type: 'string', maxLength: 200, description: `1–${NAME_MAX} characters after trimming` } as const;
const description = { type: ['string', 'null'], maxLength: DESCRIPTION_MAX } as const;
const nullableId = { type: ['integer', 'null'], minimum: 1 } as const;
const productIds = { type: 'array', maxItems: 100, uniqueItems: true, items: id } as const;

export const cardSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    columnId: { type: 'integer' },
    type: cardCode,
    name: { type: 'string' },
    description: nullableString,
    bannerCategoryId: { type: ['integer', 'null'] },
    bannerCategoryName: nullableString,
    productCount: { type: 'integer' },
    thumbnails: { type: 'array', items: { type: 'string' } },
  },
  required: [
    'id',
    'columnId',
    'type',
    'name',
    'description',
    'bannerCategoryId',
    'bannerCategoryName',
    'productCount',
    'thumbnails',
  ],
} as const;

export const columnSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    cardIds: { type: 'array', items: { type: 'integer' } },
  },
  required: ['id', 'name', 'cardIds'],
} as const;

const version = { type: 'integer' } as const;
const products = { type: 'array', items: storeProductSchema } as const;

const written = (extra: Record<string, unknown> = {}, required: string[] = []) =>
  ({
    type: 'object',
    properties: { status: { type: 'integer' }, message: { type: 'string' }, ...extra, version },
    required: ['status', 'message', ...required, 'version'],
  }) as const;

/** The OpenAPI tag of each family's routes. */
export const TAGS: Record<Family, string[]> = { supplier: ['storefront board'], housebrand: ['house-brand board'] };

export function schemasFor(family: Family) {
  const noun = family === 'supplier' ? 'a brand shop' : 'a house brand';
  const tags = TAGS[family];
  const codes = CARD_TYPES[family].map((t) => t.code);
  const cardInput = closedObject(
    { type: { type: 'string', enum: codes }, name, description, bannerCategoryId: nullableId },
    ['type', 'name'],
  );
  const cardPatch = closedObject(
    { id, type: { type: 'string', enum: codes }, name, description, bannerCategoryId: nullableId },
    ['id'],
  );
  const schema = (summary: string, part: Record<string, unknown>, answer: unknown) => ({
    tags,
    summary,
    ...part,
    response: { 200: answer, ...errorResponses },
  });
  return {
    master: schema(
      `The kinds of card a board of ${noun} can hold`,
      {
        description: 'With `shopId`, the shop is checked first (404 when out of reach).',
        querystring: closedObject({ shopId: id }),
      },
      {
        type: 'object',
        properties: {
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: { code: cardCode, name: { type: 'string' }, description: { type: 'string' } },
              required: ['code', 'name', 'description'],
            },
          },
        },
        required: ['items'],
      },
    ),

    board: schema(
      `The storefront board of ${noun}: its sections in order, their cards, and the version to send with a move`,
      {
        querystring: closedObject({ shopId: id }, ['shopId']),
      },
      {
        type: 'object',
        properties: {
          board: {
            type: 'object',
            properties: {
              cards: { type: 'object', additionalProperties: cardSchema },
              columns: { type: 'object', additionalProperties: columnSchema },
              columnOrder: { type: 'array', items: { type: 'integer' } },
            },
            required: ['cards', 'columns', 'columnOrder'],
          },
          version,
        },
        required: ['board', 'version'],
      },
    ),

    columnsUpdate: schema(
      'Add a section, rename one, or add a card at the end of a section',
      {
        description:
          'Send exactly one of `column` and `card`. `column` without `columnId` adds a section at the end; with `columnId` it renames that section. ' +
          '`card` needs `columnId`: the section it goes to the end of.',
        body: closedObject({ shopId: id, columnId: id, column: closedObject({ name }, ['name']), card: cardInput }, [
          'shopId',
        ]),
      },
      {
        type: 'object',
        properties: {
          status: { type: 'integer' },
          message: { type: 'string' },
          column: columnSchema,
          card: cardSchema,
          columnId: { type: 'integer' },
          version,
        },
        required: ['status', 'message', 'columnId', 'version'],
      },
    ),

    columnsDelete: schema(
      'Delete a section with its cards, or delete one card',
      {
        description:
          'Send exactly one of `columnId` and `cardId`. The sections or cards after it move up one place; nothing else changes.',
        body: closedObject({ shopId: id, columnId: id, cardId: id }, ['shopId']),
      },
      written(),
    ),

    cardOrderby: schema(
      'Move a card to a place in a section, or move a section to a place in the board',
      {
        description:
          'With `card`: that card goes into section `columnId` at `index` (past the end: last). Without `card`: section `columnId` goes to `index`. ' +
          '`version` is the board version you read; if the board changed since, the answer is 409 and nothing moves.',
        body: closedObject(
          {
            shopId: id,
            version: { type: 'integer', minimum: 0 },
            columnId: id,
            index: { type: 'integer', minimum: 0 },
            card: id,
          },
          ['shopId', 'version', 'columnId', 'index'],
        ),
      },
      written(),
    ),

    cardUpdate: schema(
      "Change a card's name, type, description or banner category",
      {
        description: 'Send the card id and at least one field to change.',
        body: closedObject({ shopId: id, card: cardPatch }, ['shopId', 'card']),
      },
      written({ card: cardSchema }, ['card']),
    ),

    detailCard: schema(
      'One card with its products in order and the first 20 products that could be added to it',
      {
        description: '`listid`, when sent, must be the section the card is in.',
        querystring: closedObject({ id, shopid: id, listid: id }, ['id', 'shopid']),
      },
      {
        type: 'object',
        properties: { property: cardSchema, property_items: products, property_master: products },
        required: ['property', 'property_items', 'property_master'],
      },
    ),

    searchProducts: schema(
      "Search the shop's approved products that are not on the card yet, by name",
      {
        description:
          '`filterbrand` a brand id, `filtercatemenu` a level-1 category id, `filterpercen` the least discount in percent.',
        body: closedObject(
          {
            taskid: id,
            shopid: id,
            search: { type: 'string', maxLength: 200 },
            filterbrand: id,
            filtercatemenu: id,
            filterpercen: { type: 'integer', minimum: 0, maximum: 100 },
            page: { type: 'integer', minimum: 1, default: 1 },
            limit: { type: 'integer', minimum: 1, maximum: 50, default: 20 },
          },
          ['taskid', 'shopid'],
        ),
      },
      {
        type: 'object',
        properties: { property_master: products, total: { type: 'integer' }, maxpage: { type: 'integer' } },
        required: ['property_master', 'total', 'maxpage'],
      },
    ),

    detailUpdate: schema(
      'Add products to the end of a card and take products off it',
      {
        description: "Each added product must be the shop's own approved product; a removed one must be on the card.",
        body: closedObject(
          {
            post: closedObject({ taskid: id, shopid: id, add: productIds, remove: productIds }, ['taskid', 'shopid']),
          },
          ['post'],
        ),
      },
      written({ property_items: products }, ['property_items']),
    ),

    detailOrderby: schema(
      "Put a card's products in a new order",
      {
        description: '`items` lists exactly the products the card shows (its `property_items`), in the new order.',
        body: closedObject(
          { shopid: id, task: id, items: { type: 'array', maxItems: 1000, uniqueItems: true, items: id } },
          ['shopid', 'task', 'items'],
        ),
      },
      written({ property_items: products }, ['property_items']),
    ),
  };
}
