import type { DataOf } from "../../api";
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  DollarOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  SyncOutlined,
} from "@ant-design/icons";
import { CreateButton, ListButton } from "../../components/kit/buttons";
import { useCustom } from "@refinedev/core";
import { Alert, Button, Card, Col, Empty, Flex, Row, Select, Skeleton, Statistic } from "antd";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../components/kit/errors";
import { useSession } from "../../providers/session";
import type { Area } from "../../resources/types";
import { useFormat } from "../../components/kit/format";
import { ScreenTitle } from "../../components/kit/ScreenTitle";

export type DashboardFigures = DataOf<"/api/report/getReloadDashboard">;

// recharts is heavy: its own chunk, fetched only once a dashboard renders.
const OrdersChart = lazy(() => import("./OrdersChart"));

const ALL = "all";

export function DashboardView({ area }: { area: Area }) {
  const { t } = useTranslation();
  const { shops } = useSession();
  // A new supplier's shop waits for the marketplace's review; figures stay at zero until then.
  const awaitingReview = area === "supplier" && shops.length > 0 && shops.every((s) => s.status === "pending");
  const [shopId, setShopId] = useState<string>(ALL);

  const { query, result } = useCustom<{ data: DashboardFigures }>({
    url: "",
    method: "get",
    config: { query: shopId === ALL ? {} : { shopId: Number(shopId) } },
    meta: { resource: "dashboard", action: "reload" },
    errorNotification: false,
  });
  const figures = result?.data?.data;
  const fmt = useFormat();

  const cards: { key: keyof DashboardFigures; icon: ReactNode; money?: boolean }[] = [
    { key: "products", icon: <ShoppingOutlined /> },
    { key: "productsOnline", icon: <CheckCircleOutlined /> },
    { key: "pendingApprovals", icon: <ClockCircleOutlined /> },
    { key: "orders", icon: <ShoppingCartOutlined /> },
    { key: "ordersOpen", icon: <SyncOutlined /> },
    { key: "revenue", icon: <DollarOutlined />, money: true },
    { key: "posts", icon: <FileTextOutlined /> },
    { key: "postsPublished", icon: <FileDoneOutlined /> },
  ];

  return (
    <Flex vertical gap={16} style={{ padding: 24 }}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <ScreenTitle>{t(area === "supplier" ? "dashboard.supplierTitle" : "dashboard.adminTitle")}</ScreenTitle>
        {area === "supplier" && shops.length > 1 && (
          <Select
            aria-label={t("dashboard.shop")}
            value={shopId}
            onChange={setShopId}
            style={{ minWidth: 220 }}
            options={[
              { value: ALL, label: t("dashboard.allShops") },
              ...shops.map((s) => ({ value: String(s.id), label: s.name })),
            ]}
          />
        )}
      </Flex>

      {awaitingReview && (
        <Alert
          type="info"
          showIcon
          message={t("dashboard.awaitingReviewTitle")}
          description={
            <Flex vertical gap={12}>
              <span>{t("dashboard.awaitingReviewHint")}</span>
              <Flex wrap gap={8}>
                <CreateButton type="primary" icon={null} resource="supplier-newproduct">
                  {t("dashboard.addFirstProduct")}
                </CreateButton>
                <CreateButton icon={null} resource="supplier-blog">
                  {t("dashboard.writeDraft")}
                </CreateButton>
                <ListButton icon={null} resource="supplier-brandshop">
                  {t("dashboard.arrangeStorefront")}
                </ListButton>
              </Flex>
            </Flex>
          }
        />
      )}

      {query.isError && (
        <Alert
          type="error"
          showIcon
          message={t("dashboard.loadError")}
          description={errorMessage(query.error)}
          action={<Button onClick={() => query.refetch()}>{t("common.retry")}</Button>}
        />
      )}

      <Row gutter={[16, 16]}>
        {cards.map(({ key, icon, money: isMoney }) => (
          <Col xs={12} xl={6} key={key}>
            <Card>
              <Skeleton loading={query.isLoading} active paragraph={false}>
                <Statistic
                  title={t(`dashboard.${key}`)}
                  prefix={icon}
                  value={(figures?.[key] as number | undefined) ?? 0}
                  formatter={(v) => (isMoney ? fmt.money(v) : fmt.number(v))}
                />
              </Skeleton>
            </Card>
          </Col>
        ))}
      </Row>

      <Card title={t("dashboard.ordersByMonth")}>
        {query.isLoading ? (
          <Skeleton active />
        ) : figures?.ordersByMonth?.length ? (
          <Suspense fallback={<Skeleton active />}>
            <OrdersChart
              data={figures.ordersByMonth}
              ordersLabel={t("dashboard.orders")}
              revenueLabel={t("dashboard.revenue")}
            />
          </Suspense>
        ) : (
          <Empty description={t("dashboard.noOrders")} />
        )}
      </Card>
    </Flex>
  );
}
