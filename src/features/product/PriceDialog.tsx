import type { ItemOf } from "../../api";
import { useTranslate } from "@refinedev/core";
import { Form, Input, InputNumber, Modal, Table, Typography } from "antd";
import { useProductRead, useProductWrite } from "./hooks";
import { type ListAnswer } from "./model";
import { applyFieldErrors } from "../../components/kit/errors";
import { dateTime, EMPTY, useFormat } from "../../components/kit/format";
import { FromTo } from "../../components/kit/direction";
import { writeRules } from "../../components/kit/rules";

type PriceChange = ItemOf<"/api/product/pricehistory">;

const rule = writeRules("/api/product/changeprice");

export interface PriceTarget {
  id: number;
  code: string;
  name: string;
  price: number;
  compareAtPrice: number | null;
}

interface Values {
  price: number;
  compareAtPrice?: number | null;
  reason?: string;
}

/**
 * Change a product's price, and the regular price shoppers see struck through beside it (a
 * discount), with an optional reason; the history below comes from the server.
 */
export function PriceDialog({
  target,
  onClose,
  onChanged,
}: {
  target: PriceTarget;
  onClose(): void;
  onChanged(): void;
}) {
  const t = useTranslate();
  const { money } = useFormat();
  const [form] = Form.useForm<Values>();
  const { run, busy } = useProductWrite();
  const { data: history, loading } = useProductRead<ListAnswer<PriceChange>>("pricehistory", { id: target.id });

  const submit = async (values: Values) => {
    const reason = values.reason?.trim();
    try {
      await run(
        "changeprice",
        {
          id: target.id,
          price: values.price,
          compareAtPrice: values.compareAtPrice ?? null,
          ...(reason ? { reason } : {}),
        },
        t("product.price.changed", "Price changed"),
      );
      onChanged();
      onClose();
    } catch (error) {
      applyFieldErrors(form, error, "price");
    }
  };

  return (
    <Modal
      open
      title={t("product.price.title", { code: target.code }, `Change price — ${target.code}`)}
      okText={t("product.actions.save", "Save")}
      cancelText={t("buttons.cancel")}
      onOk={() => form.submit()}
      confirmLoading={busy}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{target.name}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ price: target.price, compareAtPrice: target.compareAtPrice }}
        onFinish={submit}
      >
        <Form.Item
          name="price"
          label={t("product.fields.price", "Price (THB)")}
          rules={rule("price", t("product.validation.priceRequired", "Enter the price"), [
            {
              type: "number",
              min: 0.01,
              message: t("product.validation.pricePositive", "The price must be more than 0"),
            },
          ])}
        >
          <InputNumber min={0} step={1} precision={2} style={{ width: 200 }} autoFocus />
        </Form.Item>
        <Form.Item
          name="compareAtPrice"
          label={t("product.price.regular")}
          extra={t("product.price.regularHint")}
          dependencies={["price"]}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, v: number | null | undefined) =>
                v === null || v === undefined || v > getFieldValue("price")
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("product.price.regularAbove"))),
            }),
          ]}
        >
          <InputNumber min={0} step={1} precision={2} style={{ width: 200 }} />
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
          { dataIndex: "changedAt", title: t("product.audit.when", "When"), render: (v: string) => dateTime(v) },
          {
            key: "change",
            title: t("product.fields.price", "Price (THB)"),
            render: (_, r) => <FromTo from={money(r.oldPrice)} to={money(r.newPrice)} />,
          },
          {
            dataIndex: "reason",
            title: t("product.price.reasonShort", "Reason"),
            render: (v: string | null) => v ?? EMPTY,
          },
          { dataIndex: "changedBy", title: t("product.audit.who", "Who"), render: (v: string | null) => v ?? EMPTY },
        ]}
      />
    </Modal>
  );
}
