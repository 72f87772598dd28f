/**
 * `npm run bench` — the orderlist benchmark at 1,000,000 orders on PGlite and PostgreSQL (not a test).
 * (a) bare: the statements orderlist runs (orderListStatements), straight through the driver, in a loop
 *     at the same concurrency; (b) the endpoint over HTTP with autocannon (child process) at 1 and 50
 *     connections. Scenarios: shop + status filter (page 1) and a deep page of a shop.
 * Env: BENCH_ORDERS (1000000), BENCH_SECONDS (6), BENCH_ROUNDS (3: interleaved bare/endpoint pairs, median), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/seller_bench_orders),
 *      BENCH_DBS (pglite,postgres), BENCH_SCENARIOS (all; a comma-separated list of scenario names, e.g. 'shop+status p1'), BENCH_RESEED=1 (drop and seed the PostgreSQL bench database even when it already holds
 *      ≥ BENCH_ORDERS orders), BENCH_DROP=1 (drop it afterwards). Data lives in a temp dir / the bench database, never in the repo.
 * Like with like: the app logs at 'warn' (a real pino logger, no per-request lines), its pool and the bare pool both have
 * 10 connections, and the bare loop runs the statements orderListStatements() gives the endpoint. autocannon runs in its
 * own process on the same CPUs as the server and the database; its CPU time is measured (`times`) and printed.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { buildApp } from '../server/src/app.js';
import { openDb } from '../server/src/db/client.js';
import { LocalStorage } from '../server/src/lib/storage.js';
import { seedLargeOrders } from '../server/src/demo/seed/large.js';
import { orderListStatements, type OrderListFilter } from '../server/src/modules/orders/list.js';
import { prepareDatabase } from '../server/src/demo/template.js';
import type { AutocannonReport } from './autocannon.js';
import { benchDatabase, medianRound, pct } from './harness.js';

const N = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/seller_bench_orders';
const pgDb = benchDatabase(PG_URL);
const RESEED = process.env.BENCH_RESEED === '1';
const DROP = process.env.BENCH_DROP === '1';
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const run = promisify(execFile);
const dialect = new PgDialect();

type Exec = (text: string, params: unknown[]) => Promise<unknown>;
interface Row {
  db: string;
  scenario: string;
  conns: number;
  mode: string;
  p50: number;
  p99: number;
  rps: number;
  cpu?: string;
  /** CPU ms per request of this process (the loop, or the server in it), steadier than req/s when other work shares the CPUs. */
  cpuMs?: number;
  /** Endpoint rows: the median over rounds of each round's endpoint/bare req/s (the pair ran back to back). */
  pairRatio?: number;
}
const rows: Row[] = [];

type Measure = { p50: number; p99: number; rps: number; cpu: string; cpuMs: number };

async function bare(exec: Exec, shop: number, f: OrderListFilter, conns: number) {
  const st = orderListStatements([shop], f);
  // Exactly what orderList() sends: the one combined statement (st.page).
  const qs = [st.page].map((s) => dialect.sqlToQuery(s));
  const lat: number[] = [];
  const cpu0 = process.cpuUsage();
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: conns }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        await Promise.all(qs.map((q) => exec(q.sql, q.params)));
        lat.push(performance.now() - t);
      }
    }),
  );
  const c = process.cpuUsage(cpu0);
  return {
    p50: pct(lat, 50),
    p99: pct(lat, 99),
    rps: lat.length / SECONDS,
    cpuMs: (c.user + c.system) / 1000 / Math.max(1, lat.length),
    cpu: `loop ${(((c.user + c.system) / 1e6 / SECONDS) * 100).toFixed(0)}% of a core`,
  };
}

async function http(url: string, token: string, body: object, conns: number) {
  const bin = resolve('node_modules/.bin/autocannon');
  const cpu0 = process.cpuUsage();
  // `times` after autocannon: its second line is the CPU (user, sys) the shell's children used, i.e. autocannon's own.
  const { stdout } = await run(
    '/bin/bash',
    [
      '-c',
      '"$@" && times',
      'bench',
      bin,
      '-j',
      '-c',
      String(conns),
      '-d',
      String(SECONDS),
      '-m',
      'POST',
      '-H',
      `authorization=Bearer ${token}`,
      '-H',
      'content-type=application/json',
      '-b',
      JSON.stringify(body),
      url,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const server = process.cpuUsage(cpu0);
  const lines = stdout.trim().split('\n');
  const r = JSON.parse(lines.slice(0, -2).join('\n')) as AutocannonReport;
  const secs = (t: string) => {
    const m = /(\d+)m([\d.]+)s/.exec(t);
    return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
  };
  const [cu, cs] = lines[lines.length - 1].trim().split(/\s+/).map(secs);
  if (r.non2xx) throw new Error(`${r.non2xx} non-2xx answers`);
  const serverCpu = (server.user + server.system) / 1e6;
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    cpuMs: (serverCpu * 1000) / Math.max(1, r.requests.total),
    cpu: `server ${((serverCpu / SECONDS) * 100).toFixed(0)}% · autocannon ${(((cu + cs) / SECONDS) * 100).toFixed(0)}% of a core`,
  };
}

async function benchOne(kind: string) {
  const dir = mkdtempSync(join(tmpdir(), 'orders-bench-'));
  let pglite: PGlite | undefined;
  let pool: pg.Pool | undefined;
  try {
    let databaseUrl: string | null = null;
    let reused = kind === 'postgres';
    if (kind === 'pglite') {
      pglite = await PGlite.create(join(dir, 'pglite'));
    } else {
      databaseUrl = PG_URL;
      if (RESEED || (await pgDb.orders()) < N) {
        await pgDb.recreate();
        reused = false;
      }
    }
    const h = await openDb({ databaseUrl, pglite, dataDir: dir });
    const t0 = Date.now();
    if (!reused) {
      await prepareDatabase(h.db, new LocalStorage(dir));
      await seedLargeOrders(h.db, N);
    }
    const seedSecs = (Date.now() - t0) / 1000;
    console.log(
      reused
        ? `${kind}: reusing ${PG_URL} (${N.toLocaleString('en')}+ orders)`
        : `${kind}: seeded ${N.toLocaleString('en')} orders in ${seedSecs.toFixed(1)} s`,
    );
    if (kind === 'postgres') await h.close();

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
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { users: 'admin', password: 'Demo@2026', typeLogin: 'staff' },
    });
    const token = login.json<{ accessToken: string }>().accessToken;
    const [{ id: shop }] = (
      (await app.db.execute(
        (await import('drizzle-orm'))
          .sql`select shop_id as id from order_status_counters group by shop_id order by sum(n) desc limit 1`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;

    let exec: Exec;
    if (pglite) {
      const p = pglite;
      exec = (text, params) => p.query(text, params);
    } else {
      pool = new pg.Pool({ connectionString: PG_URL, max: 10 }); // the app's pool size
      const p = pool;
      exec = (text, params) => p.query(text, params);
    }
    const scenarios: [string, OrderListFilter][] = [
      ['shop+status p1', { page: 1, limit: 20, status: 'completed', shopId: Number(shop) }],
      ['shop deep p2500', { page: 2500, limit: 20, shopId: Number(shop) }],
    ];
    const only = process.env.BENCH_SCENARIOS?.split(',').map((x) => x.trim());
    for (const [name, f] of scenarios.filter(([n]) => !only || only.includes(n))) {
      for (const conns of [1, 50]) {
        // The CPUs are shared: ROUNDS interleaved pairs, the order flipped every round (whoever runs second finds warm
        // caches), and each mode's round with the median req/s goes in the table.
        const bs: Measure[] = [];
        const es: Measure[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const runBare = async () => {
            bs.push(await bare(exec, Number(shop), f, conns));
          };
          const runHttp = async () => {
            es.push(await http(`${address}/api/order/orderlist`, token, f, conns));
            // autocannon stops with requests still in flight: let the server finish them before a bare round shares its database.
            await app.inject({ method: 'GET', url: '/health' });
          };
          if (round % 2 === 0) {
            await runBare();
            await runHttp();
          } else {
            await runHttp();
            await runBare();
          }
          const b = bs[bs.length - 1];
          const e = es[es.length - 1];
          console.log(
            `${kind} ${name} c=${conns} round ${round + 1}: bare ${b.rps.toFixed(0)} req/s p50 ${b.p50.toFixed(2)} ms (${b.cpu}) | endpoint ${e.rps.toFixed(0)} req/s p50 ${e.p50} ms (${e.cpu})`,
          );
        }
        rows.push({ db: kind, scenario: name, conns, mode: 'bare', ...medianRound(bs) });
        const pair = es.map((e, i) => e.rps / bs[i].rps).sort((a, b) => a - b)[Math.floor(es.length / 2)];
        rows.push({ db: kind, scenario: name, conns, mode: 'endpoint', ...medianRound(es), pairRatio: pair });
      }
    }
    await app.close();
    if (!reused)
      rows.push({ db: kind, scenario: `seed ${N} orders`, conns: 0, mode: 'seconds', p50: seedSecs, p99: 0, rps: 0 });
  } finally {
    await pool?.end();
    if (pglite && !pglite.closed) await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const kind of DBS) await benchOne(kind);
if (DROP && DBS.includes('postgres')) await pgDb.drop();

console.log(
  '\n| db | scenario | conns | bare p50 ms | bare p99 ms | bare req/s | endpoint p50 ms | endpoint p99 ms | endpoint req/s | endpoint/bare req/s | same, median of rounds | endpoint/bare p99 | CPU ms/req (bare · endpoint) | CPU (bare · endpoint) |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows.filter((x) => x.mode === 'bare')) {
  const e = rows.find(
    (x) => x.mode === 'endpoint' && x.db === r.db && x.scenario === r.scenario && x.conns === r.conns,
  )!;
  console.log(
    `| ${r.db} | ${r.scenario} | ${r.conns} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.rps.toFixed(0)} | ${e.p50.toFixed(2)} | ${e.p99.toFixed(2)} | ${e.rps.toFixed(0)} | ${((e.rps / r.rps) * 100).toFixed(0)}% | ${((e.pairRatio ?? 0) * 100).toFixed(0)}% | ${(e.p99 / r.p99).toFixed(2)}× | ${r.cpuMs?.toFixed(3)} · ${e.cpuMs?.toFixed(3)} | ${r.cpu} · ${e.cpu} |`,
  );
}
for (const r of rows.filter((x) => x.mode === 'seconds'))
  console.log(`seed (${r.db}): ${r.scenario} in ${r.p50.toFixed(1)} s`);
