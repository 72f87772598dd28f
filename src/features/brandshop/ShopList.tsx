import { useState } from "react";
import { List } from "@refinedev/antd";
import { Link, useTranslate } from "@refinedev/core";
import { Alert, Button, Flex, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from "antd";
import { AppstoreOutlined, CheckOutlined, CloseOutlined, ReadOutlined } from "@ant-design/icons";
import {
  FilterBar,
  SearchBox,
  useListTable,
  useNarrow,
  usePinned,
  useTableScroll,
  WIDE,
} from "../../components/kit/list";
import { date, dateTime, EMPTY, useFormat } from "../../components/kit/format";
import { Thumb } from "../../components/kit/Thumb";
import { ListButton } from "../../components/kit/buttons";
import { SHOP_STATUSES, shopPaths, shopScreen, STATUS_COLORS, type Family, type ShopSummary } from "./model";
import { ReviewDialog } from "./ReviewDialog";
import { useStorefrontWrite } from "./family";

/** A shop's review state; a rejected shop shows staff's reason on hover. */
export function ShopStatusTag({ status, note }: { status: ShopSummary["status"]; note?: string | null }) {
  const t = useTranslate();
  const tag = <Tag color={STATUS_COLORS[status]}>{t(`brandshop.status.${status}`)}</Tag>;
  return note && status === "rejected" ? <Tooltip title={note}>{tag}</Tooltip> : tag;
}

/**
 * Brand shops (admin: every supplier shop, a review queue with the pending ones first; supplier: its
 * own shops) and house brands (admin), with search and status, opening each shop's storefront builder.
 */
export function ShopList({ family, area }: { family: Family; area: "admin" | "supplier" }) {
  const t = useTranslate();
  const scroll = useTableScroll();
  const narrow = useNarrow();
  const pinned = usePinned();
  const { number } = useFormat();
  const screen = shopScreen(family, area);
  const paths = shopPaths(screen);
  const reviewing = family === "supplier" && area === "admin";
  const [rejecting, setRejecting] = useState<ShopSummary | null>(null);
  const { rest, busy } = useStorefrontWrite();

  const { tableProps, tableQuery, filters, apply, savedViews } = useListTable<ShopSummary>(screen, {
    empty: t(`brandshop.empty.${family === "housebrand" ? "housebrand" : area}`),
  });
  const title = t(
    family === "housebrand"
      ? "brandshop.titles.housebrands"
      : area === "admin"
        ? "brandshop.titles.shops"
        : "brandshop.titles.myShops",
  );
  const pending = area === "supplier" ? (tableProps.dataSource?.filter((s) => s.status !== "active") ?? []) : [];

  const approve = (shop: ShopSummary) =>
    rest(
      `/api/v2/shop-reviews/${shop.id}/approve`,
      "post",
      {},
      t("brandshop.messages.approved", { name: shop.name }),
    ).then(() => tableQuery.refetch());

  return (
    <List
      title={title}
      resource={screen}
      // The house brands' blog has no menu item of its own (the section's one item is this list): its way in.
      headerButtons={
        family === "housebrand" ? (
          <ListButton resource="housebrand-blog" icon={<ReadOutlined />}>
            {t("resources.housebrand-blog")}
          </ListButton>
        ) : undefined
      }
    >
      {pending.map((s) => (
        <Alert
          key={s.id}
          showIcon
          type={s.status === "pending" ? "info" : "warning"}
          style={{ marginBottom: 16 }}
          message={t(`brandshop.review.${s.status}Title`, { name: s.name })}
          description={
            s.status === "pending"
              ? t("brandshop.review.pendingHint")
              : t("brandshop.review.rejectedHint", { reason: s.reviewNote ?? EMPTY })
          }
        />
      ))}
      <FilterBar extra={savedViews}>
        <SearchBox
          label={t(
            family === "housebrand"
              ? "brandshop.filters.searchBrands"
              : reviewing
                ? "brandshop.filters.search"
                : "brandshop.filters.searchName",
          )}
          value={filters.keyword as string | undefined}
          onSearch={(keyword) => apply({ keyword })}
        />
        {reviewing && (
          <Select
            allowClear
            aria-label={t("brandshop.fields.status")}
            placeholder={t("brandshop.filters.allStatuses")}
            value={filters.status as string | undefined}
            options={SHOP_STATUSES.map((s) => ({ value: s, label: t(`brandshop.status.${s}`) }))}
            onChange={(status?: string) => apply({ status })}
            style={{ width: 200 }}
          />
        )}
      </FilterBar>
      <Table<ShopSummary> {...tableProps} rowKey="id" scroll={scroll(reviewing ? 1040 : 760)}>
        <Table.Column<ShopSummary>
          dataIndex="name"
          title={t("brandshop.fields.name")}
          width={narrow ? 220 : 230}
          render={(name: string, s) => (
            <Flex gap={12} align="center">
              <Thumb url={s.logoUrl} size={40} />
              <Link to={paths.edit(s.id)} dir="auto">
                {name}
              </Link>
            </Flex>
          )}
        />
        {family === "supplier" && area === "admin" && (
          <Table.Column<ShopSummary>
            key="owner"
            title={t("brandshop.fields.owner")}
            width={210}
            responsive={WIDE}
            render={(_, s) =>
              s.ownerName ? (
                <Flex vertical>
                  <span dir="auto">{s.ownerName}</span>
                  <Typography.Text
                    type="secondary"
                    style={{ fontSize: 12, direction: "ltr", unicodeBidi: "isolate", overflowWrap: "anywhere" }}
                  >
                    {s.ownerEmail}
                  </Typography.Text>
                </Flex>
              ) : (
                EMPTY
              )
            }
          />
        )}
        <Table.Column<ShopSummary>
          dataIndex="status"
          title={t("brandshop.fields.status")}
          width={140}
          render={(_, s) => <ShopStatusTag status={s.status} note={s.reviewNote} />}
        />
        <Table.Column<ShopSummary>
          key="products"
          title={t("brandshop.fields.products")}
          width={100}
          align="right"
          responsive={WIDE}
          render={(_, s) => (
            <Tooltip
              title={t("brandshop.fields.productsHint", { approved: s.approvedProductCount, total: s.productCount })}
            >
              <span>
                {number(s.approvedProductCount)} / {number(s.productCount)}
              </span>
            </Tooltip>
          )}
        />
        <Table.Column<ShopSummary>
          dataIndex="liveVersion"
          title={t("brandshop.fields.storefront")}
          width={130}
          responsive={WIDE}
          render={(v: number | null) =>
            v ? (
              <Tag color="blue">{t("brandshop.storefront.liveVersion", { version: v })}</Tag>
            ) : (
              <Typography.Text type="secondary">{t("brandshop.storefront.notPublished")}</Typography.Text>
            )
          }
        />
        <Table.Column<ShopSummary>
          dataIndex="createdAt"
          title={t(reviewing ? "brandshop.fields.registered" : "brandshop.fields.createdAt")}
          width={120}
          responsive={WIDE}
          render={(v: string) => <span title={dateTime(v)}>{date(v)}</span>}
        />
        <Table.Column<ShopSummary>
          key="actions"
          fixed={pinned("right")}
          width={reviewing ? 120 : 90}
          title={t("brandshop.fields.actions")}
          render={(_, s) => (
            <Space size={4} wrap>
              <Tooltip title={t("brandshop.actions.open")}>
                <Link to={paths.edit(s.id)} aria-label={`${t("brandshop.actions.open")}: ${s.name}`}>
                  <Button size="small" icon={<AppstoreOutlined />} />
                </Link>
              </Tooltip>
              {reviewing && s.status !== "active" && (
                <Popconfirm
                  title={t("brandshop.review.confirmApprove", { name: s.name })}
                  description={t("brandshop.review.approveEffect")}
                  okText={t("brandshop.actions.approve")}
                  cancelText={t("buttons.cancel")}
                  onConfirm={() => approve(s)}
                >
                  <Tooltip title={t("brandshop.actions.approve")}>
                    <Button
                      size="small"
                      type="primary"
                      ghost
                      icon={<CheckOutlined />}
                      loading={busy}
                      aria-label={`${t("brandshop.actions.approve")}: ${s.name}`}
                    />
                  </Tooltip>
                </Popconfirm>
              )}
              {reviewing && s.status === "pending" && (
                <Tooltip title={t("brandshop.actions.reject")}>
                  <Button
                    size="small"
                    danger
                    icon={<CloseOutlined />}
                    aria-label={`${t("brandshop.actions.reject")}: ${s.name}`}
                    onClick={() => setRejecting(s)}
                  />
                </Tooltip>
              )}
            </Space>
          )}
        />
      </Table>
      {rejecting && (
        <ReviewDialog
          shop={rejecting}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setRejecting(null);
            return tableQuery.refetch();
          }}
        />
      )}
    </List>
  );
}
