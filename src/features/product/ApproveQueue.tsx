import { useState } from "react";
import { useTranslation } from "react-i18next";
import { List } from "@refinedev/antd";
import { Link, useTranslate } from "@refinedev/core";
import { Button, Popconfirm, Select, Space, Table, Tooltip, Typography } from "antd";
import { CheckOutlined, CloseOutlined } from "@ant-design/icons";
import { useListMasters, useProductWrite } from "./hooks";
import { APPROVAL_LABELS, productPaths, type ApprovalStatus, type ProductSummary } from "./model";
import { RejectDialog } from "./RejectDialog";
import { Thumb } from "../../components/kit/Thumb";
import { ApprovalTag } from "./StateTags";
import { EMPTY, date, dateTime, useFormat } from "../../components/kit/format";
import {
  FilterBar,
  SearchBox,
  useListTable,
  usePinned,
  useTableScroll,
  WIDE,
  useNarrow,
  selectRowProps,
} from "../../components/kit/list";

const QUEUE_STATES = ["pending", "resubmitted", "approved", "rejected"] as const;
/** "3 days ago" in the UI language, from whole days since `iso`. */
const ago = (iso: string, language: string | undefined) =>
  new Intl.RelativeTimeFormat(language === "cn" ? "zh-CN" : language, { numeric: "auto" }).format(
    -Math.floor((Date.now() - Date.parse(iso)) / 86_400_000),
    "day",
  );
const waiting = (p: ProductSummary) => p.approvalStatus === "pending" || p.approvalStatus === "resubmitted";

/** Supplier submissions waiting for review, oldest first: approve, reject with a reason, or approve many. */
export function ApproveQueue() {
  const t = useTranslate();
  const scroll = useTableScroll();
  const narrow = useNarrow();
  const pinned = usePinned();
  const { money } = useFormat();
  const paths = productPaths("admin");
  const masters = useListMasters();
  const { run, busy } = useProductWrite();
  const [selected, setSelected] = useState<number[]>([]);
  const [rejecting, setRejecting] = useState<ProductSummary | null>(null);

  const { tableProps, tableQuery, filters, sorters, apply, savedViews } = useListTable<ProductSummary>(
    "product-approve",
    {
      sorters: { initial: [{ field: "submittedAt", order: "asc" }] },
      onApply: () => setSelected([]),
      empty: t("product.approve.empty", "Nothing waiting for review"),
    },
  );
  const { i18n } = useTranslation();
  // The queue's default view (waiting products, oldest first): how many wait and since when the first has.
  const oldestFirst = sorters[0]?.order !== "desc";
  const oldest = oldestFirst ? tableQuery.data?.data[0]?.submittedAt : undefined;
  const summary =
    !filters.status && !filters.search && !filters.shopId && tableQuery.data && oldest
      ? (() => {
          const values = { count: tableQuery.data.total, ago: ago(oldest, i18n.resolvedLanguage) };
          return t(
            "product.approve.summary",
            values,
            `Waiting: ${values.count} · the oldest was submitted ${values.ago}`,
          );
        })()
      : undefined;
  const done = () => {
    setSelected([]);
    return tableQuery.refetch();
  };

  return (
    <List title={t("product.titles.approve", "Approval queue")}>
      <FilterBar extra={savedViews}>
        <SearchBox
          label={t("product.filters.search", "Search name or code")}
          value={filters.search as string | undefined}
          onSearch={(search) => apply({ search })}
        />
        {(masters.shops?.length ?? 0) > 1 && (
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            aria-label={t("product.fields.shop", "Shop")}
            placeholder={t("product.filters.allShops", "All shops")}
            options={(masters.shops ?? []).map((s) => ({ value: s.id, label: s.name }))}
            onChange={(shopId?: number) => apply({ shopId })}
            style={{ width: 220 }}
          />
        )}
        <Select
          allowClear
          aria-label={t("product.fields.status", "Approval")}
          placeholder={t("product.approve.waiting", "Waiting for review")}
          options={QUEUE_STATES.map((s) => ({ value: s, label: t(`product.status.${s}`, APPROVAL_LABELS[s]) }))}
          onChange={(status?: string) => apply({ status })}
          style={{ width: 190 }}
        />
      </FilterBar>
      {summary && (
        <Typography.Paragraph data-testid="queue-summary" style={{ marginBottom: 12 }}>
          {summary}
        </Typography.Paragraph>
      )}
      {selected.length > 0 && (
        <Space style={{ marginBottom: 12 }} role="toolbar" aria-label={t("product.bulk.toolbar", "Selected products")}>
          <Typography.Text strong>
            {t("product.bulk.selected", { count: selected.length }, `${selected.length} selected`)}
          </Typography.Text>
          <Popconfirm
            title={t("product.bulk.confirmApprove", { count: selected.length }, `Approve ${selected.length} products?`)}
            description={t("product.bulk.allOrNothing", "All of them are approved, or none if one cannot be.")}
            okText={t("product.actions.approve", "Approve")}
            cancelText={t("buttons.cancel")}
            onConfirm={() =>
              run(
                "approveproduct",
                { ids: selected },
                t("product.messages.bulkApproved", { count: selected.length }, `${selected.length} products approved`),
              ).then(done)
            }
          >
            <Button type="primary" icon={<CheckOutlined />} loading={busy}>
              {t("product.actions.approveSelected", "Approve selected")}
            </Button>
          </Popconfirm>
          <Button type="link" onClick={() => setSelected([])}>
            {t("product.bulk.clear", "Clear selection")}
          </Button>
        </Space>
      )}
      <Table<ProductSummary>
        {...tableProps}
        rowKey="id"
        scroll={scroll(1000)}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (p) =>
            selectRowProps(p.name, (name) => t("common.selectRow", { name }), { disabled: !waiting(p) }),
        }}
      >
        <Table.Column<ProductSummary> key="image" width={64} render={(_, p) => <Thumb url={p.imageUrl} />} />
        <Table.Column<ProductSummary>
          dataIndex="code"
          title={t("product.fields.code", "Code")}
          width={130}
          responsive={WIDE}
        />
        <Table.Column<ProductSummary>
          dataIndex="name"
          title={t("product.fields.name", "Product name")}
          width={narrow ? 240 : undefined}
          render={(name: string, p) => (
            <Link to={paths.edit(p.id)} dir="auto">
              {name}
            </Link>
          )}
        />
        <Table.Column<ProductSummary> dataIndex="shopName" title={t("product.fields.shop", "Shop")} width={170} />
        <Table.Column<ProductSummary>
          dataIndex="price"
          title={t("product.fields.price", "Price (THB)")}
          width={120}
          align="right"
          render={(v: number) => <span style={{ whiteSpace: "nowrap" }}>{money(v)}</span>}
        />
        <Table.Column<ProductSummary>
          dataIndex="approvalStatus"
          title={t("product.fields.status", "Approval")}
          width={170}
          render={(s: ApprovalStatus, p) => <ApprovalTag status={s} reason={p.rejectReason} />}
        />
        <Table.Column<ProductSummary>
          dataIndex="submittedAt"
          title={t("product.fields.submittedAt", "Submitted")}
          width={130}
          sorter
          sortDirections={["ascend", "descend", "ascend"]}
          defaultSortOrder="ascend"
          render={(v: string | null) => (v ? <span title={dateTime(v)}>{date(v)}</span> : EMPTY)}
        />
        <Table.Column<ProductSummary>
          key="actions"
          fixed={pinned("right")}
          width={110}
          title={t("product.fields.actions", "Actions")}
          render={(_, p) => (
            <Space size={4}>
              {waiting(p) && (
                <Popconfirm
                  title={t("product.messages.confirmApprove", "Approve this product?")}
                  okText={t("product.actions.approve", "Approve")}
                  cancelText={t("buttons.cancel")}
                  onConfirm={() =>
                    run("approveproduct", { id: p.id }, t("product.messages.approved", "Product approved")).then(done)
                  }
                >
                  <Tooltip title={t("product.actions.approve", "Approve")}>
                    <Button
                      size="small"
                      type="primary"
                      ghost
                      icon={<CheckOutlined />}
                      aria-label={`${t("product.actions.approve", "Approve")}: ${p.name}`}
                    />
                  </Tooltip>
                </Popconfirm>
              )}
              {(waiting(p) || p.approvalStatus === "approved") && (
                <Tooltip title={t("product.actions.reject", "Reject")}>
                  <Button
                    size="small"
                    danger
                    icon={<CloseOutlined />}
                    aria-label={`${t("product.actions.reject", "Reject")}: ${p.name}`}
                    onClick={() => setRejecting(p)}
                  />
                </Tooltip>
              )}
            </Space>
          )}
        />
      </Table>
      {rejecting && (
        <RejectDialog
          title={t("product.approve.rejectNamed", { name: rejecting.name }, `Reject ${rejecting.name}`)}
          busy={busy}
          onCancel={() => setRejecting(null)}
          onReject={(reason) =>
            run(
              "unapproveproduct",
              { id: rejecting.id, reason },
              t("product.messages.rejected", "Product rejected"),
            ).then(() => {
              setRejecting(null);
              return done();
            })
          }
        />
      )}
    </List>
  );
}
