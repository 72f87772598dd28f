import type { ItemOf } from "../../api";
import { useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Button, Card, Form, Input, Select, Table, Tag } from "antd";
import { useProductRead, useProductWrite } from "./hooks";
import type { ListAnswer, ProductDetail } from "./model";
import { dateTime, EMPTY } from "../../components/kit/format";

type EditStatus = ProductDetail["imageEditStatus"];
const STATUSES: EditStatus[] = ["none", "requested", "in_progress", "done"];
const STATUS_LABELS: Record<EditStatus, string> = {
  none: "No editing",
  requested: "Editing requested",
  in_progress: "Being edited",
  done: "Editing done",
};
const STATUS_COLORS: Record<EditStatus, string> = {
  none: "default",
  requested: "gold",
  in_progress: "processing",
  done: "green",
};

type LogEntry = ItemOf<"/api/product/getEditImgaePgage">;

/** Photo retouching workflow: the product's image-edit status and its log. */
export default function ImageEditPanel({
  productId,
  status,
  onChange,
}: {
  productId: number;
  status: EditStatus;
  onChange(): void;
}) {
  const t = useTranslate();
  const { run, busy } = useProductWrite();
  const [page, setPage] = useState(1);
  const { data, loading, refetch } = useProductRead<ListAnswer<LogEntry>>("getEditImgaePgage", {
    id: productId,
    page,
    limit: 10,
  });
  const [form] = Form.useForm<{ status: EditStatus; note?: string }>();
  const label = (s: EditStatus) => t(`product.imageEdit.status.${s}`, STATUS_LABELS[s]);

  const save = async ({ status: next, note }: { status: EditStatus; note?: string }) => {
    const text = note?.trim() || null;
    // Same status: only a note for the log; a new status is logged by the server with the note.
    if (next === status) {
      if (!text) return;
      await run(
        "insertLogEditimage",
        { id: productId, action: "note", note: text },
        t("product.imageEdit.noted", "Note added"),
      );
    } else {
      await run(
        "insertStatusEditImage",
        { id: productId, status: next, note: text },
        t("product.imageEdit.saved", "Image editing status saved"),
      );
    }
    form.resetFields(["note"]);
    await refetch();
    onChange();
  };

  return (
    <Card
      size="small"
      title={t("product.imageEdit.title", "Image editing")}
      extra={<Tag color={STATUS_COLORS[status]}>{label(status)}</Tag>}
    >
      <Form
        form={form}
        layout="inline"
        initialValues={{ status }}
        onFinish={(v) => save(v).catch(() => undefined)}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <Form.Item name="status" label={t("product.imageEdit.setStatus", "Status")}>
          <Select style={{ width: 190 }} options={STATUSES.map((s) => ({ value: s, label: label(s) }))} />
        </Form.Item>
        <Form.Item name="note" style={{ flex: 1, minWidth: 220 }} rules={[{ max: 500 }]}>
          <Input
            placeholder={t("product.imageEdit.note", "Note for the editor (optional)")}
            aria-label={t("product.imageEdit.note", "Note for the editor (optional)")}
            maxLength={500}
          />
        </Form.Item>
        <Button htmlType="submit" loading={busy}>
          {t("product.actions.save", "Save")}
        </Button>
      </Form>
      <Table<LogEntry>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={data?.items ?? []}
        pagination={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
        locale={{ emptyText: t("product.imageEdit.empty", "No image editing yet") }}
        columns={[
          {
            dataIndex: "createdAt",
            title: t("product.audit.when", "When"),
            width: 160,
            render: (v: string) => dateTime(v),
          },
          {
            dataIndex: "actorName",
            title: t("product.audit.who", "Who"),
            width: 160,
            render: (v: string | null) => v ?? EMPTY,
          },
          { dataIndex: "action", title: t("product.audit.what", "What"), width: 160 },
          {
            dataIndex: "note",
            title: t("product.imageEdit.noteShort", "Note"),
            render: (v: string | null) => v ?? EMPTY,
          },
        ]}
      />
    </Card>
  );
}
