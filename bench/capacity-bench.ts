/**
 * `npm run bench` (also `npm run bench:capacity`) — capacity: how many concurrent back-office staff one and two server
 * processes on one PostgreSQL serve (not a test). Simulated users (`bench/capacity-users.ts`, a forked load generator)
 * are staff sessions looping a seeded mix with 0.5–2 s think time: dashboards, order lists with filters, an order and
 * its items, a status change along the state machine, product lists with filters, a product read and edit (with its
 * version), an upload of a real PNG (then taken off) and a share of sign-ins. Each level (users) runs on 1 process and
 * on 2 (interleaved), both through the round-robin proxy of `bench/harness.ts`, so the second process is the only
 * difference. Prints req/s, p50/p99 per kind, errors and expected 409s (a concurrent change by another user), the
 * generator's and the servers' CPU, and the largest level whose overall p99 stayed under 500 ms.
 * Env: BENCH_USERS (50,200,1000), BENCH_SECONDS (20, measured per run), BENCH_WARMUP (5 s per run, not measured),
 *      BENCH_PROCESSES (1,2), BENCH_THINK_MS (500,2000), BENCH_SEED (1), BENCH_CAP_ORDERS (200000, with their items),
 *      BENCH_CAP_DATABASE_URL (postgres://postgres@127.0.0.1:5432/seller_bench_capacity; seeded when it holds fewer
 *      orders, BENCH_RESEED=1 always), BENCH_DROP=1 (drop it afterwards), BENCH_PORTS (3125,3135).
 * What to expect: the servers, PostgreSQL, the proxy and the generator share this machine's CPUs (printed); the generator's
 * CPU tells whether it, not the servers, was the limit. Status changes move orders on for good (the bench database is
 * the bench's own); pending and paid orders run out over runs and the changes then complete delivered ones.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KindResult, RunRequest, RunResult } from './capacity-users.js';
import { benchDatabase, fillBenchDatabase, pct, startProxy, startServer, stopServers } from './harness.js';

const LEVELS = (process.env.BENCH_USERS ?? '50,200,1000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const PROCESSES = (process.env.BENCH_PROCESSES ?? '1,2').split(',').map(Number);
const THINK = (process.env.BENCH_THINK_MS ?? '500,2000').split(',').map(Number) as [number, number];
const SEED = Number(process.env.BENCH_SEED ?? 1);
const N = Number(process.env.BENCH_CAP_ORDERS ?? 200_000);
const PG_URL = process.env.BENCH_CAP_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/seller_bench_capacity';
const RESEED = process.env.BENCH_RESEED === '1';
const DROP = process.env.BENCH_DROP === '1';
const PORTS = (process.env.BENCH_PORTS ?? '3125,3135').split(',').map(Number);
const SECRET = 'bench-secret-not-for-production-use-0123456789';
const P99_LIMIT = 500;

/** CPU seconds a process has used so far (Linux /proc; 0 elsewhere), for the servers' share of the machine. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime + stime, in clock ticks (100/s)
  } catch {
    return 0;
  }
}

/** The machine's CPU time so far, busy and total (Linux /proc/stat; zeros elsewhere): how much other work there was. */
function machineCpu(): { busy: number; all: number } {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const all = f.reduce((a, b) => a + b, 0);
    return { busy: all - f[3] - f[4], all }; // minus idle and iowait
  } catch {
    return { busy: 0, all: 0 };
  }
}

/** The PostgreSQL backends serving the bench database (the servers' pools), by pid. */
const backends = async () =>
  (
    await benchDatabase(PG_URL).query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )
  ).map((r) => r.pid);

/** One run in the generator process; rejects on its failure. */
function generate(gen: ChildProcess, req: RunRequest): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`the load generator exited with ${code}`));
    gen.once('exit', onExit);
    gen.once('message', (m: { ok: boolean; res?: RunResult; error?: string }) => {
      gen.off('exit', onExit);
      if (m.ok && m.res) resolve(m.res);
      else reject(new Error(m.error));
    });
    gen.send(req);
  });
}

interface Row {
  processes: number;
  users: number;
  res: RunResult;
  serverCpuPct: number;
  /** This process: the proxy (and little else while a run is on). */
  proxyCpuPct: number;
  /** The bench database's PostgreSQL backends. */
  pgCpuPct: number;
  /** Every CPU of the machine, busy (this bench and whatever else runs): 100 = all cores busy. */
  machineBusyPct: number;
}
const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
const total = (ks: KindResult[]): KindResult => ({
  lat: ks.flatMap((k) => k.lat),
  ok: ks.reduce((s, k) => s + k.ok, 0),
  conflicts: ks.reduce((s, k) => s + k.conflicts, 0),
  errors: ks.reduce((s, k) => s + k.errors, 0),
  byStatus: ks.reduce<Record<string, number>>((s, k) => {
    for (const [c, n] of Object.entries(k.byStatus)) s[c] = (s[c] ?? 0) + n;
    return s;
  }, {}),
});

const dir = mkdtempSync(join(tmpdir(), 'capacity-bench-'));
const servers: ChildProcess[] = [];
const targets = { ports: [PORTS[0]] };
let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
let gen: ChildProcess | undefined;
const rows: Row[] = [];
try {
  await fillBenchDatabase(PG_URL, N, dir, { reseed: RESEED, items: true });
  // Sign-in limits high: every simulated user signs in from this one address.
  const env = { LOGIN_RATE_LIMIT: '1000000', LOGIN_ADDRESS_RATE_LIMIT: '1000000' };
  for (const port of PORTS.slice(0, 2))
    servers.push(await startServer(port, dir, { databaseUrl: PG_URL, jwtSecret: SECRET, env }));
  proxy = await startProxy(targets, Math.max(...LEVELS) + 64);
  // Its own process (tsx's loader comes with execArgv), so its CPU is not the proxy's.
  gen = fork(new URL('./capacity-users.ts', import.meta.url), [], { stdio: 'inherit' });

  for (const users of LEVELS) {
    for (const processes of PROCESSES) {
      targets.ports = PORTS.slice(0, processes);
      const used = servers.map((s) => cpuSeconds(s.pid));
      const pg0 = new Map((await backends()).map((pid) => [pid, cpuSeconds(pid)]));
      const machine0 = machineCpu();
      const proxyCpu0 = process.cpuUsage();
      const t0 = Date.now();
      const res = await generate(gen, {
        url: proxy.url,
        users,
        warmSeconds: WARMUP,
        seconds: SECONDS,
        seed: SEED,
        thinkMs: THINK,
      });
      // Over the whole run (sign-ins, warm-up, window): the servers' CPU as a share of the machine.
      const secs = (Date.now() - t0) / 1000;
      const serverCpu = servers.reduce((s, p, i) => s + cpuSeconds(p.pid) - used[i], 0);
      const proxyCpu = process.cpuUsage(proxyCpu0);
      const machine1 = machineCpu();
      // Backends opened during the run count from 0.
      const pgCpu = (await backends()).reduce((sum, pid) => sum + cpuSeconds(pid) - (pg0.get(pid) ?? 0), 0);
      const row = {
        processes,
        users,
        res,
        serverCpuPct: (serverCpu / secs) * 100,
        proxyCpuPct: ((proxyCpu.user + proxyCpu.system) / 1e6 / secs) * 100,
        pgCpuPct: (pgCpu / secs) * 100,
        machineBusyPct: ((machine1.busy - machine0.busy) / Math.max(1, machine1.all - machine0.all)) * 100,
      };
      rows.push(row);
      const all = total(Object.values(res.kinds));
      console.log(
        `${processes} process${processes > 1 ? 'es' : ''}, ${users} users: ${(all.lat.length / SECONDS).toFixed(0)} req/s, ` +
          `p99 ${fmt(pct(all.lat, 99))} ms, ${all.errors} errors, ${all.conflicts} 409s` +
          (res.signIns ? ` (${res.signIns} new sessions signed in first, ${res.signInSeconds.toFixed(1)} s)` : ''),
      );
    }
  }

  console.log(
    `\ncapacity: simulated staff, think ${THINK[0]}–${THINK[1]} ms, ${SECONDS} s measured per run after ${WARMUP} s warm-up, ` +
      `${N.toLocaleString('en')} orders, through the proxy, ${cpus().length} CPUs shared by all (servers, PostgreSQL, proxy, generator)`,
  );
  console.log('| processes | users | kind | req/s | p50 ms | p99 ms | errors | 409s |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { processes, users, res } of rows) {
    const kinds = Object.entries(res.kinds).sort(([a], [b]) => a.localeCompare(b));
    const line = (name: string, k: KindResult) =>
      console.log(
        `| ${processes} | ${users} | ${name} | ${(k.lat.length / SECONDS).toFixed(1)} | ${fmt(pct(k.lat, 50))} | ${fmt(pct(k.lat, 99))} | ${k.errors} | ${k.conflicts} |`,
      );
    for (const [name, k] of kinds) line(name, k);
    line('**total**', total(kinds.map(([, k]) => k)));
  }
  // The generator's over the measured window; the rest over the whole run (sign-ins, warm-up too). When the machine is
  // busy and the servers are not, other work had the CPUs.
  console.log(
    '\n| processes | users | generator CPU (% of a core) | servers CPU | PostgreSQL CPU | proxy CPU | machine busy (% of all CPUs) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.processes} | ${r.users} | ${r.res.cpuPct.toFixed(0)} | ${r.serverCpuPct.toFixed(0)} | ${r.pgCpuPct.toFixed(0)} | ${r.proxyCpuPct.toFixed(0)} | ${r.machineBusyPct.toFixed(0)} |`,
    );
  const errors = rows.flatMap((r) =>
    Object.entries(total(Object.values(r.res.kinds)).byStatus).map(
      ([code, n]) => `${r.processes}p/${r.users}u: ${n}× ${code}`,
    ),
  );
  if (errors.length) console.log(`errors by answer: ${errors.join(', ')}`);

  for (const processes of PROCESSES) {
    const runs = rows.filter((r) => r.processes === processes).sort((a, b) => a.users - b.users);
    const p99 = (r: Row) => pct(total(Object.values(r.res.kinds)).lat, 99);
    const okRuns = runs.filter((r) => p99(r) < P99_LIMIT);
    const best = okRuns[okRuns.length - 1];
    const above = runs.find((r) => !okRuns.includes(r) && (!best || r.users > best.users));
    const who = processes === 1 ? 'one process serves' : `${processes} processes serve`;
    console.log(
      best
        ? `${who} ${best.users} concurrent staff with p99 < ${P99_LIMIT} ms (p99 ${fmt(p99(best))} ms; a lower bound: ` +
            (above ? `${above.users} had p99 ${fmt(p99(above))} ms)` : `the most tested)`)
        : `${who} fewer than ${runs[0]?.users} concurrent staff with p99 < ${P99_LIMIT} ms (no level tested kept it)`,
    );
  }
} finally {
  gen?.kill();
  proxy?.close();
  await stopServers(servers);
  rmSync(dir, { recursive: true, force: true });
  if (DROP) await benchDatabase(PG_URL).drop();
}
