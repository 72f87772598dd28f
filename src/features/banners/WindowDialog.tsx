import { useTranslate } from "@refinedev/core";
import { App, Form, Modal } from "antd";
import { applyFieldErrors, errorMessage } from "../../components/kit/errors";
import { writeRules } from "../../components/kit/rules";
import { WindowField, windowRule, type TimeWindow } from "../../components/kit/window";
import { isolated, useBannerWrite } from "./hooks";
import { windowFieldErrors, type Banner } from "./model";

const rule = writeRules("/api/banners/uploadbanner/updatetimebanner");

/** When a banner shows: start, optional end and the zone they are read in. */
export function WindowDialog({ banner, onClose, onDone }: { banner: Banner; onClose(): void; onDone(): void }) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const [form] = Form.useForm<{ window: TimeWindow }>();
  const { write, busy } = useBannerWrite();
  const save = async ({ window }: { window: TimeWindow }) => {
    try {
      await write(
        "updatetimebanner",
        { id: banner.id, ...window },
        t("banners.messages.windowSaved", { title: isolated(banner.title) }),
      );
      onDone();
    } catch (e) {
      if (!applyFieldErrors(form, windowFieldErrors(e)))
        notification.error({ message: t("banners.messages.failed"), description: errorMessage(e) });
    }
  };
  return (
    <Modal
      open
      title={t("banners.window.title", { title: isolated(banner.title) })}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={620}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{ window: { startsAt: banner.startsAt, endsAt: banner.endsAt, timezone: banner.timezone } }}
      >
        <Form.Item
          name="window"
          label={t("banners.fields.window")}
          extra={t("banners.window.hint")}
          rules={[windowRule(t("banners.window.required"), { start: rule.requires("startsAt") })]}
        >
          <WindowField />
        </Form.Item>
      </Form>
    </Modal>
  );
}
