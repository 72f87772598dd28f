/**
 * Bad input never reaches the database as a 500: every route of the app (read from its OpenAPI document, so a new
 * route is walked without a line here) gets each class of bad value in each of its fields — path, query, JSON and
 * multipart body, nested fields too — with every other field valid, so a value the schema lets through reaches the
 * handler and the database. Zero 5xx; every 400 names the field; the classes no column can hold are refused, and
 * blank text where a value is expected.
 */
import type { TestApp } from '../support/app.js';
import { createTestApp, dbKinds } from '../support/app.js';
import { multipartSync, samples } from './product-files.js';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number | boolean;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  multipleOf?: number;
  default?: unknown;
  nullable?: boolean;
  description?: string;
  oneOf?: Schema[];
  anyOf?: Schema[];
}
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { description?: string }>;
}

const typeOf = (s: Schema): string | undefined => {
  const t = ([] as (string | undefined)[]).concat(s.type).filter((x) => x !== 'null');
  return t[0] ?? (s.oneOf ?? s.anyOf)?.map(typeOf).find(Boolean);
};
const nullable = (s: Schema) => s.nullable === true || ([] as unknown[]).concat(s.type).includes('null');

/** A value the schema accepts (best effort: a pattern it cannot guess makes that route's samples a 400, still walked). */
function valid(s: Schema, name = ''): unknown {
  if (s.enum) return s.enum.find((v) => v !== null);
  if (s.default !== undefined) return s.default;
  const alt = s.oneOf?.[0] ?? s.anyOf?.[0];
  switch (typeOf(s)) {
    case 'integer':
    case 'number': {
      const low = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : (s.minimum ?? 1);
      return Math.min(Math.max(low, 1), s.maximum ?? Infinity);
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(s.minItems ?? 1, 1) }, () => valid(s.items ?? {}, name));
    case 'object':
      return alt && !s.properties ? valid(alt) : validObject(s);
    case 'string': {
      if (s.format === 'date') return '2030-01-15';
      if (s.format === 'date-time') return '2030-01-15T10:00:00.000Z';
      if (s.format === 'email') return `walk${name}@example.com`;
      if (s.format === 'uri') return 'https://example.com/x';
      return 'walk'.padEnd(Math.min(s.minLength ?? 0, s.maxLength ?? 64), 'x').slice(0, s.maxLength ?? 64);
    }
    default:
      return alt ? valid(alt, name) : 'walk';
  }
}
function validObject(s: Schema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of s.required ?? []) out[k] = valid(s.properties?.[k] ?? {}, k);
  return out;
}

/** Every field of a body schema, nested ones by their dotted path (array items as `.0`), and whether its object requires it. */
function leaves(
  s: Schema,
  path: string[] = [],
  required = false,
): { path: string[]; schema: Schema; required: boolean }[] {
  const out: { path: string[]; schema: Schema; required: boolean }[] = [];
  const t = typeOf(s);
  if (path.length) out.push({ path, schema: s, required });
  if (t === 'object' || s.properties)
    for (const [k, v] of Object.entries(s.properties ?? {}))
      out.push(...leaves(v, [...path, k], (s.required ?? []).includes(k)));
  if (t === 'array' && s.items && typeOf(s.items) === 'object') out.push(...leaves(s.items, [...path, '0']));
  return out;
}
function setAt(root: Record<string, unknown>, schema: Schema, path: string[], value: unknown) {
  let node: Record<string, unknown> = root;
  let s = schema;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    s = s.properties?.[key] ?? s.items ?? {};
    if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') node[key] = valid(s, key);
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]] = value;
}

const BIG_TEXT = 'x'.repeat(70_000);
const numeric = (s: Schema) => typeOf(s) === 'integer' || typeOf(s) === 'number';
const freeText = (s: Schema) => typeOf(s) === 'string' && !s.enum;
const dated = (s: Schema) => typeOf(s) === 'string' && !!s.format?.startsWith('date');
/** Where a field sits: a required one (in its object, or a required parameter), in a JSON or multipart body or not. */
interface Place {
  required: boolean;
  body: boolean;
}
/** The blank rule (lib/validation.ts): text the request must carry, or body text declaring minLength ≥ 1, unless minLength is 0. */
const mustHoldText = (s: Schema, at: Place) =>
  freeText(s) && !s.format && s.minLength !== 0 && (at.required || (at.body && (s.minLength ?? 0) >= 1));
/**
 * The classes of bad value. `to`: the fields a class is sent to (every class goes where a mistaken parse could
 * let it reach the database); `refused`: where it must be a 400 naming the field.
 */
const CLASSES: {
  name: string;
  value: unknown;
  to: (s: Schema) => boolean;
  refused: (s: Schema, at: Place) => boolean;
  json?: true;
}[] = [
  { name: 'NUL', value: 'a\u0000b', to: () => true, refused: (s) => !!typeOf(s) },
  { name: 'int4 + 1', value: 2147483648, to: (s) => typeOf(s) === 'integer', refused: () => true },
  { name: '1e21', value: 1e21, to: (s) => typeOf(s) === 'number', refused: () => true },
  { name: '1e308', value: 1e308, to: numeric, refused: () => true },
  {
    name: 'a tenth of a cent',
    value: 0.001,
    to: numeric,
    refused: (s) => typeOf(s) === 'integer' || (s.multipleOf ?? 0) > 0.001,
  },
  { name: 'year 0', value: '0000-01-01', to: freeText, refused: dated },
  { name: 'year 275760', value: '+275760-01-01T00:00:00Z', to: dated, refused: () => true },
  {
    name: '70 000 characters',
    value: BIG_TEXT,
    to: freeText,
    refused: (s) => !((s.maxLength ?? 0) >= BIG_TEXT.length),
  },
  // Blank: only spaces (a tab and a no-break space among them), where a value is expected.
  { name: 'blank', value: ' \t\u00a0 ', to: freeText, refused: mustHoldText },
  // Strict body types (JSON only: query strings and multipart fields are text by nature): the cases of the
  // issue (`id: true`, `title: true`, `approve: null`, `online: null`) and a number sent as text.
  {
    name: 'true',
    value: true,
    json: true,
    to: (s) => typeOf(s) === 'integer' || typeOf(s) === 'number' || typeOf(s) === 'string',
    refused: () => true,
  },
  { name: 'null', value: null, json: true, to: (s) => !!typeOf(s) && !nullable(s), refused: () => true },
  {
    name: 'number as text',
    value: '1',
    json: true,
    to: (s) => !!typeOf(s) && typeOf(s) !== 'string',
    refused: () => true,
  },
];

const isStream = (op: Operation) =>
  Object.values(op.responses ?? {}).some((r) => r.description?.includes('event-stream'));

interface Finding {
  route: string;
  field: string;
  cls: string;
  status: number;
  body: string;
}

async function walk(t: TestApp): Promise<{
  routes: number;
  requests: number;
  fiveXX: Finding[];
  unnamed: Finding[];
  accepted: Finding[];
  echoed: Finding[];
}> {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const headers = await t.headers('admin');
  const fiveXX: Finding[] = [];
  const unnamed: Finding[] = [];
  const accepted: Finding[] = [];
  const echoed: Finding[] = [];
  let routes = 0;
  let requests = 0;
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (isStream(op)) continue;
      routes += 1;
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const query = params.filter((p) => p.in === 'query');
      const json = op.requestBody?.content['application/json']?.schema;
      const multipart = op.requestBody?.content['multipart/form-data']?.schema;
      const fileField =
        multipart && Object.entries(multipart.properties ?? {}).find(([, s]) => s.format === 'binary')?.[0];

      const send = async (over: {
        where: 'path' | 'query' | 'json' | 'multipart';
        field: string[];
        value: unknown;
      }) => {
        let url = path;
        for (const p of pathParams) {
          const v = over.where === 'path' && over.field[0] === p.name ? over.value : valid(p.schema, p.name);
          url = url.replace(`{${p.name}}`, encodeURIComponent(String(v)));
        }
        const qs = new URLSearchParams();
        for (const p of query) {
          if (over.where === 'query' && over.field[0] === p.name)
            for (const v of ([] as unknown[]).concat(over.value)) qs.append(p.name, String(v));
          else if (p.required)
            for (const v of ([] as unknown[]).concat(valid(p.schema, p.name))) qs.append(p.name, String(v));
        }
        if (qs.size) url += `?${qs.toString()}`;
        const m = method.toUpperCase() as 'GET' | 'POST' | 'PATCH' | 'DELETE';
        if (multipart && (over.where === 'multipart' || !json)) {
          const fields: Record<string, string> = {};
          for (const [k, v] of Object.entries(validObject(multipart))) if (k !== fileField) fields[k] = String(v);
          if (over.where === 'multipart') fields[over.field[0]] = String(over.value);
          const body = multipartSync(
            fields,
            fileField ? { name: fileField, filename: 'walk.png', data: samples.png() } : undefined,
          );
          return t.app.inject({ method: m, url, headers: { ...headers, ...body.headers }, payload: body.payload });
        }
        if (json) {
          const body = validObject(json);
          if (over.where === 'json') setAt(body, json, over.field, over.value);
          return t.app.inject({ method: m, url, headers, payload: body });
        }
        return t.app.inject({ method: m, url, headers });
      };

      const fields: {
        where: 'path' | 'query' | 'json' | 'multipart';
        path: string[];
        schema: Schema;
        required: boolean;
      }[] = [
        ...pathParams.map((p) => ({ where: 'path' as const, path: [p.name], schema: p.schema, required: true })),
        ...query.map((p) => ({ where: 'query' as const, path: [p.name], schema: p.schema, required: !!p.required })),
        ...(json ? leaves(json).map((l) => ({ where: 'json' as const, ...l })) : []),
        ...(multipart
          ? Object.entries(multipart.properties ?? {})
              .filter(([k]) => k !== fileField)
              .map(([k, s]) => ({
                where: 'multipart' as const,
                path: [k],
                schema: s,
                required: (multipart.required ?? []).includes(k),
              }))
          : []),
      ];
      for (const f of fields) {
        // A list of plain values gets each class as its one item.
        const item =
          typeOf(f.schema) === 'array' && f.schema.items && typeOf(f.schema.items) !== 'object'
            ? f.schema.items
            : undefined;
        const target = item ?? f.schema;
        // A list's item is not required by an object: only its own minLength puts it under the blank rule.
        const at: Place = { required: !item && f.required, body: f.where === 'json' || f.where === 'multipart' };
        for (const c of CLASSES) {
          if (!c.to(target) || (c.json && f.where !== 'json')) continue;
          // A 70 000-character path segment is past the router's limit: a 404 by design.
          if (f.where === 'path' && c.value === BIG_TEXT) continue;
          const res = await send({ where: f.where, field: f.path, value: item && !c.json ? [c.value] : c.value });
          requests += 1;
          const finding = {
            route: `${method.toUpperCase()} ${path}`,
            field: `${f.where}:${f.path.join('.')}`,
            cls: c.name,
            status: res.statusCode,
            body: res.body.slice(0, 300),
          };
          if (res.statusCode >= 500) fiveXX.push(finding);
          else if (c.refused(target, at)) {
            const leaf = f.path[f.path.length - 1];
            const b = res.json<{ message?: string; errors?: { field: string }[] }>();
            const named =
              (b.errors ?? []).some((e) => e.field.split('.').includes(leaf)) || (b.message ?? '').includes(leaf);
            if (res.statusCode !== 400) accepted.push(finding);
            else if (!named) unnamed.push(finding);
          }
          if (res.statusCode >= 400 && res.body.length > 10_000)
            echoed.push({ ...finding, body: `${res.body.length} bytes` });
        }
      }
    }
  }
  return { routes, requests, fiveXX, unnamed, accepted, echoed };
}

describe.each(dbKinds())('bad input walk over every route (%s)', (db) => {
  it(
    'answers every class of bad value in every field with a 4xx naming the field, never a 5xx',
    { timeout: 600_000 },
    async () => {
      const t = await createTestApp({ db, config: { loginRateLimit: { max: 100_000, timeWindowMs: 60_000 } } });
      try {
        const r = await walk(t);
        console.log(
          `[bad-input ${db}] ${r.routes} routes, ${r.requests} requests: ${r.fiveXX.length} 5xx, ${r.unnamed.length} unnamed 400s, ${r.accepted.length} accepted, ${r.echoed.length} echoed`,
        );
        for (const [k, list] of Object.entries({
          fiveXX: r.fiveXX,
          unnamed: r.unnamed,
          accepted: r.accepted,
          echoed: r.echoed,
        })) {
          const seen = new Set<string>();
          for (const f of list) {
            const key = `${f.route} ${f.field}`;
            if (seen.has(key)) continue;
            seen.add(key);
            console.log(k, f.route, f.field, f.cls, f.status, f.body.slice(0, 160));
          }
        }
        expect(r.routes).toBeGreaterThan(300);
        expect(r.fiveXX).toEqual([]);
        expect(r.unnamed).toEqual([]);
        expect(r.accepted).toEqual([]);
        expect(r.echoed).toEqual([]);
      } finally {
        await t.close();
      }
    },
  );
});
