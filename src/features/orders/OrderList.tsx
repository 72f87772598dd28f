import { useMemo, useState } from "react";
import { List } from "@refinedev/antd";
import { Link, useCustomMutation, useNotification, useTranslate } from "@refinedev/core";
import { Button, DatePicker, Popconfirm, Select, Space, Table, Tabs, Tooltip, Typography } from "antd";
import { CloudSyncOutlined, DownloadOutlined, EyeOutlined, SwapOutlined } from "@ant-design/icons";
import dayjs, { type Dayjs } from "dayjs";
import { orders as ordersModule, ORDER_FILTERS } from "./endpoints";
import { dateTime, useFormat } from "../../components/kit/format";
import { ORDER_STATUSES, orderPaths, writeCall, type OrderSummary, type StatusCount } from "./model";
import { download, StatusTag, useBranches, useMaster, useShops } from "./shared";
import { errorMessage } from "../../components/kit/errors";
import { SyncJobs } from "./SyncJobs";
import {
  FilterBar,
  SearchBox,
  useListTable,
  type FilterValues,
  usePinned,
  useTableScroll,
  WIDE,
  selectRowProps,
} from "../../components/kit/list";

interface Filters {
  status?: string;
  channel?: string;
  shopId?: number;
  branchId?: number;
  dateFrom?: string;
  dateTo?: string;
  search?: string;
}

/** The admin order list (`variant="all"`, tabs with counts) and the branch-fulfilled list. */
/** Columns a phone leaves out: the number, status, total and actions are what a list is read by. */

export function OrderList({ variant }: { variant: "all" | "branch" }) {
  const t = useTranslate();
  const scroll = useTableScroll();
  const pinned = usePinned();
  const { money } = useFormat();
  const { open } = useNotification();
  const branchView = variant === "branch";
  const resource = branchView ? "orders-branch" : "orders";
  const statuses = useMaster("statuses");
  const channels = useMaster("channels");
  const branches = useBranches();
  const shops = useShops();
  const [selected, setSelected] = useState<number[]>([]);
  const [bulkStatus, setBulkStatus] = useState<string>();
  const [exporting, setExporting] = useState(false);
  const [syncs, setSyncs] = useState(0);
  const { mutateAsync: mutate, mutation } = useCustomMutation();

  const {
    tableProps,
    tableQuery,
    filters: values,
    apply,
    savedViews,
  } = useListTable<OrderSummary>(resource, {
    numeric: ["shopId", "branchId"],
    empty: t("orders.messages.noOrders", "No orders yet"),
    onApply: () => setSelected([]),
  });
  const filters = values as Filters;
  const extra = (tableQuery.data as { extra?: { sumordersstatus?: StatusCount[] } } | undefined)?.extra;
  const counts = useMemo(() => new Map((extra?.sumordersstatus ?? []).map((c) => [c.status, c.count])), [extra]);
  const statusCodes = statuses.length ? statuses.map((s) => s.code) : ORDER_STATUSES;

  const patch = (change: Filters) => apply(change as FilterValues);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const query = Object.fromEntries(
        ORDER_FILTERS.filter((f) => filters[f] !== undefined && filters[f] !== "all").map((f) => [f, filters[f]]),
      );
      await download(
        ordersModule.endpoints.actions.exportCsv.path,
        query,
        `orders-${dayjs().format("YYYYMMDD-HHmm")}.csv`,
      );
    } catch (error) {
      open?.({
        type: "error",
        message: t("orders.messages.exportFailed", "The export failed"),
        description: errorMessage(error),
      });
    } finally {
      setExporting(false);
    }
  };

  const sync = () =>
    mutate({
      ...writeCall("sync"),
      values: filters.shopId ? { shopId: filters.shopId } : {},
      successNotification: (data) => {
        const job = (data?.data as { data?: { jobId?: number; status?: string } } | undefined)?.data;
        return {
          type: "success",
          message: t("orders.messages.syncQueued", "Sync queued"),
          description: t(
            "orders.messages.syncJob",
            {
              id: job?.jobId,
              status: t(`outbox.state.${job?.status}`, job?.status),
            },
            "Job #{{id}} is {{status}}",
          ),
        };
      },
      errorNotification: (error) => ({
        type: "error",
        message: t("orders.messages.actionFailed", "The action failed"),
        description: errorMessage(error),
      }),
    }).then(
      () => setSyncs((n) => n + 1),
      () => undefined,
    ); // a failure was already told by its toast

  const bulkChange = async () => {
    if (!bulkStatus) return;
    // A 409 (no order could move) was already told by its toast; the list is read again either way.
    const res = await mutate({
      ...writeCall("changeStatus"),
      values: { ids: selected, status: bulkStatus },
      successNotification: false,
      errorNotification: (error) => ({
        type: "error",
        message: t("orders.messages.bulkFailed", "No order could be changed"),
        description: errorMessage(error),
      }),
    }).catch(() => undefined);
    if (!res) {
      await tableQuery.refetch();
      return;
    }
    const result = res.data?.data as { updated: number[]; failed: { id: number; message: string }[] } | undefined;
    open?.({
      type: result?.failed.length ? "error" : "success",
      message: t("orders.messages.bulkDone", { count: result?.updated.length ?? 0 }, "{{count}} orders changed"),
      description: result?.failed.length ? result.failed.map((f) => f.message).join("\n") : undefined,
    });
    setSelected([]);
    await tableQuery.refetch();
  };

  const showPath = branchView ? orderPaths.branchShow : orderPaths.show;
  const title = branchView ? t("orders.titles.branchList", "Branch orders") : t("orders.titles.list", "Orders");

  return (
    <List
      title={title}
      resource={resource}
      headerButtons={
        <Space wrap>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
            {t("orders.actions.exportCsv", "Export CSV")}
          </Button>
          <Button
            icon={<CloudSyncOutlined />}
            loading={mutation.isPending && mutation.variables?.url?.endsWith("syncorders")}
            onClick={() => void sync()}
          >
            {t("orders.actions.sync", "Sync orders")}
          </Button>
          <SyncJobs key={syncs} />
        </Space>
      }
    >
      {!branchView && (
        <Tabs
          activeKey={filters.status ?? "all"}
          onChange={(key) => patch({ status: key === "all" ? undefined : key })}
          items={["all", ...statusCodes].map((code) => ({
            key: code,
            label: (
              <span data-status={code}>
                {t(`orders.status.${code}`, code)}
                {/* No count until the counts arrive: a 0 while loading would be a wrong figure. */}
                {counts.size > 0 && (
                  <>
                    {" "}
                    <Typography.Text type="secondary">({counts.get(code) ?? 0})</Typography.Text>
                  </>
                )}
              </span>
            ),
          }))}
        />
      )}
      <FilterBar extra={savedViews}>
        <SearchBox
          label={t("orders.fields.search", "Order no., customer or phone")}
          value={filters.search}
          onSearch={(search) => patch({ search })}
          width={280}
        />
        {branchView && (
          <Select
            allowClear
            aria-label={t("orders.fields.status", "Status")}
            placeholder={t("orders.fields.allStatuses", "All statuses")}
            options={statusCodes.map((s) => ({ value: s, label: t(`orders.status.${s}`, s) }))}
            value={filters.status}
            onChange={(value?: string) => patch({ status: value })}
            style={{ width: 180 }}
          />
        )}
        {!branchView && (
          <Select
            allowClear
            aria-label={t("orders.fields.channel", "Channel")}
            placeholder={t("orders.fields.allChannels", "All channels")}
            options={channels.map((c) => ({ value: c.code, label: t(`orders.channel.${c.code}`, c.name) }))}
            value={filters.channel}
            onChange={(value?: string) => patch({ channel: value })}
            style={{ width: 160 }}
          />
        )}
        {shops.length > 0 && (
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            aria-label={t("orders.fields.shop", "Shop")}
            placeholder={t("orders.fields.allShops", "All shops")}
            options={shops.map((s) => ({ value: s.id, label: s.name }))}
            value={filters.shopId}
            onChange={(value?: number) => patch({ shopId: value })}
            style={{ width: 200 }}
          />
        )}
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t("orders.fields.branch", "Branch")}
          placeholder={t("orders.fields.allBranches", "All branches")}
          options={branches.map((b) => ({ value: b.id, label: b.name }))}
          value={filters.branchId}
          onChange={(value?: number) => patch({ branchId: value })}
          style={{ width: 200 }}
        />
        <DatePicker.RangePicker
          aria-label={t("orders.fields.dateRange", "Order date")}
          placeholder={[t("orders.fields.dateFrom", "From"), t("orders.fields.dateTo", "To")]}
          value={[filters.dateFrom ? dayjs(filters.dateFrom) : null, filters.dateTo ? dayjs(filters.dateTo) : null]}
          onChange={(range) => {
            const [from, to] = (range ?? [null, null]) as [Dayjs | null, Dayjs | null];
            patch({ dateFrom: from?.format("YYYY-MM-DD"), dateTo: to?.format("YYYY-MM-DD") });
          }}
        />
      </FilterBar>
      {!branchView && selected.length > 0 && (
        <Space wrap style={{ marginBottom: 12 }} role="toolbar" aria-label={t("orders.fields.bulk", "Bulk actions")}>
          <Typography.Text strong>
            {t("orders.messages.selected", { count: selected.length }, "{{count}} selected")}
          </Typography.Text>
          <Select
            aria-label={t("orders.fields.bulkStatus", "New status")}
            placeholder={t("orders.fields.bulkStatus", "New status")}
            value={bulkStatus}
            onChange={setBulkStatus}
            options={statusCodes
              .filter((s) => s !== "cancelled")
              .map((s) => ({ value: s, label: t(`orders.status.${s}`, s) }))}
            style={{ width: 180 }}
          />
          <Popconfirm
            title={t(
              "orders.messages.confirmBulk",
              { count: selected.length },
              "Change the status of {{count}} orders?",
            )}
            description={t("orders.messages.bulkHint", "Orders that cannot move to this status are left as they are.")}
            okText={t("orders.actions.apply", "Apply")}
            cancelText={t("buttons.cancel")}
            onConfirm={() => void bulkChange()}
            disabled={!bulkStatus}
          >
            <Button type="primary" icon={<SwapOutlined />} disabled={!bulkStatus} loading={mutation.isPending}>
              {t("orders.actions.changeStatus", "Change status")}
            </Button>
          </Popconfirm>
          <Button onClick={() => setSelected([])}>{t("orders.actions.clearSelection", "Clear selection")}</Button>
        </Space>
      )}
      <Table<OrderSummary>
        {...tableProps}
        rowKey="id"
        scroll={scroll(1400)}
        rowSelection={
          branchView
            ? undefined
            : {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                getCheckboxProps: (o) => selectRowProps(o.orderNo, (name) => t("common.selectRow", { name })),
              }
        }
      >
        <Table.Column<OrderSummary>
          dataIndex="orderNo"
          title={t("orders.fields.orderNo", "Order no.")}
          width={160}
          fixed={pinned("left")}
          render={(value: string, order) => <Link to={showPath(order.id)}>{value}</Link>}
        />
        <Table.Column<OrderSummary>
          dataIndex="status"
          title={t("orders.fields.status", "Status")}
          width={150}
          render={(s: string) => <StatusTag status={s} />}
        />
        <Table.Column<OrderSummary>
          dataIndex="createdAt"
          responsive={WIDE}
          title={t("orders.fields.createdAt", "Ordered")}
          width={170}
          render={dateTime}
        />
        <Table.Column<OrderSummary>
          dataIndex="customerName"
          responsive={WIDE}
          title={t("orders.fields.customer", "Customer")}
          width={200}
          render={(name: string, order) => (
            <div>
              <div>{name}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {order.customerPhone}
              </Typography.Text>
            </div>
          )}
        />
        <Table.Column<OrderSummary>
          dataIndex="shopName"
          responsive={WIDE}
          title={t("orders.fields.shop", "Shop")}
          width={180}
        />
        {branchView ? (
          <Table.Column<OrderSummary>
            dataIndex="branchName"
            responsive={WIDE}
            title={t("orders.fields.branch", "Branch")}
            width={160}
          />
        ) : (
          <Table.Column<OrderSummary>
            dataIndex="channel"
            responsive={WIDE}
            title={t("orders.fields.channel", "Channel")}
            width={120}
            render={(code: string) => t(`orders.channel.${code}`, code)}
          />
        )}
        <Table.Column<OrderSummary>
          dataIndex="itemCount"
          responsive={WIDE}
          title={t("orders.fields.items", "Items")}
          width={110}
          align="end"
        />
        <Table.Column<OrderSummary>
          dataIndex="total"
          title={t("orders.fields.total", "Total")}
          width={130}
          align="end"
          render={(v: number) => money(v)}
        />
        <Table.Column<OrderSummary>
          key="actions"
          fixed={pinned("right")}
          width={110}
          title={t("orders.fields.actions", "Actions")}
          render={(_, order) => (
            <Tooltip title={t("orders.actions.view", "View")}>
              <Link to={showPath(order.id)} aria-label={`${t("orders.actions.view", "View")}: ${order.orderNo}`}>
                <Button size="small" icon={<EyeOutlined />} tabIndex={-1} />
              </Link>
            </Tooltip>
          )}
        />
      </Table>
    </List>
  );
}
