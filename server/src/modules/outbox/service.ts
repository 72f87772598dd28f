/**
 * The outbox: jobs for outside systems are written here in the transaction of the change that asks for
 * them (`enqueue`), delivered by the relay (relay.ts), read by the screens with their delivery state,
 * and put back in the queue by staff once failed or dead (`retryJob`).
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { accessFor } from '../../auth/access.js';
import { allows } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/types.js';
import type { Db } from '../../db/client.js';
import { outboxJobs } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { publish } from '../../lib/realtime.js';
import type { Tx } from '../../lib/sql.js';
import { systemOf, TOPICS, type OutboxConfig } from './config.js';
import { mirrorJobs } from './mirrors.js';

export type Job = typeof outboxJobs.$inferSelect;
export const JOB_STATES = ['queued', 'sending', 'sent', 'failed', 'dead'] as const;
/** Relays listen here: a job queued (or retried) is sent at once rather than at the next poll. */
export const WAKE_CHANNEL = 'outbox';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Queues a job for the topic's outside system inside the caller's transaction; relays hear of it after the commit. */
export async function enqueue(
  tx: Tx | Db,
  job: { topic: string; payload: Record<string, unknown>; createdBy: number },
): Promise<Job> {
  if (!TOPICS[job.topic]) throw new Error(`outbox topic ${job.topic} has no outside system (modules/outbox/config.ts)`);
  const [row] = await tx
    .insert(outboxJobs)
    .values({ ...job, status: 'queued' })
    .returning();
  await publish(tx, WAKE_CHANNEL, { id: row.id });
  return row;
}

/** A job's delivery state as the screens show it: `nextAttemptAt` only while a retry waits. */
export function deliveryState(j: Job) {
  return {
    system: systemOf(j.topic),
    status: j.status,
    attempts: j.attempts,
    lastError: j.lastError,
    nextAttemptAt: j.status === 'failed' ? iso(j.nextAttemptAt) : null,
    sentAt: iso(j.sentAt),
  };
}

/** Whether the topic's system has an address: without one its jobs stay queued. */
export const isConfigured = (settings: OutboxConfig, topic: string) => {
  const system = systemOf(topic);
  return !!system && !!settings.targets[system];
};

export function jobView(j: Job, settings: OutboxConfig) {
  return {
    id: j.id,
    topic: j.topic,
    ...deliveryState(j),
    configured: isConfigured(settings, j.topic),
    maxAttempts: settings.maxAttempts,
    payload: j.payload,
    createdAt: iso(j.createdAt)!,
    updatedAt: iso(j.updatedAt)!,
  };
}

/** The topics whose jobs the caller may see and retry: those of the endpoints they may call. */
export function topicsFor(user: AuthUser): string[] {
  return Object.entries(TOPICS)
    .filter(([, t]) => {
      const access = accessFor(t.endpoint);
      return !!access && allows(user, access);
    })
    .map(([topic]) => topic);
}

export interface JobQuery {
  topic?: string[];
  status?: string[];
  _start: number;
  _end: number;
}

export async function listJobs(db: Db, user: AuthUser, settings: OutboxConfig, q: JobQuery) {
  const mine = topicsFor(user);
  const topics = q.topic ? q.topic.filter((t) => mine.includes(t)) : mine;
  if (!topics.length) return { rows: [], total: 0 };
  const where: SQL[] = [inArray(outboxJobs.topic, topics)];
  if (q.status) where.push(inArray(outboxJobs.status, q.status));
  const [{ total }] = await db
    .select({ total: count() })
    .from(outboxJobs)
    .where(and(...where));
  const rows = await db
    .select()
    .from(outboxJobs)
    .where(and(...where))
    .orderBy(desc(outboxJobs.createdAt), desc(outboxJobs.id))
    .limit(Math.max(0, q._end - q._start))
    .offset(q._start);
  return { rows: rows.map((j) => jobView(j, settings)), total };
}

/** A failed or dead job back in the queue with all its tries (same idempotency key: the receiver still sees one job). */
export async function retryJob(db: Db, user: AuthUser, settings: OutboxConfig, id: number) {
  return db.transaction(async (tx) => {
    const [job] = await tx.select().from(outboxJobs).where(eq(outboxJobs.id, id)).for('update');
    if (!job || !topicsFor(user).includes(job.topic)) throw notFound('Job');
    if (job.status !== 'failed' && job.status !== 'dead') {
      throw conflict(`Job #${id} is ${job.status}: only a failed or dead job can be tried again.`);
    }
    const [row] = await tx
      .update(outboxJobs)
      .set({
        status: 'queued',
        attempts: 0,
        lastError: null,
        nextAttemptAt: sql`now()`,
        claimedUntil: null,
        claimToken: null,
        updatedAt: sql`now()`,
      })
      .where(eq(outboxJobs.id, id))
      .returning();
    await mirrorJobs(tx, [row]);
    await audit(tx, {
      actorId: user.id,
      action: 'outbox.retry',
      entity: 'outbox_job',
      entityId: id,
      before: { status: job.status, attempts: job.attempts, lastError: job.lastError },
      after: { status: 'queued' },
    });
    await publish(tx, WAKE_CHANNEL, { id });
    return jobView(row, settings);
  });
}
