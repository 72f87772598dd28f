import { useState } from "react";
import { List } from "@refinedev/antd";
import { Link, useTranslate } from "@refinedev/core";
import { Button, Flex, Select, Space, Table, Tooltip } from "antd";
import { EditOutlined, PlusOutlined } from "@ant-design/icons";
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
import { Thumb } from "../../components/kit/Thumb";
import { formatWindow } from "../../components/kit/window";
import { screenPath } from "../../resources/calls";
import { CAMPAIGN_STATUSES, REST, type Campaign } from "./model";
import { CampaignStatusTag } from "./CampaignStatusTag";
import { CreateDialog } from "./CreateDialog";

/** Every campaign: its status (live or not), window and hotspot count, searched by name and filtered by status. */
export function CampaignList() {
  const t = useTranslate();
  const scroll = useTableScroll();
  const narrow = useNarrow();
  const pinned = usePinned();
  const { number } = useFormat();
  const [creating, setCreating] = useState(false);
  const newButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
      {t("campaign.actions.new")}
    </Button>
  );
  const { tableProps, filters, apply, savedViews } = useListTable<Campaign>(REST.resource, {
    dataProviderName: REST.dataProviderName,
    empty: (
      <>
        <div style={{ marginBottom: 12 }}>{t("campaign.list.empty")}</div>
        {newButton}
      </>
    ),
  });
  const edit = (id: number) => screenPath("campaign", "edit", id);

  return (
    <List title={t("campaign.titles.list")} resource="campaign" headerButtons={newButton}>
      <FilterBar extra={savedViews}>
        <SearchBox
          label={t("campaign.list.search")}
          value={filters.q as string | undefined}
          onSearch={(q) => apply({ q })}
        />
        <Select
          allowClear
          aria-label={t("campaign.fields.status")}
          placeholder={t("campaign.list.allStatuses")}
          value={filters.status as string | undefined}
          options={CAMPAIGN_STATUSES.map((s) => ({ value: s, label: t(`campaign.status.${s}`) }))}
          onChange={(status?: string) => apply({ status })}
          style={{ width: 200 }}
        />
      </FilterBar>
      <Table<Campaign> {...tableProps} rowKey="id" scroll={scroll(1010)}>
        <Table.Column<Campaign>
          dataIndex="name"
          title={t("campaign.fields.name")}
          width={narrow ? 200 : 300}
          render={(name: string, c) => (
            <Flex gap={12} align="center">
              <Thumb url={c.imageUrl} size={44} />
              <Link to={edit(c.id)} dir="auto" style={{ overflowWrap: "anywhere" }}>
                {name}
              </Link>
            </Flex>
          )}
        />
        <Table.Column<Campaign>
          dataIndex="status"
          title={t("campaign.fields.status")}
          width={150}
          render={(_, c) => <CampaignStatusTag campaign={c} />}
        />
        <Table.Column<Campaign>
          key="window"
          title={t("campaign.fields.window")}
          width={330}
          responsive={WIDE}
          render={(_, c) => <bdi>{formatWindow(c, t("campaign.window.noEnd"))}</bdi>}
        />
        <Table.Column<Campaign>
          dataIndex="hotspotCount"
          title={t("campaign.fields.hotspots")}
          width={110}
          align="right"
          render={(n: number) => number(n)}
        />
        <Table.Column<Campaign>
          key="actions"
          fixed={pinned("right")}
          width={120}
          title={t("campaign.fields.actions")}
          render={(_, c) => (
            <Space size={4}>
              <Tooltip title={t("campaign.actions.open")}>
                <Link to={edit(c.id)} aria-label={`${t("campaign.actions.open")}: ${c.name}`}>
                  <Button size="small" icon={<EditOutlined />} />
                </Link>
              </Tooltip>
            </Space>
          )}
        />
      </Table>
      {creating && <CreateDialog open onClose={() => setCreating(false)} />}
    </List>
  );
}
