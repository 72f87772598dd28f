/**
 * The OpenAPI document as a checked artefact: the routes' schemas, turned into valid OpenAPI 3.0.3 (the
 * swagger transform in app.ts), with closed answers and an example for every write.
 */
import { errorResponse } from './schemas.js';
import { isFilePart } from './validation.js';

type Node = Record<string, unknown>;
/** Keywords whose values are data, not schemas: the walkers below leave them as they are. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'enum', 'const']);

function mapSchema(value: unknown, visit: (node: Node) => Node): unknown {
  if (Array.isArray(value)) return value.map((v) => mapSchema(v, visit));
  if (!value || typeof value !== 'object') return value;
  const out: Node = {};
  for (const [k, v] of Object.entries(value)) out[k] = DATA_KEYWORDS.has(k) ? v : mapSchema(v, visit);
  return visit(out);
}

/**
 * Answers are closed: every object that names its properties gets `additionalProperties: false` unless it
 * says otherwise, so the document promises exactly the fields sent (the response test fails on any other), and the
 * serializer sends no field the document does not name.
 */
export function closeResponseSchema<T>(schema: T): T {
  return mapSchema(schema, (n) =>
    n.properties && typeof n.properties === 'object' && n.additionalProperties === undefined && n.type !== undefined
      ? { ...n, additionalProperties: false }
      : n,
  ) as T;
}

/**
 * The routes validate with ajv (draft-07); OpenAPI 3.0.3 has its own dialect. The document gets the 3.0 form:
 * a numeric `exclusiveMinimum`/`exclusiveMaximum` becomes the bound plus `true`, and an empty `required` goes.
 */
export function toOpenApi30<T>(schema: T): T {
  return mapSchema(schema, (n) => {
    const out = { ...n };
    for (const [ex, bound] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (typeof out[ex] === 'number') {
        out[bound] = out[ex];
        out[ex] = true;
      }
    }
    if (Array.isArray(out.required) && out.required.length === 0) delete out.required;
    return out;
  }) as T;
}

/** Values tried, in order, for a string with a pattern: the first that matches is the example. */
const PATTERN_SAMPLES = [
  'text',
  'sample-value',
  'A1b2C3d4E5f6G7h8',
  'A1b2C3d4E5f6G7h8I9j0K1l2',
  '#1677ff',
  '+66 81 234 5678',
  '0812345678',
  '10110',
  'SKU-0001',
  'th',
  'en',
  'sample',
  '09:30',
  '2026-01-15',
  'https://example.com/',
  'name@example.com',
  '123',
  'ABC',
];

/**
 * A request example built from a body schema (each property: its own example or default, else the first enum
 * value, else a value of its type within its bounds), for operations whose schema gives none.
 */
export function exampleOf(schema: unknown): unknown {
  const s = (schema ?? {}) as Node;
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum.find((v) => v !== null) ?? s.enum[0];
  if (s.const !== undefined) return s.const;
  const branches = ((s.oneOf ?? s.anyOf) as Node[] | undefined)?.filter((o) => o.type !== 'null');
  // Branches of their own type (a value of either kind): the first one's example.
  if (branches?.length && branches[0].type !== undefined) return exampleOf(branches[0]);
  const type: unknown = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      // Branches that only require fields (this one or that one): the fields of the first branch.
      const only = branches?.length
        ? new Set([...((branches[0].required ?? []) as string[]), ...((s.required ?? []) as string[])])
        : null;
      const props = Object.entries((s.properties ?? {}) as Record<string, Node>).filter(
        ([k, p]) => !isFilePart(p) && (!only || only.has(k)),
      );
      return Object.fromEntries(props.map(([k, p]) => [k, exampleOf(p)]));
    }
    case 'array': {
      const n = Math.max(1, Number(s.minItems ?? 1));
      return Array.from({ length: n }, (_, i) => {
        const v = exampleOf(s.items);
        return s.uniqueItems && typeof v === 'number'
          ? v + i
          : s.uniqueItems && typeof v === 'string'
            ? `${v}${i || ''}`
            : v;
      });
    }
    case 'integer':
    case 'number': {
      const min =
        typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1;
      return typeof s.maximum === 'number' ? Math.min(Math.max(min, 1), s.maximum) : Math.max(min, 1);
    }
    case 'boolean':
      return true;
    case 'string': {
      if (s.format === 'date-time') return '2026-01-15T09:30:00.000Z';
      if (s.format === 'date') return '2026-01-15';
      if (s.format === 'email') return 'name@example.com';
      if (s.format === 'uri' || s.format === 'url') return 'https://example.com/';
      const min = Number(s.minLength ?? 0);
      const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
      if (typeof s.pattern === 'string') {
        const re = new RegExp(s.pattern, 'u');
        const fits = PATTERN_SAMPLES.find((v) => re.test(v) && v.length >= min && v.length <= max);
        if (fits) return fits;
      }
      return 'text'.padEnd(Math.max(min, 4), 'x').slice(0, Math.max(max, min));
    }
    default:
      return null;
  }
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * One operation as documented: 3.0 dialect, error answers as they apply (401/403 only behind sign-in,
 * 413/415 only with a body), and a request example on writes that carry a body.
 */
export function documentOperation(
  schema: Record<string, unknown>,
  method: string,
  access: unknown,
): Record<string, unknown> {
  const s: Record<string, unknown> = { ...schema };
  // Closed as the serializer closes them (app.ts): the document names exactly the fields an answer carries.
  const response = { ...closeResponseSchema(s.response as Record<string, unknown> | undefined) };
  if (access === 'public') {
    delete response[401];
    delete response[403];
  }
  if (BODY_METHODS.has(method) && s.body) {
    response[413] = errorResponse;
    response[415] = errorResponse;
    const body = s.body as Record<string, unknown>;
    if (body.example === undefined) s.body = { ...body, example: exampleOf(body) };
  }
  s.response = response;
  return toOpenApi30(s);
}

const isErrorBody = (s: unknown) => {
  const n = s as Node | undefined;
  return (
    !!n?.properties &&
    JSON.stringify(Object.keys(n.properties).sort()) === '["errors","message","status"]' &&
    JSON.stringify(n.required) === '["status","message"]'
  );
};

/**
 * Every error answer of the document points to one shared `Error` response (the house error body) instead of
 * repeating it in each of several hundred operations: a smaller document, and generated types that name it once.
 */
export function shareErrorAnswers<T>(doc: T): T {
  const d = doc as Node & {
    paths?: Record<string, Record<string, { responses?: Record<string, Node> }>>;
    components?: Node;
  };
  let schema: unknown;
  for (const ops of Object.values(d.paths ?? {})) {
    for (const op of Object.values(ops)) {
      for (const [code, answer] of Object.entries(op.responses ?? {})) {
        const body = ((answer.content as Node | undefined)?.['application/json'] as Node | undefined)?.schema;
        if (Number(code) < 400 || !isErrorBody(body)) continue;
        schema ??= body;
        op.responses![code] = { $ref: '#/components/responses/Error' };
      }
    }
  }
  if (schema) {
    const components = (d.components ??= {}) as Record<string, Node>;
    components.schemas = { ...components.schemas, Error: schema };
    components.responses = {
      ...components.responses,
      Error: {
        description: 'The house error body: the status, a message, and for bad input the fields at fault',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    };
  }
  return doc;
}
