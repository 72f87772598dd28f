/** JSON schemas of notifications (docs/api/notifications.md). */
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

export const TAGS = ['notifications'];
export const TITLE_MAX = 120;
export const BODY_MAX = 2000;
export const LINK_MAX = 300;
export const AUDIENCES = ['all', 'shop', 'role'] as const;
export const STATUSES = ['draft', 'scheduled', 'sent', 'cancelled'] as const;
export type Audience = (typeof AUDIENCES)[number];
export type MessageStatus = (typeof STATUSES)[number];

const nullableInt = { type: ['integer', 'null'] } as const;

export const message = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    body: { type: 'string' },
    category: { type: 'string' },
    audience: { type: 'string', enum: [...AUDIENCES] },
    shopId: nullableInt,
    shopName: nullableString,
    roleCode: nullableString,
    roleName: nullableString,
    link: nullableString,
    scheduledAt: dateTime,
    timezone: { type: 'string' },
    status: { type: 'string', enum: [...STATUSES] },
    sentAt: nullableDateTime,
    recipientCount: nullableInt,
    readCount: { type: 'integer' },
    createdByName: nullableString,
    createdAt: dateTime,
  },
  required: [
    'id',
    'title',
    'body',
    'category',
    'audience',
    'shopId',
    'shopName',
    'roleCode',
    'roleName',
    'link',
    'scheduledAt',
    'timezone',
    'status',
    'sentAt',
    'recipientCount',
    'readCount',
    'createdByName',
    'createdAt',
  ],
} as const;

export const inboxItem = {
  type: 'object',
  properties: {
    id: { type: 'integer', description: 'The message id' },
    title: { type: 'string' },
    body: { type: 'string' },
    category: { type: 'string' },
    link: nullableString,
    deliveredAt: dateTime,
    readAt: nullableDateTime,
    template: {
      ...nullableString,
      description:
        "A notice the system sent: its kind (productApproved, productRejected, newOrder, slipUploaded, claimFiled, returnFiled), for the reader's language; null for a composed message",
    },
    params: {
      type: ['object', 'null'],
      additionalProperties: { type: ['string', 'number'] },
      description: "The values of the notice's text",
    },
  },
  required: ['id', 'title', 'body', 'category', 'link', 'deliveredAt', 'readAt', 'template', 'params'],
} as const;

export const audienceRow = {
  type: 'object',
  properties: {
    audience: { type: 'string', enum: [...AUDIENCES] },
    id: nullableInt,
    code: nullableString,
    name: { type: 'string' },
    users: { type: 'integer', description: 'Active users it reaches now' },
  },
  required: ['audience', 'id', 'code', 'name', 'users'],
} as const;

export const categoryList = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { code: { type: 'string' }, name: { type: 'string' } },
        required: ['code', 'name'],
      },
    },
  },
  required: ['items'],
} as const;

export const messageList = listResponse(message);
export const messageAnswer = { type: 'object', properties: { data: message }, required: ['data'] } as const;
export const messageWritten = writeResponse(message);

export const inboxList = {
  type: 'object',
  properties: {
    ...listResponse(inboxItem).properties,
    unread: { type: 'integer', description: "The caller's unread notifications (all pages)" },
  },
  required: ['items', 'total', 'maxpage', 'unread'],
} as const;
export const readAnswer = writeResponse({
  type: 'object',
  properties: { unread: { type: 'integer' } },
  required: ['unread'],
});

/** A REST list answer: the rows, the total in `x-total-count`. */
export const rows = (item: unknown) => ({
  type: 'array',
  items: item,
  headers: { 'x-total-count': { type: 'integer', description: 'Rows matching the filters' } },
});

export const listQuery = {
  ...pageQuery,
  status: { type: 'string', enum: [...STATUSES] },
  audience: { type: 'string', enum: [...AUDIENCES] },
  category: { type: 'string', minLength: 1, maxLength: 40 },
  search: { type: 'string', maxLength: 100, description: 'Title or body contains (case-insensitive)' },
};

export const createBody = {
  title: {
    type: 'string',
    minLength: 1,
    maxLength: TITLE_MAX,
    description: `1–${TITLE_MAX} characters after trimming`,
  },
  body: {
    type: 'string',
    minLength: 1,
    maxLength: BODY_MAX,
    description: `Plain text, 1–${BODY_MAX} characters after trimming`,
  },
  category: { type: 'string', minLength: 1, maxLength: 40, description: 'A code of GET /api/promotion/masternotify' },
  audience: {
    type: 'string',
    enum: [...AUDIENCES],
    description: 'all: every active user; shop: the users of `shopId`; role: the users of `roleCode`',
  },
  shopId: { ...id, description: 'With audience `shop` only: a shop that exists' },
  roleCode: {
    type: 'string',
    minLength: 1,
    maxLength: 40,
    description: 'With audience `role` only: a role that exists, e.g. supplier',
  },
  link: {
    type: ['string', 'null'],
    maxLength: LINK_MAX,
    description: 'A path inside the app, e.g. /supplier/dashboard',
  },
  scheduledAt: {
    ...dateTime,
    description: 'When to send, ISO-8601 with its offset; left out: now. More than a minute in the past → 400',
  },
  timezone: {
    type: 'string',
    minLength: 1,
    maxLength: 64,
    description: 'IANA zone the time was picked in (default Asia/Bangkok)',
  },
};

export const audienceQuery = {
  audience: { type: 'string', enum: [...AUDIENCES], description: 'Only this kind (default: all kinds)' },
  q: { type: 'string', maxLength: 100, description: 'Name contains (case-insensitive)' },
  _start: { type: 'integer', minimum: 0, default: 0 },
  _end: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
};

export const inboxQuery = { ...pageQuery };

export const readBody = {
  id: { ...id, description: "A message in the caller's notifications" },
  all: { type: 'boolean', const: true, description: 'Mark every unread notification of the caller read' },
};

/** GET /api/notify/events: the caller's notifications as Server-Sent Events (docs/api/notifications.md). */
export const eventsSchema = {
  tags: TAGS,
  summary: "The caller's notifications as they arrive (Server-Sent Events)",
  description:
    'A `text/event-stream`: `ready` (its id: where the stream starts), then one `notification` event per delivery ' +
    '(`id:` the event id; data: the notification as getmessagenotify lists it) after Last-Event-ID, then live ones; a ' +
    '`: heartbeat` comment every 25 s; `end` ({ status, message }) before the server closes it (account disabled, token ' +
    'expired). Send the token in the Authorization header (read it with fetch, not EventSource).',
  querystring: closedObject({}),
  headers: {
    type: 'object',
    properties: {
      'last-event-id': {
        type: 'string',
        description: 'The id of the last event received: the stream sends every event after it first',
      },
    },
  },
  response: { 200: { description: 'text/event-stream', type: 'string' }, ...errorResponses },
};
