/**
 * JSON bodies of every route: nesting beyond the limit and prototype-pollution keys are a 400 naming the field
 * (before: a 500 from a stack overflow, and a 400 "not valid JSON" that did not say what was wrong).
 */
import { createTestApp, type TestApp } from '../support/app.js';
import { MAX_BODY_DEPTH } from '../../server/src/lib/json-body.js';

type ErrorBody = { status: number; message: string; errors?: { field: string; message: string }[] };

/** `{"a":{"a":…{}…}}` with `levels` objects. */
const nested = (levels: number) => '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);

describe('JSON body parser', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = async (method: 'POST' | 'PATCH', url: string, payload: string, user: string | null = 'admin') =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { 'content-type': 'application/json', ...(user ? await t.headers(user) : {}) },
    });

  const expectFieldError = (res: { statusCode: number; json(): unknown }, field: string, message: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message, errors: [{ field, message }] } satisfies ErrorBody);
  };

  it('refuses a saved view whose filter is nested 20,000 levels, naming the field, on create and on change', async () => {
    const deep = `{"listKey":"orders","name":"Deep","state":{"filters":[${nested(20_000)}]}}`;
    expect(deep.length).toBeGreaterThan(100_000);
    const created = await send('POST', '/api/v2/saved-views', deep);
    expectFieldError(created, 'state.filters.0…a', `state.filters.0…a is nested too deeply (limit ${MAX_BODY_DEPTH})`);

    const ok = await send('POST', '/api/v2/saved-views', '{"listKey":"orders","name":"Shallow","state":{}}');
    expect(ok.statusCode, ok.body).toBe(201);
    const id = ok.json<{ id: number }>().id;
    const changed = await send('PATCH', `/api/v2/saved-views/${id}`, `{"state":{"filters":[${nested(20_000)}]}}`);
    expectFieldError(changed, 'state.filters.0…a', `state.filters.0…a is nested too deeply (limit ${MAX_BODY_DEPTH})`);
  });

  it('applies to every route, public ones too, and to arrays', async () => {
    const res = await send('POST', '/api/account/login', `{"username":${'['.repeat(50)}${']'.repeat(50)}}`, null);
    expectFieldError(res, 'username.0.0…0', `username.0.0…0 is nested too deeply (limit ${MAX_BODY_DEPTH})`);
  });

  it('takes a body exactly at the limit and the deepest filters the list screens save', async () => {
    // The body, state, filters and its item are 4 levels: the rest of the limit is the filter's own nesting.
    const atLimit = `{"listKey":"orders","name":"At limit","state":{"filters":[${nested(MAX_BODY_DEPTH - 3)}]}}`;
    expect((await send('POST', '/api/v2/saved-views', atLimit)).statusCode).toBe(201);
    const overLimit = `{"listKey":"orders","name":"Over","state":{"filters":[${nested(MAX_BODY_DEPTH - 2)}]}}`;
    expect((await send('POST', '/api/v2/saved-views', overLimit)).statusCode).toBe(400);

    // Refine's conditional filters (or/and of or/and of field filters): 8 levels.
    const conditional = {
      listKey: 'orders',
      name: 'Either',
      state: {
        filters: [
          {
            operator: 'or',
            value: [
              { operator: 'and', value: [{ field: 'status', operator: 'in', value: ['paid', 'shipped'] }] },
              { field: 'total', operator: 'gte', value: 100 },
            ],
          },
        ],
      },
    };
    const res = await send('POST', '/api/v2/saved-views', JSON.stringify(conditional));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('names a __proto__ key instead of calling the body not valid JSON', async () => {
    expectFieldError(
      await send('POST', '/api/account/login', '{"__proto__":{"role":"admin"},"username":"a","password":"b"}', null),
      '__proto__',
      '__proto__ is not allowed',
    );
    expectFieldError(
      await send(
        'POST',
        '/api/v2/saved-views',
        '{"listKey":"orders","name":"P","state":{"filters":[{"__proto__":{}}]}}',
      ),
      'state.filters.0.__proto__',
      'state.filters.0.__proto__ is not allowed',
    );
  });

  it('names a constructor.prototype key; a constructor without prototype is plain data', async () => {
    expectFieldError(
      await send(
        'POST',
        '/api/v2/saved-views',
        '{"listKey":"orders","name":"C","state":{"constructor":{"prototype":{}}}}',
      ),
      'state.constructor.prototype',
      'state.constructor.prototype is not allowed',
    );
    const plain = await send(
      'POST',
      '/api/v2/saved-views',
      '{"listKey":"orders","name":"Plain","state":{"filters":[{"field":"constructor","operator":"eq","value":{"constructor":1}}]}}',
    );
    expect(plain.statusCode, plain.body).toBe(201);
  });

  it('keeps the answers for an empty and a malformed body', async () => {
    const malformed = await send('POST', '/api/account/login', '{"username":', null);
    expect(malformed.json()).toEqual({ status: 400, message: 'The request body is not valid JSON.' });
    const empty = await send('POST', '/api/account/login', '', null);
    expect(empty.statusCode).toBe(400);
  });
});
