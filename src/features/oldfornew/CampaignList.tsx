import { useState } from "react";
import { List } from "@refinedev/antd";
import { useCustomMutation, useTranslate } from "@refinedev/core";
import { Button, Flex, List as AntList, Popconfirm, Segmented, Space, Table, Tag, Tooltip, Typography } from "antd";
import { EditOutlined, PlusOutlined, StopOutlined } from "@ant-design/icons";
import { FromTo } from "../../components/kit/direction";
import { errorMessage } from "../../components/kit/errors";
import { useFormat } from "../../components/kit/format";
import {
  FilterBar,
  SearchBox,
  useListTable,
  useNarrow,
  usePinned,
  useTableScroll,
  WIDE,
} from "../../components/kit/list";
import { Thumb } from "../../components/kit/Thumb";
import { formatWindow, WindowTag } from "../../components/kit/window";
import { callsOf } from "../../resources/calls";
import { ClippedName } from "../homesale/ClippedName";
import { CampaignDrawer } from "./CampaignDrawer";
import { FILTERS, SCREEN, type Campaign } from "./model";
import oldfornew from "./endpoints";

const calls = callsOf(oldfornew);

function Products({ campaign }: { campaign: Campaign }) {
  const t = useTranslate();
  const { money } = useFormat();
  return (
    <AntList
      size="small"
      dataSource={campaign.products}
      aria-label={t("oldfornew.products.listOf", { name: campaign.name })}
      renderItem={(p) => (
        <AntList.Item>
          <Flex gap={10} align="center" style={{ minWidth: 0, flex: 1 }}>
            <Thumb url={p.imageUrl} size={32} />
            <Flex vertical style={{ minWidth: 0 }}>
              <ClippedName text={p.name} />
              <Typography.Text type="secondary" className="homesale-meta" style={{ fontSize: 12 }}>
                <bdi>{p.code}</bdi> · <bdi>{p.shopName}</bdi>
              </Typography.Text>
            </Flex>
          </Flex>
          <Tooltip title={t("oldfornew.products.priceHint")}>
            <span style={{ whiteSpace: "nowrap" }}>
              <FromTo from={money(p.price)} to={<strong>{money(p.tradeInPrice)}</strong>} />
            </span>
          </Tooltip>
        </AntList.Item>
      )}
    />
  );
}

/**
 * Trade-in campaigns, newest first: the discount, window and state, the eligible products with what a
 * customer pays after trading in (a row opens them); each edited in a drawer or closed for good.
 */
export function CampaignList() {
  const t = useTranslate();
  const { money, number } = useFormat();
  const scroll = useTableScroll();
  const narrow = useNarrow();
  const pinned = usePinned();
  const [open, setOpen] = useState<{ campaign?: Campaign } | null>(null);
  const { mutateAsync, mutation } = useCustomMutation();
  const { tableProps, tableQuery, filters, apply, savedViews } = useListTable<Campaign>(SCREEN, {
    empty: t("oldfornew.list.empty"),
  });
  const discount = (c: Pick<Campaign, "discountType" | "discountValue">) =>
    c.discountType === "percent"
      ? t("oldfornew.list.percentOff", { value: number(c.discountValue) })
      : t("oldfornew.list.amountOff", { amount: money(c.discountValue) });

  const close = (c: Campaign) =>
    mutateAsync({
      ...calls.writeCall("close", { id: c.id, updatedAt: c.updatedAt }),
      successNotification: () => ({ type: "success", message: t("oldfornew.messages.closed", { name: c.name }) }),
      errorNotification: (e) => ({
        type: "error",
        message: t("oldfornew.messages.failed"),
        description: errorMessage(e),
      }),
    }).finally(() => tableQuery.refetch());

  return (
    <List
      title={t("oldfornew.titles.list")}
      resource={SCREEN}
      headerButtons={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen({})}>
          {t("oldfornew.actions.create")}
        </Button>
      }
    >
      <FilterBar extra={savedViews}>
        <SearchBox
          label={t("oldfornew.list.search")}
          value={filters.search as string | undefined}
          onSearch={(search) => apply({ search })}
        />
        <Segmented
          aria-label={t("oldfornew.fields.state")}
          value={(filters.status as string | undefined) ?? "all"}
          options={["all", ...FILTERS].map((s) => ({ value: s, label: t(`oldfornew.filters.${s}`) }))}
          onChange={(status) => apply({ status: status === "all" ? undefined : status })}
          style={{ maxWidth: "100%", overflowX: "auto" }}
        />
      </FilterBar>
      <Table<Campaign>
        {...tableProps}
        rowKey="id"
        scroll={scroll(1000)}
        expandable={{ expandedRowRender: (c) => <Products campaign={c} />, rowExpandable: (c) => c.productCount > 0 }}
      >
        <Table.Column<Campaign>
          dataIndex="name"
          title={t("oldfornew.fields.name")}
          width={narrow ? 170 : 250}
          render={(name: string, c) => (
            <Flex vertical align="flex-start">
              {c.status === "active" ? (
                <Button type="link" className="homesale-open" onClick={() => setOpen({ campaign: c })}>
                  <bdi>{name}</bdi>
                </Button>
              ) : (
                <bdi>{name}</bdi>
              )}
              {c.createdByName && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t("oldfornew.list.createdBy", { name: c.createdByName })}
                </Typography.Text>
              )}
              {narrow && (
                <Tag color="volcano" style={{ marginTop: 4 }}>
                  {discount(c)}
                </Tag>
              )}
            </Flex>
          )}
        />
        <Table.Column<Campaign>
          key="discount"
          title={t("oldfornew.fields.discountValue")}
          width={140}
          responsive={WIDE}
          render={(_, c) => <Tag color="volcano">{discount(c)}</Tag>}
        />
        <Table.Column<Campaign>
          key="state"
          title={t("oldfornew.fields.state")}
          width={110}
          render={(_, c) =>
            c.status === "closed" ? <Tag>{t("oldfornew.filters.closed")}</Tag> : <WindowTag window={c} />
          }
        />
        <Table.Column<Campaign>
          key="window"
          title={t("oldfornew.fields.window")}
          width={250}
          responsive={WIDE}
          render={(_, c) => (
            <Typography.Text style={{ fontSize: 13 }}>{formatWindow(c, t("kit.window.noEnd"))}</Typography.Text>
          )}
        />
        <Table.Column<Campaign>
          dataIndex="productCount"
          title={t("oldfornew.fields.products")}
          width={100}
          align="right"
          responsive={WIDE}
          render={(n: number) => number(n)}
        />
        <Table.Column<Campaign>
          key="actions"
          fixed={pinned("right")}
          width={90}
          title={t("oldfornew.fields.actions")}
          render={(_, c) =>
            c.status === "active" && (
              <Space size={4}>
                <Tooltip title={t("buttons.edit")}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`${t("buttons.edit")}: ${c.name}`}
                    onClick={() => setOpen({ campaign: c })}
                  />
                </Tooltip>
                <Popconfirm
                  title={t("oldfornew.list.confirmClose", { name: c.name })}
                  description={t("oldfornew.list.closeEffect")}
                  okText={t("oldfornew.actions.close")}
                  okButtonProps={{ danger: true }}
                  cancelText={t("buttons.cancel")}
                  onConfirm={() => close(c).catch(() => undefined)}
                >
                  <Tooltip title={t("oldfornew.actions.close")}>
                    <Button
                      size="small"
                      danger
                      icon={<StopOutlined />}
                      loading={mutation.isPending}
                      aria-label={`${t("oldfornew.actions.close")}: ${c.name}`}
                    />
                  </Tooltip>
                </Popconfirm>
              </Space>
            )
          }
        />
      </Table>
      {open && (
        <CampaignDrawer campaign={open.campaign} onClose={() => setOpen(null)} onSaved={() => tableQuery.refetch()} />
      )}
    </List>
  );
}
