/**
 * `npm run bench` (also `npm run bench:multiprocess`) — orderlist over HTTP with 1 server process vs 2 processes on one
 * PostgreSQL (not a test). The processes are real (`server/build/main.js`, as `npm run serve` starts them), each with its own
 * DATA_DIR and port and one JWT secret; a small round-robin proxy in this process (node:http, keep-alive to the servers)
 * stands for the reverse proxy in front of them, and autocannon (child process) hits the proxy. Both runs go through the
 * proxy (to one server, then to two), so the only difference is the second process.
 * Env: BENCH_MP_ORDERS (200000), BENCH_SECONDS (6), BENCH_ROUNDS (3: interleaved 1/2-process pairs, median), BENCH_CONNS (50),
 *      BENCH_MP_DATABASE_URL (postgres://postgres@127.0.0.1:5432/seller_bench_multiprocess; seeded when it holds fewer
 *      orders, BENCH_RESEED=1 always), BENCH_DROP=1 (drop it afterwards), BENCH_PORTS (3105,3115: the two servers' ports).
 * What to expect: the processes, PostgreSQL, the proxy and autocannon share this machine's CPUs (printed); a second process
 * helps as far as one process's event loop, not the database or the CPU count, was the limit.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { cpus, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { AutocannonReport } from './autocannon.js';
import { benchDatabase, fillBenchDatabase, medianRound, startProxy, startServer, stopServers } from './harness.js';

const N = Number(process.env.BENCH_MP_ORDERS ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNS = Number(process.env.BENCH_CONNS ?? 50);
const PG_URL = process.env.BENCH_MP_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/seller_bench_multiprocess';
const pgDb = benchDatabase(PG_URL);
const RESEED = process.env.BENCH_RESEED === '1';
const DROP = process.env.BENCH_DROP === '1';
const PORTS = (process.env.BENCH_PORTS ?? '3105,3115').split(',').map(Number);
const SECRET = 'bench-secret-not-for-production-use-0123456789';
const run = promisify(execFile);

type Measure = { rps: number; p50: number; p99: number };
async function autocannon(url: string, token: string, body: object): Promise<Measure> {
  const bin = resolve('node_modules/.bin/autocannon');
  const { stdout } = await run(
    bin,
    [
      '-j',
      '-c',
      String(CONNS),
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
  const r = JSON.parse(stdout) as AutocannonReport;
  if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const dir = mkdtempSync(join(tmpdir(), 'multiprocess-bench-'));
const servers: ChildProcess[] = [];
const targets = { ports: [PORTS[0]] };
let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
try {
  await fillBenchDatabase(PG_URL, N, dir, { reseed: RESEED });
  // One at a time: the second waits on the start-up lock anyway.
  for (const port of PORTS.slice(0, 2))
    servers.push(await startServer(port, dir, { databaseUrl: PG_URL, jwtSecret: SECRET }));
  proxy = await startProxy(targets, CONNS * 2);
  const login = await fetch(`${proxy.url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ users: 'admin', password: 'Demo@2026', typeLogin: 'staff' }),
  });
  const token = ((await login.json()) as { accessToken: string }).accessToken;
  const [{ id: shop }] = await pgDb.query<{ id: number }>(
    'select shop_id as id from order_status_counters group by shop_id order by sum(n) desc limit 1',
  );
  const body = { page: 1, limit: 20, status: 'completed', shopId: Number(shop) };
  const url = `${proxy.url}/api/order/orderlist`;
  // Warm both servers (JIT, auth cache, pool connections) before anything is measured.
  targets.ports = PORTS.slice(0, 2);
  await autocannon(url, token, body);

  const one: Measure[] = [];
  const two: Measure[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const runOne = async () => {
      targets.ports = [PORTS[0]];
      one.push(await autocannon(url, token, body));
    };
    const runTwo = async () => {
      targets.ports = PORTS.slice(0, 2);
      two.push(await autocannon(url, token, body));
    };
    // Order flipped every round: whoever runs second finds warmer caches.
    if (round % 2 === 0) {
      await runOne();
      await runTwo();
    } else {
      await runTwo();
      await runOne();
    }
    const a = one[one.length - 1];
    const b = two[two.length - 1];
    console.log(
      `round ${round + 1}: 1 process ${a.rps.toFixed(0)} req/s p99 ${a.p99} ms | 2 processes ${b.rps.toFixed(0)} req/s p99 ${b.p99} ms`,
    );
  }
  const a = medianRound(one);
  const b = medianRound(two);
  console.log(
    `\norderlist (shop + status, page 1), ${N.toLocaleString('en')} orders, ${CONNS} connections, ${SECONDS} s × ${ROUNDS} rounds (median), ${cpus().length} CPUs shared by all`,
  );
  console.log('| processes | req/s | p50 ms | p99 ms |');
  console.log('|---|---|---|---|');
  console.log(`| 1 | ${a.rps.toFixed(0)} | ${a.p50} | ${a.p99} |`);
  console.log(`| 2 | ${b.rps.toFixed(0)} | ${b.p50} | ${b.p99} |`);
  console.log(
    `2 processes vs 1: ${((b.rps / a.rps) * 100).toFixed(0)}% of the req/s, p99 ${b.p99 - a.p99 >= 0 ? '+' : ''}${(b.p99 - a.p99).toFixed(0)} ms`,
  );
} finally {
  proxy?.close();
  await stopServers(servers);
  rmSync(dir, { recursive: true, force: true });
  if (DROP) await pgDb.drop();
}
