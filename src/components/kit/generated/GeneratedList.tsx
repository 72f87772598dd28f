import { List } from "@refinedev/antd";
import { useCan, useDelete, type BaseRecord } from "@refinedev/core";
import { DatePicker, Popconfirm, Select, Space, Table, Button } from "antd";
import { DeleteOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import dayjs from "dayjs";
import { Link } from "react-router";
import { CreateButton, EditButton, ShowButton } from "../buttons";
import { FilterBar, SearchBox, useListTable, useNarrow, useTableScroll, WIDE } from "../list";
import { screenPath } from "../../../resources/calls";
import { useCell } from "./cells";
import { generatedOf, kindOf, listFields, useWords } from "./model";
import { ON_REST } from "../../../providers/rest";

/**
 * The list of a generated screen: a column per answered field, sorting where the resource sorts, the
 * filters it takes (text contains, a state, yes/no, a date range), pages, saved views and the empty
 * state of the kit's list; view, edit and delete (after a confirmation) where the screen offers them.
 */
export function GeneratedList({ screen }: { screen: string }) {
  const g = generatedOf(screen);
  const { t } = useTranslation();
  const w = useWords(g);
  const cell = useCell(g);
  const scroll = useTableScroll();
  const narrow = useNarrow();
  const { tableProps, filters, apply, savedViews, sorters } = useListTable<BaseRecord>(g.resource, {
    ...ON_REST,
    sorters: { mode: "server" },
    empty: w.empty(),
  });
  const { data: deletable } = useCan({ resource: screen, action: "delete" });
  const { mutate: remove } = useDelete();
  const routes = g.screen.routes;
  const fields = listFields(g);
  const link = routes.show ? "show" : routes.edit && g.doc.update ? "edit" : undefined;
  const filtersOf = Object.entries(g.doc.filters).filter(([f]) => f !== "id" && g.doc.fields[f]);

  return (
    <List
      title={t(g.screen.label)}
      resource={screen}
      headerButtons={() => (routes.create && g.doc.create ? <CreateButton resource={screen} /> : null)}
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
      <Table<BaseRecord> {...tableProps} rowKey="id" scroll={scroll(Math.max(600, fields.length * 150))}>
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
              align={["money", "integer", "number"].includes(kind) ? "end" : undefined}
              render={(v, record) =>
                i === 0 && link ? <Link to={screenPath(screen, link, record.id)}>{cell(f, v)}</Link> : cell(f, v)
              }
            />
          );
        })}
        <Table.Column<BaseRecord>
          key="actions"
          title={narrow ? undefined : t("kit.generated.actions")}
          width={narrow ? 56 : 120}
          render={(_, record) => (
            <Space size={4}>
              {routes.show && <ShowButton hideText size="small" resource={screen} recordItemId={record.id!} />}
              {routes.edit && g.doc.update && (
                <EditButton hideText size="small" resource={screen} recordItemId={record.id!} />
              )}
              {deletable?.can && g.doc.verbs.includes("delete") && (
                <Popconfirm
                  title={t("kit.generated.confirmDelete")}
                  description={t("kit.generated.deleteEffect")}
                  okText={t("buttons.delete")}
                  okButtonProps={{ danger: true }}
                  cancelText={t("buttons.cancel")}
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
                </Popconfirm>
              )}
            </Space>
          )}
        />
      </Table>
    </List>
  );
}
