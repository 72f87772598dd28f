/** JSON schemas of the calendar events feed (docs/api/calendar.md). */
import { dateTime, nullableDateTime } from '../../lib/schemas.js';
import { EVENT_KINDS, MAX_SPAN_DAYS } from './service.js';

export const TAGS = ['calendar'];

export const query = {
  from: { ...dateTime, description: 'Events whose window ends after this (ISO-8601 with offset)' },
  to: { ...dateTime, description: `Events whose window starts before this; at most ${MAX_SPAN_DAYS} days after from` },
  kind: {
    type: 'array',
    items: { type: 'string', enum: EVENT_KINDS },
    maxItems: EVENT_KINDS.length,
    description: 'Only these kinds (repeat the parameter); default: every kind the caller may see',
  },
} as const;

export const event = {
  type: 'object',
  properties: {
    id: { type: 'string', description: '<kind>-<record id>' },
    kind: { type: 'string', enum: EVENT_KINDS },
    title: { type: 'string' },
    startsAt: dateTime,
    endsAt: nullableDateTime,
    timezone: { type: 'string' },
    draft: {
      type: 'boolean',
      description: 'A campaign still being drafted (not yet live); false for every other kind',
    },
    link: { type: 'string', description: "The record's screen path" },
  },
  required: ['id', 'kind', 'title', 'startsAt', 'endsAt', 'timezone', 'draft', 'link'],
} as const;
