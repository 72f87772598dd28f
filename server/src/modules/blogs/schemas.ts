import { PICTURE_URL } from '../../lib/sanitize.js';
import {
  closedObject,
  dateTime,
  errorResponses,
  id,
  listResponse,
  nullableDateTime,
  nullableString,
  pageQuery,
  writeResponse,
} from '../../lib/schemas.js';

export const POST_TYPES = ['idea', 'howto', 'review', 'news'] as const;
export type PostType = (typeof POST_TYPES)[number];

const tags = ['blogs'];

export const postSummary = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    shopId: { type: 'integer' },
    shopName: { type: 'string' },
    type: { type: 'string', enum: POST_TYPES },
    title: { type: 'string' },
    description: nullableString,
    coverUrl: nullableString,
    status: { type: 'string', enum: ['draft', 'published', 'closed'] },
    authorName: nullableString,
    createdAt: dateTime,
    updatedAt: dateTime,
    publishedAt: nullableDateTime,
  },
  required: [
    'id',
    'shopId',
    'shopName',
    'type',
    'title',
    'description',
    'coverUrl',
    'status',
    'authorName',
    'createdAt',
    'updatedAt',
    'publishedAt',
  ],
} as const;

export const productItem = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    name: { type: 'string' },
    price: { type: 'number' },
    imageUrl: nullableString,
  },
  required: ['id', 'code', 'name', 'price', 'imageUrl'],
} as const;

export const postDetail = {
  type: 'object',
  properties: {
    ...postSummary.properties,
    contentHtml: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    products: { type: 'array', items: productItem },
    version: { type: 'integer' },
  },
  required: [...postSummary.required, 'contentHtml', 'tags', 'products', 'version'],
} as const;

const tagList = { type: 'array', maxItems: 20, items: { type: 'string', minLength: 1, maxLength: 50 } } as const;
// A cover is one of our stored images or an https address (PICTURE_URL); empty clears it.
const url = { type: ['string', 'null'], maxLength: 1000, pattern: `^$|${PICTURE_URL.source}` } as const;

export const listPostsSchema = {
  tags,
  summary: 'Blog posts, newest first',
  querystring: closedObject({
    ...pageQuery,
    shopId: id,
    type: { type: 'string', enum: POST_TYPES },
    status: { type: 'string', enum: ['draft', 'published', 'closed'] },
    search: { type: 'string', maxLength: 200 },
  }),
  response: { 200: listResponse(postSummary), ...errorResponses },
} as const;

/** A schema of a verb the legacy catalogue does not name in a family (blog families name their verbs differently). */
export function asAddition<S extends { tags: readonly string[]; summary: string }>(schema: S) {
  return { ...schema, tags: [...schema.tags, 'addition'], 'x-addition': true, summary: `${schema.summary} (addition)` };
}

export const getPostSchema = {
  tags,
  summary: 'One blog post with content and linked products',
  querystring: closedObject({ id }, ['id']),
  response: { 200: { type: 'object', properties: { data: postDetail }, required: ['data'] }, ...errorResponses },
} as const;

export const newPostSchema = {
  tags,
  summary: 'Create a blog post',
  body: closedObject(
    {
      shopId: id,
      type: { type: 'string', enum: POST_TYPES },
      title: { type: 'string', minLength: 1, maxLength: 200 },
      description: { type: ['string', 'null'], maxLength: 1000 },
      contentHtml: { type: 'string', maxLength: 200_000 },
      coverUrl: url,
      tags: tagList,
      status: { type: 'string', enum: ['draft', 'published'] },
    },
    ['shopId', 'type', 'title', 'contentHtml', 'status'],
  ),
  response: { 200: writeResponse(postDetail), ...errorResponses },
} as const;

export const editPostSchema = {
  tags,
  summary: 'Edit a blog post; `version` must be the one read, else 409',
  body: closedObject(
    {
      id,
      version: { type: 'integer', minimum: 1 },
      type: { type: 'string', enum: POST_TYPES },
      title: { type: 'string', minLength: 1, maxLength: 200 },
      description: { type: ['string', 'null'], maxLength: 1000 },
      contentHtml: { type: 'string', maxLength: 200_000 },
      coverUrl: url,
      tags: tagList,
      status: { type: 'string', enum: ['draft', 'published', 'closed'] },
    },
    ['id', 'version'],
  ),
  response: { 200: writeResponse(postDetail), ...errorResponses },
} as const;

export const closeSchema = {
  tags,
  summary: 'Close (hide) or reopen (publish) a post',
  body: closedObject({ id, closed: { type: 'boolean' } }, ['id', 'closed']),
  response: { 200: writeResponse(postDetail), ...errorResponses },
} as const;

export const deleteSchema = {
  tags,
  summary: 'Soft-delete a post',
  body: closedObject({ id }, ['id']),
  response: { 200: writeResponse(), ...errorResponses },
} as const;

export const menuSchema = {
  tags,
  summary: 'Post types with the number of posts the caller can see',
  response: {
    200: {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { code: { type: 'string' }, title: { type: 'string' }, count: { type: 'integer' } },
            required: ['code', 'title', 'count'],
          },
        },
      },
      required: ['items'],
    },
    ...errorResponses,
  },
} as const;

export const productsSchema = {
  tags,
  summary: "A shop's products that can be linked to a post",
  querystring: closedObject({ ...pageQuery, shopId: id, search: { type: 'string', maxLength: 200 } }),
  response: { 200: listResponse(productItem), ...errorResponses },
} as const;

export const sortProductsSchema = {
  tags,
  summary: "Set the post's linked products in this order (products of the post's shop only)",
  body: closedObject({ id, productIds: { type: 'array', maxItems: 50, uniqueItems: true, items: id } }, [
    'id',
    'productIds',
  ]),
  response: { 200: writeResponse(postDetail), ...errorResponses },
} as const;

export const unlinkProductSchema = {
  tags,
  summary: 'Unlink one product from a post',
  body: closedObject({ id, productId: id }, ['id', 'productId']),
  response: { 200: writeResponse(postDetail), ...errorResponses },
} as const;
