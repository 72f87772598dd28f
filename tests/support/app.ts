import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.js';
import type { AppConfig } from '../../server/src/config.js';
import { clonePostgres, workerDataDir } from './db.js';

export type DbKind = 'pglite' | 'postgres';
export const DEMO_PASSWORD = 'Demo@2026';

/** The databases to run against: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export function dbKinds(): DbKind[] {
  return inject('pgTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: workerDataDir(),
    databaseUrl: null,
    jwtSecret: randomBytes(32).toString('hex'),
    tokenTtl: 3600,
    seedDemo: true,
    staticDir: null,
    // Test apps sign in and sign up from one address (127.0.0.1) many times: the address caps are raised.
    loginRateLimit: { max: 10, perAddress: 100, timeWindowMs: 60_000 },
    signupRateLimit: { max: 100, timeWindowMs: 3_600_000 },
    logger: false,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  kind: DbKind;
  /** The PostgreSQL database's URL (null on PGlite). */
  databaseUrl: string | null;
  /** Signs in through POST /api/account/login (once per user, cached) and returns the access token. */
  login(username: string, password?: string): Promise<string>;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers(username: string): Promise<{ authorization: string }>;
  /** Drops the cached tokens of `username` (its sessions were ended): the next `login` signs in anew. */
  forget(username: string): void;
  close(): Promise<void>;
}

let templateBlob: Blob | undefined;

/**
 * A Fastify app on a fresh copy of the migrated + seeded demo database:
 * PGlite loaded in memory from the global-setup tarball (~0.6 s), or a PostgreSQL database
 * cloned from the template database. Close it with `close()`.
 */
export async function createTestApp(opts: { db?: DbKind; config?: Partial<AppConfig> } = {}): Promise<TestApp> {
  const kind = opts.db ?? 'pglite';
  let app: FastifyInstance;
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | null = null;
  if (kind === 'postgres') {
    const tpl = inject('pgTemplate');
    if (!tpl) throw new Error('TEST_DATABASE_URL is not set');
    const clone = await clonePostgres(tpl.baseUrl, tpl.name);
    drop = clone.drop;
    databaseUrl = clone.url;
    app = await buildApp(testConfig({ ...opts.config, databaseUrl: clone.url }));
  } else {
    templateBlob ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
    app = await buildApp(testConfig(opts.config), { loadDataDir: templateBlob });
  }
  await app.ready();
  const tokens = new Map<string, string>();
  const login = async (username: string, password = DEMO_PASSWORD) => {
    const key = `${username}\n${password}`;
    const cached = tokens.get(key);
    if (cached) return cached;
    const res = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { users: username, password, typeLogin: username.startsWith('supplier') ? 'supplier' : 'staff' },
    });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    const token = res.json<{ accessToken: string }>().accessToken;
    tokens.set(key, token);
    return token;
  };
  return {
    app,
    kind,
    databaseUrl,
    login,
    headers: async (username) => ({ authorization: `Bearer ${await login(username)}` }),
    forget: (username) => {
      for (const key of tokens.keys()) if (key.startsWith(`${username}\n`)) tokens.delete(key);
    },
    close: async () => {
      await app.close();
      await drop?.();
    },
  };
}
