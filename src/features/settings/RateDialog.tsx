import { useTranslate } from "@refinedev/core";
import { Alert, Form, InputNumber, Modal, Select } from "antd";
import { useState } from "react";
import { applyFieldErrors, errorMessage, errorStatus } from "../../components/kit/errors";
import { formOnlyRequired } from "../../components/kit/rules";
import { useSaveRate } from "./hooks";
import type { Rate, TransportType, Zone } from "./model";

interface Values {
  zone: string;
  transportType: string;
  weightFrom: number;
  weightTo: number | null;
  price: number;
}

/**
 * Adds a rate (prefilled with its zone) or changes one: zone, transport type, weight band and price.
 * The server's refusals land on their fields (an overlapping band on "from"); a change made meanwhile
 * by someone else is said above the form.
 */
export function RateDialog({
  rate,
  zone,
  zones,
  types,
  onClose,
}: {
  rate?: Rate;
  zone?: string;
  zones: Zone[];
  types: TransportType[];
  onClose(): void;
}) {
  const t = useTranslate();
  const [form] = Form.useForm<Values>();
  const { save, busy } = useSaveRate();
  const [problem, setProblem] = useState<string>();
  const finish = async (v: Values) => {
    setProblem(undefined);
    const values = { ...v, weightTo: v.weightTo ?? null };
    try {
      await save(rate ? { ...values, id: rate.id, version: rate.version } : values, rate ? "changed" : "created");
      onClose();
    } catch (e) {
      if (errorStatus(e) === 409) setProblem(t("shipping.rates.changedMeanwhile"));
      else if (!applyFieldErrors(form, e)) setProblem(errorMessage(e));
    }
  };
  const kg = t("shipping.units.kg");
  // One write creates and changes a rate, so its schema requires none of these: the server refuses a new rate
  // without them (saveRate in server/src/modules/settings/shipping.ts); a change may leave any out.
  const forNew = (message: string) => (rate ? [] : [formOnlyRequired(message)]);
  return (
    <Modal
      open
      title={rate ? t("shipping.rates.editTitle") : t("shipping.rates.addTitle")}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {problem && (
        <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} data-testid="rate-problem" />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={finish}
        initialValues={
          rate
            ? {
                zone: rate.zone,
                transportType: rate.transportType,
                weightFrom: rate.weightFrom,
                weightTo: rate.weightTo,
                price: rate.price,
              }
            : { zone, weightFrom: 0 }
        }
      >
        <Form.Item name="zone" label={t("shipping.fields.zone")} rules={forNew(t("shipping.validation.zone"))}>
          <Select options={zones.map((z) => ({ value: z.code, label: z.name }))} />
        </Form.Item>
        <Form.Item
          name="transportType"
          label={t("shipping.fields.transportType")}
          rules={forNew(t("shipping.validation.transportType"))}
        >
          <Select showSearch optionFilterProp="label" options={types.map((x) => ({ value: x.code, label: x.name }))} />
        </Form.Item>
        <Form.Item
          name="weightFrom"
          label={t("shipping.fields.weightFrom")}
          extra={t("shipping.rates.fromHint")}
          rules={forNew(t("shipping.validation.weightFrom"))}
        >
          <InputNumber min={0} max={100000} step={0.5} addonAfter={kg} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item
          name="weightTo"
          label={t("shipping.fields.weightTo")}
          extra={t("shipping.rates.toHint")}
          dependencies={["weightFrom"]}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, v: number | null | undefined) =>
                v === null || v === undefined || v > (getFieldValue("weightFrom") ?? 0)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("shipping.validation.weightTo"))),
            }),
          ]}
        >
          <InputNumber
            min={0}
            max={100000}
            step={0.5}
            addonAfter={kg}
            style={{ width: "100%" }}
            placeholder={t("shipping.band.andHeavier")}
          />
        </Form.Item>
        <Form.Item name="price" label={t("shipping.fields.price")} rules={forNew(t("shipping.validation.price"))}>
          <InputNumber min={0} max={1000000} step={5} precision={2} addonAfter="฿" style={{ width: "100%" }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
