import { createTestApp, dbKinds, type TestApp } from '../support/app.js';

/** A supplier whose shop awaits review prepares drafts, but submits and publishes nothing until staff approve the shop. */
describe.each(dbKinds())('a shop awaiting review (%s)', (kind) => {
  let t: TestApp;
  let auth: { authorization: string };
  let shopId: number;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: { email: 'nok@example.co.th', password: 'Garden2026', firstName: 'Nok', lastName: 'Srisawat' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { users: 'nok@example.co.th', password: 'Garden2026', typeLogin: 'supplier' },
    });
    auth = { authorization: `Bearer ${signIn.json().accessToken}` };
    shopId = signIn.json().user.shops[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });
  const post = (url: string, payload: object, headers = auth) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const awaiting = /^Your shop is awaiting review: you can .* once it is approved\./;

  it('creates a draft product but may not submit it for approval', async () => {
    const created = await post('/api/product/createnewproduct', {
      shopId,
      code: 'NOK-1',
      name: 'Garden chair',
      price: 990,
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    const submit = await post('/api/product/submitproduct', { id });
    expect(submit.statusCode).toBe(403);
    expect(submit.json().message).toMatch(awaiting);
    const after = await t.app.inject({ url: `/api/product/getproduct?id=${id}`, headers: auth });
    expect(after.json().data.approvalStatus).toBe('draft');
  });

  it('writes draft posts but may not publish one, by creating, editing or reopening', async () => {
    const base = { shopId, type: 'idea', title: 'Garden corners', contentHtml: '<p>Ideas</p>' };
    const published = await post('/api/blogs/master/new', { ...base, status: 'published' });
    expect(published.statusCode).toBe(403);
    expect(published.json().message).toMatch(awaiting);
    const draft = await post('/api/blogs/master/new', { ...base, status: 'draft' });
    expect(draft.statusCode).toBe(200);
    const { id, version } = draft.json().data;
    const edit = await post('/api/blogs/master/edit', { id, version, status: 'published' });
    expect(edit.statusCode).toBe(403);
    expect((await post('/api/blogs/master/edit', { id, version, title: 'Garden corners, tried' })).statusCode).toBe(
      200,
    );
    const list = await t.app.inject({ url: `/api/blogs/master/posts?shopId=${shopId}&page=1&limit=10`, headers: auth });
    expect(list.json().items.map((p: { status: string }) => p.status)).toEqual(['draft']);
  });

  it('staff are not held by it: an admin may publish for the shop; the supplier may close that post but not reopen it', async () => {
    const res = await post(
      '/api/blogs/master/new',
      { shopId, type: 'news', title: 'Welcome Nok', contentHtml: '<p>Hi</p>', status: 'published' },
      await t.headers('admin'),
    );
    expect(res.statusCode).toBe(200);
    // The supplier may take it down, but not put it back up.
    const id = res.json().data.id;
    expect((await post('/api/blogs/master/closecontent', { id, closed: true })).statusCode).toBe(200);
    const reopen = await post('/api/blogs/master/closecontent', { id, closed: false });
    expect(reopen.statusCode).toBe(403);
    expect(reopen.json().message).toMatch(awaiting);
  });

  it('edits its shop profile and previews its storefront, but may not publish it', async () => {
    const { version } = (await t.app.inject({ url: `/api/v2/shops/${shopId}`, headers: auth })).json();
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/shops/${shopId}`,
      payload: { version, description: 'Plants for small gardens.' },
      headers: auth,
    });
    expect(edited.statusCode).toBe(200);
    const preview = await t.app.inject({ url: `/api/v2/shops/${shopId}/storefront?source=draft`, headers: auth });
    expect(preview.json()).toMatchObject({
      source: 'draft',
      liveVersion: null,
      shop: { description: 'Plants for small gardens.' },
    });
    const publish = await post(`/api/v2/shops/${shopId}/publish`, { version: preview.json().boardVersion });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().message).toMatch(awaiting);
    expect((await post(`/api/v2/shops/${shopId}/rollback`, { liveVersion: 1 })).json().message).toMatch(awaiting);
  });

  it('an approved shop submits as before', async () => {
    const own = await t.app.inject({ url: '/api/account/me', headers: await t.headers('supplier1') });
    const active = own.json().user?.shops?.[0]?.id ?? own.json().shops?.[0]?.id;
    const created = await post(
      '/api/product/createnewproduct',
      { shopId: active, code: 'S1-NEW-9', name: 'Lamp', price: 10 },
      await t.headers('supplier1'),
    );
    expect(created.statusCode).toBe(200);
    expect(
      (await post('/api/product/submitproduct', { id: created.json().data.id }, await t.headers('supplier1')))
        .statusCode,
    ).toBe(200);
  });
});
