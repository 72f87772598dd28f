import type { Answer } from "../../api";
import { useEffect } from "react";
import { useTranslate } from "@refinedev/core";
import { App, Button, Card, Form, Input, List, Popconfirm, Space, Typography, Upload } from "antd";
import { DeleteOutlined, SaveOutlined, UploadOutlined } from "@ant-design/icons";
import { useProductRead, useProductWrite } from "./hooks";
import { uploadBody, type ListAnswer, type Media } from "./model";
import { applyFieldErrors } from "../../components/kit/errors";

const KINDS = {
  video: {
    title: "Videos",
    rules: "MP4, up to 100 MB.",
    tooLarge: "videos are at most 100 MB",
    list: "listvideo",
    upload: "uploadvideo",
    accept: "video/mp4",
    max: 100 * 1024 * 1024,
  },
  audio: {
    title: "Audio",
    rules: "MP3 or M4A, up to 20 MB.",
    tooLarge: "audio files are at most 20 MB",
    list: "getaudiolist",
    upload: "saveaudio",
    accept: "audio/mpeg,audio/mp4,audio/x-m4a,.mp3,.m4a",
    max: 20 * 1024 * 1024,
  },
} as const;

function MediaList({ productId, kind }: { productId: number; kind: keyof typeof KINDS }) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const cfg = KINDS[kind];
  const { data, loading, refetch } = useProductRead<ListAnswer<Media>>(cfg.list, { id: productId });
  const { run, busy } = useProductWrite();
  // Each kind names its file's id in its own field.
  const remove = (fileId: number, message: string) =>
    kind === "video"
      ? run("deletevideo", { id: productId, videoId: fileId }, message)
      : run("deleteaudio", { id: productId, audioId: fileId }, message);
  return (
    <Card
      size="small"
      title={t(`product.media.${kind}`, cfg.title)}
      extra={
        <Upload
          accept={cfg.accept}
          showUploadList={false}
          beforeUpload={(file) => {
            if (file.size > cfg.max) {
              notification.error({
                message: t(`product.media.${kind}TooLarge`, { name: file.name }, `${file.name}: ${cfg.tooLarge}`),
              });
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) =>
            run(cfg.upload, uploadBody({ id: productId }, file as File), t("product.media.uploaded", "File uploaded"))
              .then((r) => {
                onSuccess?.(r);
                return refetch();
              })
              .catch((e) => onError?.(e as Error))
          }
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {t("product.media.upload", "Upload")}
          </Button>
        </Upload>
      }
    >
      <Typography.Paragraph type="secondary">{t(`product.media.${kind}Rules`, cfg.rules)}</Typography.Paragraph>
      <List<Media>
        loading={loading}
        dataSource={data?.items ?? []}
        locale={{ emptyText: t("product.media.empty", "Nothing uploaded yet") }}
        renderItem={(m) => (
          <List.Item
            actions={[
              <Popconfirm
                key="delete"
                title={t("product.media.confirmDelete", "Delete this file?")}
                okText={t("product.actions.delete", "Delete")}
                okButtonProps={{ danger: true }}
                cancelText={t("buttons.cancel")}
                onConfirm={() => remove(m.id, t("product.media.deleted", "File deleted")).then(() => refetch())}
              >
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t("product.actions.delete", "Delete")}: ${m.originalName}`}
                />
              </Popconfirm>,
            ]}
          >
            <Space direction="vertical" style={{ width: "100%" }}>
              <Typography.Text>
                {m.originalName} · {(m.size / 1024 / 1024).toFixed(1)} MB
              </Typography.Text>
              {kind === "video" ? (
                // eslint-disable-next-line jsx-a11y/media-has-caption -- a check of the uploaded file; product media have no caption file to attach
                <video src={m.url} controls preload="metadata" style={{ maxWidth: 360 }} />
              ) : (
                // eslint-disable-next-line jsx-a11y/media-has-caption -- a check of the uploaded file; product media have no caption file to attach
                <audio src={m.url} controls preload="none" />
              )}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}

function YoutubeLink({ productId }: { productId: number }) {
  const t = useTranslate();
  const [form] = Form.useForm<{ url: string }>();
  const { run, busy } = useProductWrite();
  const { data, refetch } = useProductRead<Answer<"/api/product/getlinkyoutubeproduct">>("getlinkyoutubeproduct", {
    id: productId,
  });
  useEffect(() => {
    if (data) form.setFieldsValue({ url: data.data.youtubeUrl ?? "" });
  }, [data, form]);
  const save = async ({ url }: { url: string }) => {
    try {
      await run(
        "setlinkyoutubeproduct",
        { id: productId, url: url?.trim() || null },
        t("product.media.youtubeSaved", "YouTube link saved"),
      );
      await refetch();
    } catch (error) {
      applyFieldErrors(form, error, "url");
    }
  };
  const videoId = data?.data.youtubeId;
  return (
    <Card size="small" title={t("product.media.youtube", "YouTube video")}>
      <Form form={form} layout="inline" onFinish={save}>
        <Form.Item
          name="url"
          style={{ flex: 1, minWidth: 260 }}
          rules={[
            {
              pattern: /^(https?:\/\/)?(www\.|m\.)?(youtube\.com|youtu\.be)\//i,
              message: t("product.validation.youtube", "Enter a youtube.com or youtu.be link"),
            },
          ]}
        >
          <Input
            placeholder="https://www.youtube.com/watch?v=…"
            dir="ltr"
            aria-label={t("product.media.youtube", "YouTube video")}
            allowClear
          />
        </Form.Item>
        <Button htmlType="submit" icon={<SaveOutlined />} loading={busy}>
          {t("product.actions.save", "Save")}
        </Button>
      </Form>
      {videoId && (
        <Typography.Link
          href={`https://www.youtube.com/watch?v=${videoId}`}
          target="_blank"
          rel="noreferrer"
          style={{ display: "inline-block", marginTop: 12 }}
        >
          {t("product.media.openYoutube", "Open on YouTube")}
        </Typography.Link>
      )}
    </Card>
  );
}

/** Videos, audio clips and the YouTube link of a catalogue product. */
export default function MediaPanel({ productId }: { productId: number }) {
  return (
    <Space direction="vertical" size="large" style={{ width: "100%", maxWidth: 960 }}>
      <YoutubeLink productId={productId} />
      <MediaList productId={productId} kind="video" />
      <MediaList productId={productId} kind="audio" />
    </Space>
  );
}
