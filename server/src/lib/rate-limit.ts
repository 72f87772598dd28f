/**
 * Abuse limits (sign-in, sign-up) counted in the `rate_limits` table: a fixed window per key, one
 * atomic upsert per hit. In the database rather than in process memory so that several server
 * processes on one PostgreSQL share each bucket (an attacker spreading requests over the processes
 * gets the same limit); PostgreSQL's ON CONFLICT takes the row lock, so simultaneous hits each count.
 * Windows run on the database's clock, the one clock every process shares.
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
    returning hits, extract(epoch from (reset_at - now())) * 1000 as reset_in_ms`,
  );
  return { hits: Number(r.hits), resetInS: Math.max(1, Math.ceil(Number(r.reset_in_ms) / 1000)) };
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
    if (hits > b.limit.max) {
      reply.header('retry-after', String(resetInS));
      throw new HttpError(429, b.message.replace('{wait}', wait(resetInS)));
    }
  }
}
