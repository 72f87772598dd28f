/**
 * The date range of a dashboard read: Bangkok calendar days, both ends included, at most two years, and the
 * range of the same length just before it (what the figures are compared with).
 */
import { fieldError } from '../../lib/errors.js';

const DAY = 86_400_000;
/** Two years of days, a leap day included. */
export const MAX_RANGE_DAYS = 731;
/** Without `from`/`to`: the 30 days up to today. */
export const DEFAULT_RANGE_DAYS = 30;

export interface DayRange {
  from: string;
  to: string;
  days: number;
}
export interface Ranges {
  current: DayRange;
  previous: DayRange;
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today in Bangkok (UTC+7 all year) as YYYY-MM-DD. */
export const bangkokToday = (now = new Date()) => iso(now.getTime() + 7 * 3_600_000);

/** Milliseconds of a real calendar day written YYYY-MM-DD (2026-02-30 is not one), else a 400 naming the field. */
function dayOf(field: string, value: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || Number.isNaN(ms) || iso(ms) !== value || Number(m[1]) < 2000) {
    throw fieldError(field, `${field} must be a date written YYYY-MM-DD, such as 2026-11-01`);
  }
  return ms;
}

export function parseRange(q: { from?: string; to?: string }, now = new Date()): Ranges {
  const to = q.to !== undefined ? dayOf('to', q.to) : dayOf('to', bangkokToday(now));
  const from = q.from !== undefined ? dayOf('from', q.from) : to - (DEFAULT_RANGE_DAYS - 1) * DAY;
  if (from > to) throw fieldError('from', 'from must be on or before to');
  const days = Math.round((to - from) / DAY) + 1;
  if (days > MAX_RANGE_DAYS)
    throw fieldError(
      'to',
      `The range may span at most two years (${MAX_RANGE_DAYS} days): pick a to date closer to from`,
    );
  return {
    current: { from: iso(from), to: iso(to), days },
    previous: { from: iso(from - days * DAY), to: iso(from - DAY), days },
  };
}

/** Every day of the range, oldest first. */
export function daysOf(r: DayRange): string[] {
  const start = Date.parse(`${r.from}T00:00:00Z`);
  return Array.from({ length: r.days }, (_, i) => iso(start + i * DAY));
}
