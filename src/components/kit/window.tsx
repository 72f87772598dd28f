import dayjs, { type Dayjs } from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { DatePicker, Flex, Select, Tag, type FormRule } from "antd";
import { NoFormStyle } from "antd/es/form/context";
import { useTranslation } from "react-i18next";
import { EMPTY } from "./format";

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Marketing windows (banners, campaigns, home categories, flash sales, trade-ins, coupons): the
 * server stores them in UTC with the time zone they were entered in (`server/src/lib/window.ts`).
 * A person picks wall-clock times in that zone; the field sends ISO times with the zone's offset.
 */
export interface TimeWindow {
  startsAt: string;
  endsAt: string | null;
  timezone: string;
}

export const DEFAULT_ZONE = "Asia/Bangkok";

/** The record a calendar link (`?id=`) opens on its screen, when the address names one. */
export const linkedId = (): number | null => {
  const id = new URLSearchParams(window.location.search).get("id");
  return id && /^\d+$/.test(id) ? Number(id) : null;
};
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

const FORMAT = "YYYY-MM-DD HH:mm";

/** A stored instant as the wall-clock time of `zone`, for the picker (which shows wall-clock values). */
const wallClock = (iso: string, zone: string): Dayjs => dayjs(dayjs.utc(iso).tz(zone).format("YYYY-MM-DDTHH:mm:ss"));
/** A picked wall-clock time in `zone` → ISO with that zone's offset. */
const inZone = (picked: Dayjs, zone: string): string => dayjs.tz(picked.format("YYYY-MM-DDTHH:mm:00"), zone).format();

/** The form control for a window: start, optional end, and the zone they are read in. */
export function WindowField({
  value,
  onChange,
  id,
}: {
  value?: TimeWindow;
  onChange?: (w: TimeWindow) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const zone = value?.timezone ?? DEFAULT_ZONE;
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zones = [...new Set([...ZONES, own, zone])];
  const range: [Dayjs | null, Dayjs | null] = [
    value?.startsAt ? wallClock(value.startsAt, zone) : null,
    value?.endsAt ? wallClock(value.endsAt, zone) : null,
  ];
  const send = (start: Dayjs | null, end: Dayjs | null, nextZone: string) =>
    start &&
    onChange?.({ startsAt: inZone(start, nextZone), endsAt: end ? inZone(end, nextZone) : null, timezone: nextZone });
  return (
    <Flex wrap gap={8}>
      <DatePicker.RangePicker
        id={id}
        showTime={{ format: "HH:mm" }}
        format={FORMAT}
        allowEmpty={[false, true]}
        value={range}
        placeholder={[t("kit.window.start"), t("kit.window.endOptional")]}
        onChange={(v) => send(v?.[0] ?? null, v?.[1] ?? null, zone)}
        style={{ minWidth: 0, maxWidth: "100%" }}
      />
      {/* The zone always has a value: the field's error (no start) is the dates', and only they turn red. */}
      <NoFormStyle status>
        <Select
          showSearch
          aria-label={t("kit.window.timezone")}
          value={zone}
          options={zones.map((z) => ({ value: z, label: z }))}
          // The wall-clock times stay; they are read in the new zone.
          onChange={(next: string) => send(range[0], range[1], next)}
          style={{ width: 190 }}
        />
      </NoFormStyle>
    </Flex>
  );
}

/**
 * The rule of a window field: marked required when the write's schema requires its start (`needs.start`, from
 * writeRules(...).requires), and refused with `message` until it has a start — and an end where `needs.end`.
 */
export const windowRule = (message: string, needs: { start: boolean; end?: boolean }): FormRule => ({
  required: needs.start,
  validator: (_, w?: TimeWindow) =>
    (!needs.start || w?.startsAt) && (!needs.end || w?.endsAt) ? Promise.resolve() : Promise.reject(new Error(message)),
});

/** A window as words: "1 Dec 2026 09:00 – 31 Dec 2026 23:59 (Asia/Bangkok)", in the zone it was entered in. */
export function formatWindow(w: Partial<TimeWindow> | null | undefined, noEnd: string): string {
  if (!w?.startsAt) return EMPTY;
  const zone = w.timezone ?? DEFAULT_ZONE;
  const at = (iso: string) => dayjs.utc(iso).tz(zone).format("ll HH:mm");
  return `${at(w.startsAt)} – ${w.endsAt ? at(w.endsAt) : noEnd} (${zone})`;
}

export type WindowState = "live" | "scheduled" | "expired" | "off";

/** live (active and inside its window), scheduled, expired, or off (switched off). */
export function windowState(
  w: { startsAt: string; endsAt: string | null; active?: boolean },
  now = Date.now(),
): WindowState {
  if (w.active === false) return "off";
  if (now < Date.parse(w.startsAt)) return "scheduled";
  if (w.endsAt && now >= Date.parse(w.endsAt)) return "expired";
  return "live";
}

const STATE_COLORS: Record<WindowState, string> = { live: "green", scheduled: "blue", expired: "default", off: "red" };

/** The window's state at a glance. */
export function WindowTag({ window: w }: { window: { startsAt: string; endsAt: string | null; active?: boolean } }) {
  const { t } = useTranslation();
  const state = windowState(w);
  return <Tag color={STATE_COLORS[state]}>{t(`kit.window.${state}`)}</Tag>;
}
