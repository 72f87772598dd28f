import { useState } from "react";
import { List } from "@refinedev/antd";
import { useCustomMutation, useTranslate } from "@refinedev/core";
import { Button, Flex, Popconfirm, Select, Space, Table, Tooltip, Typography } from "antd";
import {
  BarChartOutlined,
  BarcodeOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
} from "@ant-design/icons";
import { FilterBar, SearchBox, useListTable, usePinned, useTableScroll, WIDE } from "../../components/kit/list";
import { useFormat } from "../../components/kit/format";
import { errorMessage } from "../../components/kit/errors";
import { formatWindow, linkedId } from "../../components/kit/window";
import { BATCH_STATUSES, BATCHES, type BatchStatus, type CouponBatch } from "./model";
import { BatchStatusTag } from "./BatchStatusTag";
import { useRuleText } from "./rule";
import { BatchDialog } from "./BatchDialog";
import { BatchDrawer, type DrawerTab } from "./BatchDrawer";
import { CheckDialog } from "./CheckDialog";
import { ON_REST } from "../../providers/rest";

/**
 * LINE coupon batches: each one's discount rule, limits, window and how many of its codes were used;
 * a new batch with a preview of its rule, its codes (copy, CSV), its redemption report, closing it,
 * and a check of one code as checkout would make it.
 */
export function BatchList() {
  const t = useTranslate();
  const scroll = useTableScroll();
  const pinned = usePinned();
  const { money, number } = useFormat();
  const rule = useRuleText();
  const [creating, setCreating] = useState(false);
  const [checking, setChecking] = useState(false);
  const [open, setOpen] = useState<{ id: number; tab: DrawerTab } | null>(() => {
    const id = linkedId();
    return id ? { id, tab: "codes" } : null;
  });
  const { mutateAsync, mutation } = useCustomMutation();

  const newButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
      {t("coupons.actions.new")}
    </Button>
  );
  const { tableProps, tableQuery, filters, apply, savedViews } = useListTable<CouponBatch>(BATCHES, {
    ...ON_REST,
    empty: (
      <>
        <div style={{ marginBottom: 12 }}>{t("coupons.list.empty")}</div>
        {newButton}
      </>
    ),
  });

  const close = (b: CouponBatch) =>
    mutateAsync({
      url: `/api/v2/${BATCHES}/${b.id}/close`,
      method: "post",
      values: {},
      ...ON_REST,
      successNotification: () => ({ type: "success", message: t("coupons.messages.closed", { name: b.name }) }),
      errorNotification: (e) => ({
        type: "error",
        message: t("coupons.messages.failed"),
        description: errorMessage(e),
      }),
    }).then(
      () => tableQuery.refetch(),
      () => tableQuery.refetch(),
    );

  return (
    <List
      title={t("coupons.titles.list")}
      resource="promotion-coupon"
      headerButtons={
        <Space wrap>
          <Button icon={<SafetyCertificateOutlined />} onClick={() => setChecking(true)}>
            {t("coupons.actions.check")}
          </Button>
          {newButton}
        </Space>
      }
    >
      <FilterBar extra={savedViews}>
        <SearchBox
          label={t("coupons.list.search")}
          value={filters.name_like as string | undefined}
          onSearch={(name_like) => apply({ name_like })}
        />
        <SearchBox
          label={t("coupons.list.findCode")}
          value={filters.code as string | undefined}
          onSearch={(code) => apply({ code })}
          width={220}
        />
        <Select
          allowClear
          aria-label={t("coupons.fields.status")}
          placeholder={t("coupons.list.allStatuses")}
          value={filters.status as string | undefined}
          options={BATCH_STATUSES.map((s) => ({ value: s, label: t(`coupons.status.${s}`) }))}
          onChange={(status?: string) => apply({ status })}
          style={{ width: 180 }}
        />
      </FilterBar>
      <Table<CouponBatch> {...tableProps} rowKey="id" scroll={scroll(1040)}>
        <Table.Column<CouponBatch>
          dataIndex="name"
          title={t("coupons.fields.name")}
          width={200}
          render={(name: string, b) => (
            <Flex vertical style={{ minWidth: 0 }}>
              <span dir="auto" style={{ overflowWrap: "anywhere" }}>
                {name}
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t("coupons.fields.prefix")}: <bdi dir="ltr">{b.prefix}-…</bdi>
              </Typography.Text>
            </Flex>
          )}
        />
        <Table.Column<CouponBatch>
          key="rule"
          title={t("coupons.fields.discount")}
          width={170}
          render={(_, b) => (
            <Flex vertical>
              <span>{rule(b)}</span>
              {b.minSpend > 0 && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t("coupons.rule.minSpend", { amount: money(b.minSpend) })}
                </Typography.Text>
              )}
            </Flex>
          )}
        />
        <Table.Column<CouponBatch>
          key="codes"
          title={t("coupons.fields.codesUsed")}
          width={180}
          render={(_, b) => (
            <Flex vertical>
              <span dir="auto">
                {t("coupons.fields.usedOf", { used: number(b.codesUsed), total: number(b.codeCount) })}
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t("coupons.fields.perCode", { n: number(b.usesPerCode) })}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t("coupons.fields.perCustomer", { n: number(b.usesPerCustomer) })}
              </Typography.Text>
            </Flex>
          )}
        />
        <Table.Column<CouponBatch>
          key="window"
          title={t("coupons.fields.window")}
          width={240}
          responsive={WIDE}
          render={(_, b) => <bdi>{formatWindow(b, t("kit.window.noEnd"))}</bdi>}
        />
        <Table.Column<CouponBatch>
          dataIndex="status"
          title={t("coupons.fields.status")}
          width={130}
          render={(s: BatchStatus) => <BatchStatusTag status={s} />}
        />
        <Table.Column<CouponBatch>
          key="actions"
          title={t("coupons.fields.actions")}
          fixed={pinned("right")}
          width={120}
          render={(_, b) => (
            <Space size={4} wrap>
              <Tooltip title={t("coupons.actions.codes")}>
                <Button
                  size="small"
                  icon={<BarcodeOutlined />}
                  aria-label={`${t("coupons.actions.codes")}: ${b.name}`}
                  onClick={() => setOpen({ id: b.id, tab: "codes" })}
                />
              </Tooltip>
              <Tooltip title={t("coupons.actions.report")}>
                <Button
                  size="small"
                  icon={<BarChartOutlined />}
                  aria-label={`${t("coupons.actions.report")}: ${b.name}`}
                  onClick={() => setOpen({ id: b.id, tab: "report" })}
                />
              </Tooltip>
              {b.status !== "closed" && (
                <Popconfirm
                  title={t("coupons.close.title", { name: b.name })}
                  description={t("coupons.close.effect")}
                  okText={t("coupons.actions.close")}
                  okButtonProps={{ danger: true }}
                  cancelText={t("buttons.cancel")}
                  onConfirm={() => close(b)}
                >
                  <Tooltip title={t("coupons.actions.close")}>
                    <Button
                      size="small"
                      danger
                      icon={<StopOutlined />}
                      loading={mutation.isPending}
                      aria-label={`${t("coupons.actions.close")}: ${b.name}`}
                    />
                  </Tooltip>
                </Popconfirm>
              )}
            </Space>
          )}
        />
      </Table>
      {creating && (
        <BatchDialog
          onClose={() => setCreating(false)}
          onCreated={(b) => {
            setCreating(false);
            setOpen({ id: b.id, tab: "codes" });
            return tableQuery.refetch();
          }}
        />
      )}
      {checking && <CheckDialog onClose={() => setChecking(false)} />}
      {open && (
        <BatchDrawer
          batchId={open.id}
          tab={open.tab}
          onTab={(tab) => setOpen({ ...open, tab })}
          onClose={() => setOpen(null)}
        />
      )}
    </List>
  );
}
