import { useTranslate } from "@refinedev/core";
import { Form, Input, Modal, Select } from "antd";
import { useEffect, useEffectEvent } from "react";
import { useMaster } from "./shared";
import type { ActionResult } from "./useOrderAction";
import { applyFieldErrors } from "../../components/kit/errors";

interface DialogProps<T> {
  open: boolean;
  onClose: () => void;
  onSubmit: (values: T) => Promise<ActionResult>;
  busy: boolean;
}

/** Puts the server's field errors on the form; closes only on success. */
function useSubmit<T>(form: ReturnType<typeof Form.useForm<T>>[0], props: DialogProps<T>) {
  return async () => {
    const values = await form.validateFields();
    const result = await props.onSubmit(values);
    if (result.ok) {
      form.resetFields();
      props.onClose();
    } else {
      applyFieldErrors(form, result.error);
    }
  };
}

/** A reason is required: the customer and the timeline both show it. */
export function ReasonDialog(
  props: DialogProps<{ reason: string }> & { title: string; okText: string; danger?: boolean },
) {
  const t = useTranslate();
  const [form] = Form.useForm<{ reason: string }>();
  const submit = useSubmit(form, props);
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      okButtonProps={{ danger: props.danger, loading: props.busy }}
      cancelText={t("buttons.cancel")}
      onOk={submit}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="reason"
          label={t("orders.fields.reason")}
          rules={[{ required: true, whitespace: true, message: t("orders.validation.reason") }, { max: 500 }]}
        >
          <Input.TextArea rows={3} autoFocus maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export interface ShipValues {
  transportType: string;
  trackingNo: string;
}

export function ShipDialog(props: DialogProps<ShipValues> & { initial?: Partial<ShipValues> }) {
  const t = useTranslate();
  const [form] = Form.useForm<ShipValues>();
  const transportTypes = useMaster("transportTypes");
  const submit = useSubmit(form, props);
  // Filled at each opening with the values of that moment; a later render must not overwrite what was typed.
  const fill = useEffectEvent(() => {
    if (props.initial) form.setFieldsValue(props.initial);
  });
  useEffect(() => {
    if (props.open) fill();
  }, [props.open]);
  return (
    <Modal
      open={props.open}
      title={t("orders.titles.ship")}
      okText={t("orders.actions.ship")}
      okButtonProps={{ loading: props.busy }}
      cancelText={t("buttons.cancel")}
      onOk={submit}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="transportType"
          label={t("orders.fields.transportType")}
          rules={[{ required: true, message: t("orders.validation.transportType") }]}
        >
          <Select
            options={transportTypes.map((x) => ({ value: x.code, label: t(`orders.transport.${x.code}`, x.name) }))}
            aria-label={t("orders.fields.transportType")}
          />
        </Form.Item>
        <Form.Item
          name="trackingNo"
          label={t("orders.fields.trackingNo")}
          rules={[{ required: true, whitespace: true, message: t("orders.validation.trackingNo") }, { max: 60 }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
