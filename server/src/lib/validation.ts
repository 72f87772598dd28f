/**
 * Request validation: what passes a route's schema is something the database can store, so bad input is a
 * 400 naming the field, never a PostgreSQL error turned 500.
 *
 * - Two ajv instances: JSON bodies are checked as sent (no type coercion: `null`, `true` or `"5"` where a
 *   number is expected are refused, not turned into 0, 1 or 5); query strings, path parameters and
 *   multipart fields are text by nature and keep coercion.
 * - `harden(schema)` gives every request schema the limits of the columns behind it, where the schema does not
 *   say tighter ones: integers within int4, numbers within ±1e9 (numeric(12,2) holds less than 1e10), text
 *   without NUL (PostgreSQL text cannot hold it) and at most DEFAULT_MAX_LENGTH characters. Route schemas stay
 *   as written (the OpenAPI document shows what the module declared); the compiled validator has the limits.
 * - Blank text (empty or only spaces) is refused, keyword `notBlank`, where a value is expected: a text field the
 *   request must carry (required in its object: JSON and multipart bodies, query strings, path parameters), and in a
 *   body any text that declares `minLength` ≥ 1 (an optional name on an edit, a list's items). `minLength: 0` on
 *   the field says empty is meaningful. Text with an `enum`, `const` or `format` is left to those. Values are
 *   checked, never trimmed: what is stored is what was sent, unless its service trims it.
 * - `date` and `date-time` formats take years 1000–9999 only (PostgreSQL refuses year 0, JavaScript dates
 *   and ISO 8601 agree on four-digit years).
 * - `multipartFields(request, fields)` checks the text fields of a multipart request against the route's
 *   `multipartBody` schema with the same rules.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { FastifyInstance, FastifyRequest, FastifySchema, FastifySchemaValidationError } from 'fastify';
import { deferCompile } from './lazy-schemas.js';

export const INT4_MIN = -2147483648;
export const INT4_MAX = 2147483647;
/** The largest amount any money column (numeric(12,2) and wider) holds with room to spare. */
export const NUMBER_MAX = 1e9;
/** Text fields that declare no maxLength take at most this many characters. */
export const DEFAULT_MAX_LENGTH = 10_000;
export const YEAR_MIN = 1000;
export const YEAR_MAX = 9999;

type Node = Record<string, unknown>;

const typesOf = (s: Node): string[] => ([] as unknown[]).concat(s.type ?? []).map(String);
/** Free text: a string that no enum, const or format already shapes. */
const freeText = (s: Node) =>
  typesOf(s).includes('string') && s.enum === undefined && s.const === undefined && s.format === undefined;
const blankAllowed = (s: Node) => s.minLength === 0;

/**
 * A copy of `schema` with the column limits filled in where it states none, and the blank rule (see above).
 * `body`: a JSON or multipart body, where text declaring `minLength` ≥ 1 must not be blank even when optional.
 */
export function harden<T>(schema: T, opts: { body?: boolean } = {}): T {
  const copy = structuredClone(schema) as unknown;
  const visit = (s: unknown) => {
    if (!s || typeof s !== 'object') return;
    if (Array.isArray(s)) {
      s.forEach(visit);
      return;
    }
    const n = s as Node;
    const types = typesOf(n);
    if (n.properties && typeof n.properties === 'object' && Array.isArray(n.required)) {
      const props = n.properties as Record<string, Node>;
      // A copy: one schema object may stand for a required field here and an optional one elsewhere.
      for (const key of n.required as string[])
        if (props[key] && typeof props[key] === 'object' && freeText(props[key]) && !blankAllowed(props[key]))
          props[key] = { ...props[key], notBlank: true };
    }
    if (opts.body && freeText(n) && Number(n.minLength ?? 0) >= 1) n.notBlank = true;
    if (types.includes('integer')) {
      n.minimum ??= INT4_MIN;
      n.maximum ??= INT4_MAX;
    } else if (types.includes('number')) {
      n.minimum ??= -NUMBER_MAX;
      n.maximum ??= NUMBER_MAX;
    }
    if (types.includes('string')) {
      n.noNul = true;
      if (n.enum === undefined && n.const === undefined && n.format === undefined) n.maxLength ??= DEFAULT_MAX_LENGTH;
    }
    for (const key of ['properties', 'patternProperties', 'definitions', '$defs']) {
      if (n[key] && typeof n[key] === 'object') Object.values(n[key] as Node).forEach(visit);
    }
    for (const key of [
      'items',
      'additionalProperties',
      'oneOf',
      'anyOf',
      'allOf',
      'not',
      'if',
      'then',
      'else',
      'prefixItems',
      'contains',
    ])
      visit(n[key]);
  };
  visit(copy);
  return copy as T;
}

const yearOk = (s: string) => {
  const y = Number(s.slice(0, 4));
  return y >= YEAR_MIN && y <= YEAR_MAX;
};

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    allErrors: true,
    // 0.07 is not an exact multiple of 0.01 in binary floating point: compare to 9 decimals.
    multipleOfPrecision: 9,
    // Fastify's defaults: route schemas are compiled once each, not kept by ajv.
    addUsedSchema: false,
    strict: false,
  });
  addFormats.default(ajv);
  const date = fullFormats.date as { validate: (s: string) => boolean };
  const dateTime = fullFormats['date-time'] as { validate: (s: string) => boolean };
  ajv.addFormat('date', { type: 'string', validate: (s: string) => date.validate(s) && yearOk(s) });
  ajv.addFormat('date-time', { type: 'string', validate: (s: string) => dateTime.validate(s) && yearOk(s) });
  ajv.addKeyword({
    keyword: 'noNul',
    type: 'string',
    schemaType: 'boolean',
    validate: (on: boolean, data: string) => !on || !data.includes('\u0000'),
  });
  // \S: any character that is not white space (Unicode spaces, tabs and line breaks included).
  ajv.addKeyword({
    keyword: 'notBlank',
    type: 'string',
    schemaType: 'boolean',
    validate: (on: boolean, data: string) => !on || /\S/u.test(data),
  });
  return ajv;
}

const jsonAjv = makeAjv(false);
const textAjv = makeAjv(true);

/** Bodies strict, everything that arrives as text coerced; every schema hardened, and compiled on the route's first use. */
export function registerValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) =>
    deferCompile(app, () =>
      (httpPart === 'body' ? jsonAjv : textAjv).compile(harden(schema as object, { body: httpPart === 'body' })),
    ),
  );
  // A multipart route that also takes its fields as JSON has no body schema (see multipartDoc): its JSON body is
  // checked against the documented fields here, strictly, before the handler reads it.
  app.addHook('preValidation', async (request) => {
    const doc = documentedFields(request);
    if (!doc || request.isMultipart() || request.body === undefined) return;
    const validate = cached(jsonValidators, doc, () =>
      jsonAjv.compile(harden({ ...fieldsOnly(doc), additionalProperties: false }, { body: true })),
    );
    if (!validate(request.body)) throw validationError(validate);
  });
}

const jsonValidators = new WeakMap<object, ValidateFunction>();
const multipartValidators = new WeakMap<object, ValidateFunction>();

function cached(map: WeakMap<object, ValidateFunction>, key: object, make: () => ValidateFunction): ValidateFunction {
  let v = map.get(key);
  if (!v) {
    v = make();
    map.set(key, v);
  }
  return v;
}

/** The route's documented multipart body (`multipartDoc`), when it has one. */
function documentedFields(request: FastifyRequest): Node | undefined {
  const schema: (FastifySchema & { multipartBody?: Node }) | undefined = request.routeOptions.schema;
  return schema?.multipartBody;
}

/** A documented file part of a multipart body: one file (`format: binary`) or a list of them. */
export function isFilePart(p: { format?: unknown; type?: unknown; items?: unknown }): boolean {
  return (
    p.format === 'binary' || (p.type === 'array' && (p.items as { format?: unknown } | undefined)?.format === 'binary')
  );
}

/** The documented body without its file parts (isFilePart). */
function fieldsOnly(doc: Node): Node {
  const properties = Object.fromEntries(
    Object.entries((doc.properties ?? {}) as Record<string, Node>).filter(([, p]) => !isFilePart(p)),
  );
  const required = ((doc.required as string[] | undefined) ?? []).filter((f) => f in properties);
  return { ...doc, properties, required };
}

/** The error the error handler answers as a 400 naming each field. */
function validationError(validate: ValidateFunction): Error {
  return Object.assign(new Error('request fields are not valid'), {
    validation: validate.errors as FastifySchemaValidationError[],
    validationContext: 'body',
  });
}

/**
 * Check the text fields of a multipart request against its route's documented `multipartBody` (the file part
 * left out): coerced like a query string, with the same limits; fields it does not name are text too. Throws
 * the error the error handler turns into a 400 naming the fields.
 */
export function checkMultipartFields(request: FastifyRequest, fields: Record<string, string>): void {
  const doc = documentedFields(request);
  if (!doc) return;
  const validate = cached(multipartValidators, doc, () =>
    textAjv.compile(
      harden(
        { ...fieldsOnly(doc), additionalProperties: doc.additionalProperties ?? { type: 'string' } },
        { body: true },
      ),
    ),
  );
  // A copy is checked: coercion must not change the text the handler reads.
  if (!validate({ ...fields })) throw validationError(validate);
}
