/**
 * Crash safety on both databases: the real server (a child process) is killed with SIGKILL in the middle of a burst
 * of order cancellations, started again on the same data, and then every kept counter equals a fresh count —
 * the order status tab counters (migration 0002) and the dashboard rollups (migration 0010) — and every
 * cancellation the server acknowledged before the kill is there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { repoRoot } from '../../server/src/root.js';
import { dbKinds, DEMO_PASSWORD } from '../support/app.js';
import { clonePostgres, TMP_DIR } from '../support/db.js';
import { serveArgs } from '../support/server.js';

const work = mkdtempSync(join(TMP_DIR, 'crash-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Rows where a kept counter and a fresh count disagree (counters left at zero are fine). */
const MISMATCHES = {
  statusCounters: `select shop_id, status, n from order_status_counters where n <> 0
    except select shop_id, status, count(*) from orders group by 1, 2`,
  statusCountersMissing: `select shop_id, status, count(*) from orders group by 1, 2
    except select shop_id, status, n from order_status_counters`,
  dailyStats: `select day, shop_id, channel, status, orders, items, revenue from order_daily_stats where orders <> 0 or items <> 0 or revenue <> 0
    except select bangkok_day(created_at), shop_id, channel, status, count(*), sum(item_count), sum(total) from orders group by 1, 2, 3, 4`,
  dailyStatsMissing: `select bangkok_day(created_at), shop_id, channel, status, count(*), sum(item_count), sum(total) from orders group by 1, 2, 3, 4
    except select day, shop_id, channel, status, orders, items, revenue from order_daily_stats`,
  productSales: `select day, product_id, units, revenue from product_daily_sales where units <> 0 or revenue <> 0
    except select bangkok_day(o.created_at), i.product_id, sum(i.qty), sum(i.amount) from order_items i join orders o on o.id = i.order_id
      where i.product_id is not null and o.status <> 'cancelled' group by 1, 2`,
  productSalesMissing: `select bangkok_day(o.created_at), i.product_id, sum(i.qty), sum(i.amount) from order_items i join orders o on o.id = i.order_id
      where i.product_id is not null and o.status <> 'cancelled' group by 1, 2
    except select day, product_id, units, revenue from product_daily_sales`,
};

type Query = (text: string) => Promise<Record<string, unknown>[]>;

async function check(query: Query, acknowledged: number[]) {
  const found: Record<string, number> = {};
  for (const [name, text] of Object.entries(MISMATCHES)) found[name] = (await query(text)).length;
  expect(found).toEqual(Object.fromEntries(Object.keys(MISMATCHES).map((k) => [k, 0])));
  const [{ n }] = await query(
    `select count(*)::int as n from orders where status = 'cancelled' and id in (${acknowledged.join(',') || 0})`,
  );
  expect(n).toBe(acknowledged.length);
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** `npm run serve` as a child process; resolves once /health answers. */
async function serve(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serveArgs(), {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      NOTIFY_WORKER_MS: '0',
      JWT_SECRET: 'crash-test-secret-0123456789-0123456789',
    },
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, url };
    await new Promise((r) => setTimeout(r, 50));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((r) => (child.exitCode !== null || child.signalCode ? r() : child.once('exit', () => r())));

async function api(url: string, path: string, body: object, token?: string) {
  const res = await fetch(`${url}/api/${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

/** Cancels the demo's open orders (16) 8 at a time and kills the server with SIGKILL once `killAfter` are acknowledged. */
async function burstAndKill(env: Record<string, string>, killAfter: number): Promise<number[]> {
  const { child, url } = await serve(env);
  try {
    const login = await api(url, 'account/login', { users: 'admin', password: DEMO_PASSWORD, typeLogin: 'staff' });
    const token = login.body!.accessToken as string;
    const ids: number[] = [];
    for (const status of ['pending_payment', 'paid', 'preparing', 'ready_to_ship']) {
      const list = await api(url, 'order/orderlist', { page: 1, limit: 50, status }, token);
      ids.push(...(list.body!.orders as { id: number }[]).map((o) => o.id));
    }
    expect(ids.length).toBeGreaterThan(killAfter * 2);
    const acknowledged: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < ids.length && child.exitCode === null && !child.signalCode) {
          const id = ids[next++];
          const r = await api(url, 'order/cancelorder', { id, reason: 'crash test' }, token).catch(() => null);
          if (r?.status === 200) acknowledged.push(id);
          if (acknowledged.length >= killAfter && !child.killed) child.kill('SIGKILL');
        }
      }),
    );
    expect(child.killed).toBe(true);
    return acknowledged;
  } finally {
    child.kill('SIGKILL');
    await exited(child);
  }
}

describe.each(dbKinds())('kill -9 during a write burst (%s)', (kind) => {
  it('after a restart on the same data every counter equals a fresh count', async () => {
    if (kind === 'pglite') {
      const dataDir = join(work, 'data');
      mkdirSync(dataDir, { recursive: true });
      const seeded = await PGlite.create(join(dataDir, 'pglite'), {
        loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
      });
      await seeded.close();
      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      const acknowledged = await burstAndKill(env, 6);
      // The restarted server recovers the data dir (WAL replay) and takes over the dead process's lock.
      const again = await serve(env);
      again.child.kill('SIGTERM');
      await exited(again.child);
      expect(again.child.exitCode).toBe(0);
      const db = await PGlite.create(join(dataDir, 'pglite'));
      try {
        await check(async (q) => (await db.query<Record<string, unknown>>(q)).rows, acknowledged);
      } finally {
        await db.close();
      }
      return;
    }
    const tpl = inject('pgTemplate')!;
    const clone = await clonePostgres(tpl.baseUrl, tpl.name);
    try {
      const env = { DATA_DIR: join(work, 'pg-data'), DATABASE_URL: clone.url };
      const acknowledged = await burstAndKill(env, 6);
      const again = await serve(env);
      again.child.kill('SIGTERM');
      await exited(again.child);
      const client = new pg.Client({ connectionString: clone.url });
      await client.connect();
      try {
        await check(async (q) => (await client.query(q)).rows, acknowledged);
      } finally {
        await client.end();
      }
    } finally {
      await clone.drop();
    }
  }, 300_000);
});
