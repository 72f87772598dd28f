/** JSON schemas of the chat app (docs/api/chat.md). */
import { dateTime, id, nullableDateTime, nullableString } from '../../lib/schemas.js';

export const TAGS = ['chat'];
export const BODY_MAX = 4000;
export const TITLE_MAX = 80;
/** A group holds at most this many people besides its creator. */
export const GROUP_MAX = 49;
export const CLIENT_ID_PATTERN = '^[A-Za-z0-9_-]{8,64}$';

const nullableId = { type: ['integer', 'null'] } as const;

export const contact = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    username: { type: 'string' },
    area: { type: 'string', enum: ['admin', 'supplier'] },
    roleName: { type: 'string' },
    shops: { type: 'array', items: { type: 'string' } },
  },
  required: ['id', 'name', 'username', 'area', 'roleName', 'shops'],
} as const;

export const attachment = {
  type: 'object',
  properties: {
    url: { type: 'string' },
    mime: { type: 'string' },
    size: { type: 'integer' },
    name: { type: 'string' },
  },
  required: ['url', 'mime', 'size', 'name'],
} as const;

export const message = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    conversationId: { type: 'integer' },
    senderId: { type: 'integer' },
    body: { type: 'string' },
    contentType: { type: 'string', enum: ['text', 'image'] },
    attachments: { type: 'array', items: attachment },
    clientId: { type: 'string' },
    createdAt: dateTime,
  },
  required: ['id', 'conversationId', 'senderId', 'body', 'contentType', 'attachments', 'clientId', 'createdAt'],
} as const;

export const participant = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    username: { type: 'string' },
    area: { type: 'string', enum: ['admin', 'supplier'] },
    active: { type: 'boolean' },
    lastReadMessageId: nullableId,
  },
  required: ['id', 'name', 'username', 'area', 'active', 'lastReadMessageId'],
} as const;

export const conversation = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    type: { type: 'string', enum: ['direct', 'group'] },
    title: nullableString,
    createdBy: nullableId,
    createdAt: dateTime,
    lastMessageAt: nullableDateTime,
    participants: { type: 'array', items: participant },
    lastMessage: { anyOf: [message, { type: 'null' }] },
    lastReadMessageId: nullableId,
    unreadCount: { type: 'integer' },
  },
  required: [
    'id',
    'type',
    'title',
    'createdBy',
    'createdAt',
    'lastMessageAt',
    'participants',
    'lastMessage',
    'lastReadMessageId',
    'unreadCount',
  ],
} as const;

/** A REST list answer: the rows, the total in `x-total-count`. */
export const rows = (item: unknown) => ({
  type: 'array',
  items: item,
  headers: { 'x-total-count': { type: 'integer', description: 'Rows matching the filters' } },
});

const paging = {
  _start: { type: 'integer', minimum: 0, description: 'Index of the first row (default 0)' },
  _end: {
    type: 'integer',
    minimum: 0,
    description: 'Index after the last row; at most 100 rows per page (default _start + 100)',
  },
} as const;

export const contactsQuery = {
  ...paging,
  q: { type: 'string', maxLength: 100, description: 'Name or username contains this (any case)' },
  shopId: { ...id, description: 'Only the users of this shop (a supplier: one of its own shops; another shop → 404)' },
} as const;

export const conversationsQuery = {
  ...paging,
  id: {
    type: 'array',
    items: id,
    maxItems: 100,
    description: 'Only these conversations (repeat the parameter); one the caller does not take part in → 404',
  },
  q: { type: 'string', maxLength: 100, description: "Title or a participant's name contains this (any case)" },
} as const;

export const messagesQuery = {
  ...paging,
  _sort: { type: 'string', enum: ['id'], description: 'Messages are sorted by id (the send order)' },
  _order: { type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'], description: 'asc (default): oldest first' },
  id_gt: { type: 'integer', minimum: 0, description: 'Only messages after this id' },
  id_lte: {
    type: 'integer',
    minimum: 0,
    description: 'Only messages up to this id (a fixed anchor keeps pages stable while new messages arrive)',
  },
} as const;

export const createConversation = {
  type: { type: 'string', enum: ['direct', 'group'] },
  title: {
    type: 'string',
    maxLength: TITLE_MAX,
    description: `A group's name, 1–${TITLE_MAX} characters after trimming; a direct conversation takes none`,
  },
  participantIds: {
    type: 'array',
    items: id,
    minItems: 1,
    maxItems: GROUP_MAX,
    uniqueItems: true,
    description:
      'The other people (ids from /api/v2/chat-contacts); the caller takes part without being listed. Direct: exactly one.',
  },
} as const;

export const clientId = {
  type: 'string',
  pattern: CLIENT_ID_PATTERN,
  description:
    'Chosen by the sending client, unique per sender (8–64 letters, digits, - or _): a resend with it answers the stored message',
} as const;

export const textMessage = {
  clientId,
  body: { type: 'string', maxLength: BODY_MAX, description: `1–${BODY_MAX} characters after trimming` },
} as const;

export const imageFields = {
  clientId,
  body: { type: 'string', maxLength: BODY_MAX, description: 'An optional caption' },
} as const;

export const readBody = {
  lastReadMessageId: {
    ...id,
    description:
      'The newest message the person has seen (default: the newest of the conversation); read marks never go back',
  },
} as const;

export const eventsQuery = {
  conversationId: {
    ...id,
    description: "Only this conversation's messages (one the caller does not take part in → 404)",
  },
} as const;
