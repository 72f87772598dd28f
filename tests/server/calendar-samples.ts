/**
 * Valid requests for the calendar app's own events (/api/v2/calendar-entries) for security.test.ts. Events
 * belong to a user, not a shop: every id here is one of admin's demo events, someone else's for the walker's
 * supplier, which answers 404 (tests/server/calendar.test.ts checks every user against every other).
 */
import type { FastifyInstance } from 'fastify';

export type CalendarIds = { event: number };

const E = '/api/v2/calendar-entries';
/** The demo events' week (the week after the seed's reference date), in Bangkok time. */
const FROM = encodeURIComponent('2026-11-23T00:00:00+07:00');
const TO = encodeURIComponent('2026-11-30T00:00:00+07:00');

/** Creating an event names no record: nothing in it can be another shop's or user's. */
export const CALENDAR_IDLESS = [`POST ${E}`];

export async function calendarIdsOf(
  app: FastifyInstance,
  _shop: number,
  admin: { authorization: string },
): Promise<CalendarIds> {
  const res = await app.inject({ method: 'GET', url: `${E}?from=${FROM}&to=${TO}`, headers: admin });
  if (res.statusCode !== 200) throw new Error(`${E}: ${res.statusCode} ${res.body}`);
  const [event] = res.json<{ id: number }[]>();
  if (!event) throw new Error('admin has no demo calendar event in the week after the reference date');
  return { event: event.id };
}

type Sample = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object };

/** A request that passes validation for the route, or undefined when the route is not one of these. */
export function calendarSample(method: string, url: string, _shop: number, ids: CalendarIds): Sample | undefined {
  if (url !== E && !url.startsWith(`${E}/`)) return undefined;
  const one = url.replace(':id', String(ids.event));
  switch (`${method} ${url}`) {
    case `GET ${E}`:
      return { method: 'GET', url: `${E}?from=${FROM}&to=${TO}&id=${ids.event}` };
    case `POST ${E}`:
      return {
        method: 'POST',
        url,
        payload: { title: 'Probe', startsAt: '2027-01-04T09:00:00+07:00', endsAt: '2027-01-04T10:00:00+07:00' },
      };
    case `PATCH ${E}/:id`:
      return { method: 'PATCH', url: one, payload: { version: 1, title: 'Probe' } };
    default:
      return { method: method as Sample['method'], url: one };
  }
}
