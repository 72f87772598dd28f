import { useState } from "react";
import { List } from "@refinedev/antd";
import { useCustomMutation, useTranslate } from "@refinedev/core";
import { Button, DatePicker, Flex, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from "antd";
import { BarChartOutlined, EditOutlined, PlusOutlined, StopOutlined } from "@ant-design/icons";
import dayjs from "dayjs";
import {
  FilterBar,
  SearchBox,
  useListTable,
  useNarrow,
  usePinned,
  useTableScroll,
  WIDE,
} from "../../components/kit/list";
import { useFormat } from "../../components/kit/format";
import { errorMessage } from "../../components/kit/errors";
import { Thumb } from "../../components/kit/Thumb";
import { formatWindow, linkedId } from "../../components/kit/window";
import { callsOf } from "../../resources/calls";
import flashsale from "./endpoints";
import { SALE_STATUSES, type FlashSale, type SaleStatus } from "./model";
import { SaleStatusTag } from "./SaleStatusTag";
import { SaleDialog } from "./SaleDialog";
import { ReportDrawer } from "./ReportDrawer";

const calls = callsOf(flashsale);

/** A calendar link (`?id=`) opens the list on that one sale. */
const linkedSale = () => {
  const id = linkedId();
  return id === null ? {} : { id };
};

/**
 * Flash sales: each product's sale price, stock limit and window, by state; a new sale or a change to
 * one not started yet in a dialog, closing with a confirmation, and each sale's report from its orders.
 */
export function FlashSaleList() {
  const t = useTranslate();
  const scroll = useTableScroll();
  const narrow = useNarrow();
  const pinned = usePinned();
  const { money, number } = useFormat();
  const [editing, setEditing] = useState<FlashSale | "new" | null>(null);
  const [reporting, setReporting] = useState<FlashSale | null>(null);
  const [initial] = useState(linkedSale);
  const { mutateAsync: close, mutation } = useCustomMutation();

  const newButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
      {t("flashsale.actions.new")}
    </Button>
  );
  const { tableProps, tableQuery, filters, apply, savedViews } = useListTable<FlashSale>("promotion-flashsale", {
    initial,
    numeric: ["id"],
    empty: (
      <>
        <div style={{ marginBottom: 12 }}>{t("flashsale.list.empty")}</div>
        {newButton}
      </>
    ),
  });

  const closeSale = (s: FlashSale) =>
    close({
      ...calls.writeCall("close", { id: s.id }),
      successNotification: () => ({
        type: "success",
        message: t("flashsale.messages.closed", { name: s.productName }),
      }),
      errorNotification: (e) => ({
        type: "error",
        message: t("flashsale.messages.failed"),
        description: errorMessage(e),
      }),
    }).then(
      () => tableQuery.refetch(),
      () => tableQuery.refetch(),
    );

  const range =
    filters.from && filters.to
      ? ([dayjs(filters.from as string), dayjs(filters.to as string)] as [dayjs.Dayjs, dayjs.Dayjs])
      : null;

  return (
    <List title={t("flashsale.titles.list")} resource="promotion-flashsale" headerButtons={newButton}>
      <FilterBar extra={savedViews}>
        <SearchBox
          label={t("flashsale.list.search")}
          value={filters.search as string | undefined}
          onSearch={(search) => apply({ search })}
        />
        <Select
          allowClear
          aria-label={t("flashsale.fields.status")}
          placeholder={t("flashsale.list.allStatuses")}
          value={filters.status as string | undefined}
          options={SALE_STATUSES.map((s) => ({ value: s, label: t(`flashsale.status.${s}`) }))}
          onChange={(status?: string) => apply({ status })}
          style={{ width: 180 }}
        />
        <DatePicker.RangePicker
          aria-label={t("flashsale.list.period")}
          placeholder={[t("flashsale.list.periodFrom"), t("flashsale.list.periodTo")]}
          value={range}
          onChange={(v) =>
            apply({ from: v?.[0]?.startOf("day").toISOString(), to: v?.[1]?.endOf("day").toISOString() })
          }
          style={{ maxWidth: "100%" }}
        />
        {filters.id !== undefined && (
          <Tag closable onClose={() => apply({ id: undefined })} style={{ marginInlineEnd: 0 }}>
            {t("flashsale.list.onlySale", { id: filters.id })}
          </Tag>
        )}
      </FilterBar>
      <Table<FlashSale> {...tableProps} rowKey="id" scroll={scroll(1010)}>
        <Table.Column<FlashSale>
          dataIndex="productName"
          title={t("flashsale.fields.product")}
          width={narrow ? 210 : 280}
          render={(name: string, s) => (
            <Flex gap={10} align="center">
              <Thumb url={s.productImageUrl} size={40} />
              <Flex vertical style={{ minWidth: 0 }}>
                <span dir="auto" style={{ overflowWrap: "anywhere" }}>
                  {name}
                </span>
                <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: "anywhere" }}>
                  <bdi>{s.productCode}</bdi> · <bdi>{s.shopName}</bdi>
                </Typography.Text>
              </Flex>
            </Flex>
          )}
        />
        <Table.Column<FlashSale>
          dataIndex="salePrice"
          title={t("flashsale.fields.salePrice")}
          width={130}
          align="right"
          render={(v: number, s) => (
            <Flex vertical align="end">
              <Typography.Text strong>
                <bdi>{money(v)}</bdi>
              </Typography.Text>
              <Typography.Text type="secondary" delete style={{ fontSize: 12 }}>
                <bdi>{money(s.normalPrice)}</bdi>
              </Typography.Text>
              <Tag color="volcano" style={{ marginInlineEnd: 0 }}>
                {t("flashsale.fields.off", { percent: s.discountPercent })}
              </Tag>
            </Flex>
          )}
        />
        <Table.Column<FlashSale>
          dataIndex="stockLimit"
          title={t("flashsale.fields.stockLimit")}
          width={100}
          align="right"
          responsive={WIDE}
          render={(v: number) => number(v)}
        />
        <Table.Column<FlashSale>
          key="window"
          title={t("flashsale.fields.window")}
          width={250}
          responsive={WIDE}
          render={(_, s) => <bdi>{formatWindow(s, t("kit.window.noEnd"))}</bdi>}
        />
        <Table.Column<FlashSale>
          dataIndex="status"
          title={t("flashsale.fields.status")}
          width={130}
          render={(v: SaleStatus) => <SaleStatusTag status={v} />}
        />
        <Table.Column<FlashSale>
          key="actions"
          title={t("flashsale.fields.actions")}
          fixed={pinned("right")}
          width={120}
          render={(_, s) => (
            <Space size={4} wrap>
              <Tooltip title={t("flashsale.actions.report")}>
                <Button
                  size="small"
                  icon={<BarChartOutlined />}
                  aria-label={`${t("flashsale.actions.report")}: ${s.productName}`}
                  onClick={() => setReporting(s)}
                />
              </Tooltip>
              {s.status === "scheduled" && (
                <Tooltip title={t("flashsale.actions.edit")}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`${t("flashsale.actions.edit")}: ${s.productName}`}
                    onClick={() => setEditing(s)}
                  />
                </Tooltip>
              )}
              {(s.status === "scheduled" || s.status === "live") && (
                <Popconfirm
                  title={t("flashsale.close.title", { name: s.productName })}
                  description={t(s.status === "live" ? "flashsale.close.live" : "flashsale.close.scheduled")}
                  okText={t("flashsale.actions.close")}
                  okButtonProps={{ danger: true }}
                  cancelText={t("buttons.cancel")}
                  onConfirm={() => closeSale(s)}
                >
                  <Tooltip title={t("flashsale.actions.close")}>
                    <Button
                      size="small"
                      danger
                      icon={<StopOutlined />}
                      loading={mutation.isPending}
                      aria-label={`${t("flashsale.actions.close")}: ${s.productName}`}
                    />
                  </Tooltip>
                </Popconfirm>
              )}
            </Space>
          )}
        />
      </Table>
      {editing && (
        <SaleDialog
          sale={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            return tableQuery.refetch();
          }}
        />
      )}
      {reporting && <ReportDrawer sale={reporting} onClose={() => setReporting(null)} />}
    </List>
  );
}
