import { useState } from "react";
import { useCreate, useTranslate } from "@refinedev/core";
import { Alert, Card, Flex, Form, Input, InputNumber, Modal, Radio, Typography } from "antd";
import { applyFieldErrors, errorMessage } from "../../components/kit/errors";
import { RADIO_GROUP, writeRules } from "../../components/kit/rules";
import { useFormat } from "../../components/kit/format";
import { WindowField, windowRule, type TimeWindow } from "../../components/kit/window";
import type { ApiError } from "../../providers/http";
import { BATCHES, CODE_COUNT_MAX, discountOf, PERCENT_MAX, type CouponBatch, type NewBatch } from "./model";
import { useRuleText } from "./rule";
import { ON_REST } from "../../providers/rest";

/** The form: the create body's fields as they are filled in, the window in one field. */
type Values = Partial<Omit<NewBatch, "startsAt" | "endsAt" | "timezone">> &
  Pick<NewBatch, "name" | "prefix" | "discountType"> & { window?: TimeWindow };

const batchRule = writeRules("/api/v2/coupon-batches");

/** What a customer gets, in words, and on an example order (the least spend, or 1,000 THB with none). */
function RulePreview({ v }: { v: Values }) {
  const t = useTranslate();
  const { money, number } = useFormat();
  const rule = useRuleText();
  if (!v.discountValue) return <Typography.Text type="secondary">{t("coupons.form.previewEmpty")}</Typography.Text>;
  const r = {
    discountType: v.discountType,
    discountValue: v.discountValue,
    maxDiscount: v.discountType === "percent" ? (v.maxDiscount ?? null) : null,
  };
  const example = Math.max(v.minSpend ?? 0, 1000);
  const off = discountOf(r, example);
  return (
    <Flex vertical gap={4} data-testid="rule-preview">
      <Typography.Text strong>{rule(r)}</Typography.Text>
      <Typography.Text>
        {v.minSpend ? t("coupons.form.previewMin", { amount: money(v.minSpend) }) : t("coupons.form.previewAny")}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t("coupons.form.previewExample", {
          subtotal: money(example),
          discount: money(off),
          total: money(example - off),
        })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t("coupons.form.previewCodes", {
          n: number(v.codeCount ?? 0),
          prefix: (v.prefix ?? "").toUpperCase() || "PREFIX",
        })}
      </Typography.Text>
    </Flex>
  );
}

/** A new batch: its rule, limits and window; the server makes its codes at once. */
export function BatchDialog({ onClose, onCreated }: { onClose(): void; onCreated(b: CouponBatch): unknown }) {
  const t = useTranslate();
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], form) ?? ({} as Values);
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync, mutation } = useCreate<CouponBatch>();
  const percent = values.discountType !== "fixed";

  const save = (v: Values) => {
    setFailure(null);
    const { window, maxDiscount, usesPerCode, usesPerCustomer, ...rest } = v;
    return mutateAsync({
      resource: BATCHES,
      ...ON_REST,
      values: {
        ...rest,
        name: v.name.trim(),
        ...(percent ? { maxDiscount: maxDiscount ?? null } : {}),
        // A cleared count (null) is left out: the server counts one use.
        usesPerCode: usesPerCode ?? undefined,
        usesPerCustomer: usesPerCustomer ?? undefined,
        ...window,
      },
      successNotification: () => ({ type: "success", message: t("coupons.messages.created", { name: v.name.trim() }) }),
      errorNotification: false,
    }).then(
      (r) => onCreated(r.data),
      (e: ApiError) => {
        if (!e?.errors || !applyFieldErrors(form, e, "window")) setFailure(errorMessage(e));
      },
    );
  };

  return (
    <Modal
      open
      title={t("coupons.form.title")}
      okText={t("coupons.form.create")}
      cancelText={t("buttons.cancel")}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={720}
    >
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{ discountType: "percent", minSpend: 0, codeCount: 100, usesPerCode: 1, usesPerCustomer: 1 }}
      >
        <Flex gap={16} wrap>
          <Form.Item
            name="name"
            label={t("coupons.fields.name")}
            style={{ flex: "2 1 260px" }}
            rules={batchRule("name", t("coupons.validation.name"), [{ max: 80 }])}
          >
            <Input maxLength={80} dir="auto" />
          </Form.Item>
          <Form.Item
            name="prefix"
            label={t("coupons.fields.prefix")}
            style={{ flex: "1 1 160px" }}
            extra={t("coupons.form.prefixHint")}
            normalize={(v?: string) => v?.toUpperCase()}
            rules={batchRule("prefix", t("coupons.validation.prefix"), [
              { pattern: /^[A-Za-z0-9]{2,10}$/, message: t("coupons.validation.prefix") },
            ])}
          >
            <Input maxLength={10} dir="ltr" />
          </Form.Item>
        </Flex>
        <Form.Item name="discountType" label={t("coupons.fields.discountType")} rules={batchRule("discountType")}>
          <Radio.Group
            {...RADIO_GROUP}
            optionType="button"
            options={[
              { value: "percent", label: t("coupons.form.percent") },
              { value: "fixed", label: t("coupons.form.fixed") },
            ]}
          />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            name="discountValue"
            label={t(percent ? "coupons.form.percentValue" : "coupons.form.fixedValue")}
            style={{ flex: "1 1 150px" }}
            rules={batchRule("discountValue", t("coupons.validation.discountValue"))}
          >
            {percent ? (
              <InputNumber min={1} max={PERCENT_MAX} precision={0} suffix="%" style={{ width: "100%" }} />
            ) : (
              <InputNumber min={0.01} precision={2} prefix="฿" style={{ width: "100%" }} />
            )}
          </Form.Item>
          {percent && (
            <Form.Item
              name="maxDiscount"
              label={t("coupons.fields.maxDiscount")}
              style={{ flex: "1 1 150px" }}
              extra={t("coupons.form.optional")}
            >
              <InputNumber min={0.01} precision={2} prefix="฿" style={{ width: "100%" }} />
            </Form.Item>
          )}
          <Form.Item name="minSpend" label={t("coupons.fields.minSpend")} style={{ flex: "1 1 150px" }}>
            <InputNumber min={0} precision={2} prefix="฿" style={{ width: "100%" }} />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item
            name="codeCount"
            label={t("coupons.fields.codeCount")}
            style={{ flex: "1 1 150px" }}
            rules={batchRule("codeCount", t("coupons.validation.codeCount", { max: CODE_COUNT_MAX }))}
          >
            <InputNumber min={1} max={CODE_COUNT_MAX} precision={0} style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item
            name="usesPerCode"
            label={t("coupons.fields.usesPerCode")}
            style={{ flex: "1 1 150px" }}
            rules={batchRule("usesPerCode")}
          >
            <InputNumber min={1} precision={0} style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item
            name="usesPerCustomer"
            label={t("coupons.fields.usesPerCustomer")}
            style={{ flex: "1 1 150px" }}
            rules={batchRule("usesPerCustomer")}
          >
            <InputNumber min={1} precision={0} style={{ width: "100%" }} />
          </Form.Item>
        </Flex>
        <Form.Item
          name="window"
          label={t("coupons.fields.window")}
          extra={t("coupons.form.windowHint")}
          rules={[windowRule(t("coupons.validation.window"), { start: batchRule.requires("startsAt") })]}
        >
          <WindowField />
        </Form.Item>
        <Card size="small" title={t("coupons.form.preview")}>
          <RulePreview v={values} />
        </Card>
      </Form>
    </Modal>
  );
}
