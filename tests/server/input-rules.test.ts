/**
 * The input rules the route walk (bad-input.test.ts) does not show one by one: strict body types on real
 * routes, money with two decimals, text limits named without the text echoed, tokens whose `sub` is not a
 * user id, and what the server log keeps of a request.
 */
import { Writable } from 'node:stream';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { loggableError } from '../../server/src/lib/error-handler.js';

describe.each(dbKinds())('input rules (%s)', (db) => {
  let t: TestApp;
  let admin: { authorization: string };
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } });
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
    const list = await t.app.inject({ method: 'GET', url: '/api/product/productlist?page=1&limit=5&online=true', headers: admin });
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

  it('refuses a NUL in the sign-in name as bad input', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/login', payload: { users: 'admin\u0000', password: 'x', typeLogin: 'staff' } });
    expect(res.statusCode).toBe(400);
    expect(fields(res.body).map((e) => e.field)).toEqual(['users']);
  });

  it('answers a signed token whose sub is not a user id with 401', async () => {
    for (const sub of ['1', 'abc', 1.5, 2147483648, -1, null]) {
      const token = t.app.jwt.sign({ sub, role: 'admin' } as never);
      const res = await t.app.inject({ method: 'GET', url: '/api/account/me', headers: { authorization: `Bearer ${token}` } });
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
    const err = Object.assign(new Error(`Failed query: insert into users (email, password_hash) values ($1, $2)\nparams: a@b.co,${hash}`), {
      query: 'insert into users (email, password_hash) values ($1, $2)', params: ['a@b.co', hash],
      cause: { code: '22P02', message: `invalid input syntax for type integer: "${hash}"`, table: 'users' },
    });
    const logged = JSON.stringify(loggableError(err));
    expect(logged).not.toContain(hash);
    expect(logged).not.toContain('a@b.co');
    expect(logged).toContain('insert into users');
    expect(logged).toContain('22P02');
  });
});
