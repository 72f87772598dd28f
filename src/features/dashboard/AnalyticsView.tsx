import type { Answer } from "../../api";
import { DollarOutlined, PercentageOutlined, ShoppingCartOutlined, TagOutlined, TeamOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Alert, Button, Card, Col, Empty, Flex, Grid, Row, Skeleton, Statistic, Table, Typography } from "antd";
import { lazy, Suspense, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../components/kit/errors";
import { useFormat } from "../../components/kit/format";
import { useTableScroll } from "../../components/kit/list";
import { Delta, RangeBar, useDayRange } from "./range";
import { ScreenTitle } from "../../components/kit/ScreenTitle";

export type Analytics = Answer<"/api/v2/analytics">;
type Totals = Analytics["totals"]["current"];
type Change = Analytics["totals"]["delta"];

// recharts is heavy: its own chunk, fetched once a chart renders.
const TrendChart = lazy(() => import("./TrendChart"));

/** `/admin/two`: storefront visitors, orders, conversion and revenue over a range, by channel, against the range before. */
export function AnalyticsView() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const scroll = useTableScroll();
  const [range, setRange] = useDayRange();
  // Two cards a row on a phone: amounts in baht need a smaller figure to fit.
  const valueStyle = Grid.useBreakpoint().sm ? undefined : { fontSize: 18 };
  const { query, result } = useCustom<Analytics>({
    url: "",
    method: "get",
    config: { query: { from: range.from, to: range.to } },
    meta: { resource: "dashboard", action: "analytics" },
    errorNotification: false,
  });
  // Before the first answer `result.data` is an empty object: figures only once the query succeeded.
  const data = query.isSuccess ? result.data : undefined;
  const loading = query.isLoading;
  const quiet = data && data.totals.current.visitors === 0 && data.totals.current.orders === 0;

  const cards: { key: keyof Change; icon: ReactNode; show(v: Totals): string }[] = [
    { key: "visitors", icon: <TeamOutlined />, show: (v) => fmt.number(v.visitors) },
    { key: "orders", icon: <ShoppingCartOutlined />, show: (v) => fmt.number(v.orders) },
    { key: "conversion", icon: <PercentageOutlined />, show: (v) => fmt.percent(v.conversion) },
    { key: "revenue", icon: <DollarOutlined />, show: (v) => fmt.money(v.revenue) },
    { key: "averageOrderValue", icon: <TagOutlined />, show: (v) => fmt.money(v.averageOrderValue) },
  ];

  return (
    <Flex vertical gap={16} style={{ padding: 24 }}>
      <Flex justify="space-between" align="start" wrap gap={12}>
        <ScreenTitle>{t("dashboards.analytics.title")}</ScreenTitle>
        <RangeBar range={range} onChange={setRange} previous={data?.previous} />
      </Flex>

      {query.isError && (
        <Alert
          type="error"
          showIcon
          message={t("dashboards.loadError")}
          description={errorMessage(query.error)}
          action={<Button onClick={() => query.refetch()}>{t("dashboards.retry")}</Button>}
        />
      )}

      <Row gutter={[16, 16]}>
        {cards.map(({ key, icon, show }) => (
          <Col xs={12} md={8} xl={{ flex: "1 1 0" }} key={key}>
            <Card size="small" style={{ height: "100%" }}>
              <Skeleton loading={loading} active paragraph={{ rows: 1 }}>
                <Statistic
                  title={t(`dashboards.analytics.${key}`)}
                  prefix={icon}
                  value={data ? show(data.totals.current) : "—"}
                  valueStyle={valueStyle}
                />
                {data && (
                  <Flex gap={6} wrap align="baseline">
                    <Delta value={data.totals.delta[key]} />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t("dashboards.before", { value: show(data.totals.previous) })}
                    </Typography.Text>
                  </Flex>
                )}
              </Skeleton>
            </Card>
          </Col>
        ))}
      </Row>

      <Card title={t("dashboards.analytics.daily")} styles={{ title: { whiteSpace: "normal" } }}>
        {loading ? (
          <Skeleton active />
        ) : data && !quiet ? (
          <Suspense fallback={<Skeleton active />}>
            <TrendChart
              data={data.daily}
              money={fmt.money}
              number={fmt.number}
              series={[
                {
                  key: "visitors",
                  name: t("dashboards.analytics.visitors"),
                  kind: "line",
                  axis: "scale",
                  color: "success",
                },
                { key: "orders", name: t("dashboards.analytics.orders"), kind: "bar", axis: "count", color: "primary" },
                {
                  key: "revenue",
                  name: t("dashboards.analytics.revenue"),
                  kind: "line",
                  axis: "money",
                  color: "warning",
                },
              ]}
            />
          </Suspense>
        ) : (
          <Empty description={t("dashboards.noActivity")} />
        )}
      </Card>

      <Card title={t("dashboards.analytics.byChannel")} styles={{ body: { padding: 0 } }}>
        <Table
          rowKey="channel"
          loading={loading}
          dataSource={data?.channels ?? []}
          pagination={false}
          scroll={scroll(820)}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboards.noActivity")} />,
          }}
          columns={[
            {
              key: "channel",
              title: t("dashboards.analytics.channel"),
              render: (_, r) => t(`orders.channel.${r.channel}`, r.channel),
            },
            {
              key: "visitors",
              title: t("dashboards.analytics.visitors"),
              align: "end",
              render: (_, r) => fmt.number(r.current.visitors),
            },
            {
              key: "orders",
              title: t("dashboards.analytics.orders"),
              align: "end",
              render: (_, r) => fmt.number(r.current.orders),
            },
            {
              key: "conversion",
              title: t("dashboards.analytics.conversion"),
              align: "end",
              render: (_, r) => fmt.percent(r.current.conversion),
            },
            {
              key: "revenue",
              title: t("dashboards.analytics.revenue"),
              align: "end",
              render: (_, r) => fmt.money(r.current.revenue),
            },
            {
              key: "change",
              title: t("dashboards.analytics.revenueChange"),
              align: "end",
              render: (_, r) => <Delta value={r.delta.revenue} />,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
