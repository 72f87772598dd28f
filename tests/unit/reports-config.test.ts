import { readFileSync } from "node:fs";
import path from "node:path";
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { SCREENS } from "../../contract/screens";
import {
  REPORT_PATH,
  REPORTS,
  defaultRange,
  filterNames,
  reportOf,
  reportQuery,
} from "../../src/features/reports/config";
import { percentOf } from "../../src/features/reports/csv";
import reports from "../../src/features/reports/resource";

const LOCALES = path.resolve(__dirname, "../../public/locales");
const read = (lng: string, ns: string) => JSON.parse(readFileSync(path.join(LOCALES, lng, `${ns}.json`), "utf8"));
/** A dotted key (`orders.status.paid`) in the namespace its first part names, in one language. */
const has = (lng: string, key: string) => {
  const [ns, ...rest] = key.split(".");
  let v: unknown = read(lng, ns)[ns];
  for (const k of rest) v = v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined;
  return typeof v === "string" && v.trim() !== "";
};
const LANGS = ["en", "fr", "vi", "cn", "ar"];

/** The one report screen, configured eight ways: each configuration matches its row of the table and its words exist. */
describe("report configurations", () => {
  it("one per built report screen, each reading the endpoint its row lists", () => {
    const rows = SCREENS.filter((s) => s.feature === "reports");
    expect(REPORTS.map((r) => r.screen).sort()).toEqual(rows.map((s) => s.id).sort());
    expect(REPORTS).toHaveLength(8);
    for (const r of REPORTS) {
      const row = rows.find((s) => s.id === r.screen)!;
      expect(row.built, r.screen).toBe(true);
      expect(row.endpoints, r.screen).toContain(`${REPORT_PATH}/${r.endpoint}`);
      expect(reports.pages?.[r.screen]?.list, r.screen).toBeDefined();
    }
    expect(() => reportOf("report-nothing")).toThrow(/No report/);
  });

  it("names each column, total and filter once, and has their words in five languages", () => {
    for (const r of REPORTS) {
      const keys = r.columns.map((c) => c.key);
      expect(new Set(keys).size, r.screen).toBe(keys.length);
      expect(new Set(filterNames(r)).size, r.screen).toBe(filterNames(r).length);
      const words = [
        ...keys.map((k) => `reports.columns.${k}`),
        ...r.columns.flatMap((c) => (c.total ? [`reports.totals.${c.total}`] : [])),
        ...r.figures.map((f) => `reports.totals.${f.key}`),
        ...r.filters.flatMap((f) => [`reports.filters.${f.name}`, ...f.values.map((v) => `${f.labels}.${v}`)]),
        ...(r.chart ? [`reports.chart.${r.endpoint}`] : []),
      ];
      for (const lng of LANGS)
        expect(
          words.filter((w) => !has(lng, w)),
          `${r.screen} ${lng}`,
        ).toEqual([]);
      for (const c of r.columns) if (c.type === "enum") expect(c.labels, `${r.screen}.${c.key}`).toBeTruthy();
    }
  });

  it("sends the current filter with the default range when none is set, and nothing empty", () => {
    const today = dayjs("2026-11-22");
    expect(defaultRange(today)).toEqual({ dateFrom: "2026-10-24", dateTo: "2026-11-22" });
    const track = reportOf("report-trackorder");
    expect(reportQuery(track, { status: "paid", shopId: 3, search: "x", page: 2 }, today)).toEqual({
      dateFrom: "2026-10-24",
      dateTo: "2026-11-22",
      status: "paid",
      shopId: "3",
    });
    expect(reportQuery(track, { dateFrom: "2026-05-01", dateTo: "2026-05-31", status: "" }, today)).toEqual({
      dateFrom: "2026-05-01",
      dateTo: "2026-05-31",
    });
  });

  it("maps a list read to the report's query and its answer to rows, totals and chart", () => {
    const ep = reports.resourceEndpoints["report-review"].list!;
    expect(ep.path).toBe("/api/report/reportreview");
    const q = ep.toRequest({
      page: 2,
      limit: 50,
      filters: [
        { field: "rating", operator: "eq", value: 1 },
        { field: "dateFrom", operator: "eq", value: "2026-05-01" },
        { field: "dateTo", operator: "eq", value: "2026-05-31" },
      ],
      sorters: [],
    });
    expect(q).toEqual({ page: 2, limit: 50, rating: 1, dateFrom: "2026-05-01", dateTo: "2026-05-31" });
    // A filter the report does not take is refused, not dropped.
    expect(() =>
      ep.toRequest({
        page: 1,
        limit: 20,
        filters: [{ field: "kind", operator: "eq", value: "flashsale" }],
        sorters: [],
      }),
    ).toThrow(/filter by "kind"/);
    // Cleared filters keep a range: the server needs one.
    expect(Object.keys(ep.toRequest({ page: 1, limit: 20, filters: [], sorters: [] }))).toEqual(
      expect.arrayContaining(["dateFrom", "dateTo"]),
    );
    const answer = ep.fromResponse({
      items: [{ id: 1 }],
      total: 1,
      maxpage: 1,
      totals: { rows: 1, averageRating: 4 },
      chart: [{ key: "4", value: 1 }],
    });
    expect(answer).toEqual({
      data: [{ id: 1 }],
      total: 1,
      extra: { maxpage: 1, totals: { rows: 1, averageRating: 4 }, chart: [{ key: "4", value: 1 }] },
    });
  });

  it("shows an export's percent from the rows received, below 100 until it ends", () => {
    expect(percentOf({ rows: 250, total: 1000, bytes: 0 })).toBe(25);
    expect(percentOf({ rows: 1000, total: 1000, bytes: 0 })).toBe(99);
    expect(percentOf({ rows: 10, bytes: 0 })).toBeUndefined();
  });
});
