/**
 * `npm run bench:ui` — how fast the built front end shows its first screen, in headless Chromium (not a test).
 * Starts the real server (server/src/main.ts, demo data) serving a build, signs in once per account, then loads
 * each route BENCH_RUNS times:
 *   cold — a fresh browser context (empty HTTP cache, new connections), signed in through its stored session;
 *   warm — a reload of that page right after (the cache the cold load filled).
 * Both without throttling ("local") and under Chromium's network emulation ("slow": 1.6 Mbps down, 750 kbps up,
 * 150 ms round trip, Lighthouse's mobile preset).
 * Page-ready: navigation start to the first table row, chart or `[data-screen-ready]` of the screen (for /login: the
 * password field), seen by a MutationObserver in the page, so no polling interval adds to it.
 * Bytes on the wire (headers and bodies as received, compressed where the server compressed) and requests: everything
 * the load fetched until the network has been quiet for 500 ms after page-ready (event streams excluded).
 * The floor (issue 27): bench/floor, a bare Vite + React + antd page (a sider menu and a 20-row Table fetching the
 * order list's first page with the same token), built here with Vite's JS API and served by the same server from a
 * copy of the build (its html at /__floor/, its hashed files under /assets/, so the same compression and caching
 * rules apply), measured in the same rounds as the routes, interleaved. Each route's ready is printed as a ratio to
 * the floor's (medians, same network and cache): the machine's speed divides out.
 * "data" is when the screen's first API request started; "waves" counts the longest chain of script requests in
 * which each starts after the one before has arrived, ending at the screen's own chunk (slow runs only: there a
 * round trip separates the waves).
 * Env: BENCH_DIST (dist; copied with the floor into .tmp-bench-ui/site, which the server serves), BENCH_SERVER_DIR
 *      (.: the checkout whose server/src/main.ts runs), BENCH_PORT (3100), BENCH_DATA_DIR (.tmp-bench-ui/data; the demo
 *      seed is made on first use), BENCH_RUNS (5), BENCH_ROUTES (comma list; default all four; the floor is always
 *      measured), CHROMIUM_PATH (/usr/bin/chromium).
 * Goals (issue 15): warm order list ≤ 600 ms; /login ≤ 200 KB on the wire cold; /login on the slow network ≤ 2.5 s.
 * Targets (issue 27): the order list, the dashboard and the supplier product list ≤ 1.5× the floor, warm and cold,
 * local and slow; a list screen ≤ 40 requests cold.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { build } from 'vite';
import { precompressDir } from '../server/src/lib/precompress.js';

const DIST = resolve(process.env.BENCH_DIST ?? 'dist');
const SERVER_DIR = resolve(process.env.BENCH_SERVER_DIR ?? '.');
const PORT = Number(process.env.BENCH_PORT ?? 3100);
const DATA_DIR = resolve(process.env.BENCH_DATA_DIR ?? '.tmp-bench-ui/data');
const SITE = resolve('.tmp-bench-ui/site');
const FLOOR_OUT = resolve('.tmp-bench-ui/floor');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Demo@2026';

// The sign-in form, a dashboard's chart, a list's first row; apps mark themselves ready.
const READY = {
  login: 'input[type=password]',
  screen: '.ant-table-tbody tr.ant-table-row, .recharts-surface, [data-screen-ready]',
};

interface Route {
  path: string;
  user: string | null;
  ready: string;
  chunk: RegExp;
  data: RegExp;
}
const ALL_ROUTES: Route[] = [
  { path: '/login', user: null, ready: READY.login, chunk: /\/login-[\w-]+\.js$/, data: /\/api\/v2\/client-settings/ },
  {
    path: '/admin/dashboard',
    user: 'admin',
    ready: READY.screen,
    chunk: /\/DashboardView-[\w-]+\.js$/,
    data: /\/api\/report\/getReloadDashboard/,
  },
  {
    path: '/admin/orders/list',
    user: 'admin',
    ready: READY.screen,
    chunk: /\/OrderList-[\w-]+\.js$/,
    data: /\/api\/order\/orderlist/,
  },
  {
    path: '/supplier/product/list',
    user: 'supplier1',
    ready: READY.screen,
    chunk: /\/ProductList-[\w-]+\.js$/,
    data: /\/api\/product\/productlist/,
  },
];
/** The floor: measured with every selection of routes, in the same rounds, with the order list's session. */
const FLOOR: Route = {
  path: '/__floor/',
  user: 'admin',
  ready: '.ant-table-tbody tr.ant-table-row',
  chunk: /\/floor-[\w-]+\.js$/,
  data: /\/api\/order\/orderlist/,
};
/** Issue 27: these screens ≤ 1.5× the floor; list screens ≤ 40 requests cold. */
const TARGET_RATIO = 1.5;
const TARGET_ROUTES = ['/admin/dashboard', '/admin/orders/list', '/supplier/product/list'];
const LIST_ROUTES = ['/admin/orders/list', '/supplier/product/list'];
const TARGET_REQUESTS = 40;
const ROUTES = process.env.BENCH_ROUTES
  ? ALL_ROUTES.filter((r) => process.env.BENCH_ROUTES!.split(',').includes(r.path))
  : ALL_ROUTES;

const SLOW = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
type Net = 'local' | 'slow';
type Cache = 'cold' | 'warm';

interface Sample {
  ready: number;
  bytes: number;
  requests: number;
  data: number | null;
  waves: number | null;
}

interface Req {
  url: string;
  start: number;
  end?: number;
  bytes: number;
  stream: boolean;
}

/** Chromium's record of one page load, from the DevTools protocol (times in ms since the session began). */
class Recorder {
  reqs = new Map<string, Req>();
  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.url.startsWith('data:')) return;
      this.reqs.set(e.requestId, { url: e.request.url, start: e.timestamp * 1000, bytes: 0, stream: false });
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = this.reqs.get(e.requestId);
      if (r && e.response.mimeType === 'text/event-stream') r.stream = true;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = this.reqs.get(e.requestId);
      if (r) Object.assign(r, { end: e.timestamp * 1000, bytes: e.encodedDataLength });
    });
    cdp.on('Network.loadingFailed', (e) => {
      const r = this.reqs.get(e.requestId);
      if (r) r.end = e.timestamp * 1000;
    });
  }
  reset() {
    this.reqs.clear();
  }
  /** Resolves once no request (but event streams) has been open for `quiet` ms, or after `max` ms. */
  async settle(quiet = 500, max = 15_000): Promise<void> {
    const until = Date.now() + max;
    let calm = 0;
    while (Date.now() < until && calm < quiet) {
      await new Promise((r) => setTimeout(r, 50));
      const open = [...this.reqs.values()].some((r) => r.end === undefined && !r.stream);
      calm = open ? 0 : calm + 50;
    }
  }
  /** Longest chain of script requests ending at the screen's chunk, each starting after the previous one arrived. */
  waves(chunk: RegExp): number | null {
    const scripts = [...this.reqs.values()]
      .filter((r) => r.url.endsWith('.js') && r.end !== undefined)
      .sort((a, b) => a.start - b.start);
    const target = scripts.find((r) => chunk.test(r.url));
    if (!target) return null;
    const depth = new Map<Req, number>();
    for (const r of scripts) {
      const before = scripts.filter((p) => p.end! <= r.start).map((p) => depth.get(p) ?? 1);
      depth.set(r, 1 + Math.max(0, ...before));
      if (r === target) break;
    }
    return depth.get(target) ?? null;
  }
}

/**
 * What the server serves: a copy of the build (the app's own dist/ stays as `npm run serve` ships it) with the floor
 * added. Built with base '/' and named floor-*: its html goes to /__floor/index.html (no-cache, like the app's
 * index.html; the SPA fallback only answers paths with no file) and its hashed files to /assets/, where the server's
 * year-long immutable caching applies (under /__floor/assets/ they would be revalidated on every warm load).
 * Precompressed like the app's build (vite.config.ts's precompress step), so the server picks .br/.gz the same way.
 */
async function buildSite(): Promise<void> {
  if (!existsSync(resolve(DIST, 'index.html')))
    throw new Error(`No build in ${DIST}: run npm run build (or set BENCH_DIST)`);
  const nodeEnv = process.env.NODE_ENV;
  await build({
    configFile: false,
    root: resolve(import.meta.dirname, 'floor'),
    base: '/',
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir: FLOOR_OUT,
      emptyOutDir: true,
      // One chunk by design (a bare page); the app's build allows the same size before warning.
      chunkSizeWarningLimit: 1500,
      rolldownOptions: {
        output: {
          entryFileNames: 'assets/floor-[hash].js',
          chunkFileNames: 'assets/floor-[name]-[hash].js',
          assetFileNames: 'assets/floor-[name]-[hash][extname]',
        },
      },
    },
  });
  // Vite sets NODE_ENV=production for its build; the server below gets the environment the bench was started with.
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  await precompressDir(FLOOR_OUT);
  rmSync(SITE, { recursive: true, force: true });
  cpSync(DIST, SITE, { recursive: true });
  cpSync(join(FLOOR_OUT, 'assets'), join(SITE, 'assets'), { recursive: true });
  mkdirSync(join(SITE, '__floor'));
  for (const name of readdirSync(FLOOR_OUT))
    if (name.startsWith('index.html')) cpSync(join(FLOOR_OUT, name), join(SITE, '__floor', name));
}

async function startServer(): Promise<ChildProcess> {
  mkdirSync(DATA_DIR, { recursive: true });
  // The bundle `npm run serve` runs; a checkout from before the bundle existed runs its source.
  const bundle = resolve(SERVER_DIR, 'server/build/main.js');
  const child = spawn(process.execPath, existsSync(bundle) ? [bundle] : ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      STATIC_DIR: SITE,
      LOG_LEVEL: 'silent',
      NOTIFY_WORKER_MS: '0',
      LOGIN_RATE_LIMIT: '1000',
    },
    cwd: SERVER_DIR,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // The first start seeds the demo data (pictures included): allow it a few minutes.
  const until = Date.now() + 300_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/health`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error('server did not answer /health');
}

type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs in through the sign-in page once; every measured context starts from the session it stored. */
async function sessionOf(browser: Browser, user: string): Promise<Storage> {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(BASE + (user.startsWith('supplier') ? '/supplier/login' : '/login'));
  await page.locator('input:not([type=password])').first().fill(user);
  await page.locator('input[type=password]').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  await page.locator(READY.screen).first().waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * performance.now() when the selector first matched: navigation start to ready, measured in the page.
 * A string, not a function: tsx would wrap the function's inner names in a helper the page lacks.
 */
const watchReady = (selector: string) => `(() => {
  const check = () => {
    if (window.__ready === undefined && document.querySelector(${JSON.stringify(selector)})) {
      window.__ready = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-screen-ready'] });
})();`;

async function readyTime(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { __ready?: number }).__ready !== undefined, undefined, {
    timeout: 180_000,
    polling: 50,
  });
  return page.evaluate(() => (window as unknown as { __ready: number }).__ready);
}

async function load(page: Page, rec: Recorder, route: Route, net: Net, how: 'goto' | 'reload'): Promise<Sample> {
  rec.reset();
  const t0 = Date.now();
  if (how === 'goto') await page.goto(BASE + route.path, { waitUntil: 'commit' });
  else await page.reload({ waitUntil: 'commit' });
  const ready = await readyTime(page);
  await rec.settle();
  const reqs = [...rec.reqs.values()];
  const first = Math.min(...reqs.map((r) => r.start));
  const data = reqs.filter((r) => route.data.test(r.url)).map((r) => r.start - first);
  if (Date.now() - t0 > 180_000) console.warn(`${route.path}: slow load (${Date.now() - t0} ms)`);
  return {
    ready,
    bytes: reqs.reduce((s, r) => s + r.bytes, 0),
    requests: reqs.length,
    data: data.length ? Math.min(...data) : null,
    waves: net === 'slow' ? rec.waves(route.chunk) : null,
  };
}

async function measure(
  browser: Browser,
  route: Route,
  storage: Storage | undefined,
  net: Net,
): Promise<Record<Cache, Sample>> {
  const context = await browser.newContext({
    locale: 'en-US',
    storageState: storage,
    viewport: { width: 1366, height: 860 },
  });
  try {
    await context.addInitScript({ content: watchReady(route.ready) });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const rec = new Recorder(cdp);
    await cdp.send('Network.enable');
    if (net === 'slow') await cdp.send('Network.emulateNetworkConditions', SLOW);
    const cold = await load(page, rec, route, net, 'goto');
    const warm = await load(page, rec, route, net, 'reload');
    return { cold, warm };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const med = (samples: Sample[], key: keyof Sample) => {
  const xs = samples.map((s) => s[key]).filter((x): x is number => typeof x === 'number');
  return xs.length ? median(xs) : null;
};

await buildSite();
const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
  ],
});
try {
  const measured = [FLOOR, ...ROUTES];
  const sessions = new Map<string, Storage>();
  for (const user of new Set(measured.map((r) => r.user).filter((u): u is string => !!u)))
    sessions.set(user, await sessionOf(browser, user));
  const storageOf = (route: Route) => (route.user ? sessions.get(route.user) : undefined);

  const rows: string[][] = [];
  const goals: string[] = [];
  const targets: string[] = [];
  for (const net of ['local', 'slow'] as Net[]) {
    const runs = new Map<Route, Record<Cache, Sample[]>>(measured.map((r) => [r, { cold: [], warm: [] }]));
    // One load of each before measuring: the server's and the browser's own first-use costs are not the page's.
    if (net === 'local') for (const route of measured) await measure(browser, route, storageOf(route), net);
    // Rounds of every route and the floor, the starting one moved on each round, so a slow moment of the machine
    // falls on all of them alike rather than on one route's block.
    for (let i = 0; i < RUNS; i++) {
      for (let k = 0; k < measured.length; k++) {
        const route = measured[(k + i) % measured.length];
        const { cold, warm } = await measure(browser, route, storageOf(route), net);
        runs.get(route)!.cold.push(cold);
        runs.get(route)!.warm.push(warm);
      }
    }
    for (const route of measured) {
      for (const cache of ['cold', 'warm'] as Cache[]) {
        const s = runs.get(route)![cache];
        const ready = med(s, 'ready')!;
        const ratio = ready / med(runs.get(FLOOR)![cache], 'ready')!;
        const kb = med(s, 'bytes')! / 1024;
        const requests = med(s, 'requests')!;
        const data = med(s, 'data');
        const waves = med(s, 'waves');
        rows.push([
          net,
          route === FLOOR ? `${route.path} (floor)` : route.path,
          cache,
          `${Math.round(ready)}`,
          `${ratio.toFixed(2)}×`,
          kb.toFixed(1),
          `${requests}`,
          data === null ? '-' : `${Math.round(data)}`,
          waves === null ? '-' : `${waves}`,
        ]);
        if (TARGET_ROUTES.includes(route.path))
          targets.push(
            `${route.path} ${net} ${cache}: ${ratio.toFixed(2)}× the floor (≤ ${TARGET_RATIO}×): ${ratio <= TARGET_RATIO ? 'met' : 'NOT MET'}`,
          );
        if (LIST_ROUTES.includes(route.path) && cache === 'cold')
          targets.push(
            `${route.path} ${net} cold: ${requests} requests (≤ ${TARGET_REQUESTS}): ${requests <= TARGET_REQUESTS ? 'met' : 'NOT MET'}`,
          );
        if (net === 'local' && cache === 'warm' && route.path === '/admin/orders/list')
          goals.push(`warm order list ready ${Math.round(ready)} ms (goal ≤ 600): ${ready <= 600 ? 'ok' : 'MISSED'}`);
        if (net === 'local' && cache === 'cold' && route.path === '/login')
          goals.push(`/login cold ${kb.toFixed(1)} KB on the wire (goal ≤ 200): ${kb <= 200 ? 'ok' : 'MISSED'}`);
        if (net === 'slow' && cache === 'cold' && route.path === '/login')
          goals.push(
            `/login interactive on the slow network ${Math.round(ready)} ms (goal ≤ 2500): ${ready <= 2500 ? 'ok' : 'MISSED'}`,
          );
      }
    }
  }
  const head = ['network', 'route', 'cache', 'ready ms', '× floor', 'KB wire', 'requests', 'data ms', 'waves'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) =>
    `| ${r.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(
    `\nUI bench: ${DIST} (+ the floor, ${FLOOR.path}), median of ${RUNS} interleaved runs (ready: navigation → first rows/chart; × floor: ready over the floor's, same network and cache; data: first API request of the screen; waves: script waves up to the screen's chunk)\n`,
  );
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i < 3 ? ':' + '-'.repeat(w + 1) : '-'.repeat(w + 1) + ':')).join('|')}|`);
  for (const r of rows) console.log(line(r));
  console.log('');
  for (const g of goals) console.log(g);
  console.log('');
  for (const t of targets) console.log(t);
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
