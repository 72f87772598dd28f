/** JSON schemas of the home-sale groups (docs/api/homesale.md). */
import { PRODUCT_STATES } from '../../db/schema.js';
import { WINDOW_FIELDS } from '../../lib/window.js';
import { closedObject, dateTime, id, listResponse, pageQuery, writeResponse } from '../../lib/schemas.js';

export const TAGS = ['homesale'];
export const NAME_MAX = 80;
/** A group shows at most this many products. */
export const LINKS_MAX = 100;
/** master_data.type of the group types (`mastergrouplist`). */
export const GROUP_TYPE = 'homesale_group';
export const STATES = ['live', 'scheduled', 'expired', 'off'] as const;
export type State = (typeof STATES)[number];

const nullableString = { type: ['string', 'null'] } as const;
const name = {
  type: 'string',
  minLength: 1,
  maxLength: NAME_MAX,
  description: `1–${NAME_MAX} characters after trimming`,
} as const;
const groupType = {
  type: 'string',
  minLength: 1,
  maxLength: 40,
  description: 'A code of GET mastergrouplist',
} as const;
const productIds = {
  type: 'array',
  items: id,
  maxItems: LINKS_MAX,
  uniqueItems: true,
  description: `Product ids in the order the home page shows them (at most ${LINKS_MAX}); products added must be approved`,
} as const;
const version = {
  type: 'integer',
  minimum: 1,
  description: 'The group version the person read (loadhomesale); stale → 409',
} as const;
const active = { type: 'boolean' } as const;

const groupProps = {
  id: { type: 'integer' },
  name: { type: 'string' },
  groupType: { type: 'string' },
  groupTypeName: nullableString,
  position: { type: 'integer' },
  active,
  startsAt: dateTime,
  endsAt: { type: ['string', 'null'], format: 'date-time' },
  timezone: { type: 'string' },
  version: { type: 'integer' },
  productCount: { type: 'integer' },
  activeProductCount: { type: 'integer' },
  thumbnails: { type: 'array', items: { type: 'string' }, description: 'Images of its first 4 products switched on' },
  createdAt: dateTime,
  updatedAt: dateTime,
};
export const group = { type: 'object', properties: groupProps, required: Object.keys(groupProps) } as const;

const linkProps = {
  id: { type: 'integer' },
  productId: { type: 'integer' },
  code: { type: 'string' },
  name: { type: 'string' },
  imageUrl: nullableString,
  price: { type: 'number' },
  compareAtPrice: { type: ['number', 'null'] },
  shopName: { type: 'string' },
  approvalStatus: { type: 'string', enum: PRODUCT_STATES },
  position: { type: 'integer' },
  active,
};
export const link = { type: 'object', properties: linkProps, required: Object.keys(linkProps) } as const;
export const groupDetail = {
  type: 'object',
  properties: { ...groupProps, links: { type: 'array', items: link } },
  required: [...Object.keys(groupProps), 'links'],
} as const;

export const listQuery = {
  ...pageQuery,
  search: { type: 'string', maxLength: 100, description: 'Group name contains this, any case' },
  groupType,
  status: {
    type: 'string',
    enum: STATES,
    description: 'live, scheduled or expired (switched on, by its window), or off (switched off)',
  },
};

export const createBody = { name, groupType, ...WINDOW_FIELDS, active, productIds };
export const createRequired = ['name', 'groupType', 'startsAt', 'productIds'];
export const editBody = { id, version, name, groupType, ...WINDOW_FIELDS, active, productIds };

export const deleteBody = {
  linkId: { ...id, description: 'A product link of a group: removes that product from its group' },
  groupId: { ...id, description: 'A group: deletes it with its links' },
};
export const statusBody = {
  linkId: { ...id, description: 'A product link: switch that product in its group on or off' },
  groupId: { ...id, description: 'A group: switch the whole group on or off' },
  active: { type: 'boolean' },
};

export const schemas = {
  listhomesale: { summary: 'Home-sale groups in their order, paged', query: listQuery, response: listResponse(group) },
  loadhomesale: {
    summary: 'One home-sale group with its product links in order',
    query: { id },
    required: ['id'],
    response: { type: 'object', properties: { data: groupDetail }, required: ['data'] },
  },
  addpromotionhomesale: {
    summary: 'A new home-sale group at the end of the order',
    body: createBody,
    required: createRequired,
    response: writeResponse(groupDetail),
  },
  editpromotionhomesale: {
    summary:
      'Change a group (only the fields sent; productIds is the whole ordered list); version must be the one read',
    body: editBody,
    required: ['id', 'version'],
    response: writeResponse(groupDetail),
  },
  deletelinkgroup: {
    summary: 'Remove one product link from its group ({ linkId }) or delete a group with its links ({ groupId })',
    body: deleteBody,
    response: writeResponse({
      type: 'object',
      properties: { groupId: { type: 'integer' }, version: { type: ['integer', 'null'] } },
      required: ['groupId', 'version'],
    }),
  },
  setstatuslink: {
    summary: 'Switch a product link ({ linkId }) or a whole group ({ groupId }) on or off',
    body: statusBody,
    required: ['active'],
    response: writeResponse({
      type: 'object',
      properties: {
        groupId: { type: 'integer' },
        linkId: { type: ['integer', 'null'] },
        active,
        version: { type: 'integer' },
      },
      required: ['groupId', 'linkId', 'active', 'version'],
    }),
  },
  mastergrouplist: {
    summary: 'The home-sale group types (hot deals, best price, …)',
    response: listResponse(
      closedObject({ id: { type: 'integer' }, code: { type: 'string' }, name: { type: 'string' } }, [
        'id',
        'code',
        'name',
      ]),
    ),
  },
};
