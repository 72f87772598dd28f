import { useState } from "react";
import { List } from "@refinedev/antd";
import { useCustom } from "@refinedev/core";
import { Button, DatePicker, Flex, InputNumber, Select, Table, Tag, Typography } from "antd";
import { EyeOutlined } from "@ant-design/icons";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { FilterBar, useListTable, useNarrow, usePinned, useTableScroll, WIDE } from "../../components/kit/list";
import { dateTime } from "../../components/kit/format";
import { calls, REST, type AuditSummary, type Facets } from "./model";
import { EntryDrawer } from "./EntryDrawer";
import { useAuditLabels } from "./labels";

const SHOWN_FIELDS = 3;

/** Who changed what and when: filters by who, kind of record (and one record), action and period; each entry opens with before and after. */
export function AuditList() {
  const { t } = useTranslation();
  const scroll = useTableScroll();
  const narrow = useNarrow();
  const pinned = usePinned();
  const { entityLabel, actionLabel, actorLabel } = useAuditLabels();
  const [open, setOpen] = useState<number | null>(null);
  const { tableProps, filters, apply } = useListTable<AuditSummary>(REST.resource, {
    dataProviderName: REST.dataProviderName,
    numeric: ["actorId", "entityId"],
    empty: t("audit.list.empty"),
  });
  const entity = filters.entity as string | undefined;
  const { query: facetQuery } = useCustom<Facets>({
    ...calls.readCall("facets", entity ? { entity } : {}),
    errorNotification: false,
  });
  const facets = facetQuery.data?.data;

  const from = filters.createdAt_gte as string | undefined;
  const to = filters.createdAt_lte as string | undefined;
  const period: [Dayjs, Dayjs] | null = from && to ? [dayjs(from), dayjs(to)] : null;

  return (
    <List title={t("audit.list.title")} resource="audit">
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {t("audit.list.readOnly")}
      </Typography.Paragraph>
      <FilterBar>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t("audit.fields.actor")}
          placeholder={t("audit.list.allActors")}
          value={filters.actorId as number | undefined}
          loading={facetQuery.isLoading}
          options={facets?.actors.map((a) => ({ value: a.id, label: `${a.name} (${a.username})` }))}
          onChange={(actorId?: number) => apply({ actorId })}
          style={{ width: 240, maxWidth: "100%" }}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t("audit.fields.entity")}
          placeholder={t("audit.list.allEntities")}
          value={entity}
          options={facets?.entities.map((e) => ({ value: e, label: entityLabel(e) }))}
          // Another kind of record: its actions and record ids differ, so those filters go.
          onChange={(next?: string) => apply({ entity: next, action: undefined, entityId: undefined })}
          style={{ width: 220, maxWidth: "100%" }}
        />
        {entity && (
          <InputNumber
            min={1}
            precision={0}
            aria-label={t("audit.fields.entityId")}
            placeholder={t("audit.fields.entityId")}
            value={filters.entityId as number | undefined}
            onChange={(v) => apply({ entityId: typeof v === "number" ? v : undefined })}
            style={{ width: 140 }}
          />
        )}
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t("audit.fields.action")}
          placeholder={t("audit.list.allActions")}
          value={filters.action as string | undefined}
          options={facets?.actions.map((a) => ({ value: a, label: actionLabel(a) }))}
          onChange={(action?: string) => apply({ action })}
          style={{ width: 200, maxWidth: "100%" }}
        />
        <DatePicker.RangePicker
          aria-label={t("audit.fields.period")}
          placeholder={[t("audit.list.from"), t("audit.list.to")]}
          value={period}
          allowEmpty={[false, false]}
          onChange={(range) =>
            apply({
              createdAt_gte: range?.[0]?.startOf("day").toISOString(),
              createdAt_lte: range?.[1]?.endOf("day").toISOString(),
            })
          }
          style={{ maxWidth: "100%" }}
        />
      </FilterBar>
      <Table<AuditSummary>
        {...tableProps}
        rowKey="id"
        scroll={scroll(1000)}
        onRow={(row) => ({ onDoubleClick: () => setOpen(row.id) })}
        data-testid="audit-table"
      >
        <Table.Column<AuditSummary>
          dataIndex="createdAt"
          title={t("audit.fields.when")}
          width={narrow ? 120 : 170}
          // The key column opens the entry too: on a phone the button at the row's end is off the screen.
          render={(v: string, r) => <Typography.Link onClick={() => setOpen(r.id)}>{dateTime(v)}</Typography.Link>}
        />
        <Table.Column<AuditSummary>
          key="actor"
          title={t("audit.fields.actor")}
          width={narrow ? 150 : 180}
          render={(_, r) => (
            <Flex vertical>
              <span dir="auto">{actorLabel(r)}</span>
              {r.actorUsername && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.actorUsername}
                </Typography.Text>
              )}
            </Flex>
          )}
        />
        <Table.Column<AuditSummary>
          key="record"
          title={t("audit.fields.record")}
          width={140}
          render={(_, r) => (
            <span>
              {entityLabel(r.entity)} {r.entityId !== null && <bdi>#{r.entityId}</bdi>}
            </span>
          )}
        />
        <Table.Column<AuditSummary>
          dataIndex="action"
          title={t("audit.fields.action")}
          width={140}
          render={(a: string) => <Tag style={{ marginInlineEnd: 0, whiteSpace: "normal" }}>{actionLabel(a)}</Tag>}
        />
        <Table.Column<AuditSummary>
          dataIndex="changed"
          title={t("audit.fields.changed")}
          responsive={WIDE}
          render={(fields: string[]) =>
            fields.length ? (
              <Flex wrap gap={4}>
                {fields.slice(0, SHOWN_FIELDS).map((f) => (
                  <Typography.Text key={f} code>
                    {f}
                  </Typography.Text>
                ))}
                {fields.length > SHOWN_FIELDS && (
                  <Typography.Text type="secondary">
                    {t("audit.list.more", { count: fields.length - SHOWN_FIELDS })}
                  </Typography.Text>
                )}
              </Flex>
            ) : (
              <Typography.Text type="secondary">{t("audit.list.noChange")}</Typography.Text>
            )
          }
        />
        <Table.Column<AuditSummary>
          key="open"
          fixed={pinned("right")}
          width={narrow ? 56 : 150}
          render={(_, r) => (
            <Button
              size="small"
              icon={<EyeOutlined />}
              onClick={() => setOpen(r.id)}
              aria-label={`${t("audit.list.view")} #${r.id}`}
              data-testid="audit-view"
            >
              {narrow ? null : t("audit.list.view")}
            </Button>
          )}
        />
      </Table>
      <EntryDrawer id={open} onClose={() => setOpen(null)} />
    </List>
  );
}
