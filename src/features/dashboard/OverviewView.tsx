import type { Answer } from "../../api";
import {
  AuditOutlined,
  DollarOutlined,
  FileSearchOutlined,
  InboxOutlined,
  ShoppingCartOutlined,
  TagOutlined,
  WarningOutlined,
} from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import {
  Alert,
  Badge,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Grid,
  List,
  Progress,
  Row,
  Skeleton,
  Statistic,
  Table,
  Typography,
} from "antd";
import { lazy, Suspense, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ThenChevron } from "../../components/kit/direction";
import { errorMessage } from "../../components/kit/errors";
import { useFormat } from "../../components/kit/format";
import { screenPath } from "../../resources/calls";
import { STATUS_COLORS } from "../orders/model";
import { Delta, filteredList, RangeBar, useDayRange } from "./range";
import { ScreenTitle } from "../../components/kit/ScreenTitle";

export type Overview = Answer<"/api/v2/ecommerce-overview">;
type Totals = Overview["totals"]["current"];

const TrendChart = lazy(() => import("./TrendChart"));

/** One queue of waiting work: its count and a link to its list with the matching filter set. */
interface Queue {
  key: string;
  icon: ReactNode;
  label: string;
  count: number;
  to: string;
}

/** `/admin/three`: sales trend, orders by status, top products and shops over a range; the work waiting now. */
export function OverviewView() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [range, setRange] = useDayRange();
  // Two cards a row on a phone: amounts in baht need a smaller figure to fit.
  const valueStyle = Grid.useBreakpoint().sm ? undefined : { fontSize: 18 };
  const { query, result } = useCustom<Overview>({
    url: "",
    method: "get",
    config: { query: { from: range.from, to: range.to } },
    meta: { resource: "dashboard", action: "overview" },
    errorNotification: false,
  });
  // Before the first answer `result.data` is an empty object: figures only once the query succeeded.
  const data = query.isSuccess ? result.data : undefined;
  const loading = query.isLoading;

  const cards: { key: keyof Overview["totals"]["delta"]; icon: ReactNode; show(v: Totals): string }[] = [
    { key: "orders", icon: <ShoppingCartOutlined />, show: (v) => fmt.number(v.orders) },
    { key: "revenue", icon: <DollarOutlined />, show: (v) => fmt.money(v.revenue) },
    { key: "items", icon: <InboxOutlined />, show: (v) => fmt.number(v.items) },
    { key: "averageOrderValue", icon: <TagOutlined />, show: (v) => fmt.money(v.averageOrderValue) },
  ];

  const p = data?.pending;
  const approve = screenPath("product-approve", "list");
  const claims = screenPath("orders-claim", "list");
  const queues: { title: string; items: Queue[] }[] = p
    ? [
        {
          title: t("dashboards.overview.queues.products"),
          items: (["pending", "resubmitted"] as const).map((s) => ({
            key: `product-${s}`,
            icon: <AuditOutlined />,
            label: t(`product.status.${s}`),
            count: p.products[s],
            to: filteredList(approve, { status: s }),
          })),
        },
        {
          title: t("dashboards.overview.queues.slips"),
          items: [
            {
              key: "slip-pending",
              icon: <FileSearchOutlined />,
              label: t("orders.slipStatus.pending"),
              count: p.slips.pending,
              to: filteredList(screenPath("orders-slip", "list"), { status: "pending" }),
            },
          ],
        },
        {
          title: t("dashboards.overview.queues.claims"),
          items: (["filed", "reviewing", "approved"] as const).map((s) => ({
            key: `claim-${s}`,
            icon: <WarningOutlined />,
            label: t(`orders.claimStatus.${s}`),
            count: p.claims[s],
            to: filteredList(claims, { status: s }),
          })),
        },
      ]
    : [];
  const statusMax = Math.max(1, ...(data?.byStatus ?? []).map((s) => s.orders));

  return (
    <Flex vertical gap={16} style={{ padding: 24 }}>
      <Flex justify="space-between" align="start" wrap gap={12}>
        <ScreenTitle>{t("dashboards.overview.title")}</ScreenTitle>
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
          <Col xs={12} xl={6} key={key}>
            <Card size="small" style={{ height: "100%" }}>
              <Skeleton loading={loading} active paragraph={{ rows: 1 }}>
                <Statistic
                  title={t(`dashboards.overview.${key}`)}
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

      <Card title={t("dashboards.overview.pending")}>
        <Typography.Paragraph type="secondary">{t("dashboards.overview.pendingNow")}</Typography.Paragraph>
        {loading ? (
          <Skeleton active />
        ) : p ? (
          <Row gutter={[16, 16]}>
            {queues.map((q) => (
              <Col xs={24} md={8} key={q.title}>
                <Typography.Text strong>{q.title}</Typography.Text>
                <List
                  size="small"
                  dataSource={q.items}
                  renderItem={(item) => (
                    <List.Item style={{ paddingInline: 0 }}>
                      <Link to={item.to} style={{ display: "flex", width: "100%", alignItems: "center", gap: 8 }}>
                        {item.icon}
                        <span style={{ flex: 1 }}>{item.label}</span>
                        <Badge
                          count={item.count}
                          showZero
                          overflowCount={99_999}
                          color={item.count ? undefined : "#bfbfbf"}
                        />
                        <ThenChevron />
                      </Link>
                    </List.Item>
                  )}
                />
              </Col>
            ))}
          </Row>
        ) : (
          <Empty />
        )}
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title={t("dashboards.overview.trend")} style={{ height: "100%" }}>
            {loading ? (
              <Skeleton active />
            ) : data && data.totals.current.orders > 0 ? (
              <Suspense fallback={<Skeleton active />}>
                <TrendChart
                  data={data.trend}
                  money={fmt.money}
                  number={fmt.number}
                  series={[
                    {
                      key: "orders",
                      name: t("dashboards.overview.orders"),
                      kind: "bar",
                      axis: "count",
                      color: "primary",
                    },
                    {
                      key: "revenue",
                      name: t("dashboards.overview.revenue"),
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
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t("dashboards.overview.byStatus")} style={{ height: "100%" }}>
            {loading ? (
              <Skeleton active />
            ) : data?.byStatus.length ? (
              <Flex vertical gap={8} role="list" aria-label={t("dashboards.overview.byStatus")}>
                {data.byStatus.map((s) => (
                  <div key={s.status} role="listitem">
                    <Flex justify="space-between" gap={8}>
                      <span>{t(`orders.status.${s.status}`, s.status)}</span>
                      <bdi>{fmt.number(s.orders)}</bdi>
                    </Flex>
                    <Progress
                      aria-label={t(`orders.status.${s.status}`, s.status)}
                      percent={(s.orders / statusMax) * 100}
                      showInfo={false}
                      size="small"
                      strokeColor={statusColor(s.status)}
                    />
                  </div>
                ))}
              </Flex>
            ) : (
              <Empty description={t("dashboards.noActivity")} />
            )}
          </Card>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title={t("dashboards.overview.topProducts")} styles={{ body: { padding: 0 } }}>
            <Table
              rowKey="productId"
              size="small"
              loading={loading}
              dataSource={data?.topProducts ?? []}
              pagination={false}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboards.noActivity")} />,
              }}
              columns={[
                {
                  key: "name",
                  title: t("dashboards.overview.product"),
                  render: (_, r) => (
                    <Flex vertical>
                      <Link to={screenPath("product", "edit", r.productId)}>
                        <bdi>{r.name}</bdi>
                      </Link>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        <bdi>{r.code}</bdi> · <bdi>{r.shopName}</bdi>
                      </Typography.Text>
                    </Flex>
                  ),
                },
                {
                  key: "units",
                  title: t("dashboards.overview.units"),
                  align: "end",
                  render: (_, r) => fmt.number(r.units),
                },
                {
                  key: "revenue",
                  title: t("dashboards.overview.revenue"),
                  align: "end",
                  render: (_, r) => fmt.money(r.revenue),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t("dashboards.overview.topShops")} styles={{ body: { padding: 0 } }}>
            <Table
              rowKey="shopId"
              size="small"
              loading={loading}
              dataSource={data?.topShops ?? []}
              pagination={false}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboards.noActivity")} />,
              }}
              columns={[
                { key: "name", title: t("dashboards.overview.shop"), render: (_, r) => <bdi>{r.name}</bdi> },
                {
                  key: "orders",
                  title: t("dashboards.overview.orders"),
                  align: "end",
                  render: (_, r) => fmt.number(r.orders),
                },
                {
                  key: "revenue",
                  title: t("dashboards.overview.revenue"),
                  align: "end",
                  render: (_, r) => fmt.money(r.revenue),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}

/** antd preset colour names of the order tags, as bar colours. */
const PRESET: Record<string, string> = {
  gold: "#faad14",
  blue: "#1677ff",
  geekblue: "#2f54eb",
  cyan: "#13c2c2",
  purple: "#722ed1",
  lime: "#a0d911",
  green: "#52c41a",
  red: "#ff4d4f",
};
const statusColor = (status: string) => PRESET[STATUS_COLORS[status] ?? ""] ?? undefined;
