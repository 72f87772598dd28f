/**
 * Demo calendar events: each demo user's own week after the reference date, in Bangkok time (one call with
 * the Ho Chi Minh City office in its own zone), all-day days for shows and stock counts. Fixed, no randomness.
 */
import { inArray } from 'drizzle-orm';
import * as t from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';

const DAY = 86_400_000;

interface Demo {
  user: string;
  title: string;
  description?: string;
  day: number;
  from?: string;
  to?: string;
  days?: number;
  color: string;
  timezone?: string;
}

const EVENTS: Demo[] = [
  {
    user: 'admin',
    title: 'Weekly category review',
    description: 'Sales and stock of tiles, lighting and air conditioners; what goes on the home page next week.',
    day: 1,
    from: '09:30',
    to: '10:30',
    color: 'blue',
  },
  {
    user: 'admin',
    title: 'Onboarding call: CoolAir Climate Solutions',
    description: 'Install rates for split-type units and the service area outside Bangkok.',
    day: 2,
    from: '14:00',
    to: '15:00',
    color: 'green',
  },
  {
    user: 'admin',
    title: '12.12 sale planning',
    description: 'Flash-sale slots, coupon budget and banner calendar for 12.12.',
    day: 3,
    from: '10:00',
    to: '12:00',
    color: 'orange',
  },
  {
    user: 'admin',
    title: 'Call with the Ho Chi Minh City office',
    day: 4,
    from: '15:00',
    to: '15:45',
    color: 'purple',
    timezone: 'Asia/Ho_Chi_Minh',
  },
  {
    user: 'admin',
    title: 'Architect Expo, Impact Muang Thong Thani',
    description: 'Booth C12 with the house brand.',
    day: 8,
    days: 3,
    color: 'red',
  },
  { user: 'admin', title: 'Year-end stock count, Bang Na warehouse', day: 24, days: 1, color: 'grey' },
  {
    user: 'editor',
    title: 'Photo shoot: bathroom makeover post',
    description: 'Siam Tile & Bath showroom, Rama 9.',
    day: 2,
    from: '13:00',
    to: '17:00',
    color: 'purple',
  },
  { user: 'editor', title: 'Banner copy for 12.12', day: 5, from: '10:00', to: '11:30', color: 'orange' },
  {
    user: 'supplier1',
    title: 'LED downlight restock arrives',
    description: '400 units of 9 W warm white, dock 3.',
    day: 1,
    days: 1,
    color: 'green',
  },
  { user: 'supplier1', title: 'Product photos: smart bulb range', day: 3, from: '09:00', to: '12:00', color: 'blue' },
  {
    user: 'supplier1',
    title: 'Price update for the 12.12 flash sale',
    day: 6,
    from: '16:00',
    to: '16:30',
    color: 'orange',
  },
  {
    user: 'supplier2',
    title: 'Technician training: inverter installs',
    day: 2,
    from: '08:30',
    to: '16:30',
    color: 'blue',
  },
  { user: 'supplier2', title: 'Tile container customs clearance', day: 4, days: 2, color: 'grey' },
];

/** The wall-clock time `hhmm` on the day `date` (YYYY-MM-DD) as an instant: both zones used are UTC+7 all year. */
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);

export async function seedCalendarDemo(tx: Tx, opts: { referenceDate: Date }): Promise<void> {
  const users = await tx
    .select({ id: t.users.id, username: t.users.username })
    .from(t.users)
    .where(inArray(t.users.username, [...new Set(EVENTS.map((e) => e.user))]));
  const userId = new Map(users.map((u) => [u.username, u.id]));
  // Planned from the Monday after the reference date (the demo's last day), Bangkok date.
  const ref = new Date(opts.referenceDate.getTime() + 7 * 3_600_000);
  const monday = new Date(
    Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth(), ref.getUTCDate()) + ((8 - ref.getUTCDay()) % 7 || 7) * DAY,
  );
  const dateOf = (day: number) => new Date(monday.getTime() + (day - 1) * DAY).toISOString().slice(0, 10);
  await tx.insert(t.calendarEvents).values(
    EVENTS.map((e) => {
      const zone = e.timezone ?? 'Asia/Bangkok';
      const date = dateOf(e.day);
      const timed = e.days === undefined;
      return {
        userId: userId.get(e.user)!,
        title: e.title,
        description: e.description ?? null,
        color: e.color,
        timezone: zone,
        allDay: !timed,
        startsAt: at(date, timed ? e.from! : '00:00'),
        endsAt: timed ? at(date, e.to!) : at(dateOf(e.day + e.days!), '00:00'),
      };
    }),
  );
}
