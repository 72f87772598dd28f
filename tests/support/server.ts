import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.js';
import type { AppConfig } from '../../server/src/config.js';
import { repoRoot } from '../../server/src/root.js';
import { shops } from '../../server/src/db/schema.js';
import { TEST_DATA_DIR } from './db.js';
import { inject } from 'vitest';

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  app: FastifyInstance;
  /** All shop names in the database (to assert a supplier does not see other shops). */
  shopNames(): Promise<string[]>;
  close(): Promise<void>;
}

let template: Blob | undefined;

/** The server as `npm run serve` starts it (the bundle `npm run build` makes), for tests that run real server processes. */
export function serveArgs(): string[] {
  const bundle = join(repoRoot, 'server/build/main.js');
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build first (npm test does)`);
  return [bundle];
}

/**
 * The seeded template database when a test run prepared one (tests/e2e/global-setup.ts), with its demo
 * pictures copied into the server's data dir; a fresh migrate and seed otherwise.
 */
function templateOf(dataDir: string): { loadDataDir: Blob } | undefined {
  const file = inject('pgliteTemplate');
  if (!file || !existsSync(file)) return undefined;
  cpSync(`${TEST_DATA_DIR}/uploads`, `${dataDir}/uploads`, { recursive: true });
  template ??= new Blob([readFileSync(file)]);
  return { loadDataDir: template };
}

/**
 * The real server for browser tests: a fresh temp data dir (PGlite files, migrated and seeded
 * with the demo data), listening on 127.0.0.1 on a free port, serving `staticDir`.
 */
export async function startServer(
  opts: { staticDir?: string | null; config?: Partial<AppConfig> } = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'seller-center-'));
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: null,
    jwtSecret: randomBytes(32).toString('hex'),
    tokenTtl: 28800,
    seedDemo: true,
    staticDir: opts.staticDir ?? null,
    loginRateLimit: { max: 50, perAddress: 200, timeWindowMs: 60_000 },
    signupRateLimit: { max: 100, timeWindowMs: 3_600_000 },
    logger: false,
    ...opts.config,
  };
  const app = await buildApp(config, templateOf(dataDir));
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (err) {
    await app.close();
    throw err;
  }
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    shopNames: async () => (await app.db.select({ name: shops.name }).from(shops)).map((s) => s.name),
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
