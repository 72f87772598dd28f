/**
 * How answers leave the server: security headers on every answer, compression of API answers, and the
 * caching rules of the built front end.
 *
 * - `deliveryPlugin` — registered in app.ts before any route (hooks apply to routes registered after them):
 *   @fastify/helmet with `CSP` on everything (the SPA, API answers, uploads, /docs) and @fastify/compress for
 *   answers over 1 KB of a compressible type. Event streams (text/event-stream) are never compressed: a
 *   compressor holds bytes back until it has a block, and each event must reach the client at once.
 *   Already-compressed answers (a precompressed file, images, PDFs, media) pass untouched.
 * - `spaStaticOptions(root)` — @fastify/static options for the built app: `.br`/`.gz` siblings made at
 *   build time (lib/precompress.ts) chosen by Accept-Encoding (`Vary: Accept-Encoding`); hashed files under
 *   /assets cached for a year as immutable; index.html (also the SPA fallback for deep links) `no-cache`;
 *   locale files, whose names carry no hash, a short max-age with their ETag to revalidate against.
 */
import fp from 'fastify-plugin';
import { createRequire } from 'node:module';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import type { FastifyStaticOptions } from '@fastify/static';

/**
 * Scripts only from our own origin: the sign-in token lives in localStorage, so an injected script must have
 * nowhere to run. Styles allow inline: antd's CSS-in-JS writes <style> tags at run time (CSS cannot read
 * the token). Images also from data:/blob: (previews of picked files) and any https site (blog covers and
 * pictures may be on other sites; lib/sanitize.ts keeps those to https).
 */
export const CSP = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Compressible types (the rest is decided by mime-db): never event streams, never the generic octet-stream. */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|javascript/;

const HELMET_OPTIONS = {
  // useDefaults off: helmet's default `upgrade-insecure-requests` would break a server reached over plain http on a LAN.
  contentSecurityPolicy: { useDefaults: false, directives: CSP },
  frameguard: { action: 'deny' as const },
  referrerPolicy: { policy: 'same-origin' as const },
};

type Middleware = (req: object, res: object, next: (err?: unknown) => void) => void;
/** helmet itself, as @fastify/helmet has it (the plugin's own dependency). */
const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))('helmet') as (
  options: object,
) => Middleware;

/**
 * The headers helmet sets with HELMET_OPTIONS, asked of it once. They are the same on every answer (no CSP nonces),
 * yet @fastify/helmet builds helmet's middleware anew on every request (re-reading every directive) in two hooks:
 * a tenth of the server's work on a short API answer.
 */
export function securityHeaders(): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(HELMET_OPTIONS)({ method: 'GET', url: '/', headers: {} }, res, (err) => {
    if (err) throw err as Error;
  });
  return [...headers];
}

export const deliveryPlugin = fp(
  async (app: FastifyInstance) => {
    const headers = securityHeaders();
    // On the raw answer, as helmet sets them: hooks and handlers after this one see and may replace them.
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      customTypes: COMPRESSIBLE,
    });
    // Stored files (lib/uploads.ts, from the folder or a bucket) are someone's bytes: never a page of ours.
    // Opened on their own they run nothing (sandbox) and load nothing; non-images (PDFs, media) download
    // instead of opening on our origin. Pictures and players embed them as before: a subresource ignores both.
    // A callback hook, not an async one: it runs on every answer, and a promise per answer is work for nothing.
    app.addHook('onSend', (request, reply, payload, done) => {
      const kind = request.url.startsWith('/uploads/') ? UPLOAD_URL.exec(request.url)?.[1] : undefined;
      if (!kind) return done(null, payload);
      reply.header('content-security-policy', UPLOAD_CSP).header('x-content-type-options', 'nosniff');
      if (kind !== 'image') reply.header('content-disposition', 'attachment');
      // A stored name never gets other bytes (names are random or derived from the content).
      if (reply.statusCode === 200 || reply.statusCode === 206)
        reply.header('cache-control', `public, max-age=${YEAR}, immutable`);
      done(null, payload);
    });
  },
  { name: 'delivery' },
);

const UPLOAD_URL = /^\/uploads\/([a-z]+)\//;
export const UPLOAD_CSP = "default-src 'none'; sandbox";

const YEAR = 31_536_000;
/** Locale files change with a release but keep their names: a browser re-asks (ETag, 304) after this long. */
export const LOCALE_MAX_AGE = 300;

/**
 * Headers that only a document (a page, or a frame) obeys. The built assets are subresources (scripts, styles,
 * strings, pictures: no page and no worker), so they go without them: about 0.7 KB less on each of the
 * sign-in page's 40 requests. A worker script added one day would need its CSP back.
 */
const DOCUMENT_ONLY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export function spaStaticOptions(root: string): FastifyStaticOptions {
  return {
    root,
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    // Set per file below instead of send's `public, max-age=0`.
    cacheControl: false,
    setHeaders: (reply, path) => {
      const file = path
        .slice(root.length)
        .replace(/\\/g, '/')
        .replace(/\.(?:br|gz)$/, '');
      if (file.startsWith('/assets/')) for (const name of DOCUMENT_ONLY) reply.removeHeader(name);
      const cache = file.startsWith('/assets/')
        ? `public, max-age=${YEAR}, immutable`
        : file.startsWith('/locales/')
          ? `public, max-age=${LOCALE_MAX_AGE}`
          : // index.html and the other unhashed files: always revalidated, so a release shows at the next load.
            'no-cache';
      reply.header('cache-control', cache);
    },
  };
}
