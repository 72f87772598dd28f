/**
 * Time windows of marketing records (banners, campaigns, home categories, flash sales, trade-ins,
 * coupons): stored in UTC with the IANA time zone they were entered in (db/schema/window.ts). One
 * body shape and one check for all of them, so each says the same thing about a bad window.
 */
import { fieldError } from './errors.js';

export const WINDOW_FIELDS = {
  startsAt: { type: 'string', format: 'date-time', description: 'Start, ISO-8601 with its offset (stored in UTC)' },
  endsAt: {
    type: ['string', 'null'],
    format: 'date-time',
    description: 'End, ISO-8601 with its offset; null = no end',
  },
  timezone: {
    type: 'string',
    minLength: 1,
    maxLength: 64,
    description: 'IANA time zone the window was entered in, e.g. Asia/Bangkok',
  },
} as const;

export interface WindowInput {
  startsAt?: string;
  endsAt?: string | null;
  timezone?: string;
}
export interface Window {
  startsAt: Date;
  endsAt: Date | null;
  timezone: string;
}

/** Whether the runtime knows the zone (Intl refuses an unknown one). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** PostgreSQL stores years 4713 BC to 294276 AD; a window stays within years 2000–2999. */
const parse = (field: string, value: string): Date => {
  const d = new Date(value);
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 2000 || d.getUTCFullYear() > 2999) {
    throw fieldError(field, `${field} must be a date and time such as 2026-12-01T09:00:00+07:00`);
  }
  return d;
};

/**
 * The window a write ends with: the fields it sends over the ones stored (`current`, on an edit).
 * 400 naming the field for a date that is not one, an unknown zone, or an end not after the start.
 */
export function checkWindow(input: WindowInput, current?: Window): Window {
  const startsAt = input.startsAt !== undefined ? parse('startsAt', input.startsAt) : current?.startsAt;
  if (!startsAt) throw fieldError('startsAt', 'startsAt is required');
  const endsAt =
    input.endsAt === undefined
      ? (current?.endsAt ?? null)
      : input.endsAt === null
        ? null
        : parse('endsAt', input.endsAt);
  const timezone = input.timezone ?? current?.timezone ?? 'Asia/Bangkok';
  if (!isTimeZone(timezone))
    throw fieldError('timezone', `timezone "${timezone}" is not a time zone; use an IANA name such as Asia/Bangkok`);
  if (endsAt && endsAt.getTime() <= startsAt.getTime()) throw fieldError('endsAt', 'endsAt must be after startsAt');
  return { startsAt, endsAt, timezone };
}

/** Where `now` falls in an active record's window: before it, inside it or after it. */
export function windowState(
  w: { startsAt: Date; endsAt: Date | null },
  now = new Date(),
): 'scheduled' | 'live' | 'expired' {
  if (now < w.startsAt) return 'scheduled';
  if (w.endsAt && now >= w.endsAt) return 'expired';
  return 'live';
}
