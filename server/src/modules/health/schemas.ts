import { errorResponses } from '../../lib/schemas.js';

export const healthSchema = {
  tags: ['health'],
  summary: 'Liveness and database check',
  response: {
    200: {
      type: 'object',
      properties: { status: { type: 'string', enum: ['ok'] }, db: { type: 'string', enum: ['pglite', 'postgres'] } },
      required: ['status', 'db'],
    },
    503: {
      type: 'object',
      properties: { status: { type: 'integer' }, message: { type: 'string' } },
      required: ['status', 'message'],
    },
    ...errorResponses,
  },
} as const;
