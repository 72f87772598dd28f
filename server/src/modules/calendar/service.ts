/**
 * Campaign, flash-sale, home-sale, banner and coupon windows as read-only calendar events. Each caller sees the
 * kinds whose screens the table of screens lets them open (the editor: banners), with a link to the
 * record's screen. An event ends when its window ends, or when the record was closed if that came first.
 */
import { and, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { grantOf, SCREENS } from '../../../../contract/screens.js';
import type { Db } from '../../db/client.js';
import { banners, campaigns, couponBatches, flashSales, homeSaleGroups, products } from '../../db/schema.js';
import { allows } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/types.js';
import { fieldError, forbidden } from '../../lib/errors.js';

export const EVENT_KINDS = ['campaign', 'flashsale', 'homesale', 'banner', 'coupon'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
/** Each kind's screen in the table: who may see it, and where its link goes. */
const SCREEN_OF: Record<EventKind, string> = {
  campaign: 'campaign',
  flashsale: 'promotion-flashsale',
  homesale: 'promotion-homesale',
  banner: 'banners',
  coupon: 'promotion-coupon',
};
export const MAX_SPAN_DAYS = 366;
const DAY = 86_400_000;

const screenOf = (kind: EventKind) => {
  const s = SCREENS.find((x) => x.id === SCREEN_OF[kind]);
  if (!s) throw new Error(`No screen ${SCREEN_OF[kind]} in the table`);
  return s;
};

/** The kinds whose screens the caller may open. */
export function visibleKinds(user: AuthUser): EventKind[] {
  return EVENT_KINDS.filter((k) => allows(user, { menu: [grantOf(screenOf(k))] }));
}

/** The record's own page when its screen has one, else the screen's list opened on it (`?id=`). */
export function linkOf(kind: EventKind, id: number): string {
  const { routes } = screenOf(kind);
  const page = [routes.show, routes.edit].find((r) => r?.includes(':id'));
  return page ? page.replace(':id', String(id)) : `${routes.list}?id=${id}`;
}

/** Overlaps from–to, and is not a window closed before it began. */
const window = (s: { startsAt: PgColumn; end: SQL }, from: Date, to: Date) =>
  and(
    lt(s.startsAt, to),
    sql`coalesce(${s.end}, 'infinity'::timestamptz) > ${from}`,
    sql`coalesce(${s.end}, 'infinity'::timestamptz) > ${s.startsAt}`,
  );

export interface CalendarQuery {
  from: string;
  to: string;
  kind?: EventKind[];
}

export async function calendarEvents(db: Db, user: AuthUser, q: CalendarQuery) {
  const from = new Date(q.from);
  const to = new Date(q.to);
  if (to <= from) throw fieldError('to', 'to must be after from');
  if (to.getTime() - from.getTime() > MAX_SPAN_DAYS * DAY)
    throw fieldError('to', `to may be at most ${MAX_SPAN_DAYS} days after from`);
  const visible = visibleKinds(user);
  const asked = q.kind?.length ? q.kind : visible;
  const hidden = asked.filter((k) => !visible.includes(k));
  if (hidden.length) throw forbidden(`You do not have permission to see ${hidden.join(', ')} events.`);

  /** The rows of a table with a marketing window (its own start, end and zone) that overlap from–to and `shown` keeps. */
  const windowRows = (
    t: typeof homeSaleGroups | typeof banners | typeof couponBatches,
    title: PgColumn,
    shown: SQL | undefined,
  ) =>
    db
      .select({ id: t.id, title: sql<string>`${title}`, startsAt: t.startsAt, endsAt: t.endsAt, timezone: t.timezone })
      .from(t)
      .where(and(shown, window({ startsAt: t.startsAt, end: sql`${t.endsAt}` }, from, to)));

  const sources: Record<
    EventKind,
    () => Promise<
      { id: number; title: string; startsAt: Date; endsAt: Date | string | null; timezone: string; draft?: boolean }[]
    >
  > = {
    // A draft is shown as one (it is being planned); a closed campaign ran until it was closed.
    campaign: () => {
      const end = sql<Date | string | null>`least(${campaigns.endsAt}, ${campaigns.closedAt})`;
      return db
        .select({
          id: campaigns.id,
          title: campaigns.name,
          startsAt: campaigns.startsAt,
          endsAt: end,
          timezone: campaigns.timezone,
          draft: sql<boolean>`${campaigns.status} = 'draft'`,
        })
        .from(campaigns)
        .where(window({ startsAt: campaigns.startsAt, end }, from, to));
    },
    flashsale: () => {
      const end = sql<Date | string | null>`least(${flashSales.endsAt}, ${flashSales.closedAt})`;
      return db
        .select({
          id: flashSales.id,
          title: products.name,
          startsAt: flashSales.startsAt,
          endsAt: end,
          timezone: flashSales.timezone,
        })
        .from(flashSales)
        .innerJoin(products, eq(products.id, flashSales.productId))
        .where(window({ startsAt: flashSales.startsAt, end }, from, to));
    },
    // A group switched off shows nowhere, like a banner.
    homesale: () => windowRows(homeSaleGroups, homeSaleGroups.name, eq(homeSaleGroups.active, true)),
    // A banner switched off shows nowhere.
    banner: () => windowRows(banners, banners.title, eq(banners.active, true)),
    // A closed batch's codes stopped working when it was closed, which is not stored: it is left out.
    coupon: () => windowRows(couponBatches, couponBatches.name, ne(couponBatches.status, 'closed')),
  };

  const events = [];
  for (const kind of EVENT_KINDS.filter((k) => asked.includes(k))) {
    for (const r of await sources[kind]()) {
      events.push({
        id: `${kind}-${r.id}`,
        kind,
        title: r.title,
        startsAt: r.startsAt.toISOString(),
        endsAt: r.endsAt === null ? null : new Date(r.endsAt).toISOString(),
        timezone: r.timezone,
        draft: r.draft ?? false,
        link: linkOf(kind, r.id),
      });
    }
  }
  return events.sort(
    (a, b) =>
      a.startsAt.localeCompare(b.startsAt) ||
      EVENT_KINDS.indexOf(a.kind) - EVENT_KINDS.indexOf(b.kind) ||
      a.id.localeCompare(b.id),
  );
}
