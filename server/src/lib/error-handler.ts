import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { HttpError, type FieldError } from './errors.js';

const typeWords: Record<string, string> = {
  integer: 'a whole number', number: 'a number', string: 'text', boolean: 'true or false',
  array: 'a list', object: 'an object',
};

function fieldName(path: string, context?: string): string {
  const p = path.replace(/^\//, '').replace(/\//g, '.');
  if (p) return p;
  return context === 'querystring' ? 'query' : 'body';
}

/** Turn an ajv error into words a user can act on, naming the field. */
export function describeValidationError(e: FastifySchemaValidationError, context?: string): FieldError {
  const params = e.params as Record<string, unknown>;
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
      const words = fmt === 'email' ? 'a valid email address' : fmt === 'date-time' ? 'a date and time (ISO 8601)' : `a valid ${fmt}`;
      return { field: base, message: `${base} must be ${words}` };
    }
    case 'type': {
      const t = String(params.type).split(',')[0];
      return { field: base, message: `${base} must be ${typeWords[t] ?? t}` };
    }
    case 'minLength':
      return { field: base, message: params.limit === 1 ? `${base} must not be empty` : `${base} must be at least ${params.limit} characters` };
    case 'maxLength':
      return { field: base, message: `${base} must be at most ${params.limit} characters` };
    case 'minimum':
      return { field: base, message: `${base} must be at least ${params.limit}` };
    case 'maximum':
      return { field: base, message: `${base} must be at most ${params.limit}` };
    case 'enum':
      return { field: base, message: `${base} must be one of: ${(params.allowedValues as unknown[]).join(', ')}` };
    case 'minProperties':
      return { field: base, message: `${base} must have at least ${params.limit} field(s)` };
    case 'minItems':
      return { field: base, message: `${base} must have at least ${params.limit} item(s)` };
    case 'maxItems':
      return { field: base, message: `${base} must have at most ${params.limit} items` };
    case 'uniqueItems':
      return { field: base, message: `${base} must not contain duplicates` };
    case 'pattern':
      return { field: base, message: `${base} has an invalid format` };
    default:
      return { field: base, message: `${base} ${e.message ?? 'is invalid'}` };
  }
}

const statusWords: Record<number, string> = {
  400: 'Bad request', 401: 'Please sign in to continue.', 403: 'You do not have permission to do this.',
  404: 'Not found', 405: 'Method not allowed', 409: 'Conflict', 413: 'The request is too large.',
  415: 'Unsupported content type', 429: 'Too many requests. Try again later.',
};

/** Every error leaves as `{status, message, errors?}`; 5xx never leak internals. */
export function registerErrorHandling(app: FastifyInstance, opts: { spa: boolean }): void {
  app.setErrorHandler((err: FastifyError & { errors?: FieldError[] }, request, reply) => {
    if (err.validation) {
      const errors = err.validation.map((v) => describeValidationError(v, err.validationContext));
      const message = errors.map((e) => e.message).join('; ');
      return reply.code(400).send({ status: 400, message, errors });
    }
    if (err instanceof HttpError) {
      const body: Record<string, unknown> = { status: err.statusCode, message: err.message };
      if (err.errors?.length) body.errors = err.errors;
      return reply.code(err.statusCode).send(body);
    }
    const code = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (code >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.code(code).send({ status: code, message: 'Something went wrong on the server. Please try again.' });
    }
    // Framework 4xx errors (bad JSON, body too large, ...) carry safe messages.
    const message = code === 400 && err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'The request body is not valid JSON.'
      : err.message || statusWords[code] || 'Request failed';
    return reply.code(code).send({ status: code, message });
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    // SPA fallback: client-side routes get index.html; /api, /docs and files keep JSON 404s.
    const reserved = url === '/api' || url.startsWith('/api/') || url.startsWith('/docs') || url === '/health';
    const wantsHtml = (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
    if (opts.spa && !reserved && wantsHtml) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send({ status: 404, message: `No route for ${request.method} ${url}` });
  });
}
