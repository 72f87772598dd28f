import { useCustomMutation, useTranslate } from "@refinedev/core";
import { App, Button, Flex, Typography, Upload } from "antd";
import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import type { Answer } from "../../api";
import { ON_REST } from "../../providers/rest";
import { errorMessage } from "./errors";

/** What the server stores as an image (lib/uploads.ts): the picker offers these, and a larger file is refused here. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const STORE = "/api/v2/storefront-images";

/**
 * A form control holding a stored image's path (a storefront logo, cover, banner, a home tile, a generated
 * screen's image field): the picked file is uploaded at once to `POST /api/v2/storefront-images` (checked by the
 * server from its bytes) and the field takes the path the server answers. The screen lists that endpoint.
 */
export function ImageField({
  value,
  onChange,
  id,
  label,
  shape = "square",
  optional = true,
  hint,
}: {
  value?: string | null;
  onChange?: (url: string | null) => void;
  id?: string;
  label: string;
  shape?: "square" | "wide";
  optional?: boolean;
  /** What the image should be (its shape, kinds and size), under the buttons. */
  hint?: string;
}) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const { mutateAsync, mutation } = useCustomMutation<Answer<typeof STORE, "post">>();
  const box = shape === "square" ? { width: 96, height: 96 } : { width: "100%", maxWidth: 480, aspectRatio: "3 / 1" };
  return (
    <Flex vertical gap={8} align="flex-start">
      {value ? (
        <img
          src={value}
          alt={label}
          style={{ ...box, objectFit: "cover", borderRadius: 6, border: "1px solid rgba(127,127,127,0.25)" }}
        />
      ) : (
        <div aria-hidden style={{ ...box, borderRadius: 6, background: "rgba(127,127,127,0.12)" }} />
      )}
      <Flex gap={8} wrap>
        <Upload
          accept={IMAGE_ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            if (file.size <= IMAGE_MAX_BYTES) return true;
            notification.error({ message: t("kit.images.tooLarge", { name: file.name }) });
            return Upload.LIST_IGNORE;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            const body = new FormData();
            body.append("file", file as File);
            mutateAsync({
              url: STORE,
              method: "post",
              values: body,
              ...ON_REST,
              successNotification: () => ({ type: "success", message: t("kit.images.uploaded") }),
              errorNotification: (error) => ({
                type: "error",
                message: t("kit.images.uploadFailed"),
                description: errorMessage(error),
              }),
            })
              .then((r) => {
                onChange?.(r.data.url);
                onSuccess?.(r.data);
              })
              .catch((e) => onError?.(e as Error));
          }}
        >
          <Button
            id={id}
            icon={<UploadOutlined />}
            loading={mutation.isPending}
            aria-label={`${t(value ? "kit.images.replace" : "kit.images.upload")}: ${label}`}
          >
            {t(value ? "kit.images.replace" : "kit.images.upload")}
          </Button>
        </Upload>
        {value && optional && (
          <Button
            icon={<DeleteOutlined />}
            onClick={() => onChange?.(null)}
            aria-label={`${t("kit.images.remove")}: ${label}`}
          >
            {t("kit.images.remove")}
          </Button>
        )}
      </Flex>
      {hint && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      )}
    </Flex>
  );
}
