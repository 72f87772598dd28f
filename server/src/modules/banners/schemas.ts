/** JSON schemas of marketplace banner management (docs/api/banners.md). */
import {
  closedObject,
  dateTime,
  errorResponses,
  id,
  listResponse,
  multipartDoc,
  nullableDateTime,
  nullableString,
  pageQuery,
  writeResponse,
} from '../../lib/schemas.js';
import { WINDOW_FIELDS } from '../../lib/window.js';

const tags = ['banners'];

export const BANNER_STATES = ['live', 'scheduled', 'expired', 'off'] as const;
export type BannerState = (typeof BANNER_STATES)[number];
export const TITLE_MAX = 80;
export const LINK_MAX = 500;
/** The most banners one type+menu may hold (a sort sends them all in one request). */
export const SET_MAX = 100;

const typeId = { ...id, description: 'A banner type (getmasterType)' } as const;
const menuId = { ...id, description: 'A page of that type (getBannerTypeMenu)' } as const;

const bannerType = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    name: { type: 'string' },
    width: { type: 'integer', description: 'Required image width in pixels' },
    height: { type: 'integer', description: 'Required image height in pixels' },
    menuCount: { type: 'integer' },
  },
  required: ['id', 'code', 'name', 'width', 'height', 'menuCount'],
} as const;

const bannerMenu = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    typeId: { type: 'integer' },
    code: { type: 'string' },
    name: { type: 'string' },
    bannerCount: { type: 'integer' },
  },
  required: ['id', 'typeId', 'code', 'name', 'bannerCount'],
} as const;

export const banner = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    typeId: { type: 'integer' },
    menuId: { type: ['integer', 'null'] },
    title: { type: 'string' },
    imageUrl: { type: 'string' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    link: nullableString,
    position: { type: 'integer', description: '0-based place within its type and menu' },
    active: { type: 'boolean' },
    startsAt: dateTime,
    endsAt: nullableDateTime,
    timezone: { type: 'string' },
    state: {
      type: 'string',
      enum: BANNER_STATES,
      description: 'off when switched off, else where now falls in its window',
    },
    createdAt: dateTime,
    updatedAt: dateTime,
  },
  required: [
    'id',
    'typeId',
    'menuId',
    'title',
    'imageUrl',
    'width',
    'height',
    'link',
    'position',
    'active',
    'startsAt',
    'endsAt',
    'timezone',
    'state',
    'createdAt',
    'updatedAt',
  ],
} as const;

const page = listResponse(banner);
/** The list, and how many of the whole page are in each state now (whatever `status` filters). */
const bannerList = {
  ...page,
  properties: {
    ...page.properties,
    counts: {
      type: 'object',
      properties: Object.fromEntries(BANNER_STATES.map((k) => [k, { type: 'integer' }])),
      required: [...BANNER_STATES],
    },
  },
  required: [...page.required, 'counts'],
} as const;

const items = (item: unknown) =>
  ({ type: 'object', properties: { items: { type: 'array', items: item } }, required: ['items'] }) as const;

export const typesSchema = {
  tags,
  summary: 'Banner types with the pixel size their images must have',
  querystring: closedObject({}),
  response: { 200: items(bannerType), ...errorResponses },
} as const;

export const menusSchema = {
  tags,
  summary: 'The pages a banner type appears on',
  querystring: closedObject({ typeId }, ['typeId']),
  response: { 200: items(bannerMenu), ...errorResponses },
} as const;

export const listSchema = {
  tags,
  summary: 'The banners of one type and page, in position order, with their state',
  querystring: closedObject(
    {
      typeId,
      menuId,
      ...pageQuery,
      status: { type: 'string', enum: BANNER_STATES, description: 'Only banners in this state' },
    },
    ['typeId', 'menuId'],
  ),
  response: { 200: bannerList, ...errorResponses },
} as const;

export const sortSchema = {
  tags,
  summary: "The new order of a type and page's banners, all of them in one request",
  body: closedObject(
    {
      typeId,
      menuId,
      ids: {
        type: 'array',
        maxItems: SET_MAX,
        items: id,
        description: 'Every banner of the type and page, exactly once, in the new order',
      },
    },
    ['typeId', 'menuId', 'ids'],
  ),
  response: {
    200: writeResponse({
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, position: { type: 'integer' } },
        required: ['id', 'position'],
      },
    }),
    ...errorResponses,
  },
} as const;

export const statusSchema = {
  tags,
  summary: 'Switch a banner on or off',
  body: closedObject({ id, active: { type: 'boolean' } }, ['id', 'active']),
  response: { 200: writeResponse(banner), ...errorResponses },
} as const;

export const timeSchema = {
  tags,
  summary: "Set a banner's window (stored in UTC with the zone it was entered in)",
  body: closedObject({ id, ...WINDOW_FIELDS }, ['id', 'startsAt']),
  response: { 200: writeResponse(banner), ...errorResponses },
} as const;

export const deleteSchema = {
  tags,
  summary: 'Delete a banner; the later ones close up',
  body: closedObject({ id }, ['id']),
  response: { 200: writeResponse(), ...errorResponses },
} as const;

/** The text fields of an upload, all strings on the wire (checked by the service). */
export const UPLOAD_FIELDS = ['typeId', 'menuId', 'title', 'link', 'startsAt', 'endsAt', 'timezone'] as const;

export const uploadSchema = {
  tags,
  summary: "Upload a banner image of the type's exact pixel size; the new banner goes last",
  ...multipartDoc(
    {
      typeId,
      menuId,
      title: {
        type: 'string',
        minLength: 1,
        maxLength: TITLE_MAX,
        description: `1–${TITLE_MAX} characters after trimming`,
      },
      link: { type: 'string', maxLength: LINK_MAX, description: 'Optional: https://… or a path starting with /' },
      ...WINDOW_FIELDS,
      endsAt: {
        type: 'string',
        format: 'date-time',
        description: 'Optional end, ISO-8601 with its offset; empty or left out = no end',
      },
    },
    ['typeId', 'menuId', 'title', 'startsAt'],
    { description: "A JPEG, PNG or WebP image (≤ 5 MB, sniffed from its bytes) of exactly the type's width × height" },
  ),
  response: { 200: writeResponse(banner), ...errorResponses },
} as const;
