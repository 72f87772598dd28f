/** JSON schemas of the master-data routes. Objects are closed: unknown fields are rejected, never stripped. */
import {
  closedObject,
  errorResponses,
  id,
  listResponse,
  multipartDoc,
  pageQuery,
  writeResponse,
} from '../../lib/schemas.js';

const tags = ['masterdata'];
const obj = { type: 'object', additionalProperties: true } as const;

export const masterItem = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    type: { type: 'string' },
    code: { type: 'string' },
    name: { type: 'string' },
    parentId: { type: ['integer', 'null'] },
    extra: { type: ['object', 'null'], additionalProperties: true },
    sort: { type: 'integer' },
    status: { type: 'string' },
  },
  required: ['id', 'type', 'code', 'name', 'parentId', 'extra', 'sort', 'status'],
} as const;

/** An attribute of the attribute master with its items in order. */
const attributeShape = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    iconUrl: { type: ['string', 'null'] },
    status: { type: 'string', enum: ['active', 'inactive'] },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, name: { type: 'string' }, sort: { type: 'integer' } },
        required: ['id', 'name', 'sort'],
      },
    },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'name', 'iconUrl', 'status', 'items', 'updatedAt'],
} as const;

const search = { type: 'string', maxLength: 100 } as const;
const itemName = { type: 'string', minLength: 1, maxLength: 100 } as const;
const attrName = { type: 'string', minLength: 1, maxLength: 100 } as const;

const write = (summary: string, body: ReturnType<typeof closedObject>) => ({
  schema: { tags, summary, body, response: { 200: writeResponse(obj), ...errorResponses } },
});

/** One master-data list; level 2 categories also filter by their level 1. */
export const masterListDef = (type: string, endpoint: string) => ({
  schema: {
    tags,
    summary: `Master data: ${type.replace('_', ' ')}`,
    querystring: endpoint === 'masterproductlevel2' ? closedObject({ search, level1Id: id }) : closedObject({ search }),
    response: { 200: listResponse(masterItem), ...errorResponses },
  },
});

export const defs = {
  masterattribute: {
    schema: {
      tags,
      summary: 'Attribute master with items',
      querystring: closedObject({ ...pageQuery, search, status: { type: 'string', enum: ['active', 'inactive'] } }),
      response: { 200: listResponse(attributeShape), ...errorResponses },
    },
  },
  createattribute: write(
    'Create an attribute with items',
    closedObject({ name: attrName, items: { type: 'array', maxItems: 50, items: itemName } }, ['name']),
  ),
  editattribute: write(
    'Rename an attribute and set its items (listed order)',
    closedObject(
      {
        id,
        name: attrName,
        items: { type: 'array', maxItems: 50, items: closedObject({ id, name: itemName }, ['name']) },
      },
      ['id'],
    ),
  ),
  attributestatus: write(
    'Activate or deactivate an attribute',
    closedObject({ id, status: { type: 'string', enum: ['active', 'inactive'] } }, ['id', 'status']),
  ),
  deleteattribute: write('Delete an attribute (and its product links)', closedObject({ id }, ['id'])),
  deleteattributeitem: write('Delete one attribute item', closedObject({ id }, ['id'])),
  attributeicon: {
    schema: {
      tags,
      summary: 'Upload an attribute icon (multipart: id, file)',
      ...multipartDoc({ id: { ...id, description: 'attribute id' } }, ['id'], {
        description: 'A JPEG, PNG or WebP image (≤ 5 MB)',
      }),
      response: { 200: writeResponse(obj), ...errorResponses },
    },
  },
};
