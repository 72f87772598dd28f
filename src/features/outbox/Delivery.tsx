import { useCustomMutation, useTranslate } from "@refinedev/core";
import { App, Button, Space, Tag, Tooltip, Typography } from "antd";
import { RedoOutlined } from "@ant-design/icons";
import { errorMessage } from "../../components/kit/errors";
import { dateTime } from "../../components/kit/format";
import { canRetry, type Delivery } from "./model";
import { ON_REST } from "../../providers/rest";

export const DELIVERY_COLORS = {
  queued: "processing",
  sending: "processing",
  sent: "success",
  failed: "warning",
  dead: "error",
} as const;

/** The job's state; a queued job of a system with no address reads "not configured". */
export function DeliveryTag({ job }: { job: Delivery }) {
  const t = useTranslate();
  const system = t(`outbox.systems.${job.system}`, job.system);
  if (job.status === "queued" && !job.configured) {
    return (
      <Tooltip title={t("outbox.notConfiguredHint", { system })}>
        <Tag data-delivery="not-configured">{t("outbox.state.notConfigured")}</Tag>
      </Tooltip>
    );
  }
  return (
    <Tag color={DELIVERY_COLORS[job.status]} data-delivery={job.status}>
      {t(`outbox.state.${job.status}`)}
    </Tag>
  );
}

/** Tries, the last error and the next try (failed), the reason (dead), when it was sent (sent). */
export function DeliveryDetail({ job }: { job: Delivery }) {
  const t = useTranslate();
  const lines: string[] = [];
  if (job.status === "sent" && job.sentAt) lines.push(t("outbox.sentAt", { at: dateTime(job.sentAt) }));
  if (job.status === "failed" || job.status === "dead")
    lines.push(t("outbox.tries", { count: job.attempts, max: job.maxAttempts }));
  if (job.status === "failed" && job.nextAttemptAt)
    lines.push(t("outbox.nextTry", { at: dateTime(job.nextAttemptAt) }));
  return (
    <>
      {lines.length > 0 && (
        <Typography.Text type="secondary" className="delivery-detail">
          {lines.join(" · ")}
        </Typography.Text>
      )}
      {job.lastError && (job.status === "failed" || job.status === "dead") && (
        <Typography.Paragraph
          type="danger"
          className="delivery-error"
          ellipsis={{ rows: 2, tooltip: job.lastError }}
          style={{ marginBottom: 0 }}
        >
          {job.lastError}
        </Typography.Paragraph>
      )}
    </>
  );
}

/** Tag and details stacked, for a table cell. */
export function DeliveryCell({ job }: { job: Delivery }) {
  return (
    <Space direction="vertical" size={2} style={{ maxWidth: "100%" }}>
      <DeliveryTag job={job} />
      <DeliveryDetail job={job} />
    </Space>
  );
}

/** Staff put a failed or dead job back in the queue; drawn only for such a job. */
export function RetryButton({ job, onRetried }: { job: Delivery; onRetried: () => void }) {
  const t = useTranslate();
  const { message, notification } = App.useApp();
  const { mutateAsync, mutation } = useCustomMutation();
  if (!canRetry(job)) return null;
  const retry = () =>
    mutateAsync({
      url: `/api/v2/outbox-jobs/${job.id}/retry`,
      method: "post",
      values: {},
      ...ON_REST,
      successNotification: false,
      errorNotification: false,
    })
      .then(() => message.success(t("outbox.retried", { id: job.id })))
      .catch((error) => notification.error({ message: t("outbox.retryFailed"), description: errorMessage(error) }))
      .finally(onRetried);
  return (
    <Button size="small" icon={<RedoOutlined />} loading={mutation.isPending} onClick={retry}>
      {t("outbox.retry")}
    </Button>
  );
}
