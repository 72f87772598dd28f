import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { HttpError, type FieldError } from './errors.js';
import { registerValidation, YEAR_MAX, YEAR_MIN } from './validation.js';

const typeWords: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

function fieldName(path: string, context?: string): string {
  const p = path.replace(/^\//, '').replace(/\//g, '.');
  if (p) return p;
  return context === 'querystring' ? 'query' : 'body';
}

/** `multipleOf: 0.01` in words: "at most 2 decimals". */
function decimalsOf(field: string, step: number): string | undefined {
  const k = [1, 2, 3, 4, 5, 6].find((i) => Math.abs(step - 10 ** -i) < 1e-12);
  return k === undefined ? undefined : `${field} must have at most ${k} decimal${k === 1 ? '' : 's'}`;
}

/** Turn an ajv error into words a user can act on, naming the field. */
export function describeValidationError(e: FastifySchemaValidationError, context?: string): FieldError {
  const params = e.params;
  const limit = Number(params.limit);
  const base = fieldName(e.instancePath, context);
  const join = (child: string) => (e.instancePath ? `${base}.${child}` : child);
  switch (e.keyword) {
    case 'required': {
      const f = join(String(params.missingProperty));
      return { field: f, message: `${f} is required` };
    }
    case 'additionalProperties': {
      const f = join(String(params.additionalProperty));
      return { field: f, message: `${f} is not an allowed property` };
    }
    case 'format': {
      const fmt = String(params.format);
      const years = `, years ${YEAR_MIN}–${YEAR_MAX}`;
      const words =
        fmt === 'email'
          ? 'a valid email address'
          : fmt === 'date-time'
            ? `a date and time (ISO 8601${years})`
            : fmt === 'date'
              ? `a date (YYYY-MM-DD${years})`
              : `a valid ${fmt}`;
      return { field: base, message: `${base} must be ${words}` };
    }
    case 'type': {
      const t = String(params.type).split(',')[0];
      return { field: base, message: `${base} must be ${typeWords[t] ?? t}` };
    }
    case 'minLength':
      return {
        field: base,
        message: limit === 1 ? `${base} must not be empty` : `${base} must be at least ${limit} characters`,
      };
    case 'maxLength':
      return { field: base, message: `${base} must be at most ${limit} characters` };
    case 'minimum':
      return { field: base, message: `${base} must be at least ${limit}` };
    case 'maximum':
      return { field: base, message: `${base} must be at most ${limit}` };
    case 'exclusiveMinimum':
      return { field: base, message: `${base} must be more than ${limit}` };
    case 'exclusiveMaximum':
      return { field: base, message: `${base} must be less than ${limit}` };
    case 'multipleOf':
      return {
        field: base,
        message:
          decimalsOf(base, Number(params.multipleOf)) ?? `${base} must be a multiple of ${Number(params.multipleOf)}`,
      };
    case 'notBlank':
      return { field: base, message: `${base} must not be blank (empty or only spaces)` };
    case 'noNul':
      return { field: base, message: `${base} must not contain a NUL character (\\u0000)` };
    case 'enum':
      return { field: base, message: `${base} must be one of: ${(params.allowedValues as unknown[]).join(', ')}` };
    case 'minProperties':
      return { field: base, message: `${base} must have at least ${limit} field(s)` };
    case 'minItems':
      return { field: base, message: `${base} must have at least ${limit} item(s)` };
    case 'maxItems':
      return { field: base, message: `${base} must have at most ${limit} items` };
    case 'uniqueItems':
      return { field: base, message: `${base} must not contain duplicates` };
    case 'pattern':
      return { field: base, message: `${base} has an invalid format` };
    default:
      return { field: base, message: `${base} ${e.message ?? 'is invalid'}` };
  }
}

const statusWords: Record<number, string> = {
  400: 'Bad request',
  401: 'Please sign in to continue.',
  403: 'You do not have permission to do this.',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'The request is too large.',
  415: 'Unsupported content type',
  429: 'Too many requests. Try again later.',
};

/** The SQLSTATE of a failed query: drizzle keeps the driver's error (PGlite or pg, same codes) as `cause`. */
function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.cause?.code === 'string' ? e.cause.code : e.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * PostgreSQL data exceptions (SQLSTATE class 22) are bad input the schemas let through. The schemas decide
 * first (see validation.ts); this is the safety net that keeps such a value a 400 instead of a 500.
 */
const dataErrors: Record<string, string> = {
  '22P05': 'a text contains a character the database cannot store (NUL)',
  '22021': 'a text is not valid UTF-8',
  '22001': 'a text is longer than the database field',
  '22003': 'a number is out of range',
  '22008': 'a date or time is out of range',
  '22007': 'a date or time is not valid',
  '22P02': 'a value is not of the expected kind',
  '22023': 'a value is not valid',
};

/**
 * What the log keeps of a failed request's error: never the query's parameters (a failed insert would log
 * a password hash or a customer's address) nor a data exception's message (PostgreSQL quotes the value).
 */
export function loggableError(err: unknown): Record<string, unknown> {
  const e = err as Error & { query?: unknown; code?: unknown; cause?: Record<string, unknown> };
  const state = sqlState(err);
  if (e?.query === undefined && !state) return { type: e?.name, message: e?.message, code: e?.code, stack: e?.stack };
  // The driver's error: drizzle's `cause`, or the error itself when a query ran outside drizzle.
  const cause = (e.cause?.code !== undefined ? e.cause : e) as Record<string, unknown>;
  return {
    type: e.name,
    code: state,
    query: typeof e.query === 'string' ? e.query : undefined,
    message: state?.startsWith('22') ? (dataErrors[state] ?? 'data exception') : (cause.message ?? 'query failed'),
    table: cause.table,
    column: cause.column,
    constraint: cause.constraint,
    stack: e.stack
      ?.split('\n')
      .filter((l) => l.trimStart().startsWith('at '))
      .join('\n'),
  };
}

/** Every error leaves as `{status, message, errors?}`; 5xx never leak internals. */
export function registerErrorHandling(app: FastifyInstance, opts: { spa: boolean }): void {
  registerValidation(app);
  app.setErrorHandler((err: FastifyError & { errors?: FieldError[] }, request, reply) => {
    if (err.validation) {
      // A blank value is said once: not also too short or of the wrong pattern.
      const blank = new Set(err.validation.filter((v) => v.keyword === 'notBlank').map((v) => v.instancePath));
      const errors = err.validation
        .filter((v) => v.keyword === 'notBlank' || !blank.has(v.instancePath))
        .map((v) => describeValidationError(v, err.validationContext));
      const message = errors.map((e) => e.message).join('; ');
      return reply.code(400).send({ status: 400, message, errors });
    }
    if (err instanceof HttpError) {
      const body: Record<string, unknown> = { status: err.statusCode, message: err.message };
      if (err.errors?.length) body.errors = err.errors;
      return reply.code(err.statusCode).send(body);
    }
    const state = sqlState(err);
    if (state?.startsWith('22')) {
      request.log.warn({ err: loggableError(err) }, 'bad input reached the database');
      const field =
        typeof (err.cause as { column?: unknown } | undefined)?.column === 'string'
          ? String((err.cause as { column: string }).column)
          : 'body';
      const message = `${field === 'body' ? 'A value' : field} cannot be stored: ${dataErrors[state] ?? 'a value is not valid'}.`;
      return reply.code(400).send({ status: 400, message, errors: [{ field, message }] });
    }
    const code = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (code >= 500) {
      request.log.error({ err: loggableError(err) }, 'request failed');
      return reply.code(code).send({ status: code, message: 'Something went wrong on the server. Please try again.' });
    }
    // Framework 4xx errors (bad JSON, body too large, ...) carry safe messages.
    const message =
      code === 400 && err.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'The request body is not valid JSON.'
        : err.message || statusWords[code] || 'Request failed';
    return reply.code(code).send({ status: code, message });
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    // SPA fallback: client-side routes get index.html; /api, /docs and files keep JSON 404s.
    const reserved = url === '/api' || url.startsWith('/api/') || url.startsWith('/docs') || url === '/health';
    const wantsHtml =
      (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
    if (opts.spa && !reserved && wantsHtml) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send({ status: 404, message: `No route for ${request.method} ${url}` });
  });
}
