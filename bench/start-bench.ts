/**
 * `npm run bench:start` — how long the server takes to answer /health on an existing PGlite data dir, as a ratio to
 * the floor: a bare `new PGlite(dir)` + `select 1` on the same dir, in a process of its own (not a test).
 * Both are real processes started from nothing (`node server/build/main.js`, as `npm run serve` starts it, and
 * `node -e` with PGlite alone), measured from spawn to the answer (/health 200 / the floor's `select 1`), interleaved
 * with the order flipped every round, BENCH_START_RUNS (7) each; the median of each and their ratio are printed.
 * The data dir is made once by a first server start (the demo data, as a new install has it) and reused by every run.
 * Env: BENCH_START_RUNS (7), BENCH_SERVERS (server/build/main.js; needs `npm run build:server`): a comma-separated
 * list of server bundles compares builds (e.g. one built from an earlier commit to `.tmp/base/main.js`: a bundle
 * finds the checkout two folders up), each on its own copy of the data dir, all interleaved with the floor.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 7);
const SERVERS = (process.env.BENCH_SERVERS ?? 'server/build/main.js').split(',').map((s) => resolve(s.trim()));
for (const s of SERVERS) if (!existsSync(s)) throw new Error(`${s} is missing: run npm run build:server first`);

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

/** CPU time (user + system, all threads) a live process has used so far, ms (/proc, 10 ms ticks); NaN elsewhere. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

interface Start {
  /** Spawn → answer, ms. */
  ms: number;
  /** CPU the process had used by its answer, ms: holds better than `ms` when other work shares the CPUs. */
  cpu: number;
}

const label = (s: string) => relative(process.cwd(), s);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The server on `dataDir`: ms from spawn to the first /health 200, then stopped (SIGTERM) and awaited. */
async function serverStart(server: string, dataDir: string): Promise<Start & { body: unknown }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  let early = false;
  void exited.then(() => (early = true));
  let ms = 0;
  let cpu = NaN;
  let body: unknown = null;
  for (;;) {
    if (early) throw new Error('the server exited before answering /health');
    const r = await fetch(`http://127.0.0.1:${port}/health`).then(
      async (res) => (res.ok ? { body: (await res.json()) as unknown } : null),
      () => null,
    );
    if (r) {
      ms = performance.now() - t0;
      cpu = cpuMs(child.pid);
      body = r.body;
      break;
    }
    // A refused connection comes back at once: a short pause keeps the poll from eating the CPU the start needs.
    await new Promise((ok) => setTimeout(ok, 5));
  }
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`the server exited with ${code}`);
  return { ms, cpu, body };
}

const FLOOR = `
import { PGlite } from '@electric-sql/pglite';
const db = new PGlite(process.argv[1]);
await db.query('select 1');
process.stdout.write('ready\\n');
await db.close();
`;

/** The floor on `dataDir`: ms from spawn to its `select 1` answer (told on stdout), then awaited to exit. */
async function floorStart(dataDir: string): Promise<Start> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', FLOOR, join(dataDir, 'pglite')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const start = await new Promise<Start>((ok, fail) => {
    child.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) ok({ ms: performance.now() - t0, cpu: cpuMs(child.pid) });
    });
    child.once('exit', (code) => fail(new Error(`the floor exited with ${code} before its answer`)));
  });
  await new Promise((ok) => (child.exitCode === null ? child.once('exit', ok) : ok(null)));
  return start;
}

const dir = mkdtempSync(join(tmpdir(), 'start-bench-'));
try {
  const dataDir = join(dir, 'data');
  const first = await serverStart(SERVERS[0], dataDir);
  console.log(`data dir made by a first start in ${first.ms.toFixed(0)} ms (${JSON.stringify(first.body)})`);
  const dirs = SERVERS.map((_, i) => {
    if (i === 0) return dataDir;
    const copy = join(dir, `data-${i}`);
    cpSync(dataDir, copy, { recursive: true });
    return copy;
  });
  // One more start each: whatever a first start leaves for the next (the prepared-database mark) is in place.
  for (const [i, s] of SERVERS.entries()) await serverStart(s, dirs[i]);
  const floor: Start[] = [];
  const servers: Start[][] = SERVERS.map(() => []);
  for (let round = 0; round < RUNS; round++) {
    // The floor and each server in turn, the order rotated every round: whoever runs after another finds warm caches.
    const runs = [
      async () => floor.push(await floorStart(dataDir)),
      ...SERVERS.map((s, i) => async () => servers[i].push(await serverStart(s, dirs[i]))),
    ];
    for (let k = 0; k < runs.length; k++) await runs[(k + round) % runs.length]();
    const f = floor[round];
    console.log(
      `round ${round + 1}: floor ${f.ms.toFixed(0)} ms (CPU ${f.cpu}) · ` +
        SERVERS.map((s, i) => {
          const x = servers[i][round];
          return `${label(s)} ${x.ms.toFixed(0)} ms (CPU ${x.cpu}) ${(x.ms / f.ms).toFixed(2)}×`;
        }).join(' · '),
    );
  }
  const ms = (xs: Start[]) => median(xs.map((x) => x.ms));
  const cpu = (xs: Start[]) => median(xs.map((x) => x.cpu));
  console.log(
    '\n| start on an existing data dir | median ms | ratio to the floor (medians) | median of per-round ratios | median CPU ms | CPU ratio | runs (ms) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| floor: new PGlite(dir) + select 1 | ${ms(floor).toFixed(0)} | 1 | 1 | ${cpu(floor)} | 1 | ${floor.map((x) => x.ms.toFixed(0)).join(', ')} |`,
  );
  for (const [i, s] of SERVERS.entries()) {
    const xs = servers[i];
    const perRound = median(xs.map((x, r) => x.ms / floor[r].ms));
    console.log(
      `| ${label(s)}: spawn → /health 200 | ${ms(xs).toFixed(0)} | ${(ms(xs) / ms(floor)).toFixed(2)}× | ${perRound.toFixed(2)}× | ${cpu(xs)} | ${(cpu(xs) / cpu(floor)).toFixed(2)}× | ${xs.map((x) => x.ms.toFixed(0)).join(', ')} |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
