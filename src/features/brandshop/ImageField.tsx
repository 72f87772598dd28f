import type { Answer } from "../../api";
import { useTranslate } from "@refinedev/core";
import { App, Button, Flex, Upload } from "antd";
import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { useStorefrontWrite } from "./family";

export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * A form field holding a stored image's path: the picked file is uploaded at once (checked by the
 * server from its bytes) and the field takes the path the server answers.
 */
export function ImageField({
  value,
  onChange,
  label,
  shape = "wide",
  optional = true,
}: {
  value?: string | null;
  onChange?: (url: string | null) => void;
  label: string;
  shape?: "square" | "wide";
  optional?: boolean;
}) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const { rest, busy } = useStorefrontWrite();
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
            if (file.size > IMAGE_MAX_BYTES) {
              notification.error({ message: t("brandshop.images.tooLarge", { name: file.name }) });
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            const body = new FormData();
            body.append("file", file as File);
            rest<Answer<"/api/v2/storefront-images", "post">>(
              "/api/v2/storefront-images",
              "post",
              body,
              t("brandshop.images.uploaded"),
            )
              .then((r) => {
                onChange?.(r.url);
                onSuccess?.(r);
              })
              .catch((e) => onError?.(e as Error));
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} aria-label={`${t("brandshop.images.upload")}: ${label}`}>
            {value ? t("brandshop.images.replace") : t("brandshop.images.upload")}
          </Button>
        </Upload>
        {value && optional && (
          <Button
            icon={<DeleteOutlined />}
            onClick={() => onChange?.(null)}
            aria-label={`${t("brandshop.images.remove")}: ${label}`}
          >
            {t("brandshop.images.remove")}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
