import type { DataOf, ItemOf } from "../../api";
import { useState } from "react";
import { List } from "@refinedev/antd";
import { Link, useTranslate } from "@refinedev/core";
import { Select, Switch, Table } from "antd";
import { useProductRead, useProductWrite } from "./hooks";
import { productPaths, type ApprovalStatus, type ListAnswer, type Option } from "./model";
import { Thumb } from "../../components/kit/Thumb";
import { ApprovalTag, OnlineTag } from "./StateTags";
import { FilterBar, SearchBox, useListTable, useTableScroll, WIDE } from "../../components/kit/list";

type VisibleRow = ItemOf<"/api/product/getDatavisible">;
type Channel = ItemOf<"/api/product/getmasterdatavisible">;
type Filters = DataOf<"/api/product/getfilspacailfeature">;

/** Per product and sales channel (web, app, LINE, branch): shown or hidden. */
export function VisibilityList() {
  const t = useTranslate();
  const scroll = useTableScroll();
  const paths = productPaths("admin");
  const { run } = useProductWrite();
  const { data: channelAnswer } = useProductRead<ListAnswer<Channel>>("getmasterdatavisible", {});
  const { data: filterAnswer } = useProductRead<{ data: Filters }>("getfilspacailfeature", {});
  const channels = channelAnswer?.items ?? [];
  // Switches flip at once; the row is refetched after the server answers.
  const [pending, setPending] = useState<string | null>(null);

  const { tableProps, tableQuery, filters, apply, savedViews } = useListTable<VisibleRow>("product-visible", {
    empty: t("product.messages.noProducts", "No products yet"),
  });
  const channelName = (c: Channel) => t(`product.channels.${c.code}`, c.name);
  const opts = (items?: Option[]) => (items ?? []).map((i) => ({ value: i.id, label: i.name }));

  const toggle = (row: VisibleRow, channel: Channel, visible: boolean) => {
    const key = `${row.id}:${channel.code}`;
    setPending(key);
    run(
      "updatastatusvisible",
      { id: row.id, channel: channel.code, visible },
      visible
        ? t("product.visible.shown", { channel: channelName(channel) }, `Shown on ${channelName(channel)}`)
        : t("product.visible.hidden", { channel: channelName(channel) }, `Hidden from ${channelName(channel)}`),
    )
      .then(() => tableQuery.refetch())
      .catch(() => undefined)
      .finally(() => setPending(null));
  };

  return (
    <List title={t("product.titles.visible", "Visibility by channel")}>
      <FilterBar extra={savedViews}>
        <SearchBox
          label={t("product.filters.search", "Search name or code")}
          value={filters.search as string | undefined}
          onSearch={(search) => apply({ search })}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t("product.fields.shop", "Shop")}
          placeholder={t("product.filters.allShops", "All shops")}
          options={opts(filterAnswer?.data.shops)}
          onChange={(shopId?: number) => apply({ shopId })}
          style={{ width: 200 }}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t("product.fields.level1", "Category")}
          placeholder={t("product.filters.allCategories", "All categories")}
          options={opts(filterAnswer?.data.level1)}
          onChange={(level1Id?: number) => apply({ level1Id })}
          style={{ width: 180 }}
        />
        <Select
          allowClear
          aria-label={t("product.visible.channel", "Channel")}
          placeholder={t("product.visible.allChannels", "All channels")}
          options={channels.map((c) => ({ value: c.code, label: channelName(c) }))}
          onChange={(channel?: string) => apply({ channel })}
          style={{ width: 160 }}
        />
      </FilterBar>
      <Table<VisibleRow> {...tableProps} rowKey="id" scroll={scroll(1250)}>
        <Table.Column<VisibleRow> key="image" width={64} render={(_, p) => <Thumb url={p.imageUrl} />} />
        <Table.Column<VisibleRow>
          dataIndex="code"
          title={t("product.fields.code", "Code")}
          width={110}
          responsive={WIDE}
        />
        <Table.Column<VisibleRow>
          dataIndex="name"
          title={t("product.fields.name", "Product name")}
          width={240}
          render={(name: string, p) => (
            <Link to={paths.edit(p.id)} dir="auto">
              {name}
            </Link>
          )}
        />
        <Table.Column<VisibleRow> dataIndex="shopName" title={t("product.fields.shop", "Shop")} width={160} />
        <Table.Column<VisibleRow>
          dataIndex="approvalStatus"
          title={t("product.fields.status", "Approval")}
          width={130}
          render={(s: ApprovalStatus) => <ApprovalTag status={s} />}
        />
        <Table.Column<VisibleRow>
          dataIndex="online"
          title={t("product.fields.online", "Online")}
          width={90}
          render={(v: boolean) => <OnlineTag online={v} />}
        />
        {channels.map((c) => (
          <Table.Column<VisibleRow>
            key={c.code}
            title={channelName(c)}
            width={100}
            align="center"
            render={(_, row) => (
              <Switch
                size="small"
                checked={row.visible?.[c.code] ?? false}
                loading={pending === `${row.id}:${c.code}`}
                aria-label={`${channelName(c)}: ${row.name}`}
                onChange={(visible) => toggle(row, c, visible)}
              />
            )}
          />
        ))}
      </Table>
    </List>
  );
}
