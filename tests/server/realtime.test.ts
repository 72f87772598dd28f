/**
 * The real-time fan-out (server/src/lib/realtime.ts) on its own: publish reaches subscribers only
 * after the commit (never on rollback), in every process on one PostgreSQL, the listening connection
 * comes back after it is cut, writers' ids commit in order under lockStream, and sseStream sends the
 * backlog then live events with no gap and no duplicate, heartbeats, and lets go of a closed stream.
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDb, queryRows, type DbHandle } from '../../server/src/db/client.js';
import {
  lockStream,
  MAX_PAYLOAD_BYTES,
  publish,
  publishAll,
  realtimePlugin,
  sseStream,
  type SseEvent,
} from '../../server/src/lib/realtime.js';
import { clonePostgres } from '../support/db.js';
import { dbKinds, testConfig, type DbKind } from '../support/app.js';
import { openSse, type SseReader } from './sse-client.js';

interface Rig {
  app: FastifyInstance;
  handle: DbHandle;
  url: string;
  close(): Promise<void>;
}

/** A bare app with the hub and one stream route over a probe table, on `databaseUrl` (PostgreSQL) or a PGlite copy. */
async function rig(kind: DbKind, databaseUrl: string | null, heartbeatMs = 60_000): Promise<Rig> {
  const handle =
    kind === 'postgres'
      ? await openDb({ databaseUrl })
      : await openDb({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  await handle.db.execute(
    sql`create table if not exists rt_probe (id bigserial primary key, topic text not null, body text not null)`,
  );
  const app = Fastify();
  app.decorate('db', handle.db);
  app.decorate('dbKind', handle.kind);
  app.decorate('config', testConfig({ databaseUrl }));
  app.addHook('onClose', async () => handle.close());
  await app.register(realtimePlugin, { heartbeatMs });
  app.get<{ Params: { topic: string } }>('/events/:topic', async (req, reply) => {
    const topic = req.params.topic;
    const header = req.headers['last-event-id'];
    return sseStream(reply, {
      lastEventId: typeof header === 'string' ? Number(header) : null,
      start: async () =>
        Number(
          (
            await queryRows<{ n: string }>(
              app.db,
              sql`select coalesce(max(id), 0) as n from rt_probe where topic = ${topic}`,
            )
          )[0].n,
        ),
      backlog: async (after, limit) =>
        (
          await queryRows<{ id: string; body: string }>(
            app.db,
            sql`select id, body from rt_probe where topic = ${topic} and id > ${after} order by id limit ${limit}`,
          )
        ).map((r): SseEvent => ({ id: Number(r.id), event: 'probe', data: { body: r.body } })),
      live: (wake) => app.realtime.subscribe(`probe:${topic}`, wake),
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  return {
    app,
    handle,
    url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`,
    close: () => app.close(),
  };
}

/** One probe row, written the way a stream's writer must: lock, insert, publish, in one transaction. */
async function write(r: Rig, topic: string, body: string): Promise<number> {
  return r.app.db.transaction(async (tx) => {
    await lockStream(tx, 'probe');
    const [row] = await queryRows<{ id: string }>(
      tx as never,
      sql`insert into rt_probe (topic, body) values (${topic}, ${body}) returning id`,
    );
    await publish(tx, `probe:${topic}`, { id: Number(row.id) });
    return Number(row.id);
  });
}

const bodies = (s: SseReader) => s.events<{ body: string }>('probe').map((e) => e.data.body);

describe.each(dbKinds())('realtime (%s)', (kind) => {
  let databaseUrl: string | null = null;
  let drop: (() => Promise<void>) | undefined;
  let a: Rig;
  const streams: SseReader[] = [];
  const open = async (r: Rig, topic: string, headers: Record<string, string> = {}) => {
    const s = await openSse(`${r.url}/events/${topic}`, headers);
    streams.push(s);
    return s;
  };

  beforeAll(async () => {
    if (kind === 'postgres') {
      const tpl = inject('pgTemplate')!;
      ({ url: databaseUrl, drop } = await clonePostgres(tpl.baseUrl, tpl.name));
    }
    a = await rig(kind, databaseUrl, 150);
  });
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });
  afterAll(async () => {
    await a?.close();
    await drop?.();
  });

  it('tells subscribers after the commit, and nothing when the transaction rolls back', async () => {
    const heard: unknown[] = [];
    const off = a.app.realtime.subscribe('orders:7', (p) => heard.push(p));
    await a.app.db.transaction(async (tx) => {
      await publish(tx, 'orders:7', { id: 1 });
      await tx.execute(sql`select 1`);
      expect(heard).toEqual([]);
    });
    await vi.waitFor(() => expect(heard).toEqual([{ id: 1 }]));
    await a.app.db
      .transaction(async (tx) => {
        await publish(tx, 'orders:7', { id: 2 });
        tx.rollback();
      })
      .catch(() => undefined);
    await publishAll(a.app.db, [
      { channel: 'orders:8', payload: { id: 3 } },
      { channel: 'orders:7', payload: { id: 4 } },
    ]);
    await vi.waitFor(() => expect(heard).toEqual([{ id: 1 }, { id: 4 }]));
    off();
    await publish(a.app.db, 'orders:7', { id: 5 });
    await publish(a.app.db, 'orders:8', { id: 6 });
    expect(heard).toEqual([{ id: 1 }, { id: 4 }]);
    expect(a.app.realtime.subscribers('orders:7')).toBe(0);
  });

  it('refuses a payload too large for pg_notify', async () => {
    await expect(publish(a.app.db, 'big', { text: 'x'.repeat(MAX_PAYLOAD_BYTES) })).rejects.toThrow(/too large/);
  });

  it('streams the backlog after Last-Event-ID, then live events, each once and in order', async () => {
    const first = await write(a, 'alpha', 'one');
    await write(a, 'alpha', 'two');
    await write(a, 'beta', 'other topic');
    const s = await open(a, 'alpha', { 'last-event-id': String(first - 1) });
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('cache-control')).toMatch(/no-cache/);
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    await s.until(() => bodies(s).length === 2);
    expect(s.events('ready')).toEqual([{ id: first - 1, data: {} }]);
    // Live writes, some of them while the stream is reading: each arrives once, in id order.
    const ids = await Promise.all(['three', 'four', 'five'].map((b) => write(a, 'alpha', b)));
    await s.until(() => bodies(s).length === 5);
    expect(bodies(s).slice(0, 2)).toEqual(['one', 'two']);
    expect(bodies(s).slice(2).sort()).toEqual(['five', 'four', 'three']);
    const sent = s.events('probe').map((e) => e.id);
    expect(sent).toEqual([...sent].sort((x, y) => x - y));
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent.slice(2).sort()).toEqual([...ids].sort());
  });

  it('a stream without Last-Event-ID starts at the newest event; a reconnect gets exactly the missed ones', async () => {
    await write(a, 'gamma', 'before');
    const s = await open(a, 'gamma');
    await s.until(() => s.events('ready').length === 1);
    const start = s.events('ready')[0].id;
    const seen = await write(a, 'gamma', 'seen live');
    await s.until(() => bodies(s).length === 1);
    expect(bodies(s)).toEqual(['seen live']);
    expect(start).toBeLessThan(seen);
    s.close();
    await vi.waitFor(() => expect(a.app.realtime.subscribers('probe:gamma')).toBe(0));
    await write(a, 'gamma', 'missed 1');
    await write(a, 'gamma', 'missed 2');
    const again = await open(a, 'gamma', { 'last-event-id': String(seen) });
    await again.until(() => bodies(again).length === 2);
    await write(a, 'gamma', 'live again');
    await again.until(() => bodies(again).length === 3);
    expect(bodies(again)).toEqual(['missed 1', 'missed 2', 'live again']);
  });

  it('sends a heartbeat comment, and a closed connection releases its subscription and stream', async () => {
    const s = await open(a, 'delta');
    await s.until(() => s.comments.includes('heartbeat'), 3000);
    expect(a.app.realtime.subscribers('probe:delta')).toBe(1);
    expect(a.app.realtime.streams.size).toBeGreaterThanOrEqual(1);
    const before = a.app.realtime.streams.size;
    s.close();
    await vi.waitFor(() => {
      expect(a.app.realtime.subscribers('probe:delta')).toBe(0);
      expect(a.app.realtime.streams.size).toBe(before - 1);
    });
  });

  it('lockStream: a second writer waits for the first to commit, so ids commit in order', async () => {
    let releaseFirst!: () => void;
    const held = new Promise<void>((r) => {
      releaseFirst = r;
    });
    let firstId = 0;
    let locked!: () => void;
    const hasLock = new Promise<void>((r) => {
      locked = r;
    });
    const first = a.app.db.transaction(async (tx) => {
      await lockStream(tx, 'probe');
      firstId = Number(
        (
          await queryRows<{ id: string }>(
            tx as never,
            sql`insert into rt_probe (topic, body) values ('order', 'first') returning id`,
          )
        )[0].id,
      );
      locked();
      await held;
    });
    await hasLock;
    if (kind === 'postgres') {
      // PostgreSQL: another connection's writer blocks on the lock until the first commits.
      let secondDone = false;
      const second = write(a, 'order', 'second').then((id) => {
        secondDone = true;
        return id;
      });
      await new Promise((r) => setTimeout(r, 150));
      expect(secondDone).toBe(false);
      releaseFirst();
      await first;
      expect(await second).toBeGreaterThan(firstId);
    } else {
      // PGlite has one connection: transactions already run one at a time.
      releaseFirst();
      await first;
      expect(await write(a, 'order', 'second')).toBeGreaterThan(firstId);
    }
  });

  it('ends open streams when the app closes', async () => {
    const b = await rig(kind, databaseUrl);
    try {
      const s = await openSse(`${b.url}/events/epsilon`);
      await s.until(() => s.events('ready').length === 1);
      await b.close();
      await s.ended;
      expect(b.app.realtime.streams.size).toBe(0);
    } finally {
      await b.close().catch(() => undefined);
    }
  });

  if (kind === 'postgres') {
    it('two app processes on one PostgreSQL: a write in one reaches the streams of both', async () => {
      const b = await rig(kind, databaseUrl);
      try {
        const inA = await open(a, 'shared');
        const inB = await open(b, 'shared');
        await Promise.all([inA, inB].map((s) => s.until(() => s.events('ready').length === 1)));
        await write(a, 'shared', 'from a');
        await write(b, 'shared', 'from b');
        for (const s of [inA, inB]) await s.until(() => bodies(s).length === 2);
        expect(bodies(inA)).toEqual(['from a', 'from b']);
        expect(bodies(inB)).toEqual(['from a', 'from b']);
      } finally {
        for (const s of streams.splice(0)) s.close();
        await b.close();
      }
    });

    it('re-opens a lost listening connection and wakes every subscriber, so nothing sent meanwhile is missed', async () => {
      const s = await open(a, 'zeta');
      await s.until(() => s.events('ready').length === 1);
      const heard: unknown[] = [];
      const off = a.app.realtime.subscribe('probe:zeta', (p) => heard.push(p));
      const listener = async () =>
        (
          await queryRows<{ pid: number }>(
            a.app.db,
            sql`select pid from pg_stat_activity where datname = current_database() and query = ${'LISTEN seller_center_realtime'} and pid <> pg_backend_pid()`,
          )
        ).map((r) => r.pid);
      const [pid] = await listener();
      expect(pid).toBeDefined();
      await a.app.db.execute(sql`select pg_terminate_backend(${pid}::int)`);
      // Written while nobody listens: its notification is lost, the wake after reconnecting makes it good.
      await write(a, 'zeta', 'during the outage');
      await vi.waitFor(async () => expect((await listener()).filter((p) => p !== pid)).toHaveLength(1), {
        timeout: 5000,
        interval: 50,
      });
      await s.until(() => bodies(s).includes('during the outage'));
      expect(heard).toContain(undefined);
      await write(a, 'zeta', 'after');
      await s.until(() => bodies(s).length === 2);
      expect(bodies(s)).toEqual(['during the outage', 'after']);
      off();
    });
  }
});
