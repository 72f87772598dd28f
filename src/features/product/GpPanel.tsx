import type { ItemOf } from "../../api";
import { useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Button, Card, Descriptions, Popconfirm, Space, Table } from "antd";
import { PlusOutlined, SyncOutlined } from "@ant-design/icons";
import { useProductRead, useProductWrite } from "./hooks";
import { JobTag } from "./StateTags";
import { type ListAnswer } from "./model";
import { date, useFormat } from "../../components/kit/format";
import { DELIVERY_COLORS } from "../outbox/Delivery";
import type { DeliveryStatus } from "../outbox/model";

/** A GP item; `status`: active (in GP), or the state of the job creating it: queued, sending, failed, dead. */
type GpItem = ItemOf<"/api/product/searchgp">;
type GpPo = ItemOf<"/api/product/getgppos">;

const STATUS_LABELS: Record<string, string> = {
  active: "Active in GP",
  open: "Open",
  confirmed: "Confirmed",
  received: "Received",
  closed: "Closed",
};
const statusLabel = (t: ReturnType<typeof useTranslate>, s: string) =>
  t(`product.gp.status.${s}`, STATUS_LABELS[s] ?? s);

/** The product's item in GP (the ERP) and its purchase orders; GP work is queued, never done here. */
export default function GpPanel({
  productId,
  name,
  approved,
  onQueued,
}: {
  productId: number;
  name: string;
  approved: boolean;
  onQueued(): void;
}) {
  const t = useTranslate();
  const { money } = useFormat();
  const { run, busy } = useProductWrite();
  const [page, setPage] = useState(1);
  // GP has no lookup by product: its items carry the product's name (first 60 characters) and the product id.
  const { data: items, refetch: refetchItems } = useProductRead<ListAnswer<GpItem>>("searchgp", {
    search: name.slice(0, 60),
    limit: 20,
  });
  const { data: pos, loading } = useProductRead<ListAnswer<GpPo>>("getgppos", { id: productId, page, limit: 10 });
  const item = items?.items.find((i) => i.productId === productId);
  const queue = (action: "creategp" | "gpproductsync") =>
    run(action, { id: productId }, t("product.messages.queued", "Queued — another system will pick it up")).then(() => {
      onQueued();
      return refetchItems();
    });

  return (
    <Space direction="vertical" size="large" style={{ width: "100%", maxWidth: 960 }}>
      <Card
        size="small"
        title={t("product.gp.item", "GP item")}
        extra={
          <Space>
            {!item && (
              <Popconfirm
                title={t("product.gp.confirmCreate", "Request a GP item for this product?")}
                okText={t("product.gp.create", "Request GP item")}
                cancelText={t("buttons.cancel")}
                onConfirm={() => queue("creategp")}
              >
                <Button icon={<PlusOutlined />} loading={busy}>
                  {t("product.gp.create", "Request GP item")}
                </Button>
              </Popconfirm>
            )}
            {approved && (
              <Popconfirm
                title={t("product.gp.confirmSync", "Send this product to GP?")}
                okText={t("product.actions.sync", "Sync")}
                cancelText={t("buttons.cancel")}
                onConfirm={() => queue("gpproductsync")}
              >
                <Button icon={<SyncOutlined />} loading={busy}>
                  {t("product.jobs.kinds.gp_sync", "Sync to GP")}
                </Button>
              </Popconfirm>
            )}
          </Space>
        }
      >
        {item ? (
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={t("product.gp.itemCode", "Item code")}>{item.itemCode}</Descriptions.Item>
            <Descriptions.Item label={t("product.gp.uom", "Unit of measure")}>{item.uom}</Descriptions.Item>
            <Descriptions.Item label={t("product.gp.cost", "Cost")}>{money(item.cost)}</Descriptions.Item>
            <Descriptions.Item label={t("product.jobs.status", "State")}>
              {item.status in DELIVERY_COLORS ? (
                <JobTag status={item.status as DeliveryStatus} />
              ) : (
                statusLabel(t, item.status)
              )}
            </Descriptions.Item>
          </Descriptions>
        ) : (
          t("product.gp.none", "No GP item for this product yet")
        )}
      </Card>
      <Card size="small" title={t("product.gp.pos", "Purchase orders")}>
        <Table<GpPo>
          rowKey="id"
          size="small"
          loading={loading}
          dataSource={pos?.items ?? []}
          pagination={{
            current: page,
            pageSize: 10,
            total: pos?.total ?? 0,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
          locale={{ emptyText: t("product.gp.noPos", "No purchase orders") }}
          columns={[
            { dataIndex: "poNo", title: t("product.gp.poNo", "PO number"), width: 150 },
            { dataIndex: "itemCode", title: t("product.gp.itemCode", "Item code"), width: 150 },
            { dataIndex: "qty", title: t("product.gp.qty", "Quantity"), width: 100, align: "right" },
            {
              dataIndex: "cost",
              title: t("product.gp.cost", "Cost"),
              width: 130,
              align: "right",
              render: (v: number) => money(v),
            },
            {
              dataIndex: "status",
              title: t("product.jobs.status", "State"),
              width: 120,
              render: (s: string) => statusLabel(t, s),
            },
            { dataIndex: "orderedAt", title: t("product.gp.orderedAt", "Ordered"), render: (v: string) => date(v) },
          ]}
        />
      </Card>
    </Space>
  );
}
