import { useTranslate } from "@refinedev/core";
import { Form, Input, InputNumber, Modal, Table, Typography } from "antd";
import dayjs from "dayjs";
import { useProductRead, useProductWrite } from "./hooks";
import { fieldErrors, formatPrice, type ListAnswer } from "./model";

interface PriceChange {
  id: number;
  oldPrice: number;
  newPrice: number;
  reason: string | null;
  changedBy: string | null;
  changedAt: string;
}

export interface PriceTarget {
  id: number;
  code: string;
  name: string;
  price: number;
}

/** Change a product's price with an optional reason; the history below comes from the server. */
export function PriceDialog({ target, onClose, onChanged }: { target: PriceTarget; onClose(): void; onChanged(): void }) {
  const t = useTranslate();
  const [form] = Form.useForm<{ price: number; reason?: string }>();
  const { run, busy } = useProductWrite();
  const { data: history, loading } = useProductRead<ListAnswer<PriceChange>>("pricehistory", { id: target.id });

  const submit = async (values: { price: number; reason?: string }) => {
    const reason = values.reason?.trim();
    try {
      await run("changeprice", { id: target.id, price: values.price, ...(reason ? { reason } : {}) }, t("product.price.changed", "Price changed"));
      onChanged();
      onClose();
    } catch (error) {
      form.setFields(fieldErrors(error).map((f) => ({ name: f.name as "price", errors: f.errors })));
    }
  };

  return (
    <Modal
      open
      title={t("product.price.title", { code: target.code }, `Change price — ${target.code}`)}
      okText={t("product.actions.save", "Save")}
      cancelText={t("product.actions.cancel", "Cancel")}
      onOk={() => form.submit()}
      confirmLoading={busy}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{target.name}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ price: target.price }} onFinish={submit}>
        <Form.Item
          name="price"
          label={t("product.fields.price", "Price (THB)")}
          rules={[
            { required: true, message: t("product.validation.priceRequired", "Enter the price") },
            { type: "number", min: 0.01, message: t("product.validation.pricePositive", "The price must be more than 0") },
          ]}
        >
          <InputNumber min={0} step={1} precision={2} style={{ width: 200 }} autoFocus />
        </Form.Item>
        <Form.Item name="reason" label={t("product.price.reason", "Reason (optional)")} rules={[{ max: 500 }]}>
          <Input maxLength={500} />
        </Form.Item>
      </Form>
      <Typography.Title level={5}>{t("product.price.history", "Price history")}</Typography.Title>
      <Table<PriceChange>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={history?.items ?? []}
        pagination={false}
        locale={{ emptyText: t("product.price.noHistory", "The price has not been changed yet") }}
        columns={[
          { dataIndex: "changedAt", title: t("product.audit.when", "When"), render: (v: string) => dayjs(v).format("YYYY-MM-DD HH:mm") },
          { key: "change", title: t("product.fields.price", "Price (THB)"), render: (_, r) => `${formatPrice(r.oldPrice)} → ${formatPrice(r.newPrice)}` },
          { dataIndex: "reason", title: t("product.price.reasonShort", "Reason"), render: (v: string | null) => v ?? "–" },
          { dataIndex: "changedBy", title: t("product.audit.who", "Who"), render: (v: string | null) => v ?? "–" },
        ]}
      />
    </Modal>
  );
}
