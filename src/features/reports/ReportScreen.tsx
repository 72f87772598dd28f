import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from "react";
import { List } from "@refinedev/antd";
import { useCustom, useTranslate } from "@refinedev/core";
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Flex,
  Progress,
  Select,
  Skeleton,
  Statistic,
  Table,
  Typography,
} from "antd";
import { DownloadOutlined, StopOutlined } from "@ant-design/icons";
import dayjs, { type Dayjs } from "dayjs";
import { FilterBar, useListTable, useTableScroll } from "../../components/kit/list";
import { dateTime, EMPTY, useFormat } from "../../components/kit/format";
import { errorMessage } from "../../providers/http-shared";
import { callsOf } from "../../resources/calls";
import reports from "./endpoints";
import {
  DAY_FORMAT,
  REPORT_PATH,
  defaultRange,
  reportOf,
  reportQuery,
  type ReportColumn,
  type ValueType,
} from "./config";
import { saveBlob } from "../../components/kit/download";
import { fetchCsv, percentOf, type ExportProgress } from "./csv";
import type { ChartPoint } from "./ReportChart";
import "./reports.css";

const ReportChart = lazy(() => import("./ReportChart"));
const { readCall } = callsOf(reports);

/** A report row's values, as its JSON carries them. */
type Value = string | number | boolean | null;
type Row = Record<string, Value> & { id: number };
interface Extra {
  totals?: Record<string, number | null>;
  chart?: { key: string; value: number }[];
}

/** Shows one value of a report by its type, in the UI language. */
function useCell() {
  const t = useTranslate();
  const { money, number } = useFormat();
  return (type: ValueType, v: Value | undefined, labels?: string, row?: Row): ReactNode => {
    if (v === null || v === undefined || v === "") return EMPTY;
    switch (type) {
      case "time":
        return <span className="report-nowrap">{dateTime(String(v))}</span>;
      case "money":
        return <span className="report-nowrap">{money(v as number)}</span>;
      case "int":
      case "number":
        return number(v as number);
      case "bool":
        return v ? t("reports.yes") : t("reports.no");
      case "enum":
        return t(`${labels}.${String(v)}`, String(v));
      case "discount":
        return row?.discountType === "percent" ? (
          `${number(v as number)}%`
        ) : (
          <span className="report-nowrap">{money(v as number)}</span>
        );
      default:
        return <bdi>{String(v)}</bdi>;
    }
  };
}

const NUMERIC: ValueType[] = ["int", "number", "money", "discount"];
/** Long free text (names, review words) is cut to one line with its whole value on hover. */
const clipped = (c: ReportColumn) => c.type === "text" && (c.width ?? 0) >= 220;

/** The CSV export of the current filter: streamed, with progress for a long one, and a way to stop it. */
function useExport(path: string) {
  const t = useTranslate();
  const { number } = useFormat();
  const { notification } = App.useApp();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const run = async (query: Record<string, string>) => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ rows: 0, bytes: 0 });
    try {
      const { blob, filename, rows } = await fetchCsv(path, query, {
        signal: controller.signal,
        onProgress: setProgress,
      });
      saveBlob(blob, filename);
      notification.success({ message: t("reports.export.done", { rows: number(rows) }) });
    } catch (error) {
      if (!controller.signal.aborted)
        notification.error({ message: t("reports.export.failed"), description: errorMessage(error) });
      else notification.info({ message: t("reports.export.cancelled") });
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };
  return { run, progress, cancel: () => abort.current?.abort() };
}

/**
 * One admin report (`config.ts` says which): the range, shop and the report's own filters in the URL,
 * server pages, the totals of the whole filter under the table, a chart where it helps, and the CSV of the filter.
 */
export function ReportScreen({ screen }: { screen: string }) {
  const t = useTranslate();
  const report = reportOf(screen);
  const cell = useCell();
  const scroll = useTableScroll();
  const { number } = useFormat();
  const initial = useMemo(() => defaultRange(), []);
  const { tableProps, tableQuery, filters, apply, savedViews } = useListTable<Row>(screen, {
    initial,
    numeric: ["shopId"],
    empty: t("reports.empty"),
  });
  const masters = useCustom<{ data: { shops?: { id: number; name: string }[] } }>({
    ...readCall("masterproduct"),
    queryOptions: { staleTime: Infinity },
  });
  const shops = masters.result.data?.data?.shops ?? [];
  const csv = useExport(`${REPORT_PATH}/${report.endpoint}`);
  const query = reportQuery(report, filters);
  const extra = (tableQuery.data as { extra?: Extra } | undefined)?.extra;
  const totals = extra?.totals;
  const label = (key: string) => t(`reports.columns.${key}`);

  const chart: ChartPoint[] | undefined =
    report.chart &&
    extra?.chart?.map((p) => ({
      ...p,
      label:
        p.key === "none"
          ? t("reports.chart.none")
          : report.chart!.labels
            ? t(`${report.chart!.labels}.${p.key}`, p.key)
            : p.key,
    }));
  const pct = csv.progress ? percentOf(csv.progress) : undefined;
  const width = report.columns.reduce((s, c) => s + (c.width ?? 150), 0);

  return (
    <List
      title={t(`resources.${screen}`)}
      headerButtons={
        <Button
          icon={<DownloadOutlined />}
          loading={!!csv.progress}
          disabled={!!csv.progress}
          onClick={() => void csv.run(query)}
        >
          {t("reports.export.button")}
        </Button>
      }
    >
      <FilterBar extra={savedViews}>
        <DatePicker.RangePicker
          aria-label={t("reports.filters.range")}
          allowClear={false}
          value={[dayjs(query.dateFrom), dayjs(query.dateTo)]}
          presets={[7, 30, 90, 365].map((n) => ({
            label: t("reports.filters.lastDays", { n }),
            value: [dayjs().subtract(n - 1, "day"), dayjs()] as [Dayjs, Dayjs],
          }))}
          onChange={(range) =>
            range?.[0] &&
            range[1] &&
            apply({ dateFrom: range[0].format(DAY_FORMAT), dateTo: range[1].format(DAY_FORMAT) })
          }
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t("reports.filters.shop")}
          placeholder={t("reports.filters.allShops")}
          value={filters.shopId as number | undefined}
          options={shops.map((s) => ({ value: s.id, label: s.name }))}
          onChange={(shopId?: number) => apply({ shopId })}
          style={{ width: 220, maxWidth: "100%" }}
        />
        {report.filters.map((f) => (
          <Select
            key={f.name}
            allowClear
            aria-label={t(`reports.filters.${f.name}`)}
            placeholder={t(`reports.filters.${f.name}`)}
            value={filters[f.name] === undefined ? undefined : String(filters[f.name])}
            options={f.values.map((v) => ({ value: v, label: t(`${f.labels}.${v}`, v) }))}
            onChange={(v?: string) => apply({ [f.name]: v })}
            style={{ width: f.width ?? 160, maxWidth: "100%" }}
          />
        ))}
      </FilterBar>

      {csv.progress && (
        <Alert
          className="report-export"
          type="info"
          showIcon
          message={
            csv.progress.total !== undefined
              ? t("reports.export.progress", { rows: number(csv.progress.rows), total: number(csv.progress.total) })
              : t("reports.export.started")
          }
          description={
            <Progress
              percent={pct ?? 0}
              status="active"
              showInfo={pct !== undefined}
              aria-label={t("reports.export.button")}
            />
          }
          action={
            <Button size="small" danger icon={<StopOutlined />} onClick={csv.cancel}>
              {t("reports.export.cancel")}
            </Button>
          }
        />
      )}

      <Card size="small" className="report-overview">
        <Flex wrap gap={24} align="flex-start">
          <Flex wrap gap={24} className="report-figures" role="group" aria-label={t("reports.totals.label")}>
            <Statistic
              title={t("reports.totals.rows")}
              value={totals ? number(totals.rows) : EMPTY}
              data-testid="report-rows"
            />
            {report.figures.map((f) => (
              <Statistic
                key={f.key}
                title={t(`reports.totals.${f.key}`)}
                value={totals ? (cell(f.type, totals[f.key]) as string) : EMPTY}
              />
            ))}
          </Flex>
          {report.chart && (
            <div className="report-chart">
              <Typography.Text type="secondary">{t(`reports.chart.${report.endpoint}`)}</Typography.Text>
              {chart && chart.length > 0 ? (
                <Suspense fallback={<Skeleton.Node active style={{ width: "100%", height: 240 }} />}>
                  <ReportChart data={chart} kind={report.chart.kind} valueLabel={t("reports.totals.rows")} />
                </Suspense>
              ) : (
                <div className="report-chart-empty">
                  {tableQuery.isLoading ? <Skeleton active paragraph={{ rows: 3 }} /> : t("reports.chart.empty")}
                </div>
              )}
            </div>
          )}
        </Flex>
      </Card>

      <Table<Row>
        {...tableProps}
        rowKey="id"
        size="middle"
        tableLayout="fixed"
        scroll={scroll(width)}
        summary={() =>
          totals && tableProps.dataSource?.length ? (
            <Table.Summary>
              <Table.Summary.Row className="report-totals">
                {report.columns.map((c: ReportColumn, i) => (
                  <Table.Summary.Cell
                    key={c.key}
                    index={i}
                    align={i > 0 && c.total && NUMERIC.includes(c.type) ? "right" : undefined}
                  >
                    {i === 0 ? (
                      <span>
                        <Typography.Text type="secondary" className="report-total-label">
                          {t("reports.totals.label")}
                        </Typography.Text>
                        <Typography.Text strong>{number(totals.rows)}</Typography.Text>
                      </span>
                    ) : c.total ? (
                      <span title={t(`reports.totals.${c.total}`)}>
                        <Typography.Text type="secondary" className="report-total-label">
                          {t(`reports.totals.${c.total}`)}
                        </Typography.Text>
                        <Typography.Text strong>
                          {cell(
                            c.type === "time" || c.type === "bool" || c.type === "enum"
                              ? "int"
                              : c.type === "discount"
                                ? "money"
                                : c.type,
                            totals[c.total],
                          )}
                        </Typography.Text>
                      </span>
                    ) : null}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      >
        {report.columns.map((c) => (
          <Table.Column<Row>
            key={c.key}
            dataIndex={c.key}
            title={label(c.key)}
            width={c.width}
            align={NUMERIC.includes(c.type) ? "right" : undefined}
            render={(v: Value | undefined, row) =>
              clipped(c) && v ? (
                // Clipped in the text's own direction: a Latin name in an Arabic page loses its end, not its start.
                <div dir="auto" className="report-clip" title={String(v)}>
                  {String(v)}
                </div>
              ) : (
                cell(c.type, v, c.labels, row)
              )
            }
          />
        ))}
      </Table>
    </List>
  );
}
