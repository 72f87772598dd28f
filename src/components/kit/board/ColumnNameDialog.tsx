import { useState } from "react";
import { Form, Input, Modal, type FormRule } from "antd";
import { useTranslate } from "@refinedev/core";
import { applyFieldErrors } from "../errors";

/**
 * Adding or renaming a board column: one name, saved by `onSave`; the server's words land on the
 * field when it refuses, and the dialog stays open. The caller closes it once the save is done.
 */
export function ColumnNameDialog({
  title,
  label,
  hint,
  initial = "",
  max,
  rules,
  onSave,
  onClose,
}: {
  title: string;
  label: string;
  hint?: string;
  initial?: string;
  max: number;
  /** The name's rules, from the board's write (writeRules(...)("column.name", …)). */
  rules: FormRule[];
  onSave(name: string): Promise<unknown>;
  onClose(): void;
}) {
  const t = useTranslate();
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ name }: { name: string }) => {
    setBusy(true);
    try {
      await onSave(name.trim());
    } catch (error) {
      applyFieldErrors(form, error, "name");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ name: initial }}>
        <Form.Item name="name" label={label} extra={hint} rules={rules}>
          <Input autoFocus dir="auto" maxLength={max + 1} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
