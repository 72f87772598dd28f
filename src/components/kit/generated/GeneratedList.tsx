import { useState } from "react";
import { ExportButton, List } from "@refinedev/antd";
import { useCan, useDelete, useDeleteMany, useNotification, type BaseKey, type BaseRecord } from "@refinedev/core";
import { DatePicker, InputNumber, Select, Space, Table, Button } from "antd";
import { DeleteOutlined, DownloadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import dayjs from "dayjs";
import { Link } from "react-router";
import { CreateButton, EditButton, ShowButton } from "../buttons";
import {
  FilterBar,
  SearchBox,
  selectRowProps,
  useListTable,
  useNarrow,
  useScrollCue,
  useTableScroll,
  WIDE,
} from "../list";
import { screenPath } from "../../../resources/calls";
import { useCell } from "./cells";
import { DeleteConfirm } from "./DeleteConfirm";
import { generatedOf, kindOf, listFields, recordName, useWords, type Generated } from "./model";
import type { Overrides } from "./overrides";
import { ON_REST } from "../../../providers/rest";
import { useCsvExport } from "../download";

/** The most rows an export reads (in pages of the server's largest page). */
const EXPORT_MAX = 10_000;
const NUMERIC = ["money", "integer", "number"];

/**
 * A number range filter: two boxes applied when left or on Enter (not per keystroke, which would ask the
 * server once a digit). Each box says which end it is.
 */
function NumberRange({
  label,
  from,
  to,
  onApply,
}: {
  label: string;
  from?: number;
  to?: number;
  onApply(range: { from?: number; to?: number }): void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<{ from?: number; to?: number }>({ from, to });
  const commit = () => {
    if (draft.from !== from || draft.to !== to) onApply(draft);
  };
  const box = (end: "from" | "to") => (
    <InputNumber<number>
      aria-label={`${label}: ${t(`kit.generated.${end}`)}`}
      placeholder={`${label}: ${t(`kit.generated.${end}`)}`}
      min={0}
      value={draft[end]}
      onChange={(v) => setDraft((d) => ({ ...d, [end]: v ?? undefined }))}
      onBlur={commit}
      onPressEnter={commit}
      style={{ width: 150 }}
    />
  );
  return (
    <Space.Compact>
      {box("from")}
      {box("to")}
    </Space.Compact>
  );
}

/** A row's cells as the export writes them: states and yes/no in words, numbers and times as they are. */
function useExportCells(g: Generated) {
  const { t } = useTranslation();
  const w = useWords(g);
  const fields = listFields(g);
  return {
    columns: fields.map(([f]) => w.field(f)),
    cells: (row: BaseRecord) =>
      fields.map(([f, s]) => {
        const v: unknown = row[f];
        const kind = kindOf(f, s, g.doc);
        if (v === null || v === undefined) return "";
        if (kind === "enum") return w.value(f, v);
        if (kind === "enumList") return (v as unknown[]).map((x) => w.value(f, x)).join("; ");
        if (kind === "textList") return (v as string[]).join("; ");
        if (kind === "boolean") return t(v ? "kit.generated.yes" : "kit.generated.no");
        return v;
      }),
  };
}

/**
 * The list of a generated screen: a column per answered field, sorting where the resource sorts, the
 * filters it takes (text contains, a state, yes/no, a date or number range), pages, saved views and the
 * empty state of the kit's list; a CSV of the filtered rows; view, edit and delete (after a confirmation)
 * where the screen offers them, and delete of the selected rows. The feature's overrides add cells, columns,
 * row actions and header buttons.
 */
export function GeneratedList({ screen, overrides = {} }: { screen: string; overrides?: Overrides }) {
  const g = generatedOf(screen);
  const { t } = useTranslation();
  const w = useWords(g);
  const cell = useCell(g, overrides);
  const scroll = useTableScroll();
  const scrollCue = useScrollCue();
  const narrow = useNarrow();
  const [selected, setSelected] = useState<BaseKey[]>([]);
  const { tableProps, tableQuery, filters, crudFilters, apply, savedViews, sorters } = useListTable<BaseRecord>(
    g.resource,
    {
      ...ON_REST,
      sorters: { mode: "server" },
      empty: w.empty(),
      onApply: () => setSelected([]),
    },
  );
  const refresh = () => void tableQuery.refetch();
  const { actions: RowActions, listButtons: ListButtons } = overrides;
  const { data: deletable } = useCan({ resource: screen, action: "delete" });
  const { mutate: remove } = useDelete();
  const { mutate: removeMany, mutation: removingMany } = useDeleteMany();
  const { open: notify } = useNotification();
  const exportCells = useExportCells(g);
  const csv = useCsvExport({
    resource: g.resource,
    ...ON_REST,
    filters: crudFilters,
    sorters,
    ...exportCells,
    filename: `${g.resource}-${dayjs().format("YYYYMMDD-HHmm")}`,
    max: EXPORT_MAX,
  });
  const exportCsv = () => csv.run().catch(() => notify?.({ type: "error", message: t("kit.generated.exportFailed") }));
  const canDelete = Boolean(deletable?.can && g.doc.verbs.includes("delete"));
  const routes = g.screen.routes;
  const fields = listFields(g).filter(([f]) => !overrides.hide?.includes(f));
  const link = routes.show ? "show" : routes.edit && g.doc.update ? "edit" : undefined;
  const filtersOf = Object.entries(g.doc.filters).filter(([f]) => f !== "id" && g.doc.fields[f]);

  return (
    <List
      title={t(g.screen.label)}
      resource={screen}
      headerButtons={() => (
        <Space wrap>
          {ListButtons && <ListButtons refresh={refresh} />}
          <ExportButton icon={<DownloadOutlined />} onClick={() => void exportCsv()} loading={csv.busy} />
          {routes.create && g.doc.create && <CreateButton resource={screen} />}
        </Space>
      )}
    >
      <FilterBar extra={savedViews}>
        {filtersOf.map(([f, ops]) => {
          const kind = kindOf(f, g.doc.fields[f], g.doc);
          if (ops.includes("like"))
            return (
              <SearchBox
                key={f}
                width={220}
                label={t("kit.generated.search", { field: w.field(f) })}
                value={filters[`${f}@contains`] as string | undefined}
                onSearch={(v) => apply({ [`${f}@contains`]: v })}
              />
            );
          if (ops.includes("eq") && (kind === "enum" || kind === "boolean"))
            return (
              <Select
                key={f}
                allowClear
                aria-label={w.field(f)}
                placeholder={`${w.field(f)}: ${t("kit.generated.any")}`}
                value={filters[f] as string | undefined}
                onChange={(v?: string) => apply({ [f]: v })}
                options={
                  kind === "boolean"
                    ? [
                        { value: "true", label: t("kit.generated.yes") },
                        { value: "false", label: t("kit.generated.no") },
                      ]
                    : (g.doc.fields[f].enum ?? []).map((v) => ({ value: String(v), label: w.value(f, v) }))
                }
                style={{ minWidth: 160 }}
              />
            );
          if (ops.includes("gte") && ops.includes("lte") && NUMERIC.includes(kind))
            return (
              <NumberRange
                key={`${f}:${String(filters[`${f}@gte`])}:${String(filters[`${f}@lte`])}`}
                label={w.field(f)}
                from={filters[`${f}@gte`] === undefined ? undefined : Number(filters[`${f}@gte`])}
                to={filters[`${f}@lte`] === undefined ? undefined : Number(filters[`${f}@lte`])}
                onApply={(r) => apply({ [`${f}@gte`]: r.from, [`${f}@lte`]: r.to })}
              />
            );
          if (ops.includes("gte") && ops.includes("lte") && (kind === "dateTime" || kind === "date"))
            return (
              <DatePicker.RangePicker
                key={f}
                aria-label={w.field(f)}
                placeholder={[t("kit.generated.from"), t("kit.generated.to")]}
                value={[
                  filters[`${f}@gte`] ? dayjs(filters[`${f}@gte`] as string) : null,
                  filters[`${f}@lte`] ? dayjs(filters[`${f}@lte`] as string) : null,
                ]}
                onChange={(range) =>
                  apply({
                    [`${f}@gte`]: range?.[0]?.startOf("day").toISOString(),
                    [`${f}@lte`]: range?.[1]?.endOf("day").toISOString(),
                  })
                }
              />
            );
          return null;
        })}
      </FilterBar>
      {canDelete && selected.length > 0 && (
        <Space style={{ marginBottom: 12 }} wrap>
          <span aria-live="polite">{t("kit.generated.selected", { count: selected.length })}</span>
          <DeleteConfirm
            title={t("kit.generated.confirmDeleteMany", { count: selected.length })}
            onConfirm={() =>
              removeMany(
                {
                  resource: g.resource,
                  ids: selected,
                  ...ON_REST,
                  successNotification: () => ({
                    type: "success",
                    message: t("kit.generated.deletedMany", { count: selected.length }),
                  }),
                },
                { onSettled: () => setSelected([]) },
              )
            }
          >
            <Button danger icon={<DeleteOutlined />} loading={removingMany.isPending}>
              {t("kit.generated.deleteSelected", { count: selected.length })}
            </Button>
          </DeleteConfirm>
          <Button onClick={() => setSelected([])}>{t("kit.generated.clearSelection")}</Button>
        </Space>
      )}
      <div ref={scrollCue}>
        <Table<BaseRecord>
          {...tableProps}
          rowKey="id"
          scroll={scroll(Math.max(600, fields.length * 150))}
          rowSelection={
            canDelete
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as BaseKey[]),
                  preserveSelectedRowKeys: false,
                  // Each row's box says which row it selects (by what the row is called, else its id).
                  getCheckboxProps: (row) =>
                    selectRowProps(recordName(row, overrides) ?? `#${String(row.id)}`, (name) =>
                      t("common.selectRow", { name }),
                    ),
                }
              : undefined
          }
        >
          {fields.map(([f], i) => {
            const sorted = sorters.find((s) => s.field === f)?.order;
            const kind = kindOf(f, g.doc.fields[f], g.doc);
            // On a phone: the key column (wrapping in a width that fits), amounts and states; the rest from md up.
            const key = i === 0;
            return (
              <Table.Column<BaseRecord>
                key={f}
                dataIndex={f}
                width={key && narrow ? 170 : undefined}
                responsive={key || ["money", "enum", "boolean"].includes(kind) ? undefined : WIDE}
                title={w.field(f)}
                sorter={g.doc.sort.includes(f)}
                sortOrder={sorted ? (sorted === "asc" ? "ascend" : "descend") : null}
                align={NUMERIC.includes(kind) ? "end" : undefined}
                render={(v, record) =>
                  i === 0 && link ? (
                    <Link to={screenPath(screen, link, record.id)}>{cell(f, v, record, refresh)}</Link>
                  ) : (
                    cell(f, v, record, refresh)
                  )
                }
              />
            );
          })}
          {overrides.columns?.map((c) => (
            <Table.Column<BaseRecord> key={c.key} title={t(c.title)} render={(_, record) => c.render(record)} />
          ))}
          <Table.Column<BaseRecord>
            key="actions"
            title={narrow ? undefined : t("kit.generated.actions")}
            width={narrow ? 56 : 120}
            render={(_, record) => (
              <Space size={4}>
                {RowActions && <RowActions row={record} refresh={refresh} />}
                {routes.show && <ShowButton hideText size="small" resource={screen} recordItemId={record.id!} />}
                {routes.edit && g.doc.update && (
                  <EditButton hideText size="small" resource={screen} recordItemId={record.id!} />
                )}
                {canDelete && (
                  <DeleteConfirm
                    title={t("kit.generated.confirmDelete")}
                    onConfirm={() =>
                      remove({
                        resource: g.resource,
                        id: record.id!,
                        ...ON_REST,
                        successNotification: () => ({ type: "success", message: t("kit.generated.deleted") }),
                      })
                    }
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("buttons.delete")} />
                  </DeleteConfirm>
                )}
              </Space>
            )}
          />
        </Table>
      </div>
    </List>
  );
}
