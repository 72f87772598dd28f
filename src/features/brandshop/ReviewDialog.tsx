import { useTranslate } from "@refinedev/core";
import { Form, Input, Modal } from "antd";
import { applyFieldErrors } from "../../components/kit/errors";
import { writeRules } from "../../components/kit/rules";
import { useStorefrontWrite } from "./family";
import type { ShopSummary } from "./model";

export const REASON_MIN = 5;
export const REASON_MAX = 500;
const rule = writeRules("/api/v2/shop-reviews/{id}/reject");

/** Rejecting a shop from sign-up asks for the reason its supplier will read. */
export function ReviewDialog({ shop, onClose, onDone }: { shop: ShopSummary; onClose(): void; onDone(): unknown }) {
  const t = useTranslate();
  const [form] = Form.useForm<{ reason: string }>();
  const { rest, busy } = useStorefrontWrite();
  const reject = (reason: string) =>
    rest(
      `/api/v2/shop-reviews/${shop.id}/reject`,
      "post",
      { reason },
      t("brandshop.messages.rejected", { name: shop.name }),
    )
      .then(onDone)
      .catch((error) => applyFieldErrors(form, error, "reason"));
  return (
    <Modal
      open
      title={t("brandshop.review.rejectTitle", { name: shop.name })}
      okText={t("brandshop.actions.reject")}
      okButtonProps={{ danger: true }}
      cancelText={t("buttons.cancel")}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => reject(v.reason.trim())}>
        <Form.Item
          name="reason"
          label={t("brandshop.review.reason")}
          extra={t("brandshop.review.reasonHint")}
          rules={rule("reason", t("brandshop.validation.reasonRequired"), [
            { min: REASON_MIN, message: t("brandshop.validation.reasonTooShort", { min: REASON_MIN }) },
            { max: REASON_MAX, message: t("brandshop.validation.reasonTooLong", { max: REASON_MAX }) },
          ])}
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
