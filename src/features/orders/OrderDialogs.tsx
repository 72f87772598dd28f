import { useTranslate } from "@refinedev/core";
import { Form, Input, Modal, Select } from "antd";
import { useEffect, useEffectEvent } from "react";
import { useMaster } from "./shared";
import type { ActionResult } from "./useOrderAction";
import { applyFieldErrors } from "../../components/kit/errors";
import { writeRules } from "../../components/kit/rules";

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

/** The writes a reason goes with (by their order action): each says whether a reason must be given. */
const REASON_RULES = {
  cancel: writeRules("/api/order/cancelorder"),
  cancelPo: writeRules("/api/order/cancelpo"),
  requestCancelTransfer: writeRules("/api/order/ropcanceltransfer"),
  cancelTransfer: writeRules("/api/order/canceltransferdoc"),
};
const shipRule = writeRules("/api/order/shippingorder");

/** The reason of a cancel (the order's unless `write` names another): the customer and the timeline both show it. */
export function ReasonDialog({
  write = "cancel",
  ...props
}: DialogProps<{ reason: string }> & {
  title: string;
  okText: string;
  danger?: boolean;
  write?: keyof typeof REASON_RULES;
}) {
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
      {/* A reason left out where the write takes none is sent empty, never missing. */}
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ reason: "" }}>
        <Form.Item
          name="reason"
          label={t("orders.fields.reason")}
          rules={REASON_RULES[write]("reason", t("orders.validation.reason"), [{ max: 500 }])}
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
          rules={shipRule("transportType", t("orders.validation.transportType"))}
        >
          <Select
            options={transportTypes.map((x) => ({ value: x.code, label: t(`orders.transport.${x.code}`, x.name) }))}
            aria-label={t("orders.fields.transportType")}
          />
        </Form.Item>
        <Form.Item
          name="trackingNo"
          label={t("orders.fields.trackingNo")}
          rules={shipRule("trackingNo", t("orders.validation.trackingNo"), [{ max: 60 }])}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
