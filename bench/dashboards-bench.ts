/**
 * `npm run bench:dashboards` (part of `npm run bench`) — every dashboard endpoint at 1,000,000 orders on PGlite and
 * PostgreSQL (not a test). The data: the demo seed plus seedLargeOrders with items (server/src/demo/seed/large.ts); the
 * rollup triggers fold the bulk inserts, and the bench checks once that the rollups equal a direct aggregate over
 * the orders before measuring.
 * (a) bare: the statements the endpoint runs to read its figures (the services' *Reads functions), straight
 *     through the driver, all of one request at once as the service awaits them, in a loop at the same concurrency;
 * (b) the endpoint over HTTP with autocannon (child process) at 1 and 10 connections — adds the token check, the
 *     query checks (shop, channel) and the JSON.
 * Env: BENCH_ORDERS (1000000), BENCH_SECONDS (5), BENCH_ROUNDS (3: interleaved bare/endpoint pairs, median), BENCH_DATABASE_URL
 *      (postgres://postgres@127.0.0.1:5432/seller_bench_dashboards), BENCH_DBS (pglite,postgres), BENCH_RESEED=1 (drop and seed
 *      the PostgreSQL bench database even when it already holds ≥ BENCH_ORDERS orders), BENCH_DROP=1 (drop it afterwards).
 * Goal: every dashboard endpoint's p50 ≤ 50 ms on PostgreSQL at 1,000,000 orders (printed as ok/MISSED).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/src/app.js';
import { openDb, queryRows, type Db } from '../server/src/db/client.js';
import { LocalStorage } from '../server/src/lib/storage.js';
import { seedLargeOrders } from '../server/src/demo/seed/large.js';
import type { AuthUser } from '../server/src/auth/types.js';
import { dashboardReads } from '../server/src/modules/report/service.js';
import { analyticsReads, ecommerceReads, visitorsReads } from '../server/src/modules/dashboard/service.js';
import { prepareDatabase } from '../server/src/demo/template.js';
import type { AutocannonReport } from './autocannon.js';
import { benchDatabase, medianRound, pct } from './harness.js';

const N = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/seller_bench_dashboards';
const pgDb = benchDatabase(PG_URL);
const RESEED = process.env.BENCH_RESEED === '1';
const DROP = process.env.BENCH_DROP === '1';
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GOAL_MS = 50;
const run = promisify(execFile);

type Exec = (text: string, params: unknown[]) => Promise<unknown>;
type Statement = { toSQL(): { sql: string; params: unknown[] } };
interface Scenario {
  name: string;
  url: string;
  reads: (db: Db) => Promise<Record<string, Statement>>;
}
type Measure = { p50: number; p99: number; rps: number; cpu: string };
interface Row extends Measure {
  db: string;
  scenario: string;
  conns: number;
  mode: 'bare' | 'endpoint';
}
const rows: Row[] = [];
const notes: string[] = [];

async function bare(exec: Exec, statements: Statement[], conns: number): Promise<Measure> {
  const qs = statements.map((s) => s.toSQL());
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
    cpu: `loop ${(((c.user + c.system) / 1e6 / SECONDS) * 100).toFixed(0)}%`,
  };
}

async function http(url: string, token: string, conns: number): Promise<Measure> {
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
      '-H',
      `authorization=Bearer ${token}`,
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
  if (r.non2xx) throw new Error(`${url}: ${r.non2xx} non-2xx answers`);
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    cpu: `server ${(((server.user + server.system) / 1e6 / SECONDS) * 100).toFixed(0)}% · ac ${(((cu + cs) / SECONDS) * 100).toFixed(0)}%`,
  };
}

/** The rollups against a direct aggregate over the orders (rows that differ, both ways), and how long the aggregate took. */
async function checkRollups(db: Db) {
  const t0 = Date.now();
  const [d] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
    (select day, shop_id, channel, status, orders, items, revenue from order_daily_stats where orders <> 0 or items <> 0 or revenue <> 0
     except select bangkok_day(created_at), shop_id, channel, status, count(*)::int, sum(item_count)::int, sum(total) from orders group by 1, 2, 3, 4)
    union all
    (select bangkok_day(created_at), shop_id, channel, status, count(*)::int, sum(item_count)::int, sum(total) from orders group by 1, 2, 3, 4
     except select day, shop_id, channel, status, orders, items, revenue from order_daily_stats)) x`,
  );
  const [p] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
    (select day, product_id, units, revenue from product_daily_sales where units <> 0 or revenue <> 0
     except select bangkok_day(o.created_at), i.product_id, sum(i.qty)::int, sum(i.amount) from order_items i join orders o on o.id = i.order_id
       where o.status <> 'cancelled' and i.product_id is not null group by 1, 2)
    union all
    (select bangkok_day(o.created_at), i.product_id, sum(i.qty)::int, sum(i.amount) from order_items i join orders o on o.id = i.order_id
       where o.status <> 'cancelled' and i.product_id is not null group by 1, 2
     except select day, product_id, units, revenue from product_daily_sales)) x`,
  );
  const [size] = await queryRows<{ ods: number; pds: number; items: number }>(
    db,
    sql`select (select count(*) from order_daily_stats)::int as ods,
    (select count(*) from product_daily_sales)::int as pds, (select count(*) from order_items)::int as items`,
  );
  return { daily: Number(d.n), products: Number(p.n), ms: Date.now() - t0, ...size };
}

async function benchOne(kind: string) {
  const dir = mkdtempSync(join(tmpdir(), 'dashboards-bench-'));
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
      await seedLargeOrders(h.db, N, (s) => console.log(`${kind}${s}`), { items: true });
    }
    const seedSecs = (Date.now() - t0) / 1000;
    console.log(
      reused
        ? `${kind}: reusing ${PG_URL} (${N.toLocaleString('en')}+ orders)`
        : `${kind}: seeded ${N.toLocaleString('en')} orders with items in ${seedSecs.toFixed(1)} s`,
    );
    const check = await checkRollups(h.db);
    const ok = check.daily === 0 && check.products === 0;
    notes.push(
      `${kind}: rollups ${ok ? 'equal' : 'DIFFER FROM'} a direct aggregate over the orders (${check.daily} + ${check.products} rows apart; ` +
        `order_daily_stats ${check.ods.toLocaleString('en')} rows, product_daily_sales ${check.pds.toLocaleString('en')} rows, order_items ${check.items.toLocaleString('en')}; ` +
        `the direct aggregate took ${(check.ms / 1000).toFixed(1)} s)${reused ? '' : `; seed ${seedSecs.toFixed(0)} s`}`,
    );
    if (!ok) throw new Error(notes[notes.length - 1]);
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
    const [{ id: shop }] = await queryRows<{ id: number }>(
      app.db,
      sql`select shop_id as id from order_status_counters group by shop_id order by sum(n) desc limit 1`,
    );

    // The bulk orders end on 2026-11-22 (Bangkok) and go back 182 days.
    const scenarios: Scenario[] = [
      {
        name: 'getReloadDashboard (all shops)',
        url: '/api/report/getReloadDashboard',
        reads: (db) => dashboardReads(db, user),
      },
      {
        name: 'getReloadDashboard (largest shop)',
        url: `/api/report/getReloadDashboard?shopId=${shop}`,
        reads: (db) => dashboardReads(db, user, Number(shop)),
      },
      {
        name: 'analytics 30 days',
        url: '/api/v2/analytics?from=2026-10-24&to=2026-11-22',
        reads: async (db) => (await analyticsReads(db, user, { from: '2026-10-24', to: '2026-11-22' })).reads,
      },
      {
        name: 'analytics 182 days, shop + channel',
        url: `/api/v2/analytics?from=2026-05-25&to=2026-11-22&shopId=${shop}&channel=web`,
        reads: async (db) =>
          (
            await analyticsReads(db, user, {
              from: '2026-05-25',
              to: '2026-11-22',
              shopId: Number(shop),
              channel: 'web',
            })
          ).reads,
      },
      {
        name: 'ecommerce-overview 30 days',
        url: '/api/v2/ecommerce-overview?from=2026-10-24&to=2026-11-22',
        reads: async (db) => ecommerceReads(db, user, { from: '2026-10-24', to: '2026-11-22' }).reads,
      },
      {
        name: 'ecommerce-overview 182 days',
        url: '/api/v2/ecommerce-overview?from=2026-05-25&to=2026-11-22',
        reads: async (db) => ecommerceReads(db, user, { from: '2026-05-25', to: '2026-11-22' }).reads,
      },
      {
        name: 'visitors 30 days',
        url: '/api/user/visitors?from=2026-10-24&to=2026-11-22',
        reads: async (db) => (await visitorsReads(db, user, { from: '2026-10-24', to: '2026-11-22' })).reads,
      },
    ];

    let exec: Exec;
    if (pglite) {
      const p = pglite;
      exec = (text, params) => p.query(text, params);
    } else {
      pool = new pg.Pool({ connectionString: PG_URL, max: 10 }); // the app's pool size
      const p = pool;
      exec = (text, params) => p.query(text, params);
    }
    for (const s of scenarios) {
      const statements = Object.values(await s.reads(app.db));
      for (const conns of [1, 10]) {
        // The CPUs are shared: ROUNDS interleaved pairs, the order flipped every round, the round with the median req/s kept.
        const bs: Measure[] = [];
        const es: Measure[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const runBare = async () => {
            bs.push(await bare(exec, statements, conns));
          };
          const runHttp = async () => {
            es.push(await http(`${address}${s.url}`, token, conns));
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
            `${kind} ${s.name} c=${conns} round ${round + 1}: bare p50 ${b.p50.toFixed(2)} ms ${b.rps.toFixed(0)} req/s | endpoint p50 ${e.p50} ms ${e.rps.toFixed(0)} req/s`,
          );
        }
        rows.push({ db: kind, scenario: s.name, conns, mode: 'bare', ...medianRound(bs) });
        rows.push({ db: kind, scenario: s.name, conns, mode: 'endpoint', ...medianRound(es) });
      }
    }
    await app.close();
  } finally {
    await pool?.end();
    if (pglite && !pglite.closed) await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const kind of DBS) await benchOne(kind);
if (DROP && DBS.includes('postgres')) await pgDb.drop();

console.log(`\nDashboards at ${N.toLocaleString('en')} orders (${SECONDS} s per run, median of ${ROUNDS} rounds)`);
console.log(
  '| db | endpoint | conns | bare p50 ms | bare p99 ms | bare req/s | endpoint p50 ms | endpoint p99 ms | endpoint req/s | CPU (bare · endpoint) | p50 ≤ 50 ms |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows.filter((x) => x.mode === 'bare')) {
  const e = rows.find(
    (x) => x.mode === 'endpoint' && x.db === r.db && x.scenario === r.scenario && x.conns === r.conns,
  )!;
  const goal = r.db === 'postgres' ? (e.p50 <= GOAL_MS ? 'ok' : 'MISSED') : '—';
  console.log(
    `| ${r.db} | ${r.scenario} | ${r.conns} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.rps.toFixed(0)} | ${e.p50.toFixed(2)} | ${e.p99.toFixed(2)} | ${e.rps.toFixed(0)} | ${r.cpu} · ${e.cpu} | ${goal} |`,
  );
}
for (const n of notes) console.log(n);
