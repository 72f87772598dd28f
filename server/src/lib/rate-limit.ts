/**
 * Abuse limits (sign-in, sign-up) counted in the `rate_limits` table: a fixed window per key, or a progressive
 * slow-down (`claimAttempt`), one atomic upsert per hit. In the database rather than in process memory so that several server
 * processes on one PostgreSQL share each bucket (an attacker spreading requests over the processes
 * gets the same limit); PostgreSQL's ON CONFLICT takes the row lock, so simultaneous hits each count.
 * Windows run on the database's clock, the one clock every process shares. The time left is read from
 * clock_timestamp(): now() is the start of a statement that may have waited on the row lock behind the hit that
 * opened the window, so it would answer more than the whole window.
 */
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/client.js';
import { HttpError } from './errors.js';

export interface Limit {
  max: number;
  timeWindowMs: number;
}

export interface Bucket {
  /** e.g. `signup:addr:203.0.113.7` */
  key: string;
  limit: Limit;
  /** The 429's message; `{wait}` becomes "N seconds" or "N minutes". */
  message: string;
}

/** Expired rows are deleted now and then (one hit in this many), so the table holds live buckets only. */
const SWEEP_EVERY = 500;
let sinceSweep = 0;

/** Counts one hit on the key; the hits in the window so far (this one included) and the seconds until it resets. */
export async function hit(db: Db, key: string, limit: Limit): Promise<{ hits: number; resetInS: number }> {
  if (++sinceSweep >= SWEEP_EVERY) {
    sinceSweep = 0;
    await db.execute(sql`delete from rate_limits where reset_at < now()`);
  }
  const [r] = await queryRows<{ hits: number; reset_in_ms: number | string }>(
    db,
    sql`
    insert into rate_limits as r (key, hits, reset_at) values (${key}, 1, now() + ${limit.timeWindowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning hits, extract(epoch from (reset_at - clock_timestamp())) * 1000 as reset_in_ms`,
  );
  return { hits: Number(r.hits), resetInS: Math.max(1, Math.ceil(Number(r.reset_in_ms) / 1000)) };
}

/** Gives one hit back (an attempt that turned out not to be abuse: a sign-in with the right password). */
export async function refund(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${key}`);
}

export async function forget(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

export interface SlowDown {
  /** Attempts without delay. */
  free: number;
  /** The wait before the attempt after the free ones; each further attempt doubles it. */
  delayMs: number;
  maxDelayMs: number;
  /** The count is forgotten this long after the last attempt (more than maxDelayMs). */
  forgetMs: number;
}

/**
 * A progressive slow-down: after `free` attempts on the key, the next may come `delayMs` after the last one, the
 * one after that twice as late, and so on up to `maxDelayMs`. The row holds the attempts and the last one's time
 * plus `forgetMs` (reset_at). The upsert only counts the attempt when it is due (ON CONFLICT … WHERE, evaluated on
 * the locked row): of simultaneous attempts on a key at most one gets through once the free ones are used.
 * Answers null when the attempt may go on (it is counted), else the seconds to wait.
 */
export async function claimAttempt(db: Db, key: string, s: SlowDown): Promise<number | null> {
  const ms = (v: number) => sql`${v} * interval '1 millisecond'`;
  // The earliest time of the next attempt after `hits` attempts; the exponent is capped so power() cannot overflow.
  const dueAt = sql`r.reset_at - ${ms(s.forgetMs)} + least(${s.delayMs} * power(2, least(r.hits - ${s.free}, 40)), ${s.maxDelayMs}) * interval '1 millisecond'`;
  const claimed = await queryRows<{ hits: number }>(
    db,
    sql`
    insert into rate_limits as r (key, hits, reset_at) values (${key}, 1, now() + ${ms(s.forgetMs)})
    on conflict (key) do update set
      hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
      reset_at = excluded.reset_at
    where r.reset_at <= now() or r.hits < ${s.free} or ${dueAt} <= now()
    returning hits`,
  );
  if (claimed.length) return null;
  const [r] = await queryRows<{ wait_ms: number | string }>(
    db,
    sql`select extract(epoch from (${dueAt} - clock_timestamp())) * 1000 as wait_ms from rate_limits as r where r.key = ${key}`,
  );
  return Math.max(1, Math.ceil(Number(r?.wait_ms ?? 0) / 1000));
}

function wait(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Counts a hit on each bucket in turn; the first one over its limit answers 429 with Retry-After
 * (buckets after it are not counted). Call it before the expensive work (password hashing).
 */
export async function enforce(db: Db, reply: FastifyReply, buckets: Bucket[]): Promise<void> {
  for (const b of buckets) {
    const { hits, resetInS } = await hit(db, b.key, b.limit);
    if (hits > b.limit.max) throw tooMany(reply, resetInS, b.message);
  }
}

/** A 429 with Retry-After; `{wait}` in the message becomes "N seconds" or "N minutes". */
export function tooMany(reply: FastifyReply, seconds: number, message: string): HttpError {
  reply.header('retry-after', String(seconds));
  return new HttpError(429, message.replace('{wait}', wait(seconds)));
}
