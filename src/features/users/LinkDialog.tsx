import { useTranslate } from "@refinedev/core";
import { Alert, Button, Modal, Typography } from "antd";
import { dateTime } from "../../components/kit/format";
import { linkAddress, type PasswordLink } from "./model";

/**
 * A one-time password link, shown once: the server keeps only its hash, so this is the only time the
 * administrator can copy it and send it to its owner (no e-mail is sent).
 */
export function LinkDialog({ link, name, onClose }: { link: PasswordLink | null; name: string; onClose: () => void }) {
  const t = useTranslate();
  if (!link) return null;
  const address = linkAddress(link);
  return (
    <Modal
      open
      title={t(link.purpose === "invite" ? "users.link.inviteTitle" : "users.link.resetTitle", { name })}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t("users.link.done")}
        </Button>
      }
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={t("users.link.once")} style={{ marginBottom: 16 }} />
      <Typography.Paragraph
        copyable={{ text: address, tooltips: [t("users.link.copy"), t("users.link.copied")] }}
        code
        data-testid="password-link"
        dir="ltr"
        style={{ wordBreak: "break-all" }}
      >
        {address}
      </Typography.Paragraph>
      <Typography.Text type="secondary">{t("users.link.expires", { when: dateTime(link.expiresAt) })}</Typography.Text>
    </Modal>
  );
}
