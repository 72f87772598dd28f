import { checkWindow, windowState } from '../../server/src/lib/window.js';
import { HttpError } from '../../server/src/lib/errors.js';

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return {
      status: (e as HttpError).statusCode,
      field: (e as HttpError).errors?.[0]?.field,
      message: (e as Error).message,
    };
  }
  throw new Error('accepted');
};

describe('marketing windows', () => {
  it('stores UTC with the zone entered, and keeps what an edit does not send', () => {
    const w = checkWindow({
      startsAt: '2026-12-01T09:00:00+07:00',
      endsAt: '2026-12-31T23:59:00+07:00',
      timezone: 'Asia/Bangkok',
    });
    expect(w).toEqual({
      startsAt: new Date('2026-12-01T02:00:00Z'),
      endsAt: new Date('2026-12-31T16:59:00Z'),
      timezone: 'Asia/Bangkok',
    });
    expect(checkWindow({ endsAt: null }, w)).toEqual({ ...w, endsAt: null });
    expect(checkWindow({ startsAt: '2026-12-01T00:00:00Z' })).toMatchObject({ endsAt: null, timezone: 'Asia/Bangkok' });
  });

  it('refuses with 400 naming the field: a non-date, a date PostgreSQL-safe range rejects, an unknown zone, an end not after the start', () => {
    expect(refusal(() => checkWindow({ startsAt: 'tomorrow' }))).toMatchObject({ status: 400, field: 'startsAt' });
    expect(refusal(() => checkWindow({ startsAt: '0000-01-01T00:00:00Z' }))).toMatchObject({
      status: 400,
      field: 'startsAt',
    });
    expect(
      refusal(() => checkWindow({ startsAt: '2026-12-01T00:00:00Z', endsAt: '+275760-09-13T00:00:00Z' })),
    ).toMatchObject({ status: 400, field: 'endsAt' });
    expect(refusal(() => checkWindow({ startsAt: '2026-12-01T00:00:00Z', timezone: 'Mars/Olympus' }))).toMatchObject({
      status: 400,
      field: 'timezone',
    });
    expect(
      refusal(() => checkWindow({ startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' })),
    ).toMatchObject({ status: 400, field: 'endsAt' });
    expect(
      refusal(() => checkWindow({ startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' })),
    ).toMatchObject({ status: 400, field: 'endsAt' });
    expect(refusal(() => checkWindow({}))).toMatchObject({ status: 400, field: 'startsAt' });
  });

  it('places now before, inside or after a window', () => {
    const w = { startsAt: new Date('2026-06-01T00:00:00Z'), endsAt: new Date('2026-07-01T00:00:00Z') };
    expect(windowState(w, new Date('2026-05-31T23:59:59Z'))).toBe('scheduled');
    expect(windowState(w, new Date('2026-06-01T00:00:00Z'))).toBe('live');
    expect(windowState(w, new Date('2026-07-01T00:00:00Z'))).toBe('expired');
    expect(windowState({ ...w, endsAt: null }, new Date('2030-01-01T00:00:00Z'))).toBe('live');
  });
});
