import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { loadConfig } from '../../server/src/config.js';
import { compileAllSchemas } from '../../server/src/lib/lazy-schemas.js';

describe('config', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sc-config-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the environment with defaults', () => {
    const c = loadConfig({ DATA_DIR: join(dir, 'data') });
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', databaseUrl: null, tokenTtl: 28800, seedDemo: true });
    expect(statSync(join(dir, 'data')).isDirectory()).toBe(true);
    const d = loadConfig({
      DATA_DIR: join(dir, 'data'),
      PORT: '4000',
      TOKEN_TTL: '60',
      SEED_DEMO: 'off',
      DATABASE_URL: 'postgres://x/y',
      JWT_SECRET: 's'.repeat(40),
    });
    expect(d).toMatchObject({
      port: 4000,
      tokenTtl: 60,
      seedDemo: false,
      databaseUrl: 'postgres://x/y',
      jwtSecret: 's'.repeat(40),
    });
    expect(loadConfig({ DATA_DIR: join(dir, 'data'), SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(() => loadConfig({ DATA_DIR: join(dir, 'data'), TOKEN_TTL: 'soon' })).toThrow(/TOKEN_TTL/);
  });

  it('generates the JWT secret once per data dir, readable by the owner only', () => {
    const a = loadConfig({ DATA_DIR: join(dir, 'secret') });
    const b = loadConfig({ DATA_DIR: join(dir, 'secret') });
    expect(a.jwtSecret).toBe(b.jwtSecret);
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'secret', 'jwt-secret'), 'utf8').trim()).toBe(a.jwtSecret);
    expect(statSync(join(dir, 'secret', 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: join(dir, 'other') }).jwtSecret).not.toBe(a.jwtSecret);
  });
});

describe('route schemas compiled on first use', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('a route validates and serializes through its deferred compilers, and every schema compiles', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { users: 7, password: 'x', typeLogin: 'staff' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toContain('users');
    const health = await t.app.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
    // What a start no longer compiles must still compile: a broken schema fails here, not at its first request.
    expect(() => compileAllSchemas(t.app)).not.toThrow();
  });
});

describe('serving the front end', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'sc-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Seller Center</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({ config: { staticDir: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const html = { accept: 'text/html,application/xhtml+xml' };

  it('serves files and index.html at /', async () => {
    const js = await t.app.inject({ url: '/assets/app.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe('console.log(1)');
    const root = await t.app.inject({ url: '/', headers: html });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('Seller Center');
  });

  it('falls back to index.html for client routes', async () => {
    for (const url of ['/admin/dashboard', '/supplier/blog/posts?page=2', '/login']) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('keeps JSON 404s for the API, docs and missing assets', async () => {
    for (const url of ['/api/nope', '/api/blogs/master/nope', '/assets/missing.js']) {
      const res = await t.app.inject({ url, headers: url.startsWith('/api') ? html : {} });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().status).toBe(404);
    }
    const api = await t.app.inject({ url: '/api/blogs/master/posts', headers: html });
    expect(api.statusCode).toBe(401);
  });
});

describe.runIf(dbKinds().includes('postgres'))('the PostgreSQL connection pool', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db: 'postgres' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('survives the database server ending its idle connections (restart, failover) and answers on new ones', async () => {
    const headers = await t.headers('admin');
    expect((await t.app.inject({ url: '/api/account/me', headers })).statusCode).toBe(200);
    const url = new URL(t.databaseUrl!);
    const database = url.pathname.slice(1);
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database],
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Give the pool's idle clients time to hear the termination (the unhandled case crashes here).
    await new Promise((r) => setTimeout(r, 200));
    const res = await t.app.inject({ url: '/api/account/me', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual(['admin']);
  });
});
