import type { Body } from "../../api";
import { useState } from "react";
import { useCustomMutation, useTranslate } from "@refinedev/core";
import { Alert, Form, Input, InputNumber, Modal } from "antd";
import { applyFieldErrors, errorMessage } from "../../components/kit/errors";
import { writeRules } from "../../components/kit/rules";
import { useFormat } from "../../components/kit/format";
import type { ApiError } from "../../providers/http";
import { type CouponCheck } from "./model";
import { ON_REST } from "../../providers/rest";

interface Values {
  code: string;
  subtotal: number;
  customer: string;
}

const rule = writeRules("/api/v2/coupon-checks");

/** Checks a code as checkout would (nothing is used up): the discount it gives, or why it cannot be used. */
export function CheckDialog({ onClose }: { onClose(): void }) {
  const t = useTranslate();
  const { money } = useFormat();
  const [form] = Form.useForm<Values>();
  const [answer, setAnswer] = useState<CouponCheck | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync, mutation } = useCustomMutation<CouponCheck>();
  const check = (v: Values) => {
    setAnswer(null);
    setFailure(null);
    return mutateAsync({
      url: "/api/v2/coupon-checks",
      method: "post",
      values: { ...v, code: v.code.trim() } satisfies Body<"/api/v2/coupon-checks">,
      ...ON_REST,
      successNotification: false,
      errorNotification: false,
    }).then(
      (r) => setAnswer(r.data),
      (e: ApiError) => {
        if (!applyFieldErrors(form, e)) setFailure(errorMessage(e));
      },
    );
  };
  return (
    <Modal
      open
      title={t("coupons.check.title")}
      okText={t("coupons.check.run")}
      cancelText={t("buttons.cancel")}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={check} onValuesChange={() => setAnswer(null)}>
        <Form.Item name="code" label={t("coupons.codes.code")} rules={rule("code", t("coupons.validation.code"))}>
          <Input dir="ltr" autoFocus />
        </Form.Item>
        <Form.Item
          name="subtotal"
          label={t("coupons.check.subtotal")}
          rules={rule("subtotal", t("coupons.validation.subtotal"))}
        >
          <InputNumber min={0} precision={2} prefix="฿" style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item
          name="customer"
          label={t("coupons.check.customer")}
          extra={t("coupons.check.customerHint")}
          rules={rule("customer", t("coupons.validation.customer"))}
        >
          <Input dir="ltr" />
        </Form.Item>
      </Form>
      {failure && <Alert type="error" showIcon message={failure} />}
      {answer && (
        <Alert
          type="success"
          showIcon
          data-testid="check-answer"
          message={t("coupons.check.gives", { discount: money(answer.discount), total: money(answer.total) })}
          description={<bdi>{answer.batchName}</bdi>}
        />
      )}
    </Modal>
  );
}
