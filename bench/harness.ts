/**
 * What the benches share: percentiles, the median round, the PostgreSQL database a bench fills once and reuses, and the
 * real server processes with the round-robin proxy in front of them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { openDb } from '../server/src/db/client.js';
import { LocalStorage } from '../server/src/lib/storage.js';
import { seedLargeOrders } from '../server/src/demo/seed/large.js';
import { prepareDatabase } from '../server/src/demo/template.js';

/** The p-th percentile of `xs` (nearest rank); 0 when there are none. */
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/** The round of median throughput (rounds measured back to back, so one slow moment does not decide). */
export const medianRound = <M extends { rps: number }>(ms: M[]): M =>
  [...ms].sort((a, b) => a.rps - b.rps)[Math.floor(ms.length / 2)];

/** One statement on a fresh connection to `url`. */
async function once<T extends pg.QueryResultRow>(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query<T>(text);
  } finally {
    await c.end();
  }
}

/**
 * A bench's own PostgreSQL database, named by its URL's path: filled once with many orders and reused by later runs
 * (unless asked to seed again), dropped when the bench is told to clean up.
 */
export function benchDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  /** A statement on the server's `postgres` database (creating and dropping the bench's). */
  const admin = (text: string) => once(adminUrl.toString(), text);
  return {
    admin,
    /** A statement on the bench database, its rows. */
    query: async <T extends pg.QueryResultRow>(text: string): Promise<T[]> => (await once<T>(url, text)).rows,
    /** Orders already in it (0 when it does not exist). */
    async orders(): Promise<number> {
      const exists = await admin(`select 1 from pg_database where datname = '${name.replace(/'/g, "''")}'`);
      if (!exists.rowCount) return 0;
      return once<{ n: string }>(url, 'select count(*) as n from orders').then(
        (r) => Number(r.rows[0].n),
        () => 0,
      );
    },
    /** Dropped (connections closed) and created empty. */
    async recreate() {
      await admin(`drop database if exists "${name}" with (force)`);
      await admin(`create database "${name}"`);
    },
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}

/**
 * `url`'s bench database with the demo data and `n` bulk orders: reused when it holds that many already (unless
 * `reseed`), else dropped and filled again. `dir` takes the demo's uploads (a temp dir, never the repo).
 */
export async function fillBenchDatabase(
  url: string,
  n: number,
  dir: string,
  opts: { reseed?: boolean; items?: boolean } = {},
) {
  const db = benchDatabase(url);
  if (!opts.reseed && (await db.orders()) >= n)
    return console.log(`reusing ${url} (${n.toLocaleString('en')}+ orders)`);
  await db.recreate();
  const t0 = Date.now();
  const h = await openDb({ databaseUrl: url });
  try {
    await prepareDatabase(h.db, new LocalStorage(dir));
    await seedLargeOrders(h.db, n, () => undefined, { items: opts.items });
  } finally {
    await h.close();
  }
  console.log(`seeded ${n.toLocaleString('en')} orders in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * The server bundle (`npm run serve`) on `port` over `databaseUrl`, its own DATA_DIR under `dir`; resolves once /health
 * answers. Processes of one bench share `jwtSecret`, so a token from one is good on the others (as behind a proxy).
 */
export async function startServer(
  port: number,
  dir: string,
  opts: { databaseUrl: string; jwtSecret: string; env?: Record<string, string> },
): Promise<ChildProcess> {
  const dataDir = join(dir, `server-${port}`);
  if (!existsSync('server/build/main.js')) throw new Error('server/build/main.js is missing: run npm run build first');
  const child = spawn(process.execPath, ['server/build/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl,
      JWT_SECRET: opts.jwtSecret,
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
      STATIC_DIR: join(dataDir, 'no-dist'),
      LOGIN_RATE_LIMIT: '1000',
      ...opts.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server on ${port} exited with ${code}`))),
  );
  const up = (async () => {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return child;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return Promise.race([up, exited]);
}

/** SIGTERM to each server still running; resolves when they have exited. */
export const stopServers = (servers: ChildProcess[]) =>
  Promise.all(
    servers.map(
      (s) =>
        new Promise((r) => {
          if (s.exitCode !== null) return r(null);
          s.once('exit', r);
          s.kill('SIGTERM');
        }),
    ),
  );

/**
 * A round-robin reverse proxy on a free port (it stands for nginx in front of the processes); `targets` can be changed
 * between runs. Keep-alive to the servers, up to `maxSockets` each.
 */
export async function startProxy(targets: { ports: number[] }, maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  let next = 0;
  const server = http.createServer((req, res) => {
    const port = targets.ports[next++ % targets.ports.length];
    const up = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(up);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      agent.destroy();
      server.close();
    },
  };
}
