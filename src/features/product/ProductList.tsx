import { useState } from "react";
import { List } from "@refinedev/antd";
import { EditButton } from "../../components/kit/buttons";
import { Link, useTranslate } from "@refinedev/core";
import { App, Button, Dropdown, Popconfirm, Select, Space, Table, Tooltip, Typography } from "antd";
import {
  CloudDownloadOutlined,
  CloudUploadOutlined,
  DollarOutlined,
  DownloadOutlined,
  MoreOutlined,
} from "@ant-design/icons";
import { useCsvExport, useListMasters, useProductWrite } from "./hooks";
import {
  APPROVAL_LABELS,
  APPROVAL_STATUSES,
  productPaths,
  type ApprovalStatus,
  type ProductArea,
  type ProductSummary,
} from "./model";
import { PriceDialog, type PriceTarget } from "./PriceDialog";
import { Thumb } from "../../components/kit/Thumb";
import { ApprovalTag, OnlineTag } from "./StateTags";
import { useFormat } from "../../components/kit/format";
import {
  FilterBar,
  SearchBox,
  selectRowProps,
  useListTable,
  usePinned,
  useTableScroll,
  WIDE,
} from "../../components/kit/list";

/**
 * The catalogue list. Admins see every shop with online, price and sync controls and bulk
 * online/close; suppliers see their own shops' products and open them to edit content and media.
 */
/** Columns a phone leaves out. */

export function ProductList({ area }: { area: ProductArea }) {
  const t = useTranslate();
  const scroll = useTableScroll();
  const pinned = usePinned();
  const { money } = useFormat();
  const { modal } = App.useApp();
  const admin = area === "admin";
  const resource = admin ? "product" : "supplier-product";
  const paths = productPaths(area);
  const masters = useListMasters();
  const { run, busy } = useProductWrite();
  const csv = useCsvExport("exportcsv", "products");
  const [selected, setSelected] = useState<number[]>([]);
  const [pricing, setPricing] = useState<PriceTarget | null>(null);

  const { tableProps, tableQuery, filters, apply, savedViews } = useListTable<ProductSummary>(resource, {
    sorters: { initial: [{ field: "createdAt", order: "desc" }] },
    onApply: () => setSelected([]),
  });
  const refetch = () => tableQuery.refetch();

  const bulkOnline = (online: boolean) =>
    run(
      "productonline",
      { ids: selected, online },
      online
        ? t("product.messages.bulkOnline", { count: selected.length }, `${selected.length} products online`)
        : t("product.messages.bulkClosed", { count: selected.length }, `${selected.length} products closed`),
    ).then(() => {
      setSelected([]);
      return refetch();
    });

  const syncMenu = (p: ProductSummary) => ({
    items: [
      { key: "syncproduct", label: t("product.actions.syncFull", "Full sync") },
      { key: "syncchangeproduct", label: t("product.actions.syncChanges", "Sync changes only") },
    ],
    onClick: ({ key }: { key: string }) =>
      modal.confirm({
        title: t("product.messages.confirmSync", "Send this product to the shop front?"),
        content: `${p.code} · ${p.name}`,
        okText: t("product.actions.sync", "Sync"),
        cancelText: t("buttons.cancel"),
        onOk: () =>
          run(
            key as "syncproduct",
            { id: p.id },
            t("product.messages.queued", "Queued — another system will pick it up"),
          ),
      }),
  });

  const level2 = (masters.level2 ?? []).filter((l) => !filters.level1Id || l.parentId === filters.level1Id);
  const opts = (items?: { id: number; name: string }[]) => (items ?? []).map((i) => ({ value: i.id, label: i.name }));
  const filterSelect = { allowClear: true, showSearch: true, optionFilterProp: "label" } as const;

  return (
    <List
      title={t("product.titles.list", "Products")}
      headerButtons={
        <Button icon={<DownloadOutlined />} loading={csv.busy} onClick={() => csv.run(filters)}>
          {t("product.actions.exportCsv", "Export CSV")}
        </Button>
      }
    >
      <FilterBar extra={savedViews}>
        <SearchBox
          label={t("product.filters.search", "Search name or code")}
          value={filters.search as string | undefined}
          onSearch={(search) => apply({ search })}
        />
        {(masters.shops?.length ?? 0) > 1 && (
          <Select
            {...filterSelect}
            aria-label={t("product.fields.shop", "Shop")}
            placeholder={t("product.filters.allShops", "All shops")}
            options={opts(masters.shops)}
            onChange={(shopId?: number) => apply({ shopId })}
            style={{ width: 200 }}
          />
        )}
        <Select
          {...filterSelect}
          aria-label={t("product.fields.brand", "Brand")}
          placeholder={t("product.filters.allBrands", "All brands")}
          options={opts(masters.brands)}
          onChange={(brandId?: number) => apply({ brandId })}
          style={{ width: 170 }}
        />
        <Select
          {...filterSelect}
          aria-label={t("product.fields.level1", "Category")}
          placeholder={t("product.filters.allCategories", "All categories")}
          options={opts(masters.level1)}
          onChange={(level1Id?: number) => apply({ level1Id, level2Id: undefined })}
          style={{ width: 180 }}
        />
        <Select
          {...filterSelect}
          aria-label={t("product.fields.level2", "Sub-category")}
          placeholder={t("product.filters.allSubcategories", "All sub-categories")}
          options={opts(level2)}
          value={filters.level2Id as number | undefined}
          onChange={(level2Id?: number) => apply({ level2Id })}
          style={{ width: 180 }}
        />
        <Select
          allowClear
          aria-label={t("product.fields.status", "Approval")}
          placeholder={t("product.filters.allStatuses", "All states")}
          options={APPROVAL_STATUSES.map((s) => ({ value: s, label: t(`product.status.${s}`, APPROVAL_LABELS[s]) }))}
          onChange={(approvalStatus?: string) => apply({ approvalStatus })}
          style={{ width: 150 }}
        />
        <Select
          allowClear
          aria-label={t("product.fields.online", "Online")}
          placeholder={t("product.filters.onlineAny", "Online or closed")}
          options={[
            { value: "true", label: t("product.online.online", "Online") },
            { value: "false", label: t("product.online.closed", "Closed") },
          ]}
          onChange={(online?: string) => apply({ online })}
          style={{ width: 160 }}
        />
      </FilterBar>
      {admin && selected.length > 0 && (
        <Space style={{ marginBottom: 12 }} role="toolbar" aria-label={t("product.bulk.toolbar", "Selected products")}>
          <Typography.Text strong>
            {t("product.bulk.selected", { count: selected.length }, `${selected.length} selected`)}
          </Typography.Text>
          <Popconfirm
            title={t(
              "product.bulk.confirmOnline",
              { count: selected.length },
              `Put ${selected.length} products online?`,
            )}
            description={t(
              "product.bulk.onlyApproved",
              "Only approved products can go online; if one is not, nothing changes.",
            )}
            okText={t("product.actions.putOnline", "Put online")}
            cancelText={t("buttons.cancel")}
            onConfirm={() => bulkOnline(true)}
          >
            <Button icon={<CloudUploadOutlined />} loading={busy}>
              {t("product.actions.putOnline", "Put online")}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={t("product.bulk.confirmClose", { count: selected.length }, `Close ${selected.length} products?`)}
            okText={t("product.actions.closeOnline", "Close")}
            okButtonProps={{ danger: true }}
            cancelText={t("buttons.cancel")}
            onConfirm={() => bulkOnline(false)}
          >
            <Button icon={<CloudDownloadOutlined />} loading={busy}>
              {t("product.actions.closeOnline", "Close")}
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
        scroll={scroll(1200)}
        rowSelection={
          admin
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                preserveSelectedRowKeys: true,
                getCheckboxProps: (p) => selectRowProps(p.name, (name) => t("common.selectRow", { name })),
              }
            : undefined
        }
      >
        <Table.Column<ProductSummary> key="image" width={56} render={(_, p) => <Thumb url={p.imageUrl} size={40} />} />
        <Table.Column<ProductSummary>
          dataIndex="code"
          title={t("product.fields.code", "Code")}
          width={110}
          sorter
          responsive={WIDE}
        />
        <Table.Column<ProductSummary>
          dataIndex="name"
          title={t("product.fields.name", "Product name")}
          width={240}
          sorter
          render={(name: string, p) => (
            <div>
              <Link to={paths.edit(p.id)} dir="auto">
                {name}
              </Link>
              <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
                {[p.brandName, p.level1Name, p.level2Name].filter(Boolean).join(" · ")}
              </Typography.Text>
            </div>
          )}
        />
        <Table.Column<ProductSummary>
          dataIndex="approvalStatus"
          title={t("product.fields.status", "Approval")}
          width={150}
          render={(s: ApprovalStatus, p) => <ApprovalTag status={s} reason={p.rejectReason} />}
        />
        <Table.Column<ProductSummary>
          dataIndex="online"
          title={t("product.fields.online", "Online")}
          width={90}
          responsive={WIDE}
          render={(v: boolean) => <OnlineTag online={v} />}
        />
        <Table.Column<ProductSummary>
          dataIndex="shopName"
          title={t("product.fields.shop", "Shop")}
          width={150}
          responsive={WIDE}
        />
        <Table.Column<ProductSummary>
          dataIndex="price"
          title={t("product.fields.price", "Price (THB)")}
          width={120}
          align="right"
          sorter
          render={(v: number) => <span style={{ whiteSpace: "nowrap" }}>{money(v)}</span>}
        />
        <Table.Column<ProductSummary>
          key="actions"
          fixed={pinned("right")}
          width={admin ? 130 : 110}
          title={t("product.fields.actions", "Actions")}
          render={(_, p) => (
            <Space size={4}>
              <Tooltip title={t("product.actions.edit", "Edit")}>
                <EditButton
                  size="small"
                  hideText
                  resource={resource}
                  recordItemId={p.id}
                  aria-label={`${t("product.actions.edit", "Edit")}: ${p.name}`}
                />
              </Tooltip>
              {admin && p.approvalStatus === "approved" && (
                <Popconfirm
                  title={
                    p.online
                      ? t("product.messages.confirmClose", "Take this product offline?")
                      : t("product.messages.confirmOnline", "Put this product online?")
                  }
                  okText={
                    p.online ? t("product.actions.closeOnline", "Close") : t("product.actions.putOnline", "Put online")
                  }
                  okButtonProps={{ danger: p.online }}
                  cancelText={t("buttons.cancel")}
                  onConfirm={() =>
                    run(
                      p.online ? "updateCloseOnline" : "updateOpenOnline",
                      { id: p.id },
                      p.online
                        ? t("product.messages.nowClosed", "The product is closed")
                        : t("product.messages.nowOnline", "The product is online"),
                    ).then(refetch)
                  }
                >
                  <Tooltip
                    title={
                      p.online
                        ? t("product.actions.closeOnline", "Close")
                        : t("product.actions.putOnline", "Put online")
                    }
                  >
                    <Button
                      size="small"
                      icon={p.online ? <CloudDownloadOutlined /> : <CloudUploadOutlined />}
                      aria-label={`${p.online ? t("product.actions.closeOnline", "Close") : t("product.actions.putOnline", "Put online")}: ${p.name}`}
                    />
                  </Tooltip>
                </Popconfirm>
              )}
              {admin && (
                <Tooltip title={t("product.actions.changePrice", "Change price")}>
                  <Button
                    size="small"
                    icon={<DollarOutlined />}
                    aria-label={`${t("product.actions.changePrice", "Change price")}: ${p.name}`}
                    onClick={() => setPricing(p)}
                  />
                </Tooltip>
              )}
              {admin && p.approvalStatus === "approved" && (
                <Dropdown menu={syncMenu(p)} trigger={["click"]}>
                  <Button
                    size="small"
                    icon={<MoreOutlined />}
                    aria-label={`${t("product.actions.sync", "Sync")}: ${p.name}`}
                  />
                </Dropdown>
              )}
            </Space>
          )}
        />
      </Table>
      {pricing && <PriceDialog target={pricing} onClose={() => setPricing(null)} onChanged={refetch} />}
    </List>
  );
}
