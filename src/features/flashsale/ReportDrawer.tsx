import { useCustom, useTranslate } from "@refinedev/core";
import {
  Alert,
  Card,
  Col,
  Descriptions,
  Drawer,
  Flex,
  Grid,
  Progress,
  Row,
  Skeleton,
  Statistic,
  Typography,
} from "antd";
import { errorMessage } from "../../components/kit/errors";
import { useFormat } from "../../components/kit/format";
import { Thumb } from "../../components/kit/Thumb";
import { formatWindow } from "../../components/kit/window";
import { callsOf } from "../../resources/calls";
import flashsale from "./endpoints";
import type { FlashSale, SaleFigures } from "./model";
import { SaleStatusTag } from "./SaleStatusTag";

const calls = callsOf(flashsale);

/**
 * What one sale sold, from the orders placed in its window (up to its close) and not cancelled:
 * units at the sale price up to the stock limit, the revenue at the sale price and the discount given.
 */
export function ReportDrawer({ sale, onClose }: { sale: FlashSale; onClose(): void }) {
  const t = useTranslate();
  const { money, number } = useFormat();
  const wide = Grid.useBreakpoint().md;
  const { result, query } = useCustom<{ items: SaleFigures[] }>(calls.readCall("report", { id: sale.id }));
  const r = result.data?.items?.[0];
  return (
    <Drawer open onClose={onClose} width={wide ? 560 : "100%"} title={t("flashsale.report.title")} destroyOnHidden>
      <Flex vertical gap={16}>
        <Flex gap={12} align="center">
          <Thumb url={sale.productImageUrl} size={56} />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong dir="auto" style={{ overflowWrap: "anywhere" }}>
              {sale.productName}
            </Typography.Text>
            <Typography.Text type="secondary">
              <bdi>{sale.shopName}</bdi>
            </Typography.Text>
          </Flex>
        </Flex>
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t("flashsale.fields.window")}>
            <bdi>{formatWindow(sale, t("kit.window.noEnd"))}</bdi>
          </Descriptions.Item>
          <Descriptions.Item label={t("flashsale.fields.status")}>
            <SaleStatusTag status={sale.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t("flashsale.fields.salePrice")}>
            <bdi>{money(sale.salePrice)}</bdi>{" "}
            <Typography.Text type="secondary" delete>
              <bdi>{money(sale.normalPrice)}</bdi>
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
        {query.isError && (
          <Alert type="error" showIcon message={t("flashsale.report.failed")} description={errorMessage(query.error)} />
        )}
        {query.isLoading && <Skeleton active />}
        {r && (
          <>
            <Card size="small" title={t("flashsale.report.unitsSold")}>
              <Flex vertical gap={4}>
                <Typography.Text data-testid="units-sold" style={{ fontSize: 24 }}>
                  {t("flashsale.report.unitsOfLimit", { sold: number(r.unitsSold), limit: number(r.stockLimit) })}
                </Typography.Text>
                <Progress percent={Math.round((r.unitsSold / r.stockLimit) * 100)} showInfo={false} />
                {r.unitsOrdered > r.unitsSold && (
                  <Typography.Text type="secondary">
                    {t("flashsale.report.beyondLimit", { units: number(r.unitsOrdered - r.unitsSold) })}
                  </Typography.Text>
                )}
              </Flex>
            </Card>
            <Row gutter={[16, 16]}>
              <Col xs={24} sm={8}>
                <Statistic title={t("flashsale.report.orders")} value={number(r.orderCount)} />
              </Col>
              <Col xs={24} sm={8}>
                <Statistic
                  title={t("flashsale.report.revenue")}
                  value={money(r.revenue)}
                  valueRender={() => <bdi data-testid="revenue">{money(r.revenue)}</bdi>}
                />
              </Col>
              <Col xs={24} sm={8}>
                <Statistic
                  title={t("flashsale.report.discount")}
                  value={money(r.discount)}
                  valueRender={() => <bdi>{money(r.discount)}</bdi>}
                />
              </Col>
            </Row>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t("flashsale.report.how")}
            </Typography.Paragraph>
          </>
        )}
      </Flex>
    </Drawer>
  );
}
