import { useGo, useTranslate } from "@refinedev/core";
import { App, Form, Input, Modal } from "antd";
import { applyFieldErrors, errorMessage } from "../../components/kit/errors";
import { writeRules } from "../../components/kit/rules";
import { WindowField, windowRule, type TimeWindow } from "../../components/kit/window";
import { screenPath } from "../../resources/calls";
import { NAME_MAX, DESCRIPTION_MAX, windowFieldErrors } from "./fields";
import { useCampaignWrites } from "./useCampaignWrites";

interface Values {
  name: string;
  description?: string;
  /** Required by the field's rule. */
  window: TimeWindow;
}

const rule = writeRules("/api/promotion/createcampaign");

/** A new campaign: name, description and window; it starts as a draft and opens for its image and hotspots. */
export function CreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslate();
  const go = useGo();
  const { notification } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { verb, busy } = useCampaignWrites();

  const submit = async (values: Values) => {
    try {
      const { data } = await verb(
        "createcampaign",
        {
          name: values.name,
          description: values.description?.trim() || null,
          ...values.window,
        },
        t("campaign.messages.created", { name: values.name.trim() }),
        true,
      );
      onClose();
      go({ to: screenPath("campaign", "edit", data.id) });
    } catch (error) {
      if (!applyFieldErrors(form, windowFieldErrors(error)))
        notification.error({ message: t("campaign.messages.failed"), description: errorMessage(error) });
    }
  };

  return (
    <Modal
      open={open}
      title={t("campaign.create.title")}
      okText={t("campaign.create.submit")}
      cancelText={t("buttons.cancel")}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label={t("campaign.fields.name")}
          rules={rule("name", t("campaign.rules.name"), [{ max: NAME_MAX }])}
        >
          <Input dir="auto" maxLength={NAME_MAX} />
        </Form.Item>
        <Form.Item name="description" label={t("campaign.fields.description")} rules={[{ max: DESCRIPTION_MAX }]}>
          <Input.TextArea dir="auto" rows={3} maxLength={DESCRIPTION_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="window"
          label={t("campaign.fields.window")}
          extra={t("campaign.create.windowHint")}
          rules={[windowRule(t("campaign.rules.window"), { start: rule.requires("startsAt") })]}
        >
          <WindowField />
        </Form.Item>
      </Form>
    </Modal>
  );
}
