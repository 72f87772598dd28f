/** JSON schemas of the template task board (docs/api/storefronts.md, "Task board"). */
import { closedObject, dateTime, errorResponses, id, nullableString } from '../../lib/schemas.js';

export const TAGS = ['taskboard'];
export const COLUMN_NAME_MAX = 60;
export const CARD_NAME_MAX = 120;
export const DESCRIPTION_MAX = 2000;
/** A card holds at most this many files; a 21st upload answers 409. */
export const ATTACHMENTS_MAX = 20;

const nullableInt = { type: ['integer', 'null'] } as const;

export const column = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, position: { type: 'integer' } },
  required: ['id', 'name', 'position'],
} as const;

export const card = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    columnId: { type: 'integer' },
    position: { type: 'integer' },
    name: { type: 'string' },
    description: nullableString,
    assigneeId: nullableInt,
    assigneeName: nullableString,
    dueDate: { type: ['string', 'null'], format: 'date' },
    attachmentCount: { type: 'integer' },
    createdAt: dateTime,
    updatedAt: dateTime,
  },
  required: [
    'id',
    'columnId',
    'position',
    'name',
    'description',
    'assigneeId',
    'assigneeName',
    'dueDate',
    'attachmentCount',
    'createdAt',
    'updatedAt',
  ],
} as const;

export const attachment = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    cardId: { type: 'integer' },
    url: { type: 'string' },
    mime: { type: 'string' },
    size: { type: 'integer' },
    originalName: { type: 'string' },
    createdAt: dateTime,
  },
  required: ['id', 'cardId', 'url', 'mime', 'size', 'originalName', 'createdAt'],
} as const;

export const assignee = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, username: { type: 'string' } },
  required: ['id', 'name', 'username'],
} as const;

/** A REST list answer: the rows, the total in `x-total-count`. */
export const rows = (item: unknown) => ({
  type: 'array',
  items: item,
  headers: { 'x-total-count': { type: 'integer', description: 'Rows matching the filters' } },
});

const columnName = {
  type: 'string',
  minLength: 1,
  maxLength: COLUMN_NAME_MAX,
  description: `1–${COLUMN_NAME_MAX} characters after trimming`,
} as const;
const cardName = {
  type: 'string',
  minLength: 1,
  maxLength: CARD_NAME_MAX,
  description: `1–${CARD_NAME_MAX} characters after trimming`,
} as const;
const description = { type: ['string', 'null'], maxLength: DESCRIPTION_MAX } as const;
const assigneeId = {
  type: ['integer', 'null'],
  minimum: 1,
  description: 'One of GET /api/v2/task-assignees, or null for nobody',
} as const;
const dueDate = { type: ['string', 'null'], format: 'date', description: 'A calendar date, YYYY-MM-DD' } as const;
const index = { type: 'integer', minimum: 0, description: '0-based; past the end → the end' } as const;

export const cardWrite = { name: cardName, description, assigneeId, dueDate };
export const cardCreate = { columnId: id, ...cardWrite };

// ---------- legacy: /api/kanban/columns/* ----------

export const columnsUpdateSchema = {
  tags: TAGS,
  summary: "Add a column at the end of the caller's board (no columnId) or rename one",
  body: closedObject({ columnId: id, column: closedObject({ name: columnName }, ['name']) }, ['column']),
  response: {
    200: {
      type: 'object',
      properties: { status: { type: 'integer' }, message: { type: 'string' }, column },
      required: ['status', 'message', 'column'],
    },
    ...errorResponses,
  },
} as const;

export const columnsDeleteSchema = {
  tags: TAGS,
  summary: "Delete a column of the caller's board and its cards; later columns close up",
  body: closedObject({ columnId: id }, ['columnId']),
  response: {
    200: {
      type: 'object',
      properties: { status: { type: 'integer' }, message: { type: 'string' } },
      required: ['status', 'message'],
    },
    ...errorResponses,
  },
} as const;

// ---------- REST queries ----------

export const paging = {
  _start: { type: 'integer', minimum: 0, description: 'Index of the first row (default 0)' },
  _end: {
    type: 'integer',
    minimum: 0,
    description: 'Index after the last row; at most 100 rows per page (default _start + 100)',
  },
} as const;

export const columnsQuery = {
  ...paging,
  id: {
    type: 'array',
    items: id,
    maxItems: 100,
    description: "Only these columns (repeat the parameter); one that is not the caller's → 404",
  },
} as const;

export const cardsQuery = {
  ...paging,
  columnId: { ...id, description: "Only the cards of this column; a column that is not the caller's → 404" },
} as const;

export const assigneesQuery = {
  shopId: {
    ...id,
    description:
      'Suppliers: only the users of this shop of theirs (another shop → 404). Staff assign staff and send no shopId.',
  },
} as const;

export const moveBody = { columnId: id, index } as const;
export const columnMoveBody = { index } as const;
