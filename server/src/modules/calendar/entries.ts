/**
 * `/api/v2/calendar-entries`: each signed-in user's own calendar events (docs/api/calendar.md, "Own events").
 * Stored in UTC with the IANA zone they were entered in; checked like every window (lib/window.ts). A change
 * names the version it was read at: a stale one is a 409 and changes nothing. Another user's id answers 404
 * on every route, the list's `id` filter included.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import { calendarEvents } from '../../db/schema.js';
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/types.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { restResource, restRoutes, type WriteContext } from '../../rest/resource.js';
import { dateTime, id } from '../../lib/schemas.js';
import { checkWindow, WINDOW_FIELDS } from '../../lib/window.js';
import type { Db } from '../../db/client.js';
import { TAGS } from './schemas.js';
import { MAX_SPAN_DAYS } from './service.js';

export const ENTRIES = 'calendar-entries';
const LABEL = 'Calendar event';
/** The colours a person picks from; the client draws each one. */
export const COLORS = ['blue', 'green', 'orange', 'red', 'purple', 'grey'] as const;
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
const DAY = 86_400_000;

type Body = Record<string, unknown>;

/** Whether `at` is 00:00:00 on the clock of `zone`. */
function isMidnight(at: Date, zone: string): boolean {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return at.getUTCMilliseconds() === 0 && part('hour') === 0 && part('minute') === 0 && part('second') === 0;
}

/** The write as stored: trimmed words, the window checked over what is stored, the version moved on. */
export function prepareEntry(body: Body, ctx: Pick<WriteContext, 'op' | 'current'>): Body {
  const out: Body = { ...body };
  const current = ctx.current;
  if (ctx.op === 'create' && body.version !== undefined)
    throw fieldError('version', 'version is given by the server; leave it out of a new event');
  if (ctx.op === 'update') {
    if (body.version === undefined)
      throw fieldError(
        'version',
        'version is required: send the version you read, so a change made elsewhere is not overwritten',
      );
    if (body.version !== current!.version) {
      throw conflict(
        `This event was changed elsewhere since you read it (version ${Number(body.version)}, now ${Number(current!.version)}); reload it and make your change again.`,
      );
    }
    out.version = (current!.version as number) + 1;
  }
  if (typeof body.title === 'string') {
    out.title = body.title.trim();
    if (!out.title) throw fieldError('title', 'title must not be empty');
  }
  if (body.description !== undefined)
    out.description = typeof body.description === 'string' && body.description.trim() ? body.description.trim() : null;
  if (ctx.op === 'create') out.color ??= COLORS[0];

  const stored = current && {
    startsAt: new Date(current.startsAt as string),
    endsAt: new Date(current.endsAt as string),
    timezone: current.timezone as string,
  };
  const w = checkWindow(
    {
      startsAt: body.startsAt as string | undefined,
      endsAt: body.endsAt as string | undefined,
      timezone: body.timezone as string | undefined,
    },
    stored,
  );
  const endsAt = w.endsAt!;
  if (endsAt.getTime() - w.startsAt.getTime() > MAX_SPAN_DAYS * DAY)
    throw fieldError('endsAt', `endsAt may be at most ${MAX_SPAN_DAYS} days after startsAt`);
  const allDay = (body.allDay ?? current?.allDay ?? false) as boolean;
  if (allDay) {
    if (!isMidnight(w.startsAt, w.timezone))
      throw fieldError('startsAt', `An all-day event starts at midnight in its time zone (00:00 ${w.timezone})`);
    if (!isMidnight(endsAt, w.timezone))
      throw fieldError(
        'endsAt',
        `An all-day event ends at midnight in its time zone (00:00 ${w.timezone} of the day after its last day)`,
      );
  }
  if (body.startsAt !== undefined) out.startsAt = w.startsAt;
  if (body.endsAt !== undefined) out.endsAt = endsAt;
  if (body.timezone !== undefined) out.timezone = w.timezone;
  return out;
}

const fields = {
  title: { type: 'string', minLength: 1, maxLength: TITLE_MAX },
  description: { type: ['string', 'null'], maxLength: DESCRIPTION_MAX, description: 'Plain text; empty = none' },
  startsAt: WINDOW_FIELDS.startsAt,
  endsAt: {
    type: 'string',
    format: 'date-time',
    description: 'End, ISO-8601 with its offset, after startsAt (an all-day event: midnight after its last day)',
  },
  allDay: { type: 'boolean', description: 'Whole days: startsAt and endsAt are midnights in timezone (default false)' },
  color: { type: 'string', enum: COLORS, description: `One of the palette (default ${COLORS[0]})` },
  timezone: {
    ...WINDOW_FIELDS.timezone,
    description: 'IANA time zone the event was entered in (default Asia/Bangkok)',
  },
} as const;

export const entry = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    description: { type: ['string', 'null'] },
    startsAt: dateTime,
    endsAt: dateTime,
    allDay: { type: 'boolean' },
    color: { type: 'string', enum: COLORS },
    timezone: { type: 'string' },
    version: { type: 'integer' },
    createdAt: dateTime,
    updatedAt: dateTime,
  },
  required: [
    'id',
    'title',
    'description',
    'startsAt',
    'endsAt',
    'allDay',
    'color',
    'timezone',
    'version',
    'createdAt',
    'updatedAt',
  ],
} as const;

const columns = {
  id: calendarEvents.id,
  title: calendarEvents.title,
  description: calendarEvents.description,
  startsAt: calendarEvents.startsAt,
  endsAt: calendarEvents.endsAt,
  allDay: calendarEvents.allDay,
  color: calendarEvents.color,
  timezone: calendarEvents.timezone,
  version: calendarEvents.version,
  createdAt: calendarEvents.createdAt,
  updatedAt: calendarEvents.updatedAt,
};

export interface EntriesQuery {
  from: string;
  to: string;
  id?: number[];
}

/** The caller's events overlapping from–to, by start; asked by id, another user's (or no) event is a 404. */
export async function listEntries(db: Db, user: AuthUser, q: EntriesQuery) {
  const from = new Date(q.from);
  const to = new Date(q.to);
  if (to <= from) throw fieldError('to', 'to must be after from');
  if (to.getTime() - from.getTime() > MAX_SPAN_DAYS * DAY)
    throw fieldError('to', `to may be at most ${MAX_SPAN_DAYS} days after from`);
  const rows = await db
    .select(columns)
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.userId, user.id),
        lt(calendarEvents.startsAt, to),
        gt(calendarEvents.endsAt, from),
        q.id?.length ? inArray(calendarEvents.id, q.id) : undefined,
      ),
    )
    .orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.id));
  if (q.id?.length) {
    const owned = await db
      .select({ id: calendarEvents.id })
      .from(calendarEvents)
      .where(and(eq(calendarEvents.userId, user.id), inArray(calendarEvents.id, q.id)));
    if (owned.length < new Set(q.id).size) throw notFound(LABEL);
  }
  return rows.map((r) => ({
    ...r,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export function entryRoutes(app: FastifyInstance) {
  restRoutes(app, ENTRIES, { tags: TAGS }).get<{ Querystring: EntriesQuery }>(
    '',
    {
      summary: "The caller's own events overlapping from–to, by start (total in x-total-count)",
      query: {
        from: { ...dateTime, description: 'Events that end after this (ISO-8601 with offset)' },
        to: { ...dateTime, description: `Events that start before this; at most ${MAX_SPAN_DAYS} days after from` },
        id: {
          type: 'array',
          items: id,
          maxItems: 100,
          description: 'Only these events (repeat the parameter); one that is not yours → 404',
        },
      },
      queryRequired: ['from', 'to'],
      response: {
        200: {
          type: 'array',
          items: entry,
          headers: { 'x-total-count': { type: 'integer', description: 'Events in the range' } },
        },
      },
    },
    async (req, reply) => {
      const rows = await listEntries(app.db, requireUser(req), req.query);
      reply.header('x-total-count', String(rows.length));
      return rows;
    },
  );

  restResource(app, {
    name: ENTRIES,
    label: LABEL,
    table: calendarEvents,
    id: calendarEvents.id,
    owner: { user: calendarEvents.userId },
    fields: {
      title: { column: calendarEvents.title, schema: { type: 'string' }, write: fields.title },
      description: {
        column: calendarEvents.description,
        schema: { type: ['string', 'null'] },
        write: fields.description,
        optional: true,
      },
      startsAt: { column: calendarEvents.startsAt, schema: dateTime, write: fields.startsAt },
      endsAt: { column: calendarEvents.endsAt, schema: dateTime, write: fields.endsAt },
      allDay: { column: calendarEvents.allDay, schema: { type: 'boolean' }, write: fields.allDay, optional: true },
      color: {
        column: calendarEvents.color,
        schema: { type: 'string', enum: COLORS },
        write: fields.color,
        optional: true,
      },
      timezone: { column: calendarEvents.timezone, schema: { type: 'string' }, write: fields.timezone, optional: true },
      version: {
        column: calendarEvents.version,
        schema: { type: 'integer' },
        write: {
          type: 'integer',
          minimum: 1,
          description: 'On a change: the version you read (required); a stale one → 409',
        },
        optional: true,
      },
      createdAt: { column: calendarEvents.createdAt, schema: dateTime },
      updatedAt: { column: calendarEvents.updatedAt, schema: dateTime },
    },
    updatedAt: calendarEvents.updatedAt,
    prepare: prepareEntry,
    audit: { entity: 'calendar_event' },
    except: ['list'],
    tags: TAGS,
  });
}
