/**
 * The JSON body parser of every route, in place of Fastify's default one. Same answers for an empty or malformed
 * body, and two more refusals, each a 400 naming the field like a schema's:
 * - nesting deeper than MAX_BODY_DEPTH: a body of 20,000 nested objects parses, but serialising or validating it
 *   overflows the stack (a 500). Our deepest legitimate body (a saved view's Refine filters) is under 10 levels.
 * - `__proto__` keys, and `constructor` objects holding `prototype`: prototype-pollution shapes. The default parser
 *   refused them too, as "not valid JSON"; this says which key.
 */
import { errorCodes, type FastifyInstance } from 'fastify';
import { fieldError, type HttpError } from './errors.js';

export const MAX_BODY_DEPTH = 32;

/** A path for people: array indexes as numbers, long paths cut after their first segments. */
function pathWords(path: readonly (string | number)[]): string {
  const cut = (s: string | number) => (String(s).length > 40 ? `${String(s).slice(0, 40)}…` : String(s));
  if (path.length <= 4) return path.map(cut).join('.');
  return `${path.slice(0, 3).map(cut).join('.')}…${cut(path[path.length - 1])}`;
}

/** A body of one object whose values are all plain (no object, no array) and whose keys are all allowed: nothing to walk. */
function flatAndPlain(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  for (const key in body) {
    if (key === '__proto__' || key === 'constructor') return false;
    const v = (body as Record<string, unknown>)[key];
    if (v !== null && typeof v === 'object') return false;
  }
  // JSON.parse makes an own `__proto__` key, which `for…in` lists; a body without one has none to hide.
  return true;
}

/** The first depth or forbidden-key problem of a parsed body, walked without recursion (the body may be deep). */
export function bodyProblem(body: unknown): HttpError | undefined {
  if (flatAndPlain(body)) return undefined;
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: body, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    // `path.length` containers enclose this one: the body itself is at depth 1.
    if (path.length + 1 > MAX_BODY_DEPTH) {
      const field = pathWords(path);
      return fieldError(field, `${field} is nested too deeply (limit ${MAX_BODY_DEPTH})`);
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i] as unknown, path: [...path, i] });
      continue;
    }
    const entries = Object.entries(value as Record<string, unknown>);
    for (const [key, child] of entries) {
      const forbidden =
        key === '__proto__'
          ? [...path, key]
          : key === 'constructor' && child !== null && typeof child === 'object' && Object.hasOwn(child, 'prototype')
            ? [...path, key, 'prototype']
            : undefined;
      if (forbidden) {
        const field = pathWords(forbidden);
        return fieldError(field, `${field} is not allowed`);
      }
    }
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], path: [...path, entries[i][0]] });
  }
  return undefined;
}

type Done = (err: Error | null, body?: unknown) => void;

export function registerJsonBody(app: FastifyInstance): void {
  const invalid = errorCodes.FST_ERR_CTP_INVALID_JSON_BODY;
  const empty = errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done: Done) => {
    const raw = (text as string).charCodeAt(0) === 0xfeff ? (text as string).slice(1) : (text as string);
    if (raw.length === 0) return done(new empty());
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return done(new invalid());
    }
    const problem = bodyProblem(body);
    if (problem) return done(problem);
    done(null, body);
  });
}
