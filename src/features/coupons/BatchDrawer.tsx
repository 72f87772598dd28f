import { useState } from "react";
import { useCustom, useList, useOne, useTranslate } from "@refinedev/core";
import {
  Alert,
  App,
  Button,
  Col,
  Descriptions,
  Drawer,
  Flex,
  Grid,
  Row,
  Skeleton,
  Statistic,
  Table,
  Tabs,
  Typography,
} from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { errorMessage, isNotFound } from "../../components/kit/errors";
import { dateTime, useFormat } from "../../components/kit/format";
import { SearchBox } from "../../components/kit/list";
import { formatWindow } from "../../components/kit/window";
import { http } from "../../providers/http";
import { BATCHES, type BatchReport, type CouponBatch, type CouponCode, type Redemption } from "./model";
import { useRuleText } from "./rule";
import { BatchStatusTag } from "./BatchStatusTag";
import { ON_REST } from "../../providers/rest";
import { saveBlob } from "../../components/kit/download";

export type DrawerTab = "codes" | "report";
const PAGE = 20;

/** Saves the batch's codes as CSV through the token-carrying client. */
async function downloadCodes(batch: CouponBatch) {
  const res = await http.get<Blob>(`/api/v2/${BATCHES}/${batch.id}/export`, { responseType: "blob" });
  saveBlob(res.data, `coupons-${batch.prefix.toLowerCase()}-${batch.id}.csv`);
}

function Codes({ batch }: { batch: CouponBatch }) {
  const t = useTranslate();
  const { number } = useFormat();
  const { notification } = App.useApp();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const [exporting, setExporting] = useState(false);
  const { result, query } = useList<CouponCode>({
    resource: `${BATCHES}/${batch.id}/codes`,
    ...ON_REST,
    pagination: { currentPage: page, pageSize: PAGE },
    filters: search ? [{ field: "code_like", operator: "eq", value: search }] : [],
  });
  const exportCsv = () => {
    setExporting(true);
    downloadCodes(batch)
      .catch((e) => notification.error({ message: t("coupons.messages.exportFailed"), description: errorMessage(e) }))
      .finally(() => setExporting(false));
  };
  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={8} justify="space-between">
        <SearchBox
          label={t("coupons.codes.search")}
          value={search}
          onSearch={(v) => {
            setSearch(v);
            setPage(1);
          }}
          width={220}
        />
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv}>
          {t("coupons.codes.export")}
        </Button>
      </Flex>
      {query.isError && <Alert type="error" showIcon message={errorMessage(query.error)} />}
      <Table<CouponCode>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={result.data}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: result.total,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (n) => t("list.total", { count: n }),
        }}
      >
        <Table.Column<CouponCode>
          dataIndex="code"
          title={t("coupons.codes.code")}
          render={(code: string) => (
            <Typography.Text
              code
              copyable={{ text: code, tooltips: [t("coupons.codes.copy"), t("coupons.codes.copied")] }}
              dir="ltr"
            >
              {code}
            </Typography.Text>
          )}
        />
        <Table.Column<CouponCode>
          dataIndex="usedCount"
          title={t("coupons.codes.used")}
          width={90}
          align="right"
          render={(v: number) => number(v)}
        />
        <Table.Column<CouponCode>
          dataIndex="usesLeft"
          title={t("coupons.codes.left")}
          width={90}
          align="right"
          render={(v: number) => number(v)}
        />
      </Table>
    </Flex>
  );
}

function Report({ batch }: { batch: CouponBatch }) {
  const t = useTranslate();
  const { money, number } = useFormat();
  const [page, setPage] = useState(1);
  const { result: report, query } = useCustom<BatchReport>({
    url: `/api/v2/${BATCHES}/${batch.id}/report`,
    method: "get",
    ...ON_REST,
  });
  const redemptions = useList<Redemption>({
    resource: `${BATCHES}/${batch.id}/redemptions`,
    ...ON_REST,
    pagination: { currentPage: page, pageSize: PAGE },
  });
  const r = report.data;
  if (query.isError)
    return <Alert type="error" showIcon message={t("coupons.report.failed")} description={errorMessage(query.error)} />;
  if (!r) return <Skeleton active />;
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={12} sm={8}>
          <Statistic
            title={t("coupons.report.codesUsed")}
            value={r.codesUsed}
            valueRender={() => (
              <span dir="auto">
                {t("coupons.fields.usedOf", { used: number(r.codesUsed), total: number(r.codeCount) })}
              </span>
            )}
          />
        </Col>
        <Col xs={12} sm={8}>
          <Statistic title={t("coupons.report.orders")} value={number(r.orders)} />
        </Col>
        <Col xs={12} sm={8}>
          <Statistic title={t("coupons.report.customers")} value={number(r.customers)} />
        </Col>
        <Col xs={12} sm={8}>
          <Statistic title={t("coupons.report.redemptions")} value={number(r.redemptions)} />
        </Col>
        <Col xs={24} sm={16}>
          <Statistic
            title={t("coupons.report.discountGiven")}
            value={money(r.discountGiven)}
            valueRender={() => <bdi>{money(r.discountGiven)}</bdi>}
          />
        </Col>
      </Row>
      <Table<Redemption>
        rowKey="id"
        size="small"
        loading={redemptions.query.isFetching}
        dataSource={redemptions.result.data}
        locale={{ emptyText: t("coupons.report.none") }}
        scroll={{ x: 620 }}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: redemptions.result.total,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
      >
        <Table.Column<Redemption>
          dataIndex="redeemedAt"
          title={t("coupons.report.when")}
          width={150}
          render={(v: string) => dateTime(v)}
        />
        <Table.Column<Redemption>
          dataIndex="code"
          title={t("coupons.codes.code")}
          width={190}
          render={(v: string) => (
            <bdi dir="ltr" style={{ whiteSpace: "nowrap" }}>
              {v}
            </bdi>
          )}
        />
        <Table.Column<Redemption>
          dataIndex="orderNo"
          title={t("coupons.report.order")}
          width={120}
          render={(v: string | null) => <bdi>{v ?? "—"}</bdi>}
        />
        <Table.Column<Redemption>
          dataIndex="customer"
          title={t("coupons.report.customer")}
          render={(v: string) => <bdi style={{ overflowWrap: "anywhere" }}>{v}</bdi>}
        />
        <Table.Column<Redemption>
          dataIndex="discount"
          title={t("coupons.report.discount")}
          width={100}
          align="right"
          render={(v: number) => <bdi>{money(v)}</bdi>}
        />
      </Table>
    </Flex>
  );
}

/** One batch: its terms, then its codes (copy, CSV) or its redemption report. */
export function BatchDrawer({
  batchId,
  tab,
  onTab,
  onClose,
}: {
  batchId: number;
  tab: DrawerTab;
  onTab(tab: DrawerTab): void;
  onClose(): void;
}) {
  const t = useTranslate();
  const { money } = useFormat();
  const rule = useRuleText();
  const wide = Grid.useBreakpoint().md;
  const { result: batch, query } = useOne<CouponBatch>({
    resource: BATCHES,
    id: batchId,
    ...ON_REST,
    errorNotification: false,
  });
  return (
    <Drawer
      open
      onClose={onClose}
      width={wide ? 640 : "100%"}
      destroyOnHidden
      title={batch ? <bdi>{batch.name}</bdi> : t("coupons.titles.batch")}
    >
      {query.isError && (
        <Alert
          type={isNotFound(query.error) ? "warning" : "error"}
          showIcon
          message={
            isNotFound(query.error) ? t("coupons.messages.notFound", { id: batchId }) : errorMessage(query.error)
          }
        />
      )}
      {query.isLoading && <Skeleton active />}
      {batch && (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t("coupons.fields.status")}>
              <BatchStatusTag status={batch.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t("coupons.fields.discount")}>
              {rule(batch)}
              {batch.minSpend > 0 && <> · {t("coupons.rule.minSpend", { amount: money(batch.minSpend) })}</>}
            </Descriptions.Item>
            <Descriptions.Item label={t("coupons.fields.window")}>
              <bdi>{formatWindow(batch, t("kit.window.noEnd"))}</bdi>
            </Descriptions.Item>
          </Descriptions>
          <Tabs
            activeKey={tab}
            onChange={(k) => onTab(k as DrawerTab)}
            items={[
              { key: "codes", label: t("coupons.actions.codes"), children: <Codes batch={batch} /> },
              { key: "report", label: t("coupons.actions.report"), children: <Report batch={batch} /> },
            ]}
          />
        </Flex>
      )}
    </Drawer>
  );
}
