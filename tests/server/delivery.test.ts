/**
 * How answers leave the server (server/src/lib/delivery.ts): caching and content negotiation of the built
 * front end (precompressed at build time by server/src/lib/precompress.ts), compression of API answers but
 * never of event streams, and the security headers on the app, the API and stored files.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { products, shops } from '../../server/src/db/schema.js';
import { LOCALE_MAX_AGE, UPLOAD_CSP } from '../../server/src/lib/delivery.js';
import { precompressDir } from '../../server/src/lib/precompress.js';
import { TMP_DIR } from '../support/db.js';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { samples } from './product-files.js';
import { openSse } from './sse-client.js';

type Headers = Record<string, string | string[] | number | undefined>;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ENTRY = '/assets/index-AbCd1234.js';
const IMAGE = `/uploads/image/${'a'.repeat(32)}.png`;
const PDF = `/uploads/document/${'b'.repeat(32)}.pdf`;
const BR = { 'accept-encoding': 'br, gzip' };
const VIDEO = `/uploads/video/${'c'.repeat(32)}.mp4`;

/** What every answer of ours carries, whatever it is. */
function expectSecurityHeaders(h: Headers) {
  const csp = String(h['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('same-origin');
  expect(h['x-frame-options']).toBe('DENY');
}

describe('front end, API and uploads delivery', () => {
  let t: TestApp;
  let root: string;
  const script = `export const words = ${JSON.stringify('seller center '.repeat(400))};\n`;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    root = mkdtempSync(join(TMP_DIR, 'delivery-'));
    const dist = join(root, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    mkdirSync(join(dist, 'locales/en'), { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><html><head><script type="module" src="${ENTRY}"></script></head><body><div id="root"></div></body></html>`,
    );
    writeFileSync(join(dist, ENTRY), script);
    writeFileSync(join(dist, 'assets/logo-Zz9.png'), samples.png());
    writeFileSync(
      join(dist, 'locales/en/common.json'),
      JSON.stringify({ app: { title: 'Seller Center '.repeat(100) } }),
    );
    const made = await precompressDir(dist);
    // index.html, the script and the locale file; the PNG is left as it is.
    expect(made.files).toBe(3);
    const data = join(root, 'data');
    for (const [url, bytes] of [
      [IMAGE, samples.png()],
      [PDF, samples.pdf()],
      [VIDEO, samples.mp4()],
    ] as const) {
      mkdirSync(join(data, url, '..'), { recursive: true });
      writeFileSync(join(data, url), bytes);
    }
    t = await createTestApp({ config: { staticDir: dist, dataDir: data } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves hashed assets immutable, in the encoding the client takes, and says it varies on it', async () => {
    const brotli = await get(ENTRY, BR);
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers).toMatchObject({
      'content-encoding': 'br',
      'cache-control': IMMUTABLE,
      'content-type': expect.stringMatching(/javascript/),
    });
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await get(ENTRY, { 'accept-encoding': 'gzip' });
    expect(gzip.headers).toMatchObject({ 'content-encoding': 'gzip', 'cache-control': IMMUTABLE });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'zstd' }] as Record<
      string,
      string
    >[]) {
      const plain = await get(ENTRY, headers);
      expect(plain.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(script);
    }
    // A subresource keeps nosniff and the referrer rule; the headers only a page obeys stay with the pages.
    expect(brotli.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin' });
    for (const name of ['content-security-policy', 'x-frame-options', 'strict-transport-security'])
      expect(brotli.headers[name], name).toBeUndefined();
    // An image is compressed already: the file as it is, never re-encoded.
    const png = await get('/assets/logo-Zz9.png', BR);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['cache-control']).toBe(IMMUTABLE);
    expect(png.rawPayload.equals(samples.png())).toBe(true);
  });

  it('serves index.html and the deep-link fallback no-cache, with the security headers', async () => {
    for (const url of ['/', '/admin/orders/list', '/supplier/product/12']) {
      const res = await get(url, { accept: 'text/html', ...BR });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain(ENTRY);
      expectSecurityHeaders(res.headers);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/(^|;)\s*script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/unsafe-eval|upgrade-insecure-requests/);
    }
    // Not a page: an asset that is not there stays a JSON 404 (a stale chunk must not get index.html).
    const missing = await get('/assets/gone-123.js', BR);
    expect(missing.statusCode).toBe(404);
  });

  it('gives locale files a short max-age and a validator that answers 304', async () => {
    const res = await get('/locales/en/common.json', BR);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(`public, max-age=${LOCALE_MAX_AGE}`);
    expect(res.headers['content-encoding']).toBe('br');
    const etag = String(res.headers.etag);
    expect(etag).toBeTruthy();
    const again = await get('/locales/en/common.json', { ...BR, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('compresses API JSON above the threshold for clients that take it, and only them', async () => {
    const headers = await t.headers('admin');
    const big = await get('/api/product/productlist?limit=50', { ...headers, ...BR });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const items = JSON.parse(brotliDecompressSync(big.rawPayload).toString()).items;
    expect(items.length).toBeGreaterThan(0);

    const gzip = await get('/api/product/productlist?limit=50', { ...headers, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).items).toEqual(items);

    const plain = await get('/api/product/productlist?limit=50', headers);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().items).toEqual(items);

    // A small answer is not worth a compressor.
    const small = await get('/health', BR);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expectSecurityHeaders(small.headers);
  });

  it('puts the security headers on API answers, refusals included', async () => {
    const ok = await get('/api/product/productlist?limit=1', await t.headers('admin'));
    expect(ok.statusCode).toBe(200);
    expectSecurityHeaders(ok.headers);
    const refused = await get('/api/product/productlist');
    expect(refused.statusCode).toBe(401);
    expectSecurityHeaders(refused.headers);
    const forbidden = await get('/api/user/getlistusermangement', await t.headers('supplier1'));
    expect(forbidden.statusCode).toBe(403);
    expectSecurityHeaders(forbidden.headers);
    const unknown = await get('/api/no-such-route', BR);
    expect(unknown.statusCode).toBe(404);
    expectSecurityHeaders(unknown.headers);
  });

  it('serves stored images nosniff and sandboxed, other files as downloads, none compressed again', async () => {
    const image = await get(IMAGE, BR);
    expect(image.statusCode).toBe(200);
    expect(image.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'content-security-policy': UPLOAD_CSP,
      'cache-control': IMMUTABLE,
    });
    expect(image.headers['content-disposition']).toBeUndefined();
    expect(image.headers['content-encoding']).toBeUndefined();

    for (const url of [PDF, VIDEO]) {
      const res = await get(url, BR);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers, url).toMatchObject({
        'content-disposition': 'attachment',
        'x-content-type-options': 'nosniff',
        'content-security-policy': UPLOAD_CSP,
      });
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
    // Video seeking: a byte range still works.
    const part = await get(VIDEO, { range: 'bytes=0-3' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-disposition']).toBe('attachment');

    const missing = await get(`/uploads/image/${'d'.repeat(32)}.png`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBeUndefined();
  });

  it('serves the API docs under the same policy (their scripts are files of their own)', async () => {
    const page = await get('/docs/', { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expectSecurityHeaders(page.headers);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });
});

// Event streams through a compressing server: each event must reach the client at once.
describe.each(dbKinds())('event streams with compression on (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends a notification live, uncompressed, to a client that accepts br and gzip', async () => {
    const [shop] = await t.app.db.select({ id: shops.id }).from(shops).where(eq(shops.name, 'HomePro Lighting'));
    const [product] = await t.app.db
      .update(products)
      .set({ approvalStatus: 'pending', rejectReason: null })
      .where(
        eq(
          products.id,
          (await t.app.db.select({ id: products.id }).from(products).where(eq(products.shopId, shop.id)).limit(1))[0]
            .id,
        ),
      )
      .returning({ id: products.id });
    const stream = await openSse(`${base}/api/notify/events`, { ...(await t.headers('supplier1')), ...BR });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-encoding')).toBeNull();
      expectSecurityHeaders(Object.fromEntries(stream.headers));
      await stream.until(() => stream.events('ready').length === 1);
      const approved = await t.app.inject({
        method: 'POST',
        url: '/api/product/approveproduct',
        payload: { id: product.id },
        headers: await t.headers('admin'),
      });
      expect(approved.statusCode, approved.body).toBe(200);
      await stream.until(() =>
        stream.events<{ link: string }>('notification').some((e) => e.data.link === `/supplier/product/${product.id}`),
      );
    } finally {
      stream.close();
    }
    const chat = await openSse(`${base}/api/v2/chat-events`, { ...(await t.headers('admin')), ...BR });
    try {
      expect(chat.status).toBe(200);
      expect(chat.headers.get('content-encoding')).toBeNull();
      await chat.until(() => chat.events('ready').length === 1);
    } finally {
      chat.close();
    }
  });
});
