import { useTranslate } from "@refinedev/core";
import { App, Form, Input, Modal } from "antd";
import { applyFieldErrors, errorMessage } from "../../components/kit/errors";
import { writeRules } from "../../components/kit/rules";
import { LABEL_MAX } from "./fields";
import type { Hotspot } from "./model";
import { ProductSelect } from "./ProductSelect";

const createRule = writeRules("/api/promotion/createhotspot");
/** A relink requires nothing: a product left out stays linked. */
const relinkRule = writeRules("/api/v2/campaigns/{id}/hotspots/{hotspotId}", "patch");

export interface HotspotValues {
  productId: number;
  label?: string | null;
}

/**
 * The product a hotspot links and its label: asked for right after a rectangle is drawn, and to relink
 * one. Server errors on `productId` or `label` land on their fields.
 */
export function HotspotDialog({
  hotspot,
  onSave,
  onClose,
}: {
  hotspot?: Hotspot;
  onSave: (v: HotspotValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const [form] = Form.useForm<HotspotValues>();
  const rule = hotspot ? relinkRule : createRule;
  const submit = async (values: HotspotValues) => {
    try {
      await onSave({ productId: values.productId, label: values.label?.trim() || null });
      onClose();
    } catch (error) {
      if (!applyFieldErrors(form, error))
        notification.error({ message: t("campaign.messages.failed"), description: errorMessage(error) });
    }
  };
  return (
    <Modal
      open
      title={t(hotspot ? "campaign.hotspot.editTitle" : "campaign.hotspot.newTitle")}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ productId: hotspot?.productId, label: hotspot?.label ?? "" }}
      >
        <Form.Item
          name="productId"
          label={t("campaign.hotspot.product")}
          extra={t("campaign.hotspot.productHint")}
          rules={rule("productId", t("campaign.rules.product"))}
        >
          <ProductSelect current={hotspot?.product} />
        </Form.Item>
        <Form.Item
          name="label"
          label={t("campaign.hotspot.label")}
          extra={t("campaign.hotspot.labelHint")}
          rules={[{ max: LABEL_MAX }]}
        >
          <Input dir="auto" maxLength={LABEL_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
