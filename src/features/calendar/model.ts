import dayjs, { type Dayjs } from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { SCREENS } from "../../../contract/screens";
import { DEFAULT_ZONE } from "../../components/kit/window";
import type { Body, RowOf } from "../../api";

dayjs.extend(utc);
dayjs.extend(timezone);

/** The caller's own events (`/api/v2/calendar-entries`) and the read-only marketing windows (`/api/v2/calendar-events`). */
export const REST = { entries: "calendar-entries", windows: "calendar-events" } as const;
const WINDOWS_PATH = `/api/v2/${REST.windows}`;

/** Whether a calendar screen may read the marketing windows: staff screens list them, the supplier's does not. */
export const showsWindows = (screenId: string) =>
  !!SCREENS.find((s) => s.id === screenId)?.endpoints.includes(WINDOWS_PATH);

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;

export type Entry = RowOf<"/api/v2/calendar-entries">;
export type MarketingWindow = RowOf<"/api/v2/calendar-events">;

/** The palette a person picks from (the server's names), drawn in these colours. */
export const COLORS: Record<Entry["color"], string> = {
  blue: "#1668dc",
  green: "#389e0d",
  orange: "#d46b08",
  red: "#cf1322",
  purple: "#722ed1",
  grey: "#595959",
};
export type ColorName = Entry["color"];
export const COLOR_NAMES = Object.keys(COLORS) as ColorName[];

/** Marketing windows, each kind in its own colour (calendar.css), outlined so they never read as one's own events. */
export type WindowKind = MarketingWindow["kind"];
export const KINDS: readonly WindowKind[] = ["campaign", "flashsale", "homesale", "banner", "coupon"];

/** What the form and a drop send: a window in `timezone`, ISO with that zone's offset. */
export type EntryInput = Required<Omit<Body<"/api/v2/calendar-entries">, "version">>;

/** The zones the marketplace's teams work in, plus the browser's own. */
export const ZONES = [
  "Asia/Bangkok",
  "Asia/Ho_Chi_Minh",
  "Asia/Shanghai",
  "Asia/Singapore",
  "Africa/Khartoum",
  "Europe/Paris",
  "UTC",
];
export const ownZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_ZONE;

/**
 * The calendar shows times in the marketplace's zone, as the lists do, whatever the browser's zone. The
 * calendar runs in UTC and is given wall-clock times of that zone ("floating"), so every Date it hands back
 * carries the zone's wall clock in its UTC fields; these convert both ways.
 */
export const SHOWN_ZONE = DEFAULT_ZONE;
/** An instant → the calendar's floating time (the shown zone's wall clock, no offset). */
export const floating = (iso: string | number | Date): string =>
  dayjs.utc(iso).tz(SHOWN_ZONE).format("YYYY-MM-DDTHH:mm:ss");
/** A Date or string from the calendar → the instant it stands for in the shown zone. */
export const instant = (shown: Date | string): string =>
  dayjs.tz(typeof shown === "string" ? shown.slice(0, 19) : shownClock(shown), SHOWN_ZONE).toISOString();
/** The wall clock a calendar Date carries (its UTC fields). */
export const shownClock = (d: Date): string => dayjs.utc(d).format("YYYY-MM-DDTHH:mm:ss");

/** A stored instant as the wall-clock time of `zone`, for a picker (which shows wall-clock values). */
export const wallClock = (iso: string, zone: string): Dayjs =>
  dayjs(dayjs.utc(iso).tz(zone).format("YYYY-MM-DDTHH:mm:ss"));
/** A picked wall-clock time in `zone` → ISO with that zone's offset. */
export const inZone = (picked: Dayjs, zone: string): string =>
  dayjs.tz(picked.format("YYYY-MM-DDTHH:mm:00"), zone).format();
/** Midnight starting the calendar day `date` (YYYY-MM-DD) in `zone`. */
export const midnight = (date: string, zone: string): string => dayjs.tz(`${date}T00:00:00`, zone).format();
/** The calendar day (YYYY-MM-DD) an instant falls on in `zone`. */
export const dayIn = (iso: string, zone: string): string => dayjs.utc(iso).tz(zone).format("YYYY-MM-DD");
/** The calendar day of a date the calendar gives (its UTC fields, see `floating`). */
export const localDay = (d: Date): string => dayjs.utc(d).format("YYYY-MM-DD");
export const addDays = (date: string, n: number): string => dayjs(date).add(n, "day").format("YYYY-MM-DD");

/** Where an event landed after a drag or resize, as the calendar reports it (`end` null: it kept no end). */
export interface Landing {
  start: Date;
  end: Date | null;
  allDay: boolean;
}

const HOUR = 3_600_000;

/**
 * The change a drop makes, in the event's own zone: whole days stay whole days (midnights of its zone,
 * the end exclusive), timed events keep their instants. An event given no end keeps one day or one hour.
 */
export function landingChange(
  entry: Pick<Entry, "timezone">,
  to: Landing,
): Pick<EntryInput, "startsAt" | "endsAt" | "allDay"> {
  const zone = entry.timezone;
  if (to.allDay) {
    const first = localDay(to.start);
    const after = to.end ? localDay(to.end) : addDays(first, 1);
    return { allDay: true, startsAt: midnight(first, zone), endsAt: midnight(after, zone) };
  }
  const end = to.end ?? new Date(to.start.getTime() + HOUR);
  const at = (d: Date) => dayjs.utc(instant(d)).tz(zone).format();
  return { allDay: false, startsAt: at(to.start), endsAt: at(end) };
}

/** The calendar's input for one of the caller's events: whole days as the days of its own zone. */
export function entryEvent(e: Entry) {
  return {
    id: `entry-${e.id}`,
    title: e.title,
    allDay: e.allDay,
    start: e.allDay ? dayIn(e.startsAt, e.timezone) : floating(e.startsAt),
    end: e.allDay ? dayIn(e.endsAt, e.timezone) : floating(e.endsAt),
    backgroundColor: COLORS[e.color] ?? COLORS.blue,
    borderColor: COLORS[e.color] ?? COLORS.blue,
    textColor: "#ffffff",
    classNames: ["calendar-entry"],
    // Own events before windows in a crowded day (eventOrder "rank,…").
    extendedProps: { entry: e, rank: 0 },
  };
}

/**
 * The calendar's input for a marketing window: not draggable, outlined in its kind's colour. A window of a
 * day or more is drawn as whole days of its own zone (a bar, not a column filling the week's hours); one
 * with no end is drawn to the end of the range asked for, as it goes on past it. A draft campaign is drawn
 * dotted, under the title `draftTitle` gives it.
 */
export function windowEvent(w: MarketingWindow, rangeEnd: string, draftTitle: (title: string) => string) {
  const end = w.endsAt ?? instant(rangeEnd);
  const long = Date.parse(end) - Date.parse(w.startsAt) >= 24 * HOUR;
  const lastInstant = new Date(Date.parse(end) - 1).toISOString();
  return {
    id: `window-${w.id}`,
    title: w.draft ? draftTitle(w.title) : w.title,
    allDay: long,
    start: long ? dayIn(w.startsAt, w.timezone) : floating(w.startsAt),
    end: long ? addDays(dayIn(lastInstant, w.timezone), 1) : floating(end),
    editable: false,
    startEditable: false,
    durationEditable: false,
    // Coloured by calendar.css per kind (lighter in the dark theme).
    classNames: ["calendar-window", `calendar-kind-${w.kind}`, ...(w.draft ? ["calendar-draft"] : [])],
    // Among windows the shorter first: a banner running for months stays behind a two-day sale.
    extendedProps: { window: w, rank: 1, length: Date.parse(end) - Date.parse(w.startsAt) },
  };
}
