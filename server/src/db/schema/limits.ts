import { pgTable, text, integer, index } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/**
 * Abuse-limit buckets (sign-in, sign-up): one row per key, a fixed window from its first hit until
 * `resetAt`. Kept in the database, not in process memory, so every server process on one database
 * counts into the same bucket (see lib/rate-limit.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: ts('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset').on(t.resetAt)],
);
