/**
 * /api/v2/saved-views: the first REST resource (server/src/rest/resource.ts). Each signed-in user keeps
 * named list settings; nobody else sees or changes them.
 */
import { eq } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { savedViews, users } from '../../server/src/db/schema.js';

const URL = '/api/v2/saved-views';
type View = {
  id: number;
  listKey: string;
  name: string;
  state: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
};

describe.each(dbKinds())('saved views (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = async (user: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: await t.headers(user) });
  const create = async (user: string, body: object) => {
    const res = await call(user, 'POST', URL, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<View>();
  };
  const list = async (user: string, query = '') => {
    const res = await call(user, 'GET', `${URL}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json<View[]>(), total: Number(res.headers['x-total-count']) };
  };
  const expectFieldError = (res: { statusCode: number; json(): unknown }, status: number, field: string) => {
    expect(res.statusCode).toBe(status);
    const body = res.json() as { status: number; message: string; errors?: { field: string; message: string }[] };
    expect(body.status).toBe(status);
    expect(
      body.errors?.map((e) => e.field),
      body.message,
    ).toContain(field);
    expect(body.message).toContain(field);
  };

  it('creates, reads, changes and deletes a view of the caller', async () => {
    const state = {
      filters: [{ field: 'status', operator: 'eq', value: 'paid' }],
      sorters: [{ field: 'createdAt', order: 'desc' }],
      columns: ['id', 'total'],
      pageSize: 20,
    };
    const made = await create('admin', { listKey: 'orders', name: '  Paid orders  ', state });
    expect(made).toMatchObject({ listKey: 'orders', name: 'Paid orders', state });
    expect(Object.keys(made).sort()).toEqual(['createdAt', 'id', 'listKey', 'name', 'state', 'updatedAt']);
    const [stored] = await t.app.db.select().from(savedViews).where(eq(savedViews.id, made.id));
    const [admin] = await t.app.db.select().from(users).where(eq(users.username, 'admin'));
    expect(stored.userId).toBe(admin.id);

    const one = await call('admin', 'GET', `${URL}/${made.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(made);

    const changed = await call('admin', 'PATCH', `${URL}/${made.id}`, {
      name: 'Paid, newest first',
      state: { ...state, pageSize: 50 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      id: made.id,
      listKey: 'orders',
      name: 'Paid, newest first',
      state: { pageSize: 50 },
      createdAt: made.createdAt,
    });
    expect(Date.parse(changed.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(made.updatedAt));
    // Only the fields sent change.
    const renamed = await call('admin', 'PATCH', `${URL}/${made.id}`, { name: 'Paid' });
    expect(renamed.json()).toMatchObject({ name: 'Paid', state: { pageSize: 50 } });

    const gone = await call('admin', 'DELETE', `${URL}/${made.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ id: made.id, name: 'Paid' });
    expect((await call('admin', 'GET', `${URL}/${made.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `${URL}/${made.id}`)).statusCode).toBe(404);
    expect(await t.app.db.select().from(savedViews).where(eq(savedViews.id, made.id))).toEqual([]);
  });

  describe('lists', () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      ids = {};
      for (const [listKey, name] of [
        ['orders', 'delta'],
        ['orders', 'alpha'],
        ['orders', 'echo'],
        ['orders', 'charlie'],
        ['orders', 'bravo'],
        ['product', 'alpha'],
      ]) {
        ids[`${listKey}/${name}`] = (await create('editor', { listKey, name, state: {} })).id;
      }
    });

    it('pages with _start/_end and gives the total in x-total-count, by name unless sorted', async () => {
      const all = await list('editor', '?listKey=orders');
      expect(all.total).toBe(5);
      expect(all.rows.map((v) => v.name)).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
      const page2 = await list('editor', '?listKey=orders&_start=2&_end=4');
      expect(page2.total).toBe(5);
      expect(page2.rows.map((v) => v.name)).toEqual(['charlie', 'delta']);
      const past = await list('editor', '?listKey=orders&_start=10&_end=20');
      expect(past).toEqual({ rows: [], total: 5 });
    });

    it('sorts by _sort/_order, several fields at once', async () => {
      expect((await list('editor', '?listKey=orders&_sort=name&_order=desc')).rows.map((v) => v.name)).toEqual([
        'echo',
        'delta',
        'charlie',
        'bravo',
        'alpha',
      ]);
      const byList = (await list('editor', '?_sort=listKey,name&_order=desc,asc')).rows;
      expect(byList.map((v) => `${v.listKey}/${v.name}`)).toEqual([
        'product/alpha',
        'orders/alpha',
        'orders/bravo',
        'orders/charlie',
        'orders/delta',
        'orders/echo',
      ]);
      // Creation order = id order.
      expect((await list('editor', '?listKey=orders&_sort=createdAt,id')).rows.map((v) => v.name)).toEqual([
        'delta',
        'alpha',
        'echo',
        'charlie',
        'bravo',
      ]);
    });

    it('filters by list, name (equal, not equal, contains), ids and dates', async () => {
      const products = await list('editor', '?listKey=product');
      expect(products.rows.map((v) => v.id)).toEqual([ids['product/alpha']]);
      expect(products.total).toBe(1);
      expect((await list('editor', '?listKey=orders&name_ne=alpha')).total).toBe(4);
      expect((await list('editor', '?name_like=HAR')).rows.map((v) => v.name)).toEqual(['charlie']);
      // A contains filter matches the text, not LIKE wildcards.
      expect((await list('editor', '?name_like=%25')).total).toBe(0);
      expect((await list('editor', '?name=alpha&name=echo')).rows.map((v) => `${v.listKey}/${v.name}`)).toEqual([
        'orders/alpha',
        'product/alpha',
        'orders/echo',
      ]);
      // simple-rest's getMany: ?id=1&id=2
      expect(
        (await list('editor', `?id=${ids['orders/bravo']}&id=${ids['orders/delta']}`)).rows.map((v) => v.name),
      ).toEqual(['bravo', 'delta']);
      const first = (await list('editor', '?_sort=createdAt&_start=0&_end=1')).rows[0];
      expect((await list('editor', `?createdAt_gte=${encodeURIComponent(first.createdAt)}`)).total).toBe(6);
      expect((await list('editor', `?createdAt_lte=${encodeURIComponent('2000-01-01T00:00:00Z')}`)).total).toBe(0);
    });

    it('refuses unknown filters, sort fields and paging it cannot serve, naming the parameter', async () => {
      expectFieldError(await call('editor', 'GET', `${URL}?colour=red`), 400, 'colour');
      // A known field with an operator it does not take.
      expectFieldError(await call('editor', 'GET', `${URL}?name_gte=b`), 400, 'name_gte');
      expectFieldError(await call('editor', 'GET', `${URL}?state_like=x`), 400, 'state_like');
      // The owner column is neither a filter nor a sort field.
      expectFieldError(await call('editor', 'GET', `${URL}?userId=1`), 400, 'userId');
      const sort = await call('editor', 'GET', `${URL}?_sort=userId`);
      expectFieldError(sort, 400, '_sort');
      expect(sort.json().message).toContain('"userId"');
      expectFieldError(await call('editor', 'GET', `${URL}?_sort=name&_order=up`), 400, '_order');
      expectFieldError(await call('editor', 'GET', `${URL}?_sort=name,id&_order=asc`), 400, '_order');
      expectFieldError(await call('editor', 'GET', `${URL}?_start=0&_end=101`), 400, '_end');
      expectFieldError(await call('editor', 'GET', `${URL}?_start=5&_end=1`), 400, '_end');
      expectFieldError(await call('editor', 'GET', `${URL}?_start=abc`), 400, '_start');
      expectFieldError(await call('editor', 'GET', `${URL}?createdAt_gte=yesterday`), 400, 'createdAt_gte');
    });
  });

  it('refuses a duplicate name in the same list (any case) with 409 on name', async () => {
    const first = await create('supplier1', { listKey: 'blog', name: 'Drafts', state: {} });
    const dup = await call('supplier1', 'POST', URL, { listKey: 'blog', name: ' drafts ', state: {} });
    expectFieldError(dup, 409, 'name');
    expect(dup.json().message).toContain('"drafts"');
    // The same name is free in another list and for another user.
    await create('supplier1', { listKey: 'supplier-blog', name: 'Drafts', state: {} });
    await create('supplier2', { listKey: 'blog', name: 'Drafts', state: {} });
    // Renaming onto a taken name is refused the same way.
    const other = await create('supplier1', { listKey: 'blog', name: 'Published', state: {} });
    expectFieldError(await call('supplier1', 'PATCH', `${URL}/${other.id}`, { name: 'DRAFTS' }), 409, 'name');
    expect((await call('supplier1', 'GET', `${URL}/${first.id}`)).json().name).toBe('Drafts');
  });

  it('refuses bad input, naming the field', async () => {
    const ok = { listKey: 'orders', name: 'Fine', state: {} };
    const post = (body: object) => call('supplier1', 'POST', URL, body);
    expectFieldError(await post({ ...ok, name: '   ' }), 400, 'name');
    expectFieldError(await post({ ...ok, name: '' }), 400, 'name');
    expectFieldError(await post({ ...ok, name: 'x'.repeat(81) }), 400, 'name');
    expectFieldError(await post({ ...ok, listKey: 'Orders list' }), 400, 'listKey');
    expectFieldError(await post({ ...ok, listKey: 'orders/../x' }), 400, 'listKey');
    expectFieldError(await post({ listKey: 'orders', name: 'No state' }), 400, 'state');
    expectFieldError(await post({ ...ok, state: [] }), 400, 'state');
    expectFieldError(await post({ ...ok, state: { pageSize: 0 } }), 400, 'state.pageSize');
    expectFieldError(await post({ ...ok, state: { colour: 'red' } }), 400, 'state.colour');
    expectFieldError(
      await post({ ...ok, state: { sorters: [{ field: 'id', order: 'sideways' }] } }),
      400,
      'state.sorters.0.order',
    );
    const big = {
      filters: Array.from({ length: 40 }, (_, i) => ({ field: `f${i}`, operator: 'eq', value: 'x'.repeat(500) })),
    };
    const tooBig = await post({ ...ok, state: big });
    expectFieldError(tooBig, 400, 'state');
    expect(tooBig.json().message).toContain('16 KB');
    // Nobody sets the owner or the id.
    expectFieldError(await post({ ...ok, userId: 1 }), 400, 'userId');
    expectFieldError(await post({ ...ok, id: 5 }), 400, 'id');

    const view = await create('supplier1', ok);
    const patch = (body: object) => call('supplier1', 'PATCH', `${URL}/${view.id}`, body);
    expectFieldError(await patch({ userId: 1 }), 400, 'userId');
    // A view stays with its list.
    expectFieldError(await patch({ listKey: 'product' }), 400, 'listKey');
    expectFieldError(await patch({}), 400, 'body');
    expectFieldError(await patch({ name: ' ' }), 400, 'name');
    expectFieldError(await call('supplier1', 'GET', `${URL}/abc`), 400, 'id');
    expect((await call('supplier1', 'GET', `${URL}/${view.id}`)).json()).toMatchObject({
      name: 'Fine',
      listKey: 'orders',
    });
  });

  it("answers 404 with no data for another user's view, and leaves it alone", async () => {
    const mine = await create('supplier1', { listKey: 'supplier-product', name: 'Low stock', state: { pageSize: 10 } });
    for (const other of ['supplier2', 'admin']) {
      for (const [method, payload] of [['GET'], ['PATCH', { name: 'Hijacked' }], ['DELETE']] as const) {
        const res = await call(other, method, `${URL}/${mine.id}`, payload);
        expect(res.statusCode, `${other} ${method}`).toBe(404);
        expect(res.json()).toEqual({ status: 404, message: 'Saved view not found' });
      }
      const theirs = await list(other, '?listKey=supplier-product');
      expect(theirs.rows.map((v) => v.id)).not.toContain(mine.id);
      expect((await list(other, `?id=${mine.id}`)).total).toBe(0);
    }
    expect((await call('supplier1', 'GET', `${URL}/${mine.id}`)).json()).toEqual(mine);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, { headers?: object }> }>>;
    }>();
    expect(Object.keys(doc.paths[URL]).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths[`${URL}/{id}`]).sort()).toEqual(['delete', 'get', 'patch']);
    expect(doc.paths[URL].get.tags).toContain('addition');
    expect(doc.paths[URL].get.responses['200'].headers).toHaveProperty('x-total-count');
  });
});
