import { dateTime, nullableDateTime, nullableString } from '../../lib/schemas.js';
import { OUTBOX_SYSTEMS, TOPICS } from './config.js';
import { JOB_STATES } from './service.js';

export const TAGS = ['outbox'];

export const job = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    topic: { type: 'string', enum: Object.keys(TOPICS) },
    system: { type: 'string', enum: [...OUTBOX_SYSTEMS], description: 'The outside system that receives it' },
    status: {
      type: 'string',
      enum: [...JOB_STATES],
      description: 'queued → sending → sent; failed = a try failed, tried again at nextAttemptAt; dead = out of tries',
    },
    configured: {
      type: 'boolean',
      description: 'false: the system has no URL (OUTBOX_<SYSTEM>_URL), so the job stays queued',
    },
    attempts: { type: 'integer', description: 'Tries so far' },
    maxAttempts: { type: 'integer', description: 'Tries before the job is dead' },
    lastError: nullableString,
    nextAttemptAt: { ...nullableDateTime, description: 'When a failed job is tried again' },
    sentAt: nullableDateTime,
    payload: { type: 'object', additionalProperties: true },
    createdAt: dateTime,
    updatedAt: dateTime,
  },
  required: [
    'id',
    'topic',
    'system',
    'status',
    'configured',
    'attempts',
    'maxAttempts',
    'lastError',
    'nextAttemptAt',
    'sentAt',
    'payload',
    'createdAt',
    'updatedAt',
  ],
} as const;

const several = (values: readonly string[], what: string) => ({
  type: 'array',
  items: { type: 'string', enum: [...values] },
  maxItems: values.length,
  description: `Only these ${what} (repeat the parameter for several)`,
});

export const listQuery = {
  topic: several(Object.keys(TOPICS), 'topics'),
  status: several(JOB_STATES, 'states'),
  _start: { type: 'integer', minimum: 0, default: 0 },
  _end: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
};

export const jobList = {
  type: 'array',
  items: job,
  headers: { 'x-total-count': { type: 'integer', description: 'Jobs matching the filters' } },
};
