import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import type { PGlite } from '@electric-sql/pglite';
import type { AppConfig } from './config.js';
import { repoRoot } from './root.js';
import { openDb, type Db, type DbHandle, type DbKind } from './db/client.js';
import type { SeedResult } from './demo/seed.js';
import { installTemplate, prepareDatabase } from './demo/template.js';
import { guardPlugin } from './auth/guard.js';
import './auth/types.js';
import { registerErrorHandling } from './lib/error-handler.js';
import { registerJsonBody } from './lib/json-body.js';
import { safeLogger } from './lib/logging.js';
import { STATE_MACHINE_DOC } from './modules/orders/state.js';
import { uploadsPlugin } from './lib/uploads.js';
import { openStorage, S3Storage } from './lib/storage.js';
import { realtimePlugin } from './lib/realtime.js';
import { deliveryPlugin, spaStaticOptions } from './lib/delivery.js';
import { closeResponseSchema, documentOperation, shareErrorAnswers } from './lib/openapi.js';
import { deferSerializers } from './lib/lazy-schemas.js';
import { dbFairnessPlugin } from './lib/db-fairness.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: DbKind;
    config: AppConfig;
    /** What start-up seeded (null when the DB already had data or seeding is off). */
    seeded: SeedResult | null;
  }
}

/** Test-only ways to supply the database without touching DATA_DIR. */
export interface BuildOptions {
  /** An already-open PGlite; the app closes it on close. */
  pglite?: PGlite;
  /** A `dumpDataDir()` tarball to load into a fresh in-memory PGlite. */
  loadDataDir?: Blob;
  /** A fresh, empty in-memory PGlite. */
  inMemory?: boolean;
}

/** The default export of each `modules/<name>/routes.ts` file, in name order. */
async function moduleRoutes(): Promise<FastifyPluginAsync[]> {
  // The folder is listed from the checkout, not beside this file: the server bundle (npm run build) lives elsewhere.
  const modules = resolve(repoRoot, 'server/src/modules');
  const names = readdirSync(modules, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(modules, d.name, 'routes.ts')))
    .map((d) => d.name)
    .sort();
  const found: FastifyPluginAsync[] = [];
  for (const name of names) {
    // A pattern the bundler expands to every modules/*/routes.ts (esbuild glob import); tsx imports the file as named.
    const mod = (await import(`./modules/${name}/routes.ts`)) as { default?: FastifyPluginAsync };
    if (typeof mod.default !== 'function')
      throw new Error(`server/src/modules/${name}/routes.ts must export its routes plugin as default`);
    found.push(mod.default);
  }
  return found;
}

export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: safeLogger(config.logger),
    // Sign-in keys and logs need the client address even behind a local proxy.
    trustProxy: 'loopback',
    ajv: { customOptions: { removeAdditional: false, allErrors: true, coerceTypes: 'array', useDefaults: true } },
  });
  // Answers are closed (closeResponseSchema): a route sends, and the document names, exactly the fields it declares.
  deferSerializers(app, closeResponseSchema);

  // A new PGlite data dir with demo data (and local uploads) starts as a copy of the seeded template (demo/template.ts).
  const embedded = !config.databaseUrl && !opts.pglite && !opts.loadDataDir && !opts.inMemory;
  const fromTemplate = embedded && config.seedDemo && !config.s3 ? await installTemplate(config.dataDir) : null;
  const handle = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionLost: (err) => app.log.warn({ err }, 'database connection lost; the pool opens a new one'),
    ...opts,
  });
  try {
    await setup(app, config, handle, fromTemplate);
  } catch (err) {
    // A failed start must not leave the database (PGlite files, pool) open.
    await handle.close().catch(() => undefined);
    throw err;
  }
  return app;
}

async function setup(
  app: FastifyInstance,
  config: AppConfig,
  handle: DbHandle,
  fromTemplate: SeedResult | null,
): Promise<void> {
  app.decorate('db', handle.db);
  app.decorate('dbKind', handle.kind);
  app.decorate('config', config);
  app.addHook('onClose', async () => handle.close());

  const storage = await openStorage(config);
  if (storage instanceof S3Storage) await storage.check();
  // Once per database however many processes start together: the second finds the menu synced and the data seeded.
  // The template was synced and seeded by this very code.
  app.decorate(
    'seeded',
    fromTemplate ?? (await handle.exclusive(() => prepareDatabase(handle.db, storage, config.seedDemo))),
  );

  const staticRoot = config.staticDir ? resolve(config.staticDir) : null;
  const spa = !!staticRoot && existsSync(join(staticRoot, 'index.html'));
  registerErrorHandling(app, { spa });
  registerJsonBody(app);
  // First: every request's database work, the auth check's too, queues by the request's arrival on PGlite.
  await app.register(dbFairnessPlugin);
  // Before the guard: its refusals (401, 403) carry the security headers too.
  await app.register(deliveryPlugin);
  await app.register(guardPlugin, { db: handle.db, authCacheMs: config.authCacheMs });
  await app.register(fastifyJwt, {
    secret: config.jwtSecret,
    sign: { expiresIn: config.tokenTtl },
    // Verified tokens are cached (LRU, until their exp; keyed by a hash of the token, fast-jwt's default): saves the
    // decode and HMAC per request. The account status is still checked per request (auth cache ≤ 2 s).
    verify: { cache: 1000 },
  });
  await app.register(uploadsPlugin, { storage });
  await app.register(realtimePlugin, { heartbeatMs: config.sseHeartbeatMs });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Seller Center API',
        version: '0.1.0',
        description:
          'Legacy-contract API of the Seller Center back office. Operations tagged `addition` (and marked `x-addition`) are not in the legacy catalogue.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      tags: [
        { name: 'account' },
        { name: 'blogs' },
        { name: 'report' },
        { name: 'health' },
        { name: 'orders', description: STATE_MACHINE_DOC },
        { name: 'addition', description: 'Endpoints added to the legacy catalogue' },
      ],
    },
    transform: ({ schema, url, route }) => {
      // Document the access rule and require the bearer token on every non-public route.
      const access = (route.config as { access?: unknown } | undefined)?.access;
      if (!schema) return { schema, url };
      // A route outside the table of screens (the health check) is open to all.
      if (access === undefined)
        return { schema: documentOperation({ ...schema }, String(route.method), 'public'), url };
      const s = { ...schema } as Record<string, unknown>;
      s['x-access'] = access;
      // Multipart bodies are documented only (see multipartDoc): the stream is parsed and checked by the handler.
      if (s.multipartBody && !s.body) s.body = s.multipartBody;
      delete s.multipartBody;
      if (access !== 'public') s.security = [{ bearerAuth: [] }];
      return { schema: documentOperation(s, String(route.method), access), url };
    },
    transformObject: (doc) => ('openapiObject' in doc ? shareErrorAnswers(doc.openapiObject) : doc.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  // Every module with a routes file serves its routes: adding a module needs no line here.
  for (const routes of await moduleRoutes()) await app.register(routes);

  if (spa) {
    await app.register(fastifyStatic, spaStaticOptions(staticRoot));
  }
}
