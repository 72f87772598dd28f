import { text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/**
 * A time window as marketing enters it: start and end stored in UTC, with the IANA time zone the
 * person entered them in (shown back in that zone). `endsAt` null = open-ended.
 */
export const windowColumns = () => ({
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at'),
  timezone: text('timezone').notNull().default('Asia/Bangkok'),
});
