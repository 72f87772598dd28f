/**
 * The input rules the route walk (bad-input.test.ts) does not show one by one: strict body types on real
 * routes, money with two decimals, text limits named without the text echoed, blank text refused where a value
 * is expected, tokens whose `sub` is not a user id, and what the server log keeps of a request.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { loggableError, registerErrorHandling } from '../../server/src/lib/error-handler.js';
import { checkMultipartFields } from '../../server/src/lib/validation.js';

describe.each(dbKinds())('input rules (%s)', (db) => {
  let t: TestApp;
  let admin: { authorization: string };
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    t = await createTestApp({ db, config: { logger: { level: 'info', stream } as never } });
    admin = await t.headers('admin');
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: admin, payload });
  const fields = (body: string) => (JSON.parse(body) as { errors?: { field: string; message: string }[] }).errors ?? [];

  it('takes JSON bodies as sent: null, true and numbers as text are refused, not converted', async () => {
    for (const [url, payload, field] of [
      ['/api/product/updateOpenOnline', { id: true }, 'id'],
      ['/api/product/changeprice', { id: 1, price: '25' }, 'price'],
      ['/api/product/changeprice', { id: 1, price: null }, 'price'],
      ['/api/product/changeprice', { id: 1, price: 25, reason: true }, 'reason'],
    ] as const) {
      const res = await post(url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(fields(res.body).map((e) => e.field)).toContain(field);
    }
    // Query strings are text: they keep being read as numbers and booleans.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/product/productlist?page=1&limit=5&online=true',
      headers: admin,
    });
    expect(list.statusCode).toBe(200);
  });

  it('takes money with two decimals and a price above 0', async () => {
    const tenth = await post('/api/product/changeprice', { id: 1, price: 0.001 });
    expect(tenth.statusCode).toBe(400);
    expect(fields(tenth.body)).toEqual([{ field: 'price', message: 'price must have at most 2 decimals' }]);
    expect((await post('/api/product/changeprice', { id: 1, price: 0 })).statusCode).toBe(400);
    const cents = await post('/api/product/changeprice', { id: 1, price: 1234.07 });
    expect(cents.statusCode).toBe(200);
    expect(cents.json().data.price).toBe(1234.07);
  });

  it('names the limit of over-long text without sending the text back', async () => {
    const res = await post('/api/product/changeprice', { id: 1, price: 99, reason: 'y'.repeat(900_000) });
    expect(res.statusCode).toBe(400);
    expect(fields(res.body)).toEqual([{ field: 'reason', message: 'reason must be at most 200 characters' }]);
    expect(res.body.length).toBeLessThan(500);
  });

  it('refuses blank text where a value is expected, naming the field once, and keeps an opted-out or optional field working', async () => {
    const blank = (field: string) => [{ field, message: `${field} must not be blank (empty or only spaces)` }];
    for (const reason of ['', '   ', '\t\n', '\u00a0\u3000']) {
      const res = await post('/api/product/unapproveproduct', { id: 1, reason });
      expect(res.statusCode, JSON.stringify(reason)).toBe(400);
      expect(fields(res.body)).toEqual(blank('reason'));
    }
    // Optional, but a name when sent (minLength 1): not blank either.
    expect(fields((await post('/api/product/editproduct', { id: 1, version: 1, name: '  ' })).body)).toEqual(
      blank('name'),
    );
    // A required query parameter; an optional search box may still send spaces.
    const code = await t.app.inject({
      method: 'GET',
      url: '/api/product/searchproductcode?shopId=1&code=%20%20',
      headers: admin,
    });
    expect(fields(code.body)).toEqual(blank('code'));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/product/productlist?search=%20%20', headers: admin })).statusCode,
    ).toBe(200);
    // minLength 0 says empty is meaningful: "" clears the YouTube link; an optional reason may be empty.
    expect((await post('/api/product/setlinkyoutubeproduct', { id: 1, url: '' })).statusCode).toBe(200);
    expect((await post('/api/product/changeprice', { id: 1, price: 77, reason: '' })).statusCode).toBe(200);
  });

  it('refuses a NUL in the sign-in name as bad input', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { users: 'admin\u0000', password: 'x', typeLogin: 'staff' },
    });
    expect(res.statusCode).toBe(400);
    expect(fields(res.body).map((e) => e.field)).toEqual(['users']);
  });

  it('answers a signed token whose sub is not a user id with 401', async () => {
    for (const sub of ['1', 'abc', 1.5, 2147483648, -1, null]) {
      const token = t.app.jwt.sign({ sub, role: 'admin' } as never);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/account/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, String(sub)).toBe(401);
    }
  });

  it('logs the path of a request, never its query string or token', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/product/productlist?search=walk-secret-term', headers: admin });
    const log = lines.join('');
    expect(log).toContain('/api/product/productlist');
    expect(log).not.toContain('walk-secret-term');
    expect(log).not.toContain(admin.authorization.slice(7));
  });
});

describe('loggableError', () => {
  it('keeps the query and SQLSTATE of a failed query, never its parameters or the value PostgreSQL quotes', () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g';
    const err = Object.assign(
      new Error(`Failed query: insert into users (email, password_hash) values ($1, $2)\nparams: a@b.co,${hash}`),
      {
        query: 'insert into users (email, password_hash) values ($1, $2)',
        params: ['a@b.co', hash],
        cause: { code: '22P02', message: `invalid input syntax for type integer: "${hash}"`, table: 'users' },
      },
    );
    const logged = JSON.stringify(loggableError(err));
    expect(logged).not.toContain(hash);
    expect(logged).not.toContain('a@b.co');
    expect(logged).toContain('insert into users');
    expect(logged).toContain('22P02');
  });
});

describe('the blank rule', () => {
  const app = Fastify();
  // No multipart parser here: a body is JSON (the app's @fastify/multipart answers this).
  app.decorateRequest('isMultipart', () => false);
  registerErrorHandling(app, { spa: false });
  const text = { type: 'string' } as const;
  app.post(
    '/x',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['title', 'empty', 'kind', 'at', 'box'],
          properties: {
            title: text,
            note: text,
            name: { type: 'string', minLength: 1 },
            empty: { type: 'string', minLength: 0 },
            kind: { type: 'string', enum: ['', 'a'] },
            at: { type: 'string', format: 'date' },
            cleared: { type: ['string', 'null'] },
            tags: { type: 'array', items: { type: 'string', minLength: 1 } },
            free: { type: 'array', items: text },
            box: { type: 'object', required: ['label'], properties: { label: text } },
          },
        },
        querystring: {
          type: 'object',
          required: ['q'],
          properties: { q: text, search: { type: 'string', minLength: 1 } },
        },
      },
    },
    async (req) => req.body,
  );
  // A multipart route's documented fields: checked as text (checkMultipartFields, here fed from the query) or as a JSON body.
  app.post(
    '/m',
    {
      schema: {
        multipartBody: { type: 'object', required: ['caption'], properties: { caption: text, alt: text } },
      } as never,
    },
    async (req) => {
      if (req.body === undefined) checkMultipartFields(req, req.query as Record<string, string>);
      return { ok: true };
    },
  );
  afterAll(() => app.close());

  const good = { title: 'T', empty: '', kind: '', at: '2030-01-15', box: { label: 'L' } };
  const send = (body: object, query = 'q=x') => app.inject({ method: 'POST', url: `/x?${query}`, payload: body });
  const errs = async (body: object, query?: string) =>
    (await send(body, query)).json<{ errors?: { field: string; message: string }[] }>().errors ?? [];

  it('applies to required text, body text with minLength ≥ 1 (list items too) and required query parameters', async () => {
    expect(await errs({ ...good, title: ' ' })).toEqual([
      { field: 'title', message: 'title must not be blank (empty or only spaces)' },
    ]);
    expect((await errs({ ...good, box: { label: '' } })).map((e) => e.field)).toEqual(['box.label']);
    expect((await errs({ ...good, name: '\t' })).map((e) => e.field)).toEqual(['name']);
    expect((await errs({ ...good, tags: ['ok', '  '] })).map((e) => e.field)).toEqual(['tags.1']);
    expect((await errs(good, 'q=%20')).map((e) => e.field)).toEqual(['q']);
  });

  it('leaves optional text, minLength 0, enums, formats, null and optional query text alone, and never trims what it lets through', async () => {
    const res = await send({ ...good, note: '  ', free: [' '], cleared: null }, 'q=x&search=%20');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...good, note: '  ', free: [' '], cleared: null });
    expect((await send({ ...good, title: '  padded  ' })).json().title).toBe('  padded  ');
    // A format or an enum says what is wrong with a blank value itself.
    expect(await errs({ ...good, at: ' ' })).toEqual([
      expect.objectContaining({ field: 'at', message: expect.stringContaining('must be a date') }),
    ]);
  });

  it('applies to the required fields of a multipart body, sent as form fields or as JSON', async () => {
    const fieldsOf = async (res: Promise<{ statusCode: number; body: string }>) => {
      const r = await res;
      return r.statusCode === 200
        ? []
        : (JSON.parse(r.body) as { errors: { field: string }[] }).errors.map((e) => e.field);
    };
    expect(await fieldsOf(app.inject({ method: 'POST', url: '/m?caption=c&alt=%20' }))).toEqual([]);
    expect(await fieldsOf(app.inject({ method: 'POST', url: '/m?caption=%20%20' }))).toEqual(['caption']);
    expect(await fieldsOf(app.inject({ method: 'POST', url: '/m', payload: { caption: '\u00a0' } }))).toEqual([
      'caption',
    ]);
  });
});
