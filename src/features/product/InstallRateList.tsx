import type { ItemOf } from "../../api";
import { useState } from "react";
import { List } from "@refinedev/antd";
import { useTranslate } from "@refinedev/core";
import { Select, Switch, Table } from "antd";
import { useListMasters, useProductWrite } from "./hooks";
import { EMPTY, date, useFormat } from "../../components/kit/format";
import { FilterBar, SearchBox, useListTable, useTableScroll } from "../../components/kit/list";

type InstallRate = ItemOf<"/api/product/productinstallrate">;

/** Installation service rates per category, switched on and off. */
export function InstallRateList() {
  const t = useTranslate();
  const scroll = useTableScroll();
  const { money } = useFormat();
  const masters = useListMasters();
  const { run } = useProductWrite();
  const [pending, setPending] = useState<number | null>(null);
  const { tableProps, tableQuery, filters, apply, savedViews } = useListTable<InstallRate>("product-installrate", {
    empty: t("product.installRate.empty", "No installation rates yet"),
  });
  const toggle = (rate: InstallRate, active: boolean) => {
    setPending(rate.id);
    run(
      "setstatusinstallrate",
      { id: rate.id, status: active ? "active" : "inactive" },
      active
        ? t("product.installRate.activated", "Rate switched on")
        : t("product.installRate.deactivated", "Rate switched off"),
    )
      .then(() => tableQuery.refetch())
      .catch(() => undefined)
      .finally(() => setPending(null));
  };

  return (
    <List title={t("product.titles.installRate", "Install rates")}>
      <FilterBar extra={savedViews}>
        <SearchBox
          label={t("product.installRate.search", "Search rate or product code")}
          value={filters.search as string | undefined}
          onSearch={(search) => apply({ search })}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t("product.fields.level1", "Category")}
          placeholder={t("product.filters.allCategories", "All categories")}
          options={(masters.level1 ?? []).map((l) => ({ value: l.id, label: l.name }))}
          onChange={(level1Id?: number) => apply({ level1Id })}
          style={{ width: 200 }}
        />
        <Select
          allowClear
          aria-label={t("product.fields.activeState", "Status")}
          placeholder={t("product.installRate.anyStatus", "On or off")}
          options={[
            { value: "active", label: t("product.installRate.active", "On") },
            { value: "inactive", label: t("product.installRate.inactive", "Off") },
          ]}
          onChange={(status?: string) => apply({ status })}
          style={{ width: 140 }}
        />
      </FilterBar>
      <Table<InstallRate> {...tableProps} rowKey="id" scroll={scroll(800)}>
        <Table.Column<InstallRate> dataIndex="name" title={t("product.installRate.name", "Service")} />
        <Table.Column<InstallRate>
          dataIndex="level1Name"
          title={t("product.fields.level1", "Category")}
          width={180}
          render={(v: string | null) => v ?? EMPTY}
        />
        <Table.Column<InstallRate>
          dataIndex="productCode"
          title={t("product.fields.code", "Code")}
          width={130}
          render={(v: string | null) => v ?? EMPTY}
        />
        <Table.Column<InstallRate>
          dataIndex="price"
          title={t("product.fields.price", "Price (THB)")}
          width={130}
          align="right"
          render={(v: number) => <span style={{ whiteSpace: "nowrap" }}>{money(v)}</span>}
        />
        <Table.Column<InstallRate>
          dataIndex="updatedAt"
          title={t("product.fields.updatedAt", "Updated")}
          width={120}
          render={(v: string) => date(v)}
        />
        <Table.Column<InstallRate>
          dataIndex="status"
          title={t("product.fields.activeState", "Status")}
          width={100}
          align="center"
          render={(status: InstallRate["status"], rate) => (
            <Switch
              checked={status === "active"}
              loading={pending === rate.id}
              checkedChildren={t("product.installRate.active", "On")}
              unCheckedChildren={t("product.installRate.inactive", "Off")}
              aria-label={`${t("product.fields.activeState", "Status")}: ${rate.name}`}
              onChange={(active) => toggle(rate, active)}
            />
          )}
        />
      </Table>
    </List>
  );
}
