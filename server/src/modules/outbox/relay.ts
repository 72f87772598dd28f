/**
 * The outbox relay: delivers queued jobs to their outside system's URL. A pass claims a batch of due
 * jobs in one short transaction (`for update skip locked`, so two relays — in one process or in two
 * app processes on one PostgreSQL — never claim the same job) and leases them (`claimed_until`), sends
 * them with no transaction open, and records each outcome only while its lease is still the one it
 * took (`claim_token`). A relay that dies mid-send leaves its jobs leased; once the lease runs out
 * another relay takes them again. A 2xx answer is sent; anything else is a failed try, tried again
 * after an exponential backoff with jitter, and dead after `maxAttempts` tries.
 *
 * Each request: POST JSON `{ id, topic, payload, createdAt }` with `Idempotency-Key` (the job's key,
 * the same on every try) and `X-Signature: sha256=<hex HMAC-SHA256 of the body with the system's secret>`.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { outboxJobs as j } from '../../db/schema.js';
import { systemOf, TOPICS, type OutboxConfig, type OutboxTarget } from './config.js';
import { mirrorJobs } from './mirrors.js';
import type { Job } from './service.js';

/** Jobs claimed (and sent side by side) per pass step; a pass repeats while batches come back full. */
export const BATCH = 20;
/** How much of an answer's body is kept as the job's last error. */
const ERROR_EXCERPT = 300;

const ms = (n: number) => sql`(${n} * interval '1 millisecond')`;

/** Delay before try `attempt + 1`: base · 2^(attempt−1), capped, with "equal jitter" (between half and all of it) so retries spread. */
export function backoffDelay(
  settings: Pick<OutboxConfig, 'backoffMs' | 'maxBackoffMs'>,
  attempt: number,
  random = Math.random,
): number {
  const full = Math.min(settings.maxBackoffMs, settings.backoffMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(full / 2 + random() * (full / 2));
}

export const signature = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** The request body of a job: the same bytes on every try. */
export const requestBody = (job: Job) =>
  JSON.stringify({ id: job.id, topic: job.topic, payload: job.payload, createdAt: job.createdAt.toISOString() });

/** Topics whose system has an address: the only jobs a relay claims. */
const sendableTopics = (settings: OutboxConfig) =>
  Object.keys(TOPICS).filter((t) => settings.targets[TOPICS[t].system]);

export interface Claimed {
  job: Job;
  token: string;
}

/**
 * Claims up to `limit` due jobs for this relay: queued or failed ones whose time has come, and sending
 * ones whose lease ran out. Each try is counted when it is claimed, so a relay that dies mid-send still
 * used one; a job whose lease ran out on its last try is dead.
 */
export async function claimDue(db: Db, settings: OutboxConfig, limit = BATCH): Promise<Claimed[]> {
  const topics = sendableTopics(settings);
  if (!topics.length) return [];
  const token = randomUUID();
  return db.transaction(async (tx) => {
    const leaseLost = and(eq(j.status, 'sending'), lt(j.claimedUntil, sql`now()`));
    const dead = await tx
      .update(j)
      .set({
        status: 'dead',
        lastError: 'No outcome recorded before the lease ran out on the last try',
        claimedUntil: null,
        claimToken: null,
        updatedAt: sql`now()`,
      })
      .where(and(inArray(j.topic, topics), leaseLost, gte(j.attempts, settings.maxAttempts)))
      .returning();
    const due = tx
      .select({ id: j.id })
      .from(j)
      .where(
        and(
          inArray(j.topic, topics),
          or(and(inArray(j.status, ['queued', 'failed']), lte(j.nextAttemptAt, sql`now()`)), leaseLost),
        ),
      )
      .orderBy(asc(j.nextAttemptAt), asc(j.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(j)
      .set({
        status: 'sending',
        attempts: sql`${j.attempts} + 1`,
        claimedUntil: sql`now() + ${ms(settings.leaseMs)}`,
        claimToken: token,
        updatedAt: sql`now()`,
      })
      .where(inArray(j.id, due))
      .returning();
    await mirrorJobs(tx, [...dead, ...rows]);
    return rows.map((job) => ({ job, token }));
  });
}

export type Outcome = { ok: true; status: number } | { ok: false; error: string };

/** One try: the job POSTed to its system. Never throws: every failure is an outcome with a reason a person can read. */
export async function send(job: Job, target: OutboxTarget, timeoutMs: number): Promise<Outcome> {
  const body = requestBody(job);
  try {
    const res = await fetch(target.url, {
      method: 'POST',
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'seller-center-outbox',
        'idempotency-key': job.idempotencyKey,
        'x-signature': signature(target.secret, body),
        'x-outbox-topic': job.topic,
      },
    });
    const text = await res.text().catch(() => '');
    if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status };
    const excerpt = text.trim().replace(/\s+/g, ' ').slice(0, ERROR_EXCERPT);
    return { ok: false, error: `HTTP ${res.status}${excerpt ? `: ${excerpt}` : ''}` };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError') return { ok: false, error: `No answer within ${timeoutMs} ms` };
    return { ok: false, error: e.cause?.code ?? e.cause?.message ?? e.message };
  }
}

/**
 * Records a try's outcome (and its record's status, mirrors.ts), only while this relay still holds the job's lease.
 * Answers the job's new state (null: lease lost).
 */
export async function finish(
  db: Db,
  settings: OutboxConfig,
  { job, token }: Claimed,
  outcome: Outcome,
): Promise<string | null> {
  const held = and(eq(j.id, job.id), eq(j.claimToken, token), eq(j.status, 'sending'));
  const released = { claimedUntil: null, claimToken: null, updatedAt: sql`now()` };
  const update = outcome.ok
    ? { ...released, status: 'sent', sentAt: sql`now()`, lastError: null }
    : job.attempts >= settings.maxAttempts
      ? { ...released, status: 'dead', lastError: outcome.error }
      : {
          ...released,
          status: 'failed',
          lastError: outcome.error,
          nextAttemptAt: sql`now() + ${ms(backoffDelay(settings, job.attempts))}`,
        };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(j)
      .set(update)
      .where(held)
      .returning({ topic: j.topic, payload: j.payload, status: j.status });
    if (row) await mirrorJobs(tx, [row]);
    return row?.status ?? null;
  });
}

export interface PassResult {
  id: number;
  status: string | null;
}

/** One pass: claims, sends and records batches until fewer than a batch are due. */
export async function relayPass(db: Db, settings: OutboxConfig): Promise<PassResult[]> {
  const done: PassResult[] = [];
  for (;;) {
    const claimed = await claimDue(db, settings);
    const results = await Promise.all(
      claimed.map(async (c) => {
        const target = settings.targets[systemOf(c.job.topic)!]!;
        return { id: c.job.id, status: await finish(db, settings, c, await send(c.job, target, settings.timeoutMs)) };
      }),
    );
    done.push(...results);
    if (claimed.length < BATCH) return done;
  }
}

export interface Relay {
  start(): void;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
  /** Runs a pass soon (a job was queued); a no-op while stopped. */
  wake(): void;
}

/** Passes every `settings.workerMs`, one at a time; a failed pass is logged and the next one tries again. */
export function outboxRelay(db: Db, log: FastifyBaseLogger, settings: OutboxConfig): Relay {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  const pass = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = relayPass(db, settings)
      .then((jobs) => {
        if (jobs.length) log.info({ jobs }, 'outbox jobs relayed');
      })
      .catch((err) => log.error({ err }, 'outbox relay pass failed'))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void pass();
        }
      });
    return running;
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(() => void pass(), settings.workerMs);
      timer.unref();
      void pass();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    wake() {
      if (!stopped) void pass();
    },
  };
}
