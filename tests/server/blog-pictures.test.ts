/**
 * Blog pictures (issue 13): a cover, and every picture in a post's text, is one of this server's stored
 * images or an https address. Anything else (javascript:, data:, plain http, a relative path that could
 * name any URL of ours) is refused for a cover and dropped from the text.
 */
import { eq } from 'drizzle-orm';
import { shops } from '../../server/src/db/schema.js';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';

const STORED = `/uploads/image/${'0123456789abcdef'.repeat(2)}.png`;
const CREATE = '/api/blogs/master/new';

describe.each(dbKinds())('blog pictures (%s)', (kind) => {
  let t: TestApp;
  let shopId: number;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    [{ id: shopId }] = await t.app.db.select({ id: shops.id }).from(shops).where(eq(shops.name, 'HomePro Lighting'));
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = async (extra: object) =>
    t.app.inject({
      method: 'POST',
      url: CREATE,
      headers: await t.headers('supplier1'),
      payload: { shopId, type: 'idea', title: 'Pictures', contentHtml: '<p>Text</p>', status: 'draft', ...extra },
    });

  it('takes a cover that is a stored image, an https address, or none', async () => {
    for (const coverUrl of [STORED, 'https://images.example.com/a/b.jpg?w=800', '', null]) {
      const res = await create({ coverUrl });
      expect(res.statusCode, `${coverUrl}: ${res.body}`).toBe(200);
      expect(res.json().data.coverUrl).toBe(coverUrl || null);
    }
  });

  it('refuses any other cover, on create and on edit', async () => {
    const bad = [
      'javascript:alert(1)',
      'http://images.example.com/a.jpg',
      'data:image/png;base64,iVBORw0KGgo=',
      '//evil.example/a.png',
      '/api/account/logout',
      '/uploads/document/0123456789abcdef0123456789abcdef.pdf',
      `${STORED}?x=1`,
      'https://',
      ' https://a.example/b.png',
    ];
    for (const coverUrl of bad) {
      const res = await create({ coverUrl });
      expect(res.statusCode, coverUrl).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        coverUrl,
      ).toEqual(['coverUrl']);
    }
    const made = (await create({})).json().data;
    const edit = await t.app.inject({
      method: 'POST',
      url: '/api/blogs/master/edit',
      headers: await t.headers('supplier1'),
      payload: { id: made.id, version: made.version, coverUrl: 'javascript:alert(1)' },
    });
    expect(edit.statusCode).toBe(400);
  });

  it('keeps stored and https pictures in the text and drops the rest', async () => {
    const html = [
      `<img src="${STORED}" alt="ours">`,
      '<img src="https://cdn.example.com/p.png" alt="https">',
      '<img src="http://cdn.example.com/p.png" alt="http">',
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="data">',
      '<img src="/api/account/logout" alt="relative">',
      '<img src="javascript:alert(1)" alt="js">',
      '<img alt="none">',
    ].join('');
    const res = await create({ contentHtml: `<p>${html}</p>` });
    expect(res.statusCode, res.body).toBe(200);
    const kept = [...res.json().data.contentHtml.matchAll(/<img [^>]*alt="([^"]+)"/g)].map((m) => m[1]);
    expect(kept).toEqual(['ours', 'https']);
  });
});
