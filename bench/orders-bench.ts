/**
 * `npm run bench` — the orderlist benchmark at 1,000,000 orders on PGlite and PostgreSQL (not a test).
 * (a) bare: the statements orderlist runs (orderListStatements), straight through the driver, in a loop
 *     at the same concurrency; (b) the endpoint over HTTP with autocannon (child process) at 1 and 50
 *     connections. Scenarios: shop + status filter (page 1) and a deep page of a shop.
 * Env: BENCH_ORDERS (1000000), BENCH_SECONDS (6), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/seller_bench),
 *      BENCH_DBS (pglite,postgres). Data lives in a temp dir / the bench database, never in the repo.
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
import { seedIfEmpty } from '../server/src/db/seed.js';
import { syncMenu } from '../server/src/modules/menu/service.js';
import { seedLargeOrders } from '../server/src/db/seed/large.js';
import { orderListStatements, type OrderListFilter } from '../server/src/modules/orders/list.js';

const N = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/seller_bench';
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
const run = promisify(execFile);
const dialect = new PgDialect();

type Exec = (text: string, params: unknown[]) => Promise<unknown>;
interface Row { db: string; scenario: string; conns: number; mode: string; p50: number; p99: number; rps: number }
const rows: Row[] = [];

const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0; };

async function bare(exec: Exec, shop: number, f: OrderListFilter, conns: number) {
  const st = orderListStatements([shop], f);
  const qs = [st.rows, st.sums, ...(st.count ? [st.count] : [])].map((s) => dialect.sqlToQuery(s));
  const lat: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(Array.from({ length: conns }, async () => {
    while (Date.now() < end) {
      const t = performance.now();
      await Promise.all(qs.map((q) => exec(q.sql, q.params)));
      lat.push(performance.now() - t);
    }
  }));
  return { p50: pct(lat, 50), p99: pct(lat, 99), rps: lat.length / SECONDS };
}

async function http(url: string, token: string, body: object, conns: number) {
  const bin = resolve('node_modules/.bin/autocannon');
  const { stdout } = await run(bin, ['-j', '-c', String(conns), '-d', String(SECONDS), '-m', 'POST', '-H', `authorization=Bearer ${token}`,
    '-H', 'content-type=application/json', '-b', JSON.stringify(body), url], { maxBuffer: 64 * 1024 * 1024 });
  const r = JSON.parse(stdout);
  if (r.non2xx) throw new Error(`${r.non2xx} non-2xx answers`);
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average };
}

async function benchOne(kind: string) {
  const dir = mkdtempSync(join(tmpdir(), 'orders-bench-'));
  let pglite: PGlite | undefined;
  let pool: pg.Pool | undefined;
  try {
    let databaseUrl: string | null = null;
    if (kind === 'pglite') {
      pglite = await PGlite.create(join(dir, 'pglite'));
    } else {
      const u = new URL(PG_URL);
      const name = u.pathname.slice(1);
      const adminUrl = new URL(PG_URL); adminUrl.pathname = '/postgres';
      const c = new pg.Client({ connectionString: adminUrl.toString() });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.query(`create database "${name}"`);
      await c.end();
      databaseUrl = PG_URL;
    }
    const h = await openDb({ databaseUrl, pglite, dataDir: dir });
    const t0 = Date.now();
    await syncMenu(h.db);
    await seedIfEmpty(h.db);
    await seedLargeOrders(h.db, N);
    const seedSecs = (Date.now() - t0) / 1000;
    console.log(`${kind}: seeded ${N.toLocaleString('en')} orders in ${seedSecs.toFixed(1)} s`);
    if (kind === 'postgres') await h.close();

    const app = await buildApp({
      port: 0, host: '127.0.0.1', dataDir: dir, databaseUrl, jwtSecret: 'bench-secret-not-for-production-use-0123456789', tokenTtl: 3600,
      seedDemo: false, staticDir: null, loginRateLimit: { max: 1000, timeWindowMs: 60_000 }, logger: false,
    }, pglite ? { pglite } : {});
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await app.inject({ method: 'POST', url: '/api/account/login', payload: { users: 'admin', password: 'Demo@2026', typeLogin: 'staff' } });
    const token = login.json().accessToken as string;
    const [{ id: shop }] = (await app.db.execute(
      (await import('drizzle-orm')).sql`select shop_id as id from order_status_counters group by shop_id order by sum(n) desc limit 1`) as unknown as { rows: { id: number }[] }).rows;

    let exec: Exec;
    if (pglite) { const p = pglite; exec = (text, params) => p.query(text, params); } else {
      pool = new pg.Pool({ connectionString: PG_URL, max: 10 }); // the app's pool size
      const p = pool; exec = (text, params) => p.query(text, params);
    }
    const scenarios: [string, OrderListFilter][] = [
      ['shop+status p1', { page: 1, limit: 20, status: 'completed', shopId: Number(shop) }],
      ['shop deep p2500', { page: 2500, limit: 20, shopId: Number(shop) }],
    ];
    for (const [name, f] of scenarios) {
      for (const conns of [1, 50]) {
        const b = await bare(exec, Number(shop), f, conns);
        rows.push({ db: kind, scenario: name, conns, mode: 'bare', ...b });
        const e = await http(`${address}/api/order/orderlist`, token, f, conns);
        rows.push({ db: kind, scenario: name, conns, mode: 'endpoint', ...e });
        console.log(`${kind} ${name} c=${conns}: bare ${b.rps.toFixed(0)} req/s p50 ${b.p50.toFixed(2)} ms | endpoint ${e.rps.toFixed(0)} req/s p50 ${e.p50} ms`);
      }
    }
    await app.close();
    rows.push({ db: kind, scenario: `seed ${N} orders`, conns: 0, mode: 'seconds', p50: seedSecs, p99: 0, rps: 0 });
  } finally {
    await pool?.end();
    if (pglite && !pglite.closed) await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const kind of DBS) await benchOne(kind);

console.log('\n| db | scenario | conns | bare p50 ms | bare p99 ms | bare req/s | endpoint p50 ms | endpoint p99 ms | endpoint req/s | endpoint/bare |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows.filter((x) => x.mode === 'bare')) {
  const e = rows.find((x) => x.mode === 'endpoint' && x.db === r.db && x.scenario === r.scenario && x.conns === r.conns)!;
  console.log(`| ${r.db} | ${r.scenario} | ${r.conns} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.rps.toFixed(0)} | ${e.p50.toFixed(2)} | ${e.p99.toFixed(2)} | ${e.rps.toFixed(0)} | ${((e.rps / r.rps) * 100).toFixed(0)}% |`);
}
for (const r of rows.filter((x) => x.mode === 'seconds')) console.log(`seed (${r.db}): ${r.scenario} in ${r.p50.toFixed(1)} s`);
