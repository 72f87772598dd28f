/**
 * Several app instances on one PostgreSQL database, sharing nothing else.
 * - Two apps start together on an empty database (in this process, each with its own pool, which is all
 *   PostgreSQL sees of a process): it is migrated once under the start-up advisory lock, both answer. The
 *   demo seed runs under the same lock (too slow to run here: the lock is tested on its own).
 * - Two real server processes (`npm run serve`'s bundle of `server/src/main.ts`; own DATA_DIR, port and
 *   memory, one S3 bucket) on a copy of the seeded template: a file uploaded through A is served by B, a
 *   notification made through A arrives on B's stream, an account disabled through A is refused by B at its
 *   next request although B had its record cached (and enabled again through B, A keeps the old token out
 *   and lets a new sign-in in at once).
 * PostgreSQL only: PGlite is one process by nature. Starting the two processes is most of this file's time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { repoRoot } from '../../server/src/root.js';
import { buildApp } from '../../server/src/app.js';
import { openDb } from '../../server/src/db/client.js';
import { clonePostgres, databaseUrlFor, dropDatabase } from '../support/db.js';
import { DEMO_PASSWORD, testConfig } from '../support/app.js';
import { multipartPayload, samples } from './product-files.js';
import { openSse, type SseReader } from './sse-client.js';
import { s3Env, startS3 } from './s3-emulator.js';
import { serveArgs } from '../support/server.js';

interface Server {
  name: string;
  url: string;
  child: ChildProcess;
  log: string[];
}

/** Every process started, so a failed start still ends them all. */
const children: ChildProcess[] = [];

/** Starts the server with `env` on a free port; resolves with its address once it listens. */
function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, serveArgs(), {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const log: string[] = [];
  return new Promise((resolve, reject) => {
    let rest = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        const msg = (() => {
          try {
            return (JSON.parse(line) as { msg?: string }).msg ?? '';
          } catch {
            return line;
          }
        })();
        log.push(msg);
        const m = /listening on (http:\/\/\S+)/.exec(msg);
        if (m) resolve({ name, url: m[1].replace('localhost', '127.0.0.1'), child, log });
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => log.push(chunk));
    child.on('exit', (code) =>
      reject(new Error(`server ${name} exited with ${code} before listening:\n${log.join('\n')}`)),
    );
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const template = inject('pgTemplate');

describe.skipIf(!template)('server processes on one PostgreSQL', () => {
  /** On the copy of the seeded template. */
  let a: Server;
  let b: Server;
  let emptyUrl: string;
  let databaseUrl: string;
  let dropClone = async () => {};
  const emptyDb = `sc_test_multi_${randomBytes(4).toString('hex')}`;
  const dataDirs: string[] = [];
  const streams: SseReader[] = [];
  let closeS3 = async () => {};

  beforeAll(async () => {
    const base = template!.baseUrl;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${emptyDb}"`);
    await admin.end();
    emptyUrl = databaseUrlFor(base, emptyDb);
    const clone = await clonePostgres(base, template!.name);
    databaseUrl = clone.url;
    dropClone = clone.drop;
    const s3 = await startS3();
    closeS3 = () => s3.close();
    const env = (name: string, db: string) => {
      const dataDir = mkdtempSync(join(tmpdir(), `multi-${name}-`));
      dataDirs.push(dataDir);
      return {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: db,
        STATIC_DIR: join(dataDir, 'no-dist'),
        // Every process signs and checks tokens with one secret, as a deployment's processes must.
        JWT_SECRET: 'multi-process-test-secret-0123456789abcdef',
        LOG_LEVEL: 'info',
        NOTIFY_WORKER_MS: '0',
        ...s3Env(s3.config),
      };
    };
    [a, b] = await Promise.all([startServer('A', env('a', databaseUrl)), startServer('B', env('b', databaseUrl))]);
  }, 240_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all(children.map(stop));
    await closeS3();
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
    if (template) await dropDatabase(template.baseUrl, emptyDb);
    await dropClone();
  });

  const tokens = new Map<string, string>();
  const login = async (s: Server, username: string) => {
    const key = `${s.name}:${username}`;
    if (!tokens.has(key)) {
      const res = await fetch(`${s.url}/api/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          users: username,
          password: DEMO_PASSWORD,
          typeLogin: username.startsWith('supplier') ? 'supplier' : 'staff',
        }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      tokens.set(key, ((await res.json()) as { accessToken: string }).accessToken);
    }
    return { authorization: `Bearer ${tokens.get(key)}` };
  };
  const post = async (s: Server, username: string, path: string, body: object) =>
    fetch(`${s.url}${path}`, {
      method: 'POST',
      headers: { ...(await login(s, username)), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('start together on an empty database: migrated once, both healthy', { timeout: 180_000 }, async () => {
    // One migrates, the other waits for the lock and finds it done.
    const apps = await Promise.all([1, 2].map(() => buildApp(testConfig({ databaseUrl: emptyUrl, seedDemo: false }))));
    try {
      for (const app of apps) expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
    const journal = JSON.parse(readFileSync(join(repoRoot, 'server/drizzle/meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const c = new pg.Client({ connectionString: emptyUrl });
    await c.connect();
    try {
      const migrations = await c.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(migrations.rows[0].n).toBe(journal.entries.length);
      const menus = await c.query('select count(*)::int as n, count(distinct path)::int as paths from menu_items');
      expect(menus.rows[0].n).toBeGreaterThan(0);
      expect(menus.rows[0].n).toBe(menus.rows[0].paths);
    } finally {
      await c.end();
    }
    // The seeded copy: neither process seeded again.
    expect([a, b].filter((s) => s.log.some((l) => l.startsWith('Demo data created')))).toEqual([]);
  });

  it(
    'runs start-up work (migrations, menu sync, demo seed) of two processes one after the other',
    { timeout: 120_000 },
    async () => {
      const [h1, h2] = await Promise.all([openDb({ databaseUrl: emptyUrl }), openDb({ databaseUrl: emptyUrl })]);
      try {
        const steps: string[] = [];
        const work = (name: string) => async () => {
          steps.push(`${name} in`);
          // Long enough for the other to try to enter meanwhile.
          await new Promise((r) => setTimeout(r, 50));
          steps.push(`${name} out`);
          return name;
        };
        expect(await Promise.all([h1.exclusive(work('one')), h2.exclusive(work('two'))])).toEqual(['one', 'two']);
        expect([
          ['one in', 'one out', 'two in', 'two out'],
          ['two in', 'two out', 'one in', 'one out'],
        ]).toContainEqual(steps);
        // A failing holder releases the lock.
        await expect(
          h1.exclusive(async () => {
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        expect(await h2.exclusive(async () => 'after')).toBe('after');
      } finally {
        await Promise.all([h1.close(), h2.close()]);
      }
    },
  );

  it('serves through B a file uploaded through A', async () => {
    const png = samples.png();
    const { payload, headers } = await multipartPayload([{ name: 'file', file: png, filename: 'logo.png' }]);
    const up = await fetch(`${a.url}/api/v2/storefront-images`, {
      method: 'POST',
      headers: { ...(await login(a, 'admin')), ...headers },
      body: payload,
    });
    expect(up.status, await up.clone().text()).toBe(201);
    const { url } = (await up.json()) as { url: string };
    const got = await fetch(`${b.url}${url}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await got.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(`${b.url}/uploads/image/${'0'.repeat(32)}.png`)).status).toBe(404);
  });

  it("delivers on B's stream a notification made through A", async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const { rows } = await c.query(`update products set approval_status = 'pending' where id = (
      select p.id from products p join shops s on s.id = p.shop_id where s.name = 'HomePro Lighting' order by p.id limit 1) returning id`);
    await c.end();
    const productId = rows[0].id as number;
    const stream = await openSse(`${b.url}/api/notify/events`, await login(b, 'supplier1'));
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.until(() => stream.events('ready').length === 1);
    const approved = await post(a, 'admin', '/api/product/approveproduct', { id: productId });
    expect(approved.status, await approved.clone().text()).toBe(200);
    await stream.until(() =>
      stream.events<{ link: string }>('notification').some((e) => e.data.link === `/supplier/product/${productId}`),
    );
  });

  it('refuses on B, at its next request, an account disabled through A (B had it cached)', async () => {
    const inbox = '/api/notify/getmessagenotify?limit=1';
    const asSupplier = await login(b, 'supplier2');
    for (const s of [a, b]) expect((await fetch(`${s.url}${inbox}`, { headers: asSupplier })).status).toBe(200);
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const { rows } = await c.query(`select id from users where username = 'supplier2'`);
    await c.end();
    const disabled = await post(a, 'admin', '/api/user/updatestatususer', { userId: rows[0].id, status: 'disabled' });
    expect(disabled.status, await disabled.clone().text()).toBe(200);
    const refused = await fetch(`${b.url}${inbox}`, { headers: asSupplier });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toMatch(/disabled/);
    // And the other way: A caches the disabled record, the account is enabled through B; A refuses the token
    // from before the disable still, and lets a new sign-in in at once.
    expect((await fetch(`${a.url}${inbox}`, { headers: asSupplier })).status).toBe(401);
    expect(
      (await post(b, 'admin', '/api/user/updatestatususer', { userId: rows[0].id, status: 'active' })).status,
    ).toBe(200);
    expect((await fetch(`${a.url}${inbox}`, { headers: asSupplier })).status).toBe(401);
    expect((await fetch(`${a.url}${inbox}`, { headers: await login(a, 'supplier2') })).status).toBe(200);
  });
});
