import { pgTable, serial, text, jsonb, integer, index } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { users } from './core.js';

/**
 * Jobs for outside systems (order sync, product sync, GP, TIS ...): recorded here with their status
 * and picked up by a worker; nothing is reported as done until a worker marks it so.
 */
export const outboxJobs = pgTable('outbox_jobs', {
  id: serial('id').primaryKey(),
  topic: text('topic').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('outbox_jobs_status_created').on(t.status, t.createdAt)]);
