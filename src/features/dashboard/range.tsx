import { ArrowDownOutlined, ArrowUpOutlined } from "@ant-design/icons";
import { stringifyTableParams } from "@refinedev/core";
import { DatePicker, Flex, Grid, Typography, theme } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { date, useFormat } from "../../components/kit/format";

const DAY_FORMAT = "YYYY-MM-DD";
/** Without `from`/`to` in the URL: the last 30 days, today included (what the server assumes too). */
export const DEFAULT_DAYS = 30;
/** The server refuses longer ranges (two years, a leap day included). */
export const MAX_DAYS = 731;

export interface DayRange {
  from: string;
  to: string;
}

const strict = (v: string | null) => {
  if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  const d = dayjs(v);
  return d.isValid() && d.format(DAY_FORMAT) === v ? d : null;
};

export function defaultRange(today = dayjs()): DayRange {
  return { from: today.subtract(DEFAULT_DAYS - 1, "day").format(DAY_FORMAT), to: today.format(DAY_FORMAT) };
}

/**
 * The dashboard's date range, kept in the URL (`?from=2026-10-27&to=2026-11-25`) so a reload or a
 * shared link shows the same figures. A missing, malformed or reversed range reads as the default.
 */
export function useDayRange(): [DayRange, (next: DayRange) => void] {
  const [params, setParams] = useSearchParams();
  const from = strict(params.get("from"));
  const to = strict(params.get("to"));
  const range =
    from && to && !from.isAfter(to) && to.diff(from, "day") < MAX_DAYS
      ? { from: from.format(DAY_FORMAT), to: to.format(DAY_FORMAT) }
      : defaultRange();
  const set = (next: DayRange) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      out.set("from", next.from);
      out.set("to", next.to);
      return out;
    });
  return [range, set];
}

/**
 * The range picker: one picker with presets from md up; on a phone two single-month pickers (the
 * range picker's two months do not fit 390 px).
 */
export function RangeBar({
  range,
  onChange,
  previous,
}: {
  range: DayRange;
  onChange(next: DayRange): void;
  previous?: DayRange;
}) {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().md;
  const from = dayjs(range.from);
  const to = dayjs(range.to);
  const today = dayjs().endOf("day");
  const pick = (a: Dayjs, b: Dayjs) => {
    const [x, y] = a.isAfter(b) ? [b, a] : [a, b];
    // Longer than the server takes: keep the end, pull the start in.
    const start = y.diff(x, "day") >= MAX_DAYS ? y.subtract(MAX_DAYS - 1, "day") : x;
    onChange({ from: start.format(DAY_FORMAT), to: y.format(DAY_FORMAT) });
  };
  const last = (days: number) =>
    [today.subtract(days - 1, "day").startOf("day"), today.startOf("day")] as [Dayjs, Dayjs];
  const presets = [
    { label: t("dashboards.range.last7"), value: last(7) },
    { label: t("dashboards.range.last30"), value: last(30) },
    { label: t("dashboards.range.last90"), value: last(90) },
    { label: t("dashboards.range.thisMonth"), value: [today.startOf("month"), today.startOf("day")] as [Dayjs, Dayjs] },
    {
      label: t("dashboards.range.lastMonth"),
      value: [
        today.subtract(1, "month").startOf("month"),
        today.subtract(1, "month").endOf("month").startOf("day"),
      ] as [Dayjs, Dayjs],
    },
  ];
  const future = (d: Dayjs) => d.isAfter(today);
  return (
    <Flex vertical gap={4} align={wide ? "end" : "stretch"} style={wide ? undefined : { width: "100%" }}>
      {wide ? (
        <DatePicker.RangePicker
          aria-label={t("dashboards.range.label")}
          value={[from, to]}
          allowClear={false}
          presets={presets}
          disabledDate={future}
          onChange={(v) => v?.[0] && v[1] && pick(v[0], v[1])}
        />
      ) : (
        <Flex gap={8}>
          <DatePicker
            aria-label={t("dashboards.range.from")}
            placeholder={t("dashboards.range.from")}
            value={from}
            allowClear={false}
            inputReadOnly
            disabledDate={future}
            style={{ flex: 1 }}
            onChange={(d) => d && pick(d, d.isAfter(to) ? d : to)}
          />
          <DatePicker
            aria-label={t("dashboards.range.to")}
            placeholder={t("dashboards.range.to")}
            value={to}
            allowClear={false}
            inputReadOnly
            disabledDate={future}
            style={{ flex: 1 }}
            onChange={(d) => d && pick(d.isBefore(from) ? d : from, d)}
          />
        </Flex>
      )}
      {previous && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t("dashboards.range.comparedWith", { from: date(previous.from), to: date(previous.to) })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** A change against the range before: ▲ 12.5 % in green, ▼ in red, "no comparison" when there was nothing before. */
export function Delta({ value }: { value: number | null | undefined }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { token } = theme.useToken();
  if (value === null || value === undefined) {
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t("dashboards.noComparison")}
      </Typography.Text>
    );
  }
  const up = value > 0;
  const flat = value === 0;
  const Icon = up ? ArrowUpOutlined : ArrowDownOutlined;
  return (
    <Typography.Text
      style={{ fontSize: 12, color: flat ? token.colorTextSecondary : up ? token.colorSuccess : token.colorError }}
      aria-label={t(flat ? "dashboards.deltaFlat" : up ? "dashboards.deltaUp" : "dashboards.deltaDown", {
        value: fmt.percent(Math.abs(value)),
      })}
    >
      {!flat && <Icon aria-hidden />} <bdi>{fmt.percent(Math.abs(value))}</bdi>
    </Typography.Text>
  );
}

/** A list page's URL with its filter bar set (Refine keeps filters in the query string). */
export function filteredList(path: string, filters: Record<string, string>) {
  const query = stringifyTableParams({
    filters: Object.entries(filters).map(([field, value]) => ({ field, operator: "eq" as const, value })),
    sorters: [],
  });
  return `${path}?${query}`;
}
