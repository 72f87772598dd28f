/**
 * `npm run bench:storefront` (also part of `npm run bench`) — the storefront board at size (not a test).
 * A board of BENCH_COLUMNS sections holding BENCH_CARDS cards in all (default 50 × 1,000: 20 per section), each
 * card showing 4 products, on the demo shop HomePro Lighting:
 * (a) server: GET /api/supplier/kanban/board over HTTP, p50 and p99 at 1 and 10 connections, on PGlite and
 *     PostgreSQL (BENCH_DBS, BENCH_DATABASE_URL);
 * (b) browser (Chromium, the built app in dist/): time from navigation to the whole board drawn (every section
 *     and card in the page), median of BENCH_LOADS loads; then one card moved by keyboard: the requests it sends.
 *     The re-render count of one move is measured by the kit board's component test (tests/unit/board.test.tsx)
 *     and printed there.
 * Env: BENCH_SECONDS (5), BENCH_LOADS (5), BENCH_COLUMNS (50), BENCH_CARDS (1000), BENCH_DIST (dist), BENCH_DROP=1 (drop the
 * PostgreSQL bench database afterwards). Data lives in a temp dir / a bench database, never in the repo.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/src/app.js';
import type { Db } from '../server/src/db/client.js';
import { pct } from './harness.js';

const COLUMNS = Number(process.env.BENCH_COLUMNS ?? 50);
const CARDS = Number(process.env.BENCH_CARDS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/seller_bench_storefront';
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
const DIST = resolve(process.env.BENCH_DIST ?? 'dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOP = 'HomePro Lighting';

const rows: Record<string, string | number>[] = [];

/** Replaces the shop's board with COLUMNS sections and CARDS cards, 4 of the shop's approved products each. */
async function bigBoard(db: Db, shopId: number) {
  await db.execute(sql`delete from board_columns where shop_id = ${shopId}`);
  await db.execute(sql`insert into board_columns (shop_id, name, position)
    select ${shopId}, 'Section ' || (g + 1), g from generate_series(0, ${COLUMNS - 1}) g`);
  await db.execute(sql`insert into board_cards (shop_id, column_id, position, type, name)
    select ${shopId}, c.id, (g / ${COLUMNS})::int, 'products', 'Card ' || (g + 1)
    from generate_series(0, ${CARDS - 1}) g join board_columns c on c.shop_id = ${shopId} and c.position = g % ${COLUMNS}`);
  await db.execute(sql`insert into board_card_products (card_id, product_id, position)
    select k.id, p.id, p.n - 1 from board_cards k
    cross join lateral (select id, row_number() over (order by (id * 7919 + k.id) % 1009) as n from products
      where shop_id = ${shopId} and approval_status = 'approved') p
    where k.shop_id = ${shopId} and p.n <= 4`);
  await db.execute(
    sql`insert into boards (shop_id, version) values (${shopId}, 1) on conflict (shop_id) do update set version = boards.version + 1`,
  );
}

async function loadLoop(url: string, token: string, conns: number) {
  const lat: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  let bytes = 0;
  await Promise.all(
    Array.from({ length: conns }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        bytes = (await res.arrayBuffer()).byteLength;
        if (res.status !== 200) throw new Error(`board answered ${res.status}`);
        lat.push(performance.now() - t);
      }
    }),
  );
  return { p50: pct(lat, 50), p99: pct(lat, 99), rps: lat.length / SECONDS, bytes };
}

async function browser(base: string, shopId: number) {
  if (!existsSync(CHROMIUM) || !existsSync(join(DIST, 'index.html'))) {
    console.log(`browser part skipped: needs ${CHROMIUM} and a build in dist/ (npm run build)`);
    return;
  }
  const b = await chromium.launch({
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
    const page = await (await b.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await page.goto(`${base}/supplier/login?lng=en`);
    await page.locator('input:not([type=password])').first().fill('supplier1');
    await page.locator('input[type=password]').fill('Demo@2026');
    await page.keyboard.press('Enter');
    await page.waitForURL(/dashboard/);
    const drawn: number[] = [];
    for (let i = 0; i < LOADS; i += 1) {
      await page.goto(`${base}/supplier/brandshop/${shopId}?lng=en`);
      await page.waitForFunction(
        ([c, k]) =>
          document.querySelectorAll('.kit-board-column[data-board-column]').length === c &&
          document.querySelectorAll('.kit-board-card[data-board-card]').length === k,
        [COLUMNS, CARDS],
        { timeout: 120_000, polling: 50 },
      );
      // From the navigation's start to the frame after the last card was in the page.
      drawn.push(
        await page.evaluate(() => new Promise<number>((done) => requestAnimationFrame(() => done(performance.now())))),
      );
    }
    rows.push({
      db: 'browser',
      what: `board drawn (${COLUMNS} sections, ${CARDS} cards)`,
      conns: 1,
      'p50 ms': pct(drawn, 50).toFixed(0),
      'max ms': Math.max(...drawn).toFixed(0),
      'req/s': '-',
    });

    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET') posts.push(new URL(r.url()).pathname);
    });
    const handle = page.locator('.kit-board-card .kit-board-handle').first();
    const said = (words: RegExp) =>
      page.waitForFunction(
        (w) => new RegExp(w).test(document.querySelector("[id^='DndLiveRegion']")?.textContent ?? ''),
        words.source,
      );
    await handle.focus();
    await page.keyboard.press('Space');
    await said(/^Picked up/);
    await page.keyboard.press('ArrowRight');
    await said(/is over column/);
    const saved = page.waitForResponse((r) => r.url().endsWith('/card/orderby'));
    const t = Date.now();
    await page.keyboard.press('Space');
    await saved;
    await page.waitForTimeout(500);
    console.log(
      `one card moved by keyboard: ${posts.length} request(s) ${JSON.stringify(posts)}, saved in ${Date.now() - t} ms`,
    );
  } finally {
    await b.close();
  }
}

async function run(kind: 'pglite' | 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'seller-bench-storefront-'));
  let databaseUrl: string | null = null;
  const admin =
    kind === 'postgres' ? new pg.Client({ connectionString: PG_URL.replace(/\/[^/]+$/, '/postgres') }) : undefined;
  try {
    if (admin) {
      try {
        await admin.connect();
      } catch {
        console.log(`postgres: not reachable at ${PG_URL}, skipped`);
        return;
      }
      const name = new URL(PG_URL).pathname.slice(1);
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`create database "${name}"`);
      databaseUrl = PG_URL;
    }
    const app = await buildApp(
      {
        port: 0,
        host: '127.0.0.1',
        dataDir: dir,
        databaseUrl,
        jwtSecret: 'bench-secret-not-for-production-use-0123456789',
        tokenTtl: 3600,
        seedDemo: true,
        staticDir: kind === 'pglite' && existsSync(DIST) ? DIST : null,
        loginRateLimit: { max: 1000, timeWindowMs: 60_000 },
        logger: { level: 'warn' },
      },
      kind === 'pglite' ? { pglite: await PGlite.create(join(dir, 'pglite')) } : {},
    );
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const [{ id: shopId }] = (
        (await app.db.execute(sql`select id from shops where name = ${SHOP}`)) as unknown as { rows: { id: number }[] }
      ).rows;
      const t0 = Date.now();
      await bigBoard(app.db, shopId);
      console.log(`${kind}: board of ${COLUMNS} sections and ${CARDS} cards made in ${Date.now() - t0} ms`);
      const login = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { users: 'supplier1', password: 'Demo@2026', typeLogin: 'supplier' },
      });
      const token = login.json<{ accessToken: string }>().accessToken;
      const url = `${base}/api/supplier/kanban/board?shopId=${shopId}`;
      await loadLoop(url, token, 1); // warm-up
      for (const conns of [1, 10]) {
        const m = await loadLoop(url, token, conns);
        rows.push({
          db: kind,
          what: `GET board (${(m.bytes / 1024).toFixed(0)} KB)`,
          conns,
          'p50 ms': m.p50.toFixed(1),
          'max ms': m.p99.toFixed(1) + ' (p99)',
          'req/s': m.rps.toFixed(0),
        });
      }
      if (kind === 'pglite') await browser(base, shopId);
    } finally {
      await app.close();
    }
  } finally {
    // Like the orders bench: the bench database stays until the next run (or BENCH_DROP=1).
    if (admin && process.env.BENCH_DROP === '1')
      await admin
        .query(`drop database if exists "${new URL(PG_URL).pathname.slice(1)}" with (force)`)
        .catch(() => undefined);
    await admin?.end().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const kind of DBS) await run(kind as 'pglite' | 'postgres');
console.table(rows);
