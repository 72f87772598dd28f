/** JSON schemas of the audit log viewer (docs/api/audit.md). */
import { dateTime, id, nullableString } from '../../lib/schemas.js';

export const TAGS = ['audit'];

const entryProps = {
  id: { type: 'integer' },
  actorId: { type: ['integer', 'null'] },
  actorName: nullableString,
  actorUsername: nullableString,
  action: { type: 'string' },
  entity: { type: 'string' },
  entityId: { type: ['integer', 'null'] },
  createdAt: dateTime,
} as const;

export const entrySummary = {
  type: 'object',
  properties: {
    ...entryProps,
    changed: {
      type: 'array',
      items: { type: 'string' },
      description: 'Top-level fields whose value differs between before and after',
    },
  },
  required: [...Object.keys(entryProps), 'changed'],
} as const;

export const entry = {
  type: 'object',
  properties: { ...entryProps, before: {}, after: {} },
  required: [...Object.keys(entryProps), 'before', 'after'],
} as const;

const code = { type: 'string', minLength: 1, maxLength: 60 } as const;

export const listQuery = {
  _start: { type: 'integer', minimum: 0, description: 'Index of the first row (default 0)' },
  _end: {
    type: 'integer',
    minimum: 0,
    description: 'Index after the last row; at most 100 rows a page (default _start + 20)',
  },
  _sort: { type: 'string', enum: ['createdAt'], description: 'Only createdAt (the default)' },
  _order: { type: 'string', enum: ['asc', 'desc'], description: 'Default desc: newest first' },
  actorId: { ...id, description: 'Changes made by this account' },
  entity: { ...code, description: 'Changes of this kind of record (audit-facets)' },
  action: { ...code, description: 'Changes of this action (audit-facets)' },
  entityId: { ...id, description: 'Changes of this one record (with entity)' },
  createdAt_gte: { ...dateTime, description: 'Made at or after this moment' },
  createdAt_lte: { ...dateTime, description: 'Made at or before this moment' },
} as const;

export const facets = {
  type: 'object',
  properties: {
    entities: { type: 'array', items: { type: 'string' } },
    actions: { type: 'array', items: { type: 'string' }, description: 'Of the entity asked for, or of every entity' },
    actors: {
      type: 'array',
      description: 'Accounts that made at least one change, by name',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, username: { type: 'string' }, name: { type: 'string' } },
        required: ['id', 'username', 'name'],
      },
    },
  },
  required: ['entities', 'actions', 'actors'],
} as const;
export const facetQuery = { entity: code } as const;
