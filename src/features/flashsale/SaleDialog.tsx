import type { Answer } from "../../api";
import { useState } from "react";
import { useCustom, useCustomMutation, useTranslate } from "@refinedev/core";
import { Alert, Flex, Form, InputNumber, Modal, Select, Typography } from "antd";
import { applyFieldErrors, errorMessage } from "../../components/kit/errors";
import { useFormat } from "../../components/kit/format";
import { useTypedSearch } from "../../components/kit/list";
import { formOnlyRequired } from "../../components/kit/rules";
import { Thumb } from "../../components/kit/Thumb";
import { WindowField, windowRule, type TimeWindow } from "../../components/kit/window";
import type { ApiError } from "../../providers/http";
import { callsOf } from "../../resources/calls";
import flashsale from "./endpoints";
import { percentOff, type Candidate, type FlashSale } from "./model";

const calls = callsOf(flashsale);
const PAGE = 20;

interface Values {
  productId: number;
  salePrice: number;
  stockLimit: number;
  window: TimeWindow;
}

function ProductLine({ p }: { p: Pick<Candidate, "name" | "imageUrl" | "shopName" | "price" | "code"> }) {
  const { money } = useFormat();
  return (
    <Flex gap={10} align="center">
      <Thumb url={p.imageUrl} size={36} />
      <Flex vertical style={{ minWidth: 0 }}>
        <span dir="auto" style={{ whiteSpace: "normal", overflowWrap: "anywhere" }}>
          {p.name}
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <bdi>{p.code}</bdi> · <bdi>{p.shopName}</bdi> · <bdi>{money(p.price)}</bdi>
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

/** The approved, online products a sale can be set for, searched by name or code. */
function ProductPicker({
  value,
  onChange,
  onPick,
  id,
}: {
  value?: number;
  onChange?: (id: number) => void;
  onPick(p: Candidate): void;
  id?: string;
}) {
  const t = useTranslate();
  const [search, setTyped] = useTypedSearch();
  const { result, query } = useCustom<Answer<"/api/promotion/listSelectProductFlashsale">>(
    calls.readCall("products", { page: 1, limit: PAGE, ...(search ? { search } : {}) }),
  );
  const items = result.data?.items ?? [];
  return (
    <Select<number>
      id={id}
      showSearch
      value={value}
      onChange={(v) => {
        onChange?.(v);
        const p = items.find((x) => x.id === v);
        if (p) onPick(p);
      }}
      onSearch={setTyped}
      filterOption={false}
      loading={query.isFetching}
      placeholder={t("flashsale.form.productPlaceholder")}
      notFoundContent={query.isFetching ? null : t("flashsale.form.noProducts")}
      options={items.map((p) => ({ value: p.id, label: p.name, product: p }))}
      optionRender={(option) => <ProductLine p={(option.data as { product: Candidate }).product} />}
      style={{ width: "100%" }}
    />
  );
}

/** A new flash sale, or a change to one that has not started (its product stays). */
export function SaleDialog({
  sale,
  onClose,
  onSaved,
}: {
  sale: FlashSale | null;
  onClose(): void;
  onSaved(): unknown;
}) {
  const t = useTranslate();
  const { money } = useFormat();
  const [form] = Form.useForm<Values>();
  const [product, setProduct] = useState<Pick<Candidate, "name" | "imageUrl" | "shopName" | "price" | "code"> | null>(
    sale
      ? {
          name: sale.productName,
          imageUrl: sale.productImageUrl,
          shopName: sale.shopName,
          price: sale.productPrice,
          code: sale.productCode,
        }
      : null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync, mutation } = useCustomMutation();
  const salePrice = Form.useWatch("salePrice", form);
  /**
   * One write sets a new sale and changes one (`setproductflashsale`), so its schema requires nothing: the server
   * refuses a new sale without a product, price, stock limit and start; a change keeps what it is not sent.
   */
  const newSale = (message: string) => (sale ? [] : [formOnlyRequired(message)]);

  const save = (v: Values) => {
    setFailure(null);
    const body = {
      ...(sale ? { id: sale.id } : { productId: v.productId }),
      salePrice: v.salePrice,
      stockLimit: v.stockLimit,
      ...v.window,
    };
    return mutateAsync({
      ...calls.writeCall("set", body),
      successNotification: () => ({
        type: "success",
        message: t(sale ? "flashsale.messages.changed" : "flashsale.messages.created", { name: product?.name ?? "" }),
      }),
      errorNotification: false,
    }).then(onSaved, (e: ApiError) => {
      // The window's three fields are one control here.
      if (!e?.errors || !applyFieldErrors(form, e, "window")) setFailure(errorMessage(e));
    });
  };

  return (
    <Modal
      open
      title={t(sale ? "flashsale.form.editTitle" : "flashsale.form.newTitle")}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={
          sale
            ? {
                productId: sale.productId,
                salePrice: sale.salePrice,
                stockLimit: sale.stockLimit,
                window: { startsAt: sale.startsAt, endsAt: sale.endsAt, timezone: sale.timezone },
              }
            : { stockLimit: 10, window: undefined }
        }
      >
        <Form.Item
          name="productId"
          label={t("flashsale.fields.product")}
          rules={newSale(t("flashsale.validation.product"))}
        >
          {sale ? <ProductLine p={product!} /> : <ProductPicker onPick={setProduct} />}
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            name="salePrice"
            label={t("flashsale.fields.salePrice")}
            style={{ flex: "1 1 200px" }}
            extra={
              product &&
              t("flashsale.form.priceHint", {
                price: money(product.price),
                percent: salePrice && salePrice < product.price ? percentOff(product.price, salePrice) : 0,
              })
            }
            rules={[
              ...newSale(t("flashsale.validation.salePrice")),
              {
                validator: (_, v?: number) =>
                  !product || v === undefined || v === null || v < product.price
                    ? Promise.resolve()
                    : Promise.reject(new Error(t("flashsale.validation.belowPrice", { price: money(product.price) }))),
              },
            ]}
          >
            <InputNumber min={0.01} precision={2} step={10} prefix="฿" style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item
            name="stockLimit"
            label={t("flashsale.fields.stockLimit")}
            style={{ flex: "1 1 160px" }}
            extra={t("flashsale.form.stockHint")}
            rules={newSale(t("flashsale.validation.stockLimit"))}
          >
            <InputNumber min={1} precision={0} style={{ width: "100%" }} />
          </Form.Item>
        </Flex>
        <Form.Item
          name="window"
          label={t("flashsale.fields.window")}
          extra={t("flashsale.form.windowHint")}
          // A sale always needs an end: the server refuses one without.
          rules={[windowRule(t("flashsale.validation.window"), { start: !sale, end: true })]}
        >
          <WindowField />
        </Form.Item>
      </Form>
    </Modal>
  );
}
