/**
 * The calendar app's own events (docs/api/calendar.md, "Own events"): each user's own, listed by range, windows
 * checked like every window, changes against the version read, an audit row per write; and what the two calendar
 * screens reach of the marketing windows (staff: the kinds of the screens they hold; suppliers: none).
 */
import { and, eq } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { caller, expectFieldError as fieldError, ok, type Res } from '../support/answers.js';
import { auditLog, calendarEvents, users } from '../../server/src/db/schema.js';

type Entry = {
  id: number;
  title: string;
  description: string | null;
  startsAt: string;
  endsAt: string;
  allDay: boolean;
  color: string;
  timezone: string;
  version: number;
  createdAt: string;
  updatedAt: string;
};

const E = '/api/v2/calendar-entries';
/** Far from the demo events (November 2026), so no seeded row is in these ranges. */
const BASE = Date.parse('2031-03-03T00:00:00Z');
const DAY = 86_400_000;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(BASE + ms).toISOString();
const range = (from: number, to: number, extra = '') =>
  `${E}?from=${encodeURIComponent(iso(from))}&to=${encodeURIComponent(iso(to))}${extra}`;

describe.each(dbKinds())('calendar events of their owner (%s)', (kind) => {
  let t: TestApp;
  const userIds: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    for (const u of await t.app.db.select({ id: users.id, username: users.username }).from(users))
      userIds[u.username] = u.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = caller(() => t);
  const expectFieldError = (res: Res, field: string, words?: RegExp) => fieldError(res, field, { words });

  const expectNotFound = (res: Res) => {
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'Calendar event not found' });
  };
  const create = async (user: string, extra: object = {}) =>
    ok<Entry>(
      await call(user, 'POST', E, {
        title: 'Showroom visit',
        startsAt: iso(9 * HOUR),
        endsAt: iso(10 * HOUR),
        ...extra,
      }),
      201,
    );
  const stored = async (id: number) =>
    (await t.app.db.select().from(calendarEvents).where(eq(calendarEvents.id, id)))[0];

  it('creates an event in the zone it was entered in, stored in UTC, with version 1 and an audit row', async () => {
    const made = await create('admin', {
      title: '  Supplier call  ',
      description: '  Agenda: install rates  ',
      startsAt: '2031-03-04T09:00:00+07:00',
      endsAt: '2031-03-04T10:30:00+07:00',
      timezone: 'Asia/Ho_Chi_Minh',
      color: 'green',
    });
    expect(made).toMatchObject({
      title: 'Supplier call',
      description: 'Agenda: install rates',
      startsAt: '2031-03-04T02:00:00.000Z',
      endsAt: '2031-03-04T03:30:00.000Z',
      allDay: false,
      color: 'green',
      timezone: 'Asia/Ho_Chi_Minh',
      version: 1,
    });
    expect(await stored(made.id)).toMatchObject({ userId: userIds.admin, timezone: 'Asia/Ho_Chi_Minh' });
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'calendar_event'), eq(auditLog.entityId, made.id)));
    expect(row).toMatchObject({ action: 'create', actorId: userIds.admin });
    // Defaults: the first colour of the palette, Bangkok time, no description.
    expect(await create('admin')).toMatchObject({
      color: 'blue',
      timezone: 'Asia/Bangkok',
      description: null,
      allDay: false,
    });
    expect(ok<Entry>(await call('admin', 'GET', `${E}/${made.id}`))).toEqual(made);
  });

  it('refuses a bad event naming the field, and stores nothing', async () => {
    const before = (await t.app.db.select().from(calendarEvents)).length;
    expectFieldError(
      await call('admin', 'POST', E, { title: 'Late', startsAt: iso(10 * HOUR), endsAt: iso(9 * HOUR) }),
      'endsAt',
      /after startsAt/,
    );
    expectFieldError(
      await call('admin', 'POST', E, { title: 'Zero', startsAt: iso(10 * HOUR), endsAt: iso(10 * HOUR) }),
      'endsAt',
    );
    expectFieldError(
      await call('admin', 'POST', E, { title: 'Long', startsAt: iso(0), endsAt: iso(367 * DAY) }),
      'endsAt',
      /366 days/,
    );
    expectFieldError(await call('admin', 'POST', E, { title: '   ', startsAt: iso(0), endsAt: iso(HOUR) }), 'title');
    expectFieldError(
      await call('admin', 'POST', E, { title: 'Zone', startsAt: iso(0), endsAt: iso(HOUR), timezone: 'Mars/Olympus' }),
      'timezone',
    );
    expectFieldError(
      await call('admin', 'POST', E, { title: 'Colour', startsAt: iso(0), endsAt: iso(HOUR), color: 'pink' }),
      'color',
    );
    expectFieldError(await call('admin', 'POST', E, { title: 'No end', startsAt: iso(0) }), 'endsAt');
    expectFieldError(
      await call('admin', 'POST', E, { title: 'Bad date', startsAt: 'tomorrow', endsAt: iso(HOUR) }),
      'startsAt',
    );
    expectFieldError(
      await call('admin', 'POST', E, { title: 'Extra', startsAt: iso(0), endsAt: iso(HOUR), userId: userIds.editor }),
      'userId',
    );
    expectFieldError(
      await call('admin', 'POST', E, { title: 'Versioned', startsAt: iso(0), endsAt: iso(HOUR), version: 3 }),
      'version',
    );
    expect((await t.app.db.select().from(calendarEvents)).length).toBe(before);
  });

  it('keeps all-day events on midnights of their own zone', async () => {
    const day = await create('editor', {
      title: 'Trade show',
      allDay: true,
      startsAt: '2031-03-05T00:00:00+07:00',
      endsAt: '2031-03-07T00:00:00+07:00',
    });
    expect(day).toMatchObject({
      allDay: true,
      startsAt: '2031-03-04T17:00:00.000Z',
      endsAt: '2031-03-06T17:00:00.000Z',
    });
    const paris = await create('editor', {
      allDay: true,
      timezone: 'Europe/Paris',
      startsAt: '2031-03-05T00:00:00+01:00',
      endsAt: '2031-03-06T00:00:00+01:00',
    });
    expect(paris.startsAt).toBe('2031-03-04T23:00:00.000Z');
    // Bangkok midnight is not Paris midnight.
    expectFieldError(
      await call('editor', 'POST', E, {
        title: 'Off',
        allDay: true,
        timezone: 'Europe/Paris',
        startsAt: '2031-03-05T00:00:00+07:00',
        endsAt: '2031-03-06T00:00:00+01:00',
      }),
      'startsAt',
      /midnight/,
    );
    expectFieldError(
      await call('editor', 'POST', E, {
        title: 'Off',
        allDay: true,
        startsAt: '2031-03-05T00:00:00+07:00',
        endsAt: '2031-03-05T18:00:00+07:00',
      }),
      'endsAt',
      /midnight/,
    );
    // Turning a timed event into an all-day one checks the times it keeps.
    const timed = await create('editor');
    expectFieldError(
      await call('editor', 'PATCH', `${E}/${timed.id}`, { version: 1, allDay: true }),
      'startsAt',
      /midnight/,
    );
    const whole = ok<Entry>(
      await call('editor', 'PATCH', `${E}/${timed.id}`, {
        version: 1,
        allDay: true,
        startsAt: '2031-03-10T00:00:00+07:00',
        endsAt: '2031-03-11T00:00:00+07:00',
      }),
    );
    expect(whole).toMatchObject({ allDay: true, version: 2, startsAt: '2031-03-09T17:00:00.000Z' });
  });

  it("lists the caller's own events overlapping the range, by start", async () => {
    const u = 'supplier2';
    const w = 40 * DAY;
    const a = await create(u, {
      title: 'Starts before, ends inside',
      startsAt: iso(w - 2 * HOUR),
      endsAt: iso(w + HOUR),
    });
    const b = await create(u, { title: 'Inside', startsAt: iso(w + 2 * HOUR), endsAt: iso(w + 3 * HOUR) });
    const c = await create(u, {
      title: 'Starts inside, ends after',
      startsAt: iso(w + DAY - HOUR),
      endsAt: iso(w + 2 * DAY),
    });
    await create(u, { title: 'Ends where the range starts', startsAt: iso(w - HOUR), endsAt: iso(w) });
    await create(u, { title: 'Starts where the range ends', startsAt: iso(w + DAY), endsAt: iso(w + DAY + HOUR) });
    await create('supplier1', { title: "Someone else's", startsAt: iso(w + 2 * HOUR), endsAt: iso(w + 3 * HOUR) });
    const res = await call(u, 'GET', range(w, w + DAY));
    const rows = ok<Entry[]>(res);
    expect(rows.map((r) => r.id)).toEqual([a.id, b.id, c.id]);
    expect(res.headers['x-total-count']).toBe('3');
    expect(rows[1]).toEqual(b);
    expect(ok<Entry[]>(await call(u, 'GET', range(w, w + DAY, `&id=${c.id}`))).map((r) => r.id)).toEqual([c.id]);
    // 366 days at most, to after from, both required, nothing else.
    ok(await call(u, 'GET', range(0, 366 * DAY)));
    expectFieldError(await call(u, 'GET', range(0, 366 * DAY + 1000)), 'to', /366 days/);
    expectFieldError(await call(u, 'GET', range(DAY, DAY)), 'to', /after from/);
    expectFieldError(await call(u, 'GET', `${E}?to=${encodeURIComponent(iso(DAY))}`), 'from');
    expectFieldError(await call(u, 'GET', `${E}?from=${encodeURIComponent(iso(DAY))}`), 'to');
    expectFieldError(await call(u, 'GET', `${E}?from=soon&to=${encodeURIComponent(iso(DAY))}`), 'from');
    expectFieldError(await call(u, 'GET', range(0, DAY, '&color=blue')), 'color');
  });

  it("answers 404 with no data and no change to anyone using another user's event id, on every route", async () => {
    const mine = await create('supplier1', { title: 'Private', startsAt: iso(60 * DAY), endsAt: iso(60 * DAY + HOUR) });
    const before = await stored(mine.id);
    const auditsBefore = (await t.app.db.select().from(auditLog).where(eq(auditLog.entity, 'calendar_event'))).length;
    for (const user of ['supplier2', 'editor', 'admin']) {
      expectNotFound(await call(user, 'GET', `${E}/${mine.id}`));
      expectNotFound(await call(user, 'PATCH', `${E}/${mine.id}`, { version: 1, title: 'Taken' }));
      expectNotFound(await call(user, 'PATCH', `${E}/${mine.id}`, { version: 1, startsAt: iso(HOUR), endsAt: iso(0) }));
      expectNotFound(await call(user, 'DELETE', `${E}/${mine.id}`));
      expectNotFound(await call(user, 'GET', range(59 * DAY, 61 * DAY, `&id=${mine.id}`)));
      expect(ok<Entry[]>(await call(user, 'GET', range(59 * DAY, 61 * DAY))).map((r) => r.id)).not.toContain(mine.id);
    }
    expect(await stored(mine.id)).toEqual(before);
    expect((await t.app.db.select().from(auditLog).where(eq(auditLog.entity, 'calendar_event'))).length).toBe(
      auditsBefore,
    );
    expect(ok<Entry>(await call('supplier1', 'GET', `${E}/${mine.id}`)).title).toBe('Private');
    // An id no one has answers the same.
    expectNotFound(await call('supplier1', 'GET', `${E}/987654`));
  });

  it('changes an event against the version read: a stale change is a 409 and changes nothing', async () => {
    const made = await create('admin', { startsAt: iso(80 * DAY), endsAt: iso(80 * DAY + HOUR) });
    const moved = ok<Entry>(
      await call('admin', 'PATCH', `${E}/${made.id}`, {
        version: 1,
        startsAt: iso(81 * DAY),
        endsAt: iso(81 * DAY + 2 * HOUR),
      }),
    );
    expect(moved).toMatchObject({
      version: 2,
      startsAt: iso(81 * DAY),
      endsAt: iso(81 * DAY + 2 * HOUR),
      title: made.title,
    });
    expect(Date.parse(moved.updatedAt)).toBeGreaterThanOrEqual(Date.parse(made.updatedAt));
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'calendar_event'), eq(auditLog.entityId, made.id), eq(auditLog.action, 'update')));
    expect(audit.before).toMatchObject({ version: 1 });
    expect(audit.after).toMatchObject({ version: 2 });

    const stale = await call('admin', 'PATCH', `${E}/${made.id}`, { version: 1, title: 'Overwrite' });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toMatch(/changed elsewhere.*reload/);
    expect(await stored(made.id)).toMatchObject({ title: made.title, version: 2 });
    // The version is required on a change.
    expectFieldError(await call('admin', 'PATCH', `${E}/${made.id}`, { title: 'No version' }), 'version');
    // Only the end, checked against the stored start.
    expectFieldError(
      await call('admin', 'PATCH', `${E}/${made.id}`, { version: 2, endsAt: iso(80 * DAY) }),
      'endsAt',
      /after startsAt/,
    );
    expect(await stored(made.id)).toMatchObject({ version: 2 });
  });

  it('lets exactly one of two changes made from the same version through', async () => {
    const made = await create('supplier1', { startsAt: iso(90 * DAY), endsAt: iso(90 * DAY + HOUR) });
    const [first, second] = await Promise.all([
      call('supplier1', 'PATCH', `${E}/${made.id}`, {
        version: 1,
        startsAt: iso(91 * DAY),
        endsAt: iso(91 * DAY + HOUR),
      }),
      call('supplier1', 'PATCH', `${E}/${made.id}`, {
        version: 1,
        startsAt: iso(92 * DAY),
        endsAt: iso(92 * DAY + HOUR),
      }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const winner = (first.statusCode === 200 ? first : second).json() as Entry;
    expect(await stored(made.id)).toMatchObject({ version: 2, startsAt: new Date(winner.startsAt) });
  });

  it('deletes an event of its owner with an audit row', async () => {
    const made = await create('editor');
    expect(ok<Entry>(await call('editor', 'DELETE', `${E}/${made.id}`)).id).toBe(made.id);
    expect(await stored(made.id)).toBeUndefined();
    expectNotFound(await call('editor', 'GET', `${E}/${made.id}`));
    expectNotFound(await call('editor', 'DELETE', `${E}/${made.id}`));
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'calendar_event'), eq(auditLog.entityId, made.id), eq(auditLog.action, 'delete')));
    expect(row.before).toMatchObject({ title: made.title });
  });

  it("has demo events for each demo user in the week after the demo's last day", async () => {
    const week = `${E}?from=${encodeURIComponent('2026-11-23T00:00:00+07:00')}&to=${encodeURIComponent('2026-11-30T00:00:00+07:00')}`;
    for (const user of ['admin', 'editor', 'supplier1', 'supplier2'])
      expect(ok<Entry[]>(await call(user, 'GET', week)).length, user).toBeGreaterThan(0);
  });

  it('shows staff the marketing windows of the screens they hold, and suppliers none', async () => {
    const windows = `/api/v2/calendar-events?from=${encodeURIComponent('2026-11-01T00:00:00+07:00')}&to=${encodeURIComponent('2027-01-01T00:00:00+07:00')}`;
    const all = ok<{ kind: string }[]>(await call('admin', 'GET', windows));
    expect(new Set(all.map((e) => e.kind))).toEqual(new Set(['campaign', 'flashsale', 'homesale', 'banner', 'coupon']));
    expect(new Set(ok<{ kind: string }[]>(await call('editor', 'GET', windows)).map((e) => e.kind))).toEqual(
      new Set(['banner']),
    );
    const supplier = await call('supplier1', 'GET', windows);
    expect(supplier.statusCode).toBe(403);
    expect(Object.keys(supplier.json()).sort()).toEqual(['message', 'status']);
  });

  it('needs a signed-in caller', async () => {
    const made = await create('admin');
    for (const r of [
      { method: 'GET' as const, url: range(0, DAY) },
      { method: 'POST' as const, url: E, payload: { title: 'x', startsAt: iso(0), endsAt: iso(HOUR) } },
      { method: 'GET' as const, url: `${E}/${made.id}` },
      { method: 'PATCH' as const, url: `${E}/${made.id}`, payload: { version: 1, title: 'x' } },
      { method: 'DELETE' as const, url: `${E}/${made.id}` },
    ]) {
      expect((await t.app.inject(r)).statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });
});
