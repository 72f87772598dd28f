/**
 * Real-time fan-out (docs/architecture.md, "Real time"): a write publishes on a channel inside its
 * transaction, every app process's subscribers of that channel hear it after the commit, and
 * `sseStream` turns a subscription plus a table read by id into a Server-Sent Events stream that
 * misses nothing and never sends an event twice.
 *
 * One PostgreSQL channel carries every app channel: `publish` is `pg_notify` inside the writer's
 * transaction (PostgreSQL delivers it at commit, drops it on rollback; PGlite does the same in its
 * one process), and each process LISTENs on a connection of its own that it re-opens when lost.
 * A notification is only a doorbell: streams read what is new from their table, so a payload only
 * needs to say what changed, and a missed doorbell (listening connection lost) is made good by
 * waking every subscriber once the connection is back.
 */
import { PassThrough } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, DbKind } from '../db/client.js';
import type { Tx } from './sql.js';

/** The one PostgreSQL channel every app channel travels on. */
export const PG_CHANNEL = 'seller_center_realtime';
/** pg_notify refuses payloads of 8000 bytes or more; the envelope takes a little. */
export const MAX_PAYLOAD_BYTES = 7900;
export const DEFAULT_HEARTBEAT_MS = 25_000;
/** Rows a stream reads per backlog query. */
export const BACKLOG_BATCH = 100;
/** A client this far behind (bytes buffered) is cut off; it reconnects with its last id. */
const MAX_BUFFERED = 1 << 20;
/** Advisory-lock class of `lockStream` (any constant of our own; other advisory locks use other classes). */
const STREAM_LOCK_CLASS = 0x53_43_52_54;

/** Called with the published payload, or with `undefined` when messages may have been missed (read your table again). */
export type Listener = (payload: unknown) => void;

/** A handle on which writes can run: a transaction (sent at its commit) or the database (sent at once). */
type Writer = Tx | Db;

/**
 * Sends `payload` (JSON, small: under ~7.9 KB) to every subscriber of `channel` in every app process,
 * after `tx` commits; nothing is sent when it rolls back.
 */
export async function publish(tx: Writer, channel: string, payload: unknown): Promise<void> {
  await publishAll(tx, [{ channel, payload }]);
}

/** `publish` for many channels in one statement (e.g. one delivery to many users). */
export async function publishAll(
  tx: Writer,
  messages: readonly { channel: string; payload: unknown }[],
): Promise<void> {
  if (!messages.length) return;
  const texts = messages.map(({ channel, payload }) => {
    const text = JSON.stringify({ c: channel, p: payload ?? null });
    if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES)
      throw new Error(
        `realtime payload on ${channel} is too large (over ${MAX_PAYLOAD_BYTES} bytes): publish ids, not documents`,
      );
    return text;
  });
  await tx.execute(
    sql`select pg_notify(${PG_CHANNEL}, x) from unnest(array[${sql.join(
      texts.map((t) => sql`${t}`),
      sql`, `,
    )}]::text[]) as x`,
  );
}

/**
 * Makes a stream's ids commit in id order: take it in the writing transaction right before inserting
 * rows a stream reads by id (a serial id is drawn at insert, a commit can come later). Every writer
 * of the stream takes the same key, so a reader that saw id N never later finds a smaller id
 * committing. Held until the transaction ends; taking it again in the same transaction is free.
 * Use one key per transaction (a second, different key could deadlock with another writer).
 */
export async function lockStream(tx: Tx, stream: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${STREAM_LOCK_CLASS}::int, hashtext(${stream}))`);
}

// ---------- the hub: one per app ----------

export interface Realtime {
  /** Calls `onMessage` for each message published on `channel` (by any process) from now on. Answers the unsubscribe. */
  subscribe(channel: string, onMessage: Listener): () => void;
  /** Subscribers of `channel` in this process (tests and diagnostics). */
  subscribers(channel: string): number;
  /** How often streams send a heartbeat and check their caller again. */
  readonly heartbeatMs: number;
  /** Open streams of this process (sseStream adds and removes its own). */
  readonly streams: Set<{ end(): void }>;
  /** Ends every open stream (the app is closing). */
  endStreams(): void;
  close(): Promise<void>;
}

interface HubOptions {
  db: Db;
  kind: DbKind;
  databaseUrl: string | null;
  heartbeatMs?: number;
  log: FastifyBaseLogger;
}

/** The hub of one app: subscribers by channel, fed by a LISTEN on PostgreSQL or PGlite. */
export async function openRealtime(opts: HubOptions): Promise<Realtime> {
  const channels = new Map<string, Set<Listener>>();
  const streams = new Set<{ end(): void }>();
  const call = (listener: Listener, payload: unknown) => {
    try {
      listener(payload);
    } catch (err) {
      opts.log.error({ err }, 'realtime subscriber failed');
    }
  };
  const dispatch = (text: string) => {
    let msg: { c?: unknown; p?: unknown };
    try {
      msg = JSON.parse(text) as typeof msg;
    } catch {
      return opts.log.warn({ text }, 'realtime message is not JSON; ignored');
    }
    if (typeof msg.c !== 'string') return;
    for (const l of [...(channels.get(msg.c) ?? [])]) call(l, msg.p);
  };
  const wakeAll = () => {
    for (const set of channels.values()) for (const l of [...set]) call(l, undefined);
  };

  const source =
    opts.kind === 'pglite'
      ? await pgliteSource((opts.db as unknown as { $client: PGlite }).$client, dispatch)
      : await postgresSource(opts.databaseUrl!, dispatch, wakeAll, opts.log);

  const hub: Realtime = {
    subscribe(channel, onMessage) {
      let set = channels.get(channel);
      if (!set) channels.set(channel, (set = new Set()));
      // A function given twice is two subscriptions: wrap it so each unsubscribe removes its own.
      const entry: Listener = (p) => onMessage(p);
      set.add(entry);
      return () => {
        set.delete(entry);
        if (!set.size && channels.get(channel) === set) channels.delete(channel);
      };
    },
    subscribers: (channel) => channels.get(channel)?.size ?? 0,
    heartbeatMs: opts.heartbeatMs && opts.heartbeatMs > 0 ? opts.heartbeatMs : DEFAULT_HEARTBEAT_MS,
    streams,
    endStreams() {
      for (const s of [...streams]) s.end();
    },
    async close() {
      hub.endStreams();
      channels.clear();
      await source.close();
    },
  };
  return hub;
}

interface Source {
  close(): Promise<void>;
}

async function pgliteSource(client: PGlite, dispatch: (text: string) => void): Promise<Source> {
  const unlisten = await client.listen(PG_CHANNEL, dispatch);
  return {
    close: async () => {
      if (!client.closed) await unlisten();
    },
  };
}

/**
 * A connection of its own that only LISTENs (a pooled one would be handed to queries and lose it).
 * Lost (server restart, network): re-opened with a growing pause, then every subscriber is woken,
 * since notifications sent meanwhile never arrive.
 */
async function postgresSource(
  url: string,
  dispatch: (text: string) => void,
  wakeAll: () => void,
  log: FastifyBaseLogger,
): Promise<Source> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let pause = 100;

  const connect = async () => {
    // Loaded when used: a PGlite start does not load the PostgreSQL driver.
    const { default: Pg } = await import('pg');
    const c = new Pg.Client({ connectionString: url, keepAlive: true });
    c.on('notification', (n) => {
      if (n.channel === PG_CHANNEL && n.payload !== undefined) dispatch(n.payload);
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    await c.connect();
    await c.query(`LISTEN ${PG_CHANNEL}`);
    return c;
  };
  const lost = (c: pg.Client, err?: Error) => {
    if (client !== c || closed) return;
    client = null;
    log.warn({ err }, 'realtime listening connection lost; reconnecting');
    c.end().catch(() => undefined);
    schedule();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        (c) => {
          if (closed) return void c.end().catch(() => undefined);
          client = c;
          pause = 100;
          log.info('realtime listening connection back');
          wakeAll();
        },
        (err) => {
          log.warn({ err }, 'realtime listening connection failed; trying again');
          pause = Math.min(pause * 2, 5000);
          schedule();
        },
      );
    }, pause);
    retry.unref();
  };

  client = await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Real-time fan-out (lib/realtime.ts). */
    realtime: Realtime;
  }
}

/** Opens the app's hub (after the database), ends the streams when the app closes, then stops listening. */
export const realtimePlugin = fp(
  async (app: FastifyInstance, opts: { heartbeatMs?: number }) => {
    const hub = await openRealtime({
      db: app.db,
      kind: app.dbKind,
      databaseUrl: app.config.databaseUrl,
      heartbeatMs: opts.heartbeatMs,
      log: app.log,
    });
    app.decorate('realtime', hub);
    // Before the server stops listening: open streams would otherwise keep it waiting.
    app.addHook('preClose', async () => hub.endStreams());
    app.addHook('onClose', async () => hub.close());
  },
  { name: 'realtime' },
);

// ---------- Server-Sent Events ----------

export interface SseEvent {
  /** Increasing id: sent as `id:`, given back by a reconnecting client as Last-Event-ID. */
  id: number;
  /** Event name (default `message`). */
  event?: string;
  data: unknown;
}

export interface SseOptions {
  /** The client's Last-Event-ID, checked by the route (digits); none: the stream starts at `start()`. */
  lastEventId?: number | null;
  /** Where a stream without Last-Event-ID starts: the newest id now (default 0: everything). */
  start?: () => Promise<number>;
  /** Events with an id above `afterId`, in id order, at most `limit`. */
  backlog(afterId: number, limit: number): Promise<SseEvent[]>;
  /** Subscribes `wake` to what announces new events (`realtime.subscribe(channel, wake)`); answers the unsubscribe. */
  live(wake: () => void): () => void;
}

/** The last frame before the server ends a stream: why, in the API's error shape. */
export interface SseEnd {
  status: number;
  message: string;
}

const frame = (e: SseEvent) => {
  const data = JSON.stringify(e.data ?? null);
  return `id: ${e.id}\nevent: ${e.event ?? 'message'}\ndata: ${data}\n\n`;
};

/**
 * Answers `reply` with an event stream: headers for no caching or proxy buffering, a `ready` event
 * (its id: where the stream starts), then every event after Last-Event-ID (or after `start()`), then
 * new ones as `live` wakes it, each once, in id order. A comment line every `heartbeatMs` keeps
 * proxies from closing it; each heartbeat also checks the caller again (account active, token not
 * expired, route still allowed) and ends the stream with an `end` event saying why when not. A
 * closed connection releases the subscription.
 *
 * No gap: it subscribes before the first read and reads again on each wake, from the last id sent;
 * writers must take `lockStream` so ids commit in order.
 */
export function sseStream(reply: FastifyReply, opts: SseOptions): FastifyReply {
  const app = reply.server;
  const request = reply.request;
  const hub = app.realtime;
  const out = new PassThrough();
  let last = 0;
  let started = false;
  let ended = false;
  let reading = false;
  let again = false;
  let checking = false;
  let unsubscribe = () => {};

  const write = (text: string) => {
    if (ended) return;
    out.write(text);
    if (out.writableLength > MAX_BUFFERED) end();
  };
  const end = (why?: SseEnd) => {
    if (ended) return;
    if (why) out.write(`event: end\ndata: ${JSON.stringify(why)}\n\n`);
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    hub.streams.delete(stream);
    out.end();
  };
  const stream = { end: () => end() };

  const pump = async () => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        for (;;) {
          const rows = await opts.backlog(last, BACKLOG_BATCH);
          if (ended) return;
          for (const e of rows) {
            if (e.id <= last) continue;
            write(frame(e));
            last = e.id;
          }
          if (rows.length < BACKLOG_BATCH) break;
        }
      } while (again && !ended);
    } catch (err) {
      request.log.error({ err }, 'event stream read failed');
      end({ status: 500, message: 'The event stream failed; reconnecting.' });
    } finally {
      reading = false;
    }
  };

  // The caller as the guard would see them now (auth/guard.ts): null while the stream may go on. An app without the
  // guard (the hub's own tests) has no callers to check.
  const stillAllowed = (): Promise<SseEnd | null> =>
    app.hasDecorator('recheck') ? app.recheck(request) : Promise.resolve(null);

  const heartbeat = setInterval(() => {
    if (checking || ended) return;
    checking = true;
    stillAllowed()
      .then(
        (why) => {
          if (why) end(why);
          else write(': heartbeat\n\n');
        },
        (err) => request.log.warn({ err }, 'event stream check failed; trying at the next heartbeat'),
      )
      .finally(() => {
        checking = false;
      });
  }, hub.heartbeatMs);
  heartbeat.unref();
  // Subscribed before the first read: whatever commits after it wakes the stream.
  unsubscribe = opts.live(() => {
    if (started) void pump();
  });
  hub.streams.add(stream);
  reply.raw.on('close', () => end());

  reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('connection', 'keep-alive')
    // nginx and similar proxies would otherwise hold events back in their buffers.
    .header('x-accel-buffering', 'no');
  reply.send(out);

  void (async () => {
    try {
      last = opts.lastEventId ?? (opts.start ? await opts.start() : 0);
    } catch (err) {
      request.log.error({ err }, 'event stream start failed');
      return end({ status: 500, message: 'The event stream failed; reconnecting.' });
    }
    if (ended) return;
    // The client reconnects after 3 s when the connection drops; `ready` tells where the stream starts.
    write(`retry: 3000\n\n${frame({ id: last, event: 'ready', data: {} })}`);
    started = true;
    await pump();
  })();
  return reply;
}
