import { useTranslate } from "@refinedev/core";
import { Form, Input, Modal, Select } from "antd";
import { useProductRead } from "./hooks";
import type { ListAnswer, MasterItem } from "./model";
import { writeRules } from "../../components/kit/rules";

const REASON_MAX = 500;
/** Both callers (the approval queue and the product page) send the reason to `unapproveproduct`. */
const rule = writeRules("/api/product/unapproveproduct");

/** Asks for the rejection reason the supplier will see; templates come from master data. */
export function RejectDialog({
  title,
  busy,
  onCancel,
  onReject,
}: {
  title: string;
  busy: boolean;
  onCancel(): void;
  onReject(reason: string): Promise<unknown>;
}) {
  const t = useTranslate();
  const [form] = Form.useForm<{ reason: string }>();
  const { data: templates } = useProductRead<ListAnswer<MasterItem>>("masterfeedback", {});
  return (
    <Modal
      open
      title={title}
      okText={t("product.actions.reject", "Reject")}
      okButtonProps={{ danger: true }}
      cancelText={t("buttons.cancel")}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => onReject(v.reason.trim()).catch(() => undefined)}>
        {(templates?.items.length ?? 0) > 0 && (
          <Form.Item label={t("product.approve.template", "Common reasons")}>
            <Select
              aria-label={t("product.approve.template", "Common reasons")}
              placeholder={t("product.approve.templateHint", "Pick one to fill in the reason")}
              options={templates!.items.map((i) => ({ value: i.name, label: i.name }))}
              onChange={(reason: string) => form.setFieldsValue({ reason })}
            />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t("product.fields.rejectReason", "Reason")}
          rules={rule("reason", t("product.validation.reasonRequired", "Enter the reason the supplier will see"), [
            {
              max: REASON_MAX,
              message: t("product.validation.reasonTooLong", "The reason has at most 500 characters"),
            },
          ])}
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
