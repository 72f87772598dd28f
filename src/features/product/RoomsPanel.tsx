import type { DataOf, ItemOf } from "../../api";
import { useTranslate } from "@refinedev/core";
import { Button, Card, Descriptions, Form, Popconfirm, Select, Table } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useProductRead, useProductWrite } from "./hooks";
import type { ListAnswer } from "./model";
import { applyFieldErrors } from "../../components/kit/errors";
import { EMPTY } from "../../components/kit/format";
import { writeRules } from "../../components/kit/rules";

/** The product's tile size (null: not set) and the rooms it is placed in. */
type TileDetail = DataOf<"/api/product/ditailproducttile">;
type Placement = TileDetail["rooms"][number];
type Room = ItemOf<"/api/product/masterrooms">;
type TileSize = ItemOf<"/api/product/mastersize">;

const rule = writeRules("/api/product/createproductroom");

/** Where the product appears in the virtual-room visualiser, and at which tile size. */
export default function RoomsPanel({ productId }: { productId: number }) {
  const t = useTranslate();
  const { run, busy } = useProductWrite();
  const [form] = Form.useForm<{ roomId: number; sizeId: number }>();
  const { data: rooms } = useProductRead<ListAnswer<Room>>("masterrooms", {});
  const { data: sizes } = useProductRead<ListAnswer<TileSize>>("mastersize", {});
  const {
    data: detail,
    loading,
    refetch,
  } = useProductRead<{ data: TileDetail }>("ditailproducttile", { id: productId });

  const place = async (values: { roomId: number; sizeId: number }) => {
    try {
      await run("createproductroom", { id: productId, ...values }, t("product.rooms.placed", "Placed in the room"));
      form.resetFields(["roomId"]);
      await refetch();
    } catch (error) {
      applyFieldErrors(form, error, "roomId");
    }
  };

  return (
    <Card size="small" title={t("product.rooms.title", "Virtual rooms")} style={{ maxWidth: 960 }}>
      <Descriptions size="small" style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t("product.rooms.tileSize", "Tile size")}>
          {detail?.data.size?.name ?? EMPTY}
        </Descriptions.Item>
      </Descriptions>
      <Form
        form={form}
        layout="inline"
        onFinish={place}
        initialValues={{ sizeId: detail?.data.size?.id }}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <Form.Item
          name="roomId"
          label={t("product.rooms.room", "Room")}
          rules={rule("roomId", t("product.rooms.roomRequired", "Choose a room"))}
        >
          <Select style={{ width: 200 }} options={(rooms?.items ?? []).map((r) => ({ value: r.id, label: r.name }))} />
        </Form.Item>
        <Form.Item
          name="sizeId"
          label={t("product.rooms.tileSize", "Tile size")}
          rules={rule("sizeId", t("product.rooms.sizeRequired", "Choose a tile size"))}
        >
          <Select style={{ width: 180 }} options={(sizes?.items ?? []).map((s) => ({ value: s.id, label: s.name }))} />
        </Form.Item>
        <Button htmlType="submit" icon={<PlusOutlined />} loading={busy}>
          {t("product.rooms.place", "Place in room")}
        </Button>
      </Form>
      <Table<Placement>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={detail?.data.rooms ?? []}
        pagination={false}
        locale={{ emptyText: t("product.rooms.empty", "Not placed in any room") }}
        columns={[
          { dataIndex: "roomName", title: t("product.rooms.room", "Room") },
          { dataIndex: "sizeName", title: t("product.rooms.tileSize", "Tile size"), width: 180 },
          {
            key: "delete",
            width: 60,
            render: (_, p) => (
              <Popconfirm
                title={t("product.rooms.confirmRemove", "Remove from this room?")}
                okText={t("product.actions.delete", "Delete")}
                okButtonProps={{ danger: true }}
                cancelText={t("buttons.cancel")}
                onConfirm={() =>
                  run("deleteproductroom", { id: p.id }, t("product.rooms.removed", "Removed from the room")).then(() =>
                    refetch(),
                  )
                }
              >
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t("product.actions.delete", "Delete")}: ${p.roomName}`}
                />
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}
