/**
 * Calls through `app.inject` and what server tests check of every answer: its status, and a refusal that names
 * the field it is about.
 */
import { expect } from 'vitest';
import type { TestApp } from './app.js';

export type Res = { statusCode: number; body: string; json(): any; headers: Record<string, unknown> };
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `call(user, method, url, payload?)`: a request signed in as `user` (null: with no token). `app` is read at each
 * call, since the test app is made in a `beforeAll`.
 */
export const caller =
  (app: () => TestApp) =>
  async (user: string | null, method: Method, url: string, payload?: object): Promise<Res> =>
    app().app.inject({ method, url, payload, headers: user ? await app().headers(user) : {} });

/** The answer's JSON, once its status is the one expected (the body is the failure's message). */
export function ok<T = any>(res: Res, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

export interface FieldErrorCheck {
  /** 400 unless said. */
  status?: number;
  /** The message names the field as well. */
  named?: boolean;
  /** Words the message holds. */
  words?: RegExp;
  /** A part of the field counts (`items.0.price` for `items`). */
  nested?: boolean;
}

/** A refusal with `status` whose `errors` name `field`; gives the message. */
export function expectFieldError(res: Res, field: string, check: FieldErrorCheck = {}): string {
  const status = check.status ?? 400;
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { status: number; message: string; errors?: { field: string }[] };
  expect(body.status, res.body).toBe(status);
  const fields = (body.errors ?? []).map((e) => e.field);
  const names = (f: string) => f === field || (!!check.nested && f.startsWith(`${field}.`));
  expect(fields.some(names), `${fields.join(', ')}: ${body.message}`).toBe(true);
  if (check.named) expect(body.message).toContain(field);
  if (check.words) expect(body.message).toMatch(check.words);
  return body.message;
}
