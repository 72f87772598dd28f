/**
 * `npm run bench:reports` (part of `npm run bench`) — the report screens' reads and their streamed CSV on PGlite and
 * PostgreSQL (not a test). The data: the demo seed plus seedLargeOrders (server/src/demo/seed/large.ts).
 * (a) CSV: the order-tracking export of BENCH_EXPORT_ROWS orders (100,000) and of a tenth of them, read over HTTP as fast
 *     as the client takes it; the process's resident memory is sampled every 20 ms (peak RSS, garbage included), and its
 *     live heap after a collection every 250 ms: the live peak above the level before the export is what the export
 *     holds, the same however many rows when it streams (one batch, not the file).
 * (b) every report endpoint over a 30-day range: the service's reads called straight (the SQL with no HTTP) in a loop,
 *     then the endpoint over HTTP with autocannon (child process), at 1 and 10 connections: p50, p99, req/s.
 * Env: BENCH_ORDERS (1000000), BENCH_EXPORT_ROWS (100000), BENCH_SECONDS (5), BENCH_DBS (pglite,postgres),
 *      BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/seller_bench_reports), BENCH_RESEED=1, BENCH_DROP=1.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app.js';
import { openDb, queryRows } from '../server/src/db/client.js';
import { LocalStorage } from '../server/src/lib/storage.js';
import { seedLargeOrders } from '../server/src/demo/seed/large.js';
import type { AuthUser } from '../server/src/auth/types.js';
import { REPORTS, runReport } from '../server/src/modules/report/reports.js';
import { prepareDatabase } from '../server/src/demo/template.js';
import type { AutocannonReport } from './autocannon.js';
import { benchDatabase, pct } from './harness.js';

const N = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/seller_bench_reports';
const pgDb = benchDatabase(PG_URL);
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
const RESEED = process.env.BENCH_RESEED === '1';
const DROP = process.env.BENCH_DROP === '1';
const run = promisify(execFile);
const MB = 1024 * 1024;

const out: string[] = [];

async function autocannon(url: string, token: string, conns: number) {
  const { stdout } = await run(
    resolve('node_modules/.bin/autocannon'),
    ['-j', '-c', String(conns), '-d', String(SECONDS), '-H', `authorization=Bearer ${token}`, url],
    { maxBuffer: 64 * MB },
  );
  const r = JSON.parse(stdout) as AutocannonReport;
  if (r.non2xx) throw new Error(`${url}: ${r.non2xx} non-2xx answers`);
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average };
}

async function loop(fn: () => Promise<unknown>, conns: number) {
  const lat: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: conns }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        await fn();
        lat.push(performance.now() - t);
      }
    }),
  );
  return { p50: pct(lat, 50), p99: pct(lat, 99), rps: lat.length / SECONDS };
}

// A collection on demand: "live" memory is what survives one, so garbage not yet collected does not count as held.
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const live = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

/**
 * Reads an export to its end, discarding it as it comes. Sampled all along: the resident set every 20 ms, and every
 * 250 ms the live heap (after a collection) — what the export holds, which stays flat when it streams.
 */
async function exportOnce(url: string, token: string) {
  gc();
  const before = process.memoryUsage().rss;
  const liveBefore = live();
  let peak = before;
  let livePeak = liveBefore;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const collector = setInterval(() => {
    gc();
    livePeak = Math.max(livePeak, live());
  }, 250);
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
  }
  clearInterval(timer);
  clearInterval(collector);
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    rows: lines - 1,
    header: res.headers.get('x-export-rows'),
    bytes,
    secs: (performance.now() - t0) / 1000,
    before,
    peak,
    liveBefore,
    livePeak,
  };
}

async function benchOne(kind: string) {
  const dir = mkdtempSync(join(tmpdir(), 'reports-bench-'));
  let pglite: PGlite | undefined;
  try {
    let databaseUrl: string | null = null;
    let reused = false;
    if (kind === 'pglite') pglite = await PGlite.create(join(dir, 'pglite'));
    else {
      databaseUrl = PG_URL;
      reused = !RESEED && (await pgDb.orders()) >= N;
      if (!reused) {
        await pgDb.recreate();
      }
    }
    if (!reused) {
      const h = await openDb({ databaseUrl, pglite, dataDir: dir });
      const t0 = Date.now();
      await prepareDatabase(h.db, new LocalStorage(dir));
      await seedLargeOrders(h.db, N, (s) => console.log(`${kind}${s}`));
      console.log(`${kind}: seeded ${N.toLocaleString('en')} orders in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      if (kind === 'postgres') await h.close();
    }
    const app = await buildApp(
      {
        port: 0,
        host: '127.0.0.1',
        dataDir: dir,
        databaseUrl,
        jwtSecret: 'bench-secret-not-for-production-use-0123456789',
        tokenTtl: 3600,
        seedDemo: false,
        staticDir: null,
        loginRateLimit: { max: 1000, timeWindowMs: 60_000 },
        logger: { level: 'warn' },
      },
      pglite ? { pglite } : {},
    );
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { users: 'admin', password: 'Demo@2026', typeLogin: 'staff' },
    });
    const token = login.json<{ accessToken: string }>().accessToken;
    const [me] = await queryRows<{ id: number }>(app.db, sql`select id from users where username = 'admin'`);
    const user: AuthUser = {
      id: Number(me.id),
      username: 'admin',
      role: 'admin',
      area: 'admin',
      // The bench reads services directly: no token is checked against the generation.
      tokenGeneration: 0,
      status: 'active',
      menus: [],
      shopIds: [],
    };

    // (a) The export: the newest EXPORT_ROWS orders' Bangkok days as the range, so the file holds about that many rows.
    for (const rows of [Math.round(EXPORT_ROWS / 10), EXPORT_ROWS]) {
      const [r] = await queryRows<{ day: string }>(
        app.db,
        sql`select to_char(created_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day
        from orders order by created_at desc, id desc offset ${rows - 1} limit 1`,
      );
      const [last] = await queryRows<{ day: string }>(
        app.db,
        sql`select to_char(max(created_at) at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day from orders`,
      );
      const e = await exportOnce(
        `${base}/api/report/reporttrackorder?dateFrom=${r.day}&dateTo=${last.day}&format=csv`,
        token,
      );
      out.push(
        `| ${kind} | ${e.rows.toLocaleString('en')} | ${(e.bytes / MB).toFixed(1)} MB | ${e.secs.toFixed(1)} s | ${Math.round(e.rows / e.secs).toLocaleString('en')} | ` +
          `${(e.before / MB).toFixed(0)} MB | ${(e.peak / MB).toFixed(0)} MB | +${((e.peak - e.before) / MB).toFixed(0)} MB | +${((e.livePeak - e.liveBefore) / MB).toFixed(1)} MB |`,
      );
      console.log(out[out.length - 1]);
      if (String(e.rows) !== e.header) throw new Error(`export: ${e.rows} lines, x-export-rows ${e.header}`);
    }

    // (b) Every report over the 30 days before the newest order.
    const [{ day: to }] = await queryRows<{ day: string }>(
      app.db,
      sql`select to_char(max(created_at) at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day from orders`,
    );
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    for (const def of REPORTS) {
      for (const conns of [1, 10]) {
        const s = await loop(() => runReport(app.db, user, def, { dateFrom: from, dateTo: to }), conns);
        const h = await autocannon(`${base}/api/report/${def.name}?dateFrom=${from}&dateTo=${to}`, token, conns);
        const line = `| ${kind} | ${def.name} | ${conns} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.rps.toFixed(0)} | ${h.p50} | ${h.p99} | ${h.rps.toFixed(0)} |`;
        console.log(line);
        out.push(line);
      }
    }
    await app.close();
  } finally {
    if (pglite && !pglite.closed) await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const kind of DBS) {
  if (kind === 'postgres') {
    try {
      await pgDb.admin('select 1');
    } catch (e) {
      console.log(`postgres: not reachable at ${PG_URL} (${(e as Error).message}); skipped`);
      continue;
    }
  }
  await benchOne(kind);
}
if (DROP && DBS.includes('postgres')) await pgDb.drop().catch(() => undefined);

console.log(
  `\nReports at ${N.toLocaleString('en')} orders (${SECONDS} s per run). CSV export (order tracking), resident memory of the whole process (server and database):`,
);
console.log('| db | rows | size | time | rows/s | RSS before | peak RSS | peak − before | live heap peak − before |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const l of out.filter((x) => x.split('|').length === 11 && /^\| \w+ \| [\d,]+ \|/.test(x))) console.log(l);
console.log(
  "\nReport endpoints over 30 days: the service's reads called straight (SQL, no HTTP) and the endpoint over HTTP",
);
console.log(
  '| db | report | conns | reads p50 ms | reads p99 ms | reads req/s | endpoint p50 ms | endpoint p99 ms | endpoint req/s |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const l of out.filter((x) => x.split('|').length === 11 && !/^\| \w+ \| [\d,]+ \|/.test(x))) console.log(l);
