import { List } from "@refinedev/antd";
import { CreateButton, EditButton } from "../../components/kit/buttons";
import { Link, useTranslate } from "@refinedev/core";
import { Button, DatePicker, Popconfirm, Select, Space, Table, Tooltip } from "antd";
import { DownloadOutlined, SendOutlined, SyncOutlined } from "@ant-design/icons";
import type { Dayjs } from "dayjs";
import { useCsvExport, useListMasters, useProductWrite } from "./hooks";
import {
  APPROVAL_LABELS,
  APPROVAL_STATUSES,
  newProductPaths,
  productPaths,
  type ApprovalStatus,
  type ProductArea,
  type ProductSummary,
} from "./model";
import { Thumb } from "../../components/kit/Thumb";
import { ApprovalTag } from "./StateTags";
import { useSession } from "../../providers/session";
import { date, useFormat } from "../../components/kit/format";
import {
  FilterBar,
  SearchBox,
  useListTable,
  usePinned,
  useTableScroll,
  WIDE,
  useNarrow,
} from "../../components/kit/list";

const DATE = "YYYY-MM-DD";

/**
 * New products (the submission flow). Suppliers manage their own here; admins read it as the
 * new-product report, by date range and shop, with a CSV export of the same filter.
 */
export function NewProductList({ area }: { area: ProductArea }) {
  const t = useTranslate();
  const scroll = useTableScroll();
  const narrow = useNarrow();
  const pinned = usePinned();
  const { money } = useFormat();
  const supplier = area === "supplier";
  const masters = useListMasters();
  const session = useSession();
  const shops = supplier ? session.shops : (masters.shops ?? []);
  const { run } = useProductWrite();
  const csv = useCsvExport("exportnewproductcsv", "new-products");

  const newButton = supplier ? (
    <CreateButton type="primary" resource="supplier-newproduct">
      {t("product.actions.newProduct", "New product")}
    </CreateButton>
  ) : null;
  const { tableProps, tableQuery, filters, apply, savedViews } = useListTable<ProductSummary>(
    supplier ? "supplier-newproduct" : "product-report-new",
    {
      empty: (
        <>
          <div style={{ marginBottom: 12 }}>{t("product.messages.noNewProducts", "No new products")}</div>
          {newButton}
        </>
      ),
    },
  );

  return (
    <List
      title={
        supplier
          ? t("product.titles.newProducts", "New products")
          : t("product.titles.reportNew", "New products report")
      }
      headerButtons={
        <Space>
          <Button icon={<DownloadOutlined />} loading={csv.busy} onClick={() => csv.run(filters)}>
            {t("product.actions.exportCsv", "Export CSV")}
          </Button>
          {newButton}
        </Space>
      }
    >
      <FilterBar extra={savedViews}>
        <SearchBox
          label={t("product.filters.search", "Search name or code")}
          value={filters.search as string | undefined}
          onSearch={(search) => apply({ search })}
        />
        <DatePicker.RangePicker
          aria-label={t("product.filters.dateRange", "Created between")}
          allowEmpty={[true, true]}
          onChange={(range: [Dayjs | null, Dayjs | null] | null) =>
            apply({ dateFrom: range?.[0]?.format(DATE), dateTo: range?.[1]?.format(DATE) })
          }
        />
        <Select
          allowClear
          aria-label={t("product.fields.status", "Approval")}
          placeholder={t("product.filters.allStatuses", "All states")}
          options={APPROVAL_STATUSES.map((s) => ({ value: s, label: t(`product.status.${s}`, APPROVAL_LABELS[s]) }))}
          onChange={(approvalStatus?: string) => apply({ approvalStatus })}
          style={{ width: 170 }}
        />
        {shops.length > 1 && (
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            aria-label={t("product.fields.shop", "Shop")}
            placeholder={t("product.filters.allShops", "All shops")}
            options={shops.map((s) => ({ value: s.id, label: s.name }))}
            onChange={(shopId?: number) => apply({ shopId })}
            style={{ width: 220 }}
          />
        )}
      </FilterBar>
      <Table<ProductSummary> {...tableProps} rowKey="id" scroll={scroll(1000)}>
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
            <Link to={supplier ? newProductPaths.edit(p.id) : productPaths("admin").edit(p.id)} dir="auto">
              {name}
            </Link>
          )}
        />
        <Table.Column<ProductSummary> dataIndex="shopName" title={t("product.fields.shop", "Shop")} width={180} />
        <Table.Column<ProductSummary>
          dataIndex="price"
          title={t("product.fields.price", "Price (THB)")}
          width={130}
          align="right"
          render={(v: number) => <span style={{ whiteSpace: "nowrap" }}>{money(v)}</span>}
        />
        <Table.Column<ProductSummary>
          dataIndex="approvalStatus"
          title={t("product.fields.status", "Approval")}
          width={130}
          render={(s: ApprovalStatus, p) => <ApprovalTag status={s} reason={p.rejectReason} />}
        />
        <Table.Column<ProductSummary>
          dataIndex="createdAt"
          title={t("product.fields.createdAt", "Created")}
          width={120}
          render={(v: string) => date(v)}
        />
        {supplier && (
          <Table.Column<ProductSummary>
            key="actions"
            fixed={pinned("right")}
            width={130}
            title={t("product.fields.actions", "Actions")}
            render={(_, p) => (
              <Space size={4}>
                <Tooltip title={t("product.actions.edit", "Edit")}>
                  <EditButton
                    size="small"
                    hideText
                    resource="supplier-newproduct"
                    recordItemId={p.id}
                    aria-label={`${t("product.actions.edit", "Edit")}: ${p.name}`}
                  />
                </Tooltip>
                {(p.approvalStatus === "draft" || p.approvalStatus === "rejected") && (
                  <Popconfirm
                    title={t("product.messages.confirmSubmit", "Submit this product for approval?")}
                    okText={t("product.actions.submit", "Submit for approval")}
                    cancelText={t("buttons.cancel")}
                    onConfirm={() =>
                      run("submitproduct", { id: p.id }, t("product.messages.submitted", "Sent for approval")).then(
                        () => tableQuery.refetch(),
                      )
                    }
                  >
                    <Tooltip title={t("product.actions.submit", "Submit for approval")}>
                      <Button
                        size="small"
                        icon={<SendOutlined />}
                        aria-label={`${t("product.actions.submit", "Submit for approval")}: ${p.name}`}
                      />
                    </Tooltip>
                  </Popconfirm>
                )}
                {p.approvalStatus === "approved" && (
                  <Popconfirm
                    title={t("product.messages.confirmPurchaseSync", "Send this product to purchasing?")}
                    okText={t("product.actions.syncPurchase", "Sync to purchasing")}
                    cancelText={t("buttons.cancel")}
                    onConfirm={() =>
                      run(
                        "synctopurchase",
                        { id: p.id },
                        t("product.messages.queued", "Queued — another system will pick it up"),
                      )
                    }
                  >
                    <Tooltip title={t("product.actions.syncPurchase", "Sync to purchasing")}>
                      <Button
                        size="small"
                        icon={<SyncOutlined />}
                        aria-label={`${t("product.actions.syncPurchase", "Sync to purchasing")}: ${p.name}`}
                      />
                    </Tooltip>
                  </Popconfirm>
                )}
              </Space>
            )}
          />
        )}
      </Table>
    </List>
  );
}
