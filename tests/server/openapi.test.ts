/**
 * The OpenAPI document as a checked artefact (issue 14): it validates as OpenAPI 3.0.3, every operation is
 * documented the same way, and what each read answers on the demo data is what the document says, checked on
 * the handler's payload BEFORE serialization (the closed response schemas would otherwise drop an extra field
 * without a trace).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.js';
import { errorResponse } from '../../server/src/lib/schemas.js';
import { DEMO_PASSWORD, testConfig } from '../support/app.js';
import { repoRoot } from '../../server/src/root.js';
import {
  API_TYPES_FILE,
  apiTypesOf,
  REQUIRED_FILE,
  requiredFieldsText,
  REST_RESOURCES_FILE,
  restResourcesText,
} from '../../scripts/api-types.js';

const DOCS = join(repoRoot, 'docs/api');

type Schema = Record<string, unknown>;
interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  'x-access'?: unknown;
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

/**
 * REST resources under /api/v2 whose rows are listed by another read: `/x/{id}` and its sub-resources take
 * the first id that list answers.
 */
const ID_SOURCES: Record<string, { list: string; where?: (row: Record<string, unknown>) => boolean }> = {
  '/api/v2/shops': { list: '/api/supplier/kanban/shopprofile' },
  '/api/v2/staff-users': { list: '/api/user/getlistusermangement', where: (row) => row.area === 'admin' },
};

/** Reads sent as POST (the legacy list contract takes its filters as a JSON body). */
const POST_READS = ['/api/order/orderlist', '/api/housebrand/brandprofile'];
const WRITE_METHODS = ['post', 'put', 'patch'];

let app: FastifyInstance;
let doc: Doc;
/** The handler's payload of the last request, as the serializer received it. */
let captured = null as { url: string; payload: unknown } | null;

beforeAll(async () => {
  app = await buildApp(testConfig(), { loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  app.addHook('preSerialization', async (req, _reply, payload) => {
    captured = { url: req.url, payload: structuredClone(payload) };
    return payload;
  });
  await app.ready();
  doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json<Doc>();
});
afterAll(async () => app?.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.0.3 (swagger-parser)', async () => {
    expect(doc).toMatchObject({ openapi: '3.0.3' });
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('gives every operation a summary, a domain tag and the error answers that apply, with the house error body', () => {
    const problems: string[] = [];
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!op.summary?.trim()) problems.push(`${where}: no summary`);
      if (!op.tags?.some((t) => t !== 'addition')) problems.push(`${where}: no domain tag`);
      const expected = ['400', '404', '409', '429'];
      // No access rule (the health check): open to all, like `public`.
      const open = op['x-access'] === undefined || op['x-access'] === 'public';
      if (!open) expected.push('401', '403');
      if (WRITE_METHODS.includes(method) && op.requestBody) expected.push('413', '415');
      for (const code of expected) {
        const answer = op.responses[code] as { $ref?: string } | undefined;
        if (!answer) problems.push(`${where}: no ${code} answer`);
        else if (answer.$ref !== '#/components/responses/Error')
          problems.push(`${where}: ${code} is not the house error body`);
      }
      if (open && op.responses['401']) problems.push(`${where}: open to all but documents 401`);
    }
    expect(problems).toEqual([]);
  });

  it('shares one error body, the one the error handler sends', () => {
    const components = (doc as unknown as { components: { schemas: Record<string, Schema> } }).components;
    expect(components.schemas.Error).toMatchObject({
      required: [...errorResponse.required],
      additionalProperties: false,
    });
    expect(Object.keys(components.schemas.Error.properties as Schema).sort()).toEqual(
      Object.keys(errorResponse.properties).sort(),
    );
  });

  it('generates the committed front-end types (npm run api:types)', async () => {
    // Stale types: run `npm run api:types` and commit src/api/schema.ts.
    expect(
      (await apiTypesOf(doc)) === readFileSync(API_TYPES_FILE, 'utf8'),
      'src/api/schema.ts is stale: run npm run api:types',
    ).toBe(true);
    // What generated screens read of each REST resource comes from the same document.
    expect(
      (await restResourcesText(doc)) === readFileSync(REST_RESOURCES_FILE, 'utf8'),
      'src/api/resources.ts is stale: run npm run api:types',
    ).toBe(true);
    // So do the required marks of every form.
    expect(
      (await requiredFieldsText(doc)) === readFileSync(REQUIRED_FILE, 'utf8'),
      'src/api/required.ts is stale: run npm run api:types',
    ).toBe(true);
  });

  it('names in docs/api/*.md only operations the document has', () => {
    const missing: string[] = [];
    const known = new Set(
      operations().map(({ path, method }) => `${method.toUpperCase()} ${path.replace(/\{\w+\}/g, '{}')}`),
    );
    for (const file of readdirSync(DOCS).filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(join(DOCS, file), 'utf8');
      for (const [, method, path] of text.matchAll(
        /\b(GET|POST|PUT|PATCH|DELETE)\s+`?(\/(?:api|health|docs)[^\s`?)|,]*)/g,
      )) {
        const key = `${method} ${path.replace(/\/$/, '').replace(/(:\w+|\{\w+\})/g, '{}')}`;
        if (!known.has(key)) missing.push(`${file}: ${method} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has a request example on every write with a body, and the example is a valid body', () => {
    const ajv = validator(false);
    const problems: string[] = [];
    for (const { path, method, op } of operations()) {
      if (!WRITE_METHODS.includes(method) || !op.requestBody) continue;
      for (const [type, media] of Object.entries(op.requestBody.content)) {
        const { example, ...schema } = media.schema as Schema & { example?: unknown };
        if (example === undefined) problems.push(`${method.toUpperCase()} ${path} (${type}): no example`);
        else if (type === 'application/json' && !ajv.validate(draft07(schema) as Schema, example))
          problems.push(`${method.toUpperCase()} ${path}: example ${ajv.errorsText()}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('closes every answer that names its fields', () => {
    const open: string[] = [];
    const walk = (s: unknown, where: string) => {
      if (!s || typeof s !== 'object') return;
      const n = s as Schema;
      if (n.properties && n.additionalProperties === undefined) open.push(where);
      for (const [k, v] of Object.entries(n)) if (k !== 'example' && k !== 'default' && k !== 'enum') walk(v, where);
    };
    for (const { path, method, op } of operations()) {
      for (const [code, r] of Object.entries(op.responses))
        walk(r.content?.['application/json']?.schema, `${method.toUpperCase()} ${path} ${code}`);
    }
    expect([...new Set(open)]).toEqual([]);
  });

  it('documents the fields of every JSON read answer (no free-form object)', () => {
    const freeForm = operations()
      .filter(({ path, method }) => method === 'get' || (method === 'post' && POST_READS.includes(path)))
      .filter(({ op }) => {
        const s = op.responses['200']?.content?.['application/json']?.schema;
        return (
          !s ||
          (s.type === 'object' && !s.properties && !s.additionalProperties) ||
          (s.type === 'object' && !s.properties && s.additionalProperties === true)
        );
      })
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(freeForm).toEqual([]);
  });
});

/**
 * Strict ajv reading OpenAPI 3.0 schemas: `nullable` is core in ajv 8; `example` is an annotation, and so is the
 * extension `x-token` (a restResource field read and sent back unchanged, e.g. a role's version).
 */
function validator(strict = true): Ajv {
  const ajv = new Ajv({ strict, allErrors: true, allowUnionTypes: true, logger: false });
  addFormats.default(ajv);
  ajv.addKeyword({ keyword: 'example' });
  ajv.addKeyword({ keyword: 'x-token' });
  return ajv;
}

/** OpenAPI 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` back to the numeric form ajv (draft-07) reads. */
function draft07(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(draft07);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema))
    out[k] = k === 'example' || k === 'enum' || k === 'default' ? v : draft07(v);
  for (const [ex, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[ex] === true) {
      out[ex] = out[bound];
      delete out[bound];
    } else if (out[ex] === false) delete out[ex];
  }
  return out;
}

function queryOf(op: Operation): string {
  const q = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    if (p.in !== 'query' || !p.required) continue;
    q.set(p.name, String(exampleValue(p.name, p.schema)));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

function exampleValue(name: string, s: Schema): unknown {
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.type === 'integer' || s.type === 'number') return typeof s.minimum === 'number' ? Math.max(1, s.minimum) : 1;
  // A range (from/to, dateFrom/dateTo) that holds the demo data: the end after the start.
  if (s.format === 'date-time') return /to$/i.test(name) ? '2026-01-31T00:00:00.000Z' : '2026-01-01T00:00:00.000Z';
  if (s.format === 'date') return '2026-01-01';
  return name;
}

/** Each distinct problem once: the path with row numbers as `*`, and the field it names. */
function problemsOf(errors: ErrorObject[]): string {
  const words = errors.map((e) => {
    const at = e.instancePath.replace(/\/\d+/g, '/*') || '/';
    const p = e.params as { additionalProperty?: string; missingProperty?: string };
    return `${at} ${e.keyword}${p.additionalProperty ? ` ${p.additionalProperty}` : p.missingProperty ? ` ${p.missingProperty}` : ` ${e.message}`}`;
  });
  return [...new Set(words)].join('; ');
}

/** A saved view, a calendar event and a task card (in a column) of the caller's own: `/api/v2/<resource>` → its id. */
async function ownRecords(headers: Record<string, string>): Promise<[string, number][]> {
  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url, headers, payload });
    expect(res.statusCode, `POST ${url}: ${res.body}`).toBeLessThan(300);
    return res.json<Record<string, unknown>>();
  };
  const view = await post('/api/v2/saved-views', {
    listKey: 'orders',
    name: 'OpenAPI walk',
    state: { filters: [], sorters: [] },
  });
  const event = await post('/api/v2/calendar-entries', {
    title: 'OpenAPI walk',
    startsAt: '2026-01-15T09:00:00.000Z',
    endsAt: '2026-01-15T10:00:00.000Z',
  });
  const column = (await post('/api/kanban/columns/update', { column: { name: 'OpenAPI walk' } })) as {
    column: { id: number };
  };
  const card = await post('/api/v2/task-cards', { columnId: column.column.id, name: 'OpenAPI walk' });
  const own: [string, number][] = [
    ['/api/v2/saved-views', view.id as number],
    ['/api/v2/calendar-entries', event.id as number],
    ['/api/v2/task-cards', card.id as number],
  ];
  // A new plain resource (npm run new:screen) starts empty: one row made from its create body's schema.
  for (const [path, ops] of Object.entries(doc.paths)) {
    const body = ops.post?.requestBody?.content?.['application/json']?.schema;
    if (!(ops.get as (Operation & { 'x-sort'?: string[] }) | undefined)?.['x-sort'] || !body) continue;
    const list = await app.inject({ method: 'GET', url: path, headers });
    if (list.statusCode !== 200 || list.json<unknown[]>().length) continue;
    const value = (s: Schema): unknown =>
      s.enum ? (s.enum as unknown[])[0] : s.type === 'boolean' ? true : s.type === 'string' ? 'OpenAPI walk' : 1;
    const props = (body.properties ?? {}) as Record<string, Schema>;
    const made = await post(
      path,
      Object.fromEntries(((body.required ?? []) as string[]).map((k) => [k, value(props[k])])),
    );
    own.push([path, made.id as number]);
  }
  return own;
}

describe('what every read answers', () => {
  for (const user of ['admin', 'supplier1']) {
    it(`matches the documented 200 schema, field for field (${user})`, async () => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: {
          users: user,
          password: DEMO_PASSWORD,
          typeLogin: user.startsWith('supplier') ? 'supplier' : 'staff',
        },
      });
      expect(login.statusCode).toBe(200);
      const headers = { authorization: `Bearer ${login.json().accessToken as string}` };
      const ajv = validator();
      const compiled = new Map<string, ValidateFunction>();
      // Records of the user's own the demo data may lack, so that their reads and sub-resources are walked too.
      const firstIds = new Map<string, number>(user === 'admin' ? await ownRecords(headers) : []);
      const checked: string[] = [];
      const failures: string[] = [];
      const reads = operations().filter(
        ({ path, method }) => method === 'get' || (method === 'post' && POST_READS.includes(path)),
      );
      // Lists before their items, items before their sub-resources: `/x/{id}` and `/x/{id}/y` take the first id
      // the list of x (or its ID_SOURCES list) answered.
      const depth = (path: string) => (path.match(/\{/g) ?? []).length;
      reads.sort((a, b) => depth(a.path) - depth(b.path) || a.path.length - b.path.length);
      for (const { path, method, op } of reads) {
        const schema = op.responses['200']?.content?.['application/json']?.schema;
        // Streams and CSV files answer text, not a JSON body.
        if (!schema || schema.type === 'string') continue;
        const params = path.match(/\{(\w+)\}/g) ?? [];
        let url = path;
        if (params.length) {
          const parent = path.slice(0, path.indexOf('/{'));
          const idOfParent = firstIds.get(parent);
          if (params.length > 1 || idOfParent === undefined) continue;
          url = path.replace(/\{\w+\}/, String(idOfParent));
        }
        captured = null;
        const res =
          method === 'get'
            ? await app.inject({ method: 'GET', url: url + queryOf(op), headers })
            : await app.inject({ method: 'POST', url, headers, payload: {} });
        const got = captured as { url: string; payload: unknown } | null;
        if (res.statusCode !== 200 || !got || got.url.split('?')[0] !== url) continue;
        const payload = got.payload;
        const key = `${method} ${path}`;
        const validate = compiled.get(key) ?? ajv.compile(draft07(schema) as Schema);
        compiled.set(key, validate);
        checked.push(key);
        if (!validate(payload)) failures.push(`${method.toUpperCase()} ${path}: ${problemsOf(validate.errors ?? [])}`);
        // A REST list answers an array, a legacy list `{ items }`.
        const rows = Array.isArray(payload) ? payload : (payload as { items?: unknown })?.items;
        const withId = (Array.isArray(rows) ? rows : []).filter(
          (r): r is Record<string, unknown> & { id: number } => typeof r?.id === 'number',
        );
        if (withId[0]) firstIds.set(path, withId[0].id);
        for (const [resource, source] of Object.entries(ID_SOURCES)) {
          const row = source.list === path ? withId.find((r) => source.where?.(r) ?? true) : undefined;
          if (row) firstIds.set(resource, row.id);
        }
      }
      console.log(`${user}: ${checked.length} reads validated of ${reads.length}`);
      expect(failures).toEqual([]);
      if (user === 'admin') {
        // Every read of one REST record or of its sub-resources was called and checked, not only the flat lists.
        const nested = reads
          .filter(
            ({ path, method, op }) =>
              method === 'get' &&
              path.startsWith('/api/v2/') &&
              path.includes('{') &&
              op.responses['200']?.content?.['application/json']?.schema?.type !== 'string',
          )
          .map(({ path }) => `get ${path}`);
        expect(nested.length).toBeGreaterThan(15);
        expect(nested.filter((key) => !checked.includes(key))).toEqual([]);
      }
      // Admin reaches nearly every read; supplier1 the half its screens grant.
      expect(checked.length).toBeGreaterThan(reads.length / (user === 'admin' ? 1.25 : 3));
    }, 240_000);
  }
});
