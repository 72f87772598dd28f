import { sql } from 'drizzle-orm';
import { pgTable, serial, text, jsonb, integer, index, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { users } from './core.js';

/**
 * Jobs for outside systems (order sync, product sync, GP, TIS ...), written in the transaction of the
 * change that asks for them and delivered by the relay (server/src/modules/outbox/relay.ts).
 * status: queued → sending (leased to one relay until `claimedUntil`) → sent; a failed try → failed
 * (tried again at `nextAttemptAt`); out of tries → dead. Nothing reads as done until the outside
 * system answered 2xx.
 */
export const outboxJobs = pgTable(
  'outbox_jobs',
  {
    id: serial('id').primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Sent as `Idempotency-Key` on every try: the receiver sees one job however often it arrives. */
    idempotencyKey: uuid('idempotency_key')
      .notNull()
      .default(sql`gen_random_uuid()`),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** The lease of the relay sending it; once past, another relay takes the job again (a crashed sender). */
    claimedUntil: ts('claimed_until'),
    /** Which claim holds the lease: a relay whose lease was taken over cannot record its outcome. */
    claimToken: uuid('claim_token'),
    sentAt: ts('sent_at'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('outbox_jobs_status_created').on(t.status, t.createdAt),
    index('outbox_jobs_due')
      .on(t.nextAttemptAt)
      .where(sql`status in ('queued', 'failed', 'sending')`),
  ],
);
