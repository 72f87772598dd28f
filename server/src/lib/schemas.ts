/** Shared JSON schemas. Objects are closed (additionalProperties:false) so unknown input is rejected. */
import { INT4_MAX, NUMBER_MAX } from './validation.js';

export const errorResponse = {
  type: 'object',
  properties: {
    status: { type: 'integer' },
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, message: { type: 'string' } },
        required: ['field', 'message'],
      },
    },
  },
  required: ['status', 'message'],
} as const;

export const errorResponses = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  429: errorResponse,
  500: errorResponse,
} as const;

export function closedObject(properties: Record<string, unknown>, required: string[] = []) {
  return { type: 'object', additionalProperties: false, properties, required } as const;
}

/** A row id: serial columns are int4. */
export const id = { type: 'integer', minimum: 1, maximum: INT4_MAX } as const;

/**
 * An amount of money (THB): two decimals, within what the numeric(12,2) columns hold. `positive`: more than 0
 * (a price); otherwise 0 is allowed (a fee, a minimum spend).
 */
export function money(opts: { positive?: boolean; max?: number; description?: string } = {}) {
  return {
    type: 'number',
    ...(opts.positive ? { exclusiveMinimum: 0 } : { minimum: 0 }),
    maximum: opts.max ?? NUMBER_MAX,
    multipleOf: 0.01,
    ...(opts.description ? { description: opts.description } : {}),
  } as const;
}

export const nullableString = { type: ['string', 'null'] } as const;
export const dateTime = { type: 'string', format: 'date-time' } as const;
export const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const;

export const pageQuery = {
  page: { type: 'integer', minimum: 1, default: 1 },
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
} as const;

export function listResponse(item: unknown) {
  return {
    type: 'object',
    properties: { items: { type: 'array', items: item }, total: { type: 'integer' }, maxpage: { type: 'integer' } },
    required: ['items', 'total', 'maxpage'],
  } as const;
}

export function writeResponse(data?: unknown) {
  const properties: Record<string, unknown> = { status: { type: 'integer' }, message: { type: 'string' } };
  if (data) properties.data = data;
  return { type: 'object', properties, required: ['status', 'message'] } as const;
}

export const maxpage = (total: number, limit: number) => Math.ceil(total / limit);

/**
 * Documentation of a multipart/form-data body. Fastify never sees it as `body` (a body schema would be
 * validated against the unparsed stream and fail); the swagger transform in app.ts turns `multipartBody`
 * into the operation's requestBody. Field values arrive as strings; the handlers check them.
 * `json`: the route also takes the same fields (without the file) as application/json.
 */
export function multipartDoc(
  fields: Record<string, unknown>,
  required: string[],
  file: { name?: string; description: string; required?: boolean },
  json = false,
) {
  const name = file.name ?? 'file';
  return {
    consumes: json ? ['multipart/form-data', 'application/json'] : ['multipart/form-data'],
    multipartBody: {
      type: 'object',
      properties: { ...fields, [name]: { type: 'string', format: 'binary', description: file.description } },
      required: file.required === false ? required : [...required, name],
    },
  };
}
