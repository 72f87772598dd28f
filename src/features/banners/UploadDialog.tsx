import { useEffect, useRef } from "react";
import dayjs from "dayjs";
import { useTranslate } from "@refinedev/core";
import { App, Form, Input, Modal, Typography, Upload } from "antd";
import { InboxOutlined } from "@ant-design/icons";
import { applyFieldErrors, errorMessage } from "../../components/kit/errors";
import { DEFAULT_ZONE, WindowField, windowRule, type TimeWindow } from "../../components/kit/window";
import { useFormat } from "../../components/kit/format";
import { writeRules } from "../../components/kit/rules";
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from "../../components/kit/images";
import { isolated, useBannerNames, useBannerWrite } from "./hooks";
import { LINK, LINK_MAX, TITLE_MAX, pixelSizeOf, windowFieldErrors, type BannerMenu, type BannerType } from "./model";

const rule = writeRules("/api/banners/uploadbanner/upload");

/** A picked image: the file, a preview URL and its pixel size as the browser reads it (null: unreadable). */
interface Picked {
  file: File;
  preview: string;
  size: { width: number; height: number } | null;
}

interface Values {
  file?: Picked;
  title: string;
  link?: string;
  window: TimeWindow;
}

/** The picker with a preview: the size is read from the image itself, so the form can say at once when it is wrong. */
function ImagePick({
  value,
  onChange,
  type,
  id,
}: {
  value?: Picked;
  onChange?: (p: Picked) => void;
  type: BannerType;
  id?: string;
}) {
  const t = useTranslate();
  // Each preview goes when it is replaced, the last one with the picker.
  const made = useRef<string>(undefined);
  useEffect(
    () => () => {
      if (made.current) URL.revokeObjectURL(made.current);
    },
    [],
  );
  return (
    <div className="banners-pick">
      <Upload.Dragger
        id={id}
        accept={IMAGE_ACCEPT}
        showUploadList={false}
        multiple={false}
        beforeUpload={(file) => {
          void pixelSizeOf(file)
            .then(
              (size) => size,
              () => null,
            )
            .then((size) => {
              if (made.current) URL.revokeObjectURL(made.current);
              made.current = URL.createObjectURL(file);
              onChange?.({ file, preview: made.current, size });
            });
          return false;
        }}
      >
        {value?.size ? (
          <img
            src={value.preview}
            alt=""
            className="banners-preview"
            style={{ aspectRatio: `${value.size.width} / ${value.size.height}` }}
          />
        ) : (
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
        )}
        <p className="ant-upload-text">{value ? t("banners.upload.replace") : t("banners.upload.pick")}</p>
        <p className="ant-upload-hint">{t("banners.sizeHint", { width: type.width, height: type.height })}</p>
      </Upload.Dragger>
      {value?.size && (
        <Typography.Text type="secondary">
          <bdi>{value.file.name}</bdi> ·{" "}
          {t("banners.upload.pickedSize", { width: value.size.width, height: value.size.height })}
        </Typography.Text>
      )}
    </div>
  );
}

/** A new banner on a type's page: an image of exactly the type's size, a title, a link and its window; it goes last. */
export function UploadDialog({
  type,
  menu,
  onClose,
  onDone,
}: {
  type: BannerType;
  menu: BannerMenu;
  onClose(): void;
  onDone(): void;
}) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const { number } = useFormat();
  const names = useBannerNames();
  const [form] = Form.useForm<Values>();
  const { write, busy } = useBannerWrite();
  /** What is wrong with a picked image before it is sent, in the reader's words; undefined when it may go. */
  const problem = (p: Picked): string | undefined => {
    if (!IMAGE_ACCEPT.split(",").includes(p.file.type)) return t("banners.upload.wrongKind");
    if (p.file.size > IMAGE_MAX_BYTES)
      return t("banners.upload.tooLarge", { size: number(Math.round((p.file.size / 1024 / 1024) * 10) / 10) });
    if (!p.size) return t("banners.upload.unreadable");
    if (p.size.width !== type.width || p.size.height !== type.height) {
      return t("banners.upload.wrongSize", {
        width: p.size.width,
        height: p.size.height,
        type: names.type(type),
        requiredWidth: type.width,
        requiredHeight: type.height,
      });
    }
    return undefined;
  };

  const save = async (v: Values) => {
    const body = new FormData();
    body.append("typeId", String(type.id));
    body.append("menuId", String(menu.id));
    body.append("title", v.title.trim());
    if (v.link?.trim()) body.append("link", v.link.trim());
    body.append("startsAt", v.window.startsAt);
    if (v.window.endsAt) body.append("endsAt", v.window.endsAt);
    body.append("timezone", v.window.timezone);
    body.append("file", v.file!.file);
    try {
      await write("upload", body, t("banners.messages.added", { title: isolated(v.title.trim()) }));
      onDone();
    } catch (e) {
      if (!applyFieldErrors(form, windowFieldErrors(e)))
        notification.error({ message: t("banners.messages.failed"), description: errorMessage(e) });
    }
  };

  return (
    <Modal
      open
      title={t("banners.upload.title", { type: names.type(type), page: names.menu(menu) })}
      okText={t("banners.upload.submit")}
      cancelText={t("buttons.cancel")}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          window: { startsAt: dayjs().second(0).millisecond(0).toISOString(), endsAt: null, timezone: DEFAULT_ZONE },
        }}
        onValuesChange={(changed) => {
          if ("file" in changed) void form.validateFields(["file"]);
        }}
      >
        <Form.Item
          name="file"
          label={t("banners.fields.image")}
          rules={rule("file", t("banners.upload.required"), [
            {
              validator: (_, p?: Picked) => {
                const why = p && problem(p);
                return why ? Promise.reject(new Error(why)) : Promise.resolve();
              },
            },
          ])}
        >
          <ImagePick type={type} />
        </Form.Item>
        <Form.Item
          name="title"
          label={t("banners.fields.title")}
          rules={rule("title", t("banners.validation.title"), [{ max: TITLE_MAX }])}
        >
          <Input dir="auto" maxLength={TITLE_MAX} />
        </Form.Item>
        <Form.Item
          name="link"
          label={t("banners.fields.link")}
          extra={t("banners.validation.linkHint")}
          rules={[{ pattern: LINK, message: t("banners.validation.link") }, { max: LINK_MAX }]}
        >
          <Input dir="ltr" placeholder="https://" maxLength={LINK_MAX} />
        </Form.Item>
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
