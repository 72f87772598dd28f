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
import { useCustom } from "@refinedev/core";
import { Alert, Button, Card, Col, Empty, Flex, Row, Select, Skeleton, Statistic, Typography } from "antd";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../providers/http";
import { useAuthContext } from "../../providers/session";
import type { Area } from "../../resources/types";

export interface DashboardFigures {
  products: number;
  productsOnline: number;
  pendingApprovals: number;
  orders: number;
  ordersOpen: number;
  revenue: number;
  posts: number;
  postsPublished: number;
  ordersByMonth: { month: string; orders: number; revenue: number }[];
}

// recharts is heavy: its own chunk, fetched only once a dashboard renders.
const OrdersChart = lazy(() => import("./OrdersChart"));

const ALL = "all";

export function DashboardView({ area }: { area: Area }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuthContext();
  const shops = user?.shops ?? [];
  const [shopId, setShopId] = useState<string>(ALL);

  const { query, result } = useCustom<{ data: DashboardFigures }>({
    url: "",
    method: "get",
    config: { query: shopId === ALL ? {} : { shopId: Number(shopId) } },
    meta: { resource: "dashboard", action: "reload" },
    errorNotification: false,
  });
  const figures = result?.data?.data;
  const money = new Intl.NumberFormat(i18n.resolvedLanguage === "cn" ? "zh-CN" : (i18n.resolvedLanguage ?? "en"), {
    style: "currency",
    currency: "THB",
    maximumFractionDigits: 0,
  });

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
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t(area === "supplier" ? "dashboard.supplierTitle" : "dashboard.adminTitle")}
        </Typography.Title>
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
          <Col xs={24} sm={12} xl={6} key={key}>
            <Card>
              <Skeleton loading={query.isLoading} active paragraph={false}>
                <Statistic
                  title={t(`dashboard.${key}`)}
                  prefix={icon}
                  value={(figures?.[key] as number | undefined) ?? 0}
                  formatter={isMoney ? (v) => money.format(Number(v)) : undefined}
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
            <OrdersChart data={figures.ordersByMonth} ordersLabel={t("dashboard.orders")} revenueLabel={t("dashboard.revenue")} />
          </Suspense>
        ) : (
          <Empty description={t("dashboard.noOrders")} />
        )}
      </Card>
    </Flex>
  );
}
