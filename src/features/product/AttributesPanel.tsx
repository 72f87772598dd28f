import type { ItemOf } from "../../api";
import { useTranslate } from "@refinedev/core";
import { Select, Switch, Table } from "antd";
import { useProductRead, useProductWrite } from "./hooks";
import type { ListAnswer } from "./model";

/** An active attribute of the master with its items. */
type Attribute = ItemOf<"/api/product/getfeatureattribute">;
/** An attribute the product has, with its chosen item. */
type ProductAttribute = ItemOf<"/api/product/getdatatableattribute">;

/** The product's attributes: each active attribute of the master, with its chosen item and on/off. */
export default function AttributesPanel({ productId }: { productId: number }) {
  const t = useTranslate();
  const { run, busy } = useProductWrite();
  const { data: master, loading } = useProductRead<ListAnswer<Attribute>>("getfeatureattribute", {});
  const { data: own, refetch } = useProductRead<ListAnswer<ProductAttribute>>("getdatatableattribute", {
    id: productId,
  });
  const byId = new Map((own?.items ?? []).map((a) => [a.attributeId, a]));

  const set = (attributeId: number, itemId: number | null, status: boolean) =>
    run(
      "updatestatusattribute",
      { id: productId, attributeId, itemId, status },
      t("product.attributes.saved", "Attribute saved"),
    ).then(() => refetch());

  return (
    <Table<Attribute>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={master?.items ?? []}
      pagination={false}
      style={{ maxWidth: 960 }}
      locale={{ emptyText: t("product.attributes.none", "No active attributes in the master") }}
      columns={[
        {
          dataIndex: "name",
          title: t("product.attributes.name", "Attribute"),
          render: (name: string, a) => (
            <span style={{ display: "inline-flex", gap: 8, alignItems: "center" }}>
              {a.iconUrl && <img src={a.iconUrl} alt="" width={20} height={20} />}
              {name}
            </span>
          ),
        },
        {
          key: "item",
          title: t("product.attributes.value", "Value"),
          width: 280,
          render: (_, a) => (
            <Select
              allowClear
              style={{ width: "100%" }}
              aria-label={`${t("product.attributes.value", "Value")}: ${a.name}`}
              placeholder={t("product.attributes.noValue", "No value")}
              value={byId.get(a.id)?.itemId ?? undefined}
              options={a.items.map((i) => ({ value: i.id, label: i.name }))}
              disabled={busy}
              onChange={(itemId?: number) => set(a.id, itemId ?? null, true)}
            />
          ),
        },
        {
          key: "status",
          title: t("product.attributes.shown", "Shown"),
          width: 100,
          render: (_, a) => (
            <Switch
              checked={byId.get(a.id)?.status ?? false}
              aria-label={`${t("product.attributes.shown", "Shown")}: ${a.name}`}
              disabled={busy}
              onChange={(status) => set(a.id, byId.get(a.id)?.itemId ?? null, status)}
            />
          ),
        },
      ]}
    />
  );
}
