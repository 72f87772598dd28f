import { useTranslate } from "@refinedev/core";
import { Tag, Tooltip } from "antd";
import { APPROVAL_LABELS, type ApprovalStatus } from "./model";
import { DELIVERY_COLORS } from "../outbox/Delivery";
import type { DeliveryStatus } from "../outbox/model";

const APPROVAL_COLORS: Record<ApprovalStatus, string> = {
  draft: "default",
  pending: "gold",
  resubmitted: "orange",
  approved: "green",
  rejected: "red",
};

// A state reads as one word-group: "Pending approval" split over two lines looked like two tags.
const NO_WRAP = { whiteSpace: "nowrap" } as const;

/** Approval state; a rejected product shows the admin's reason on hover and to screen readers. */
export function ApprovalTag({ status, reason }: { status: ApprovalStatus; reason?: string | null }) {
  const t = useTranslate();
  const label = t(`product.status.${status}`, APPROVAL_LABELS[status]);
  if (status === "rejected" && reason) {
    return (
      <Tooltip title={`${t("product.fields.rejectReason", "Reason")}: ${reason}`}>
        <Tag color={APPROVAL_COLORS.rejected} aria-label={`${label}: ${reason}`} style={NO_WRAP}>
          {label}
        </Tag>
      </Tooltip>
    );
  }
  return (
    <Tag color={APPROVAL_COLORS[status] ?? "default"} style={NO_WRAP}>
      {label}
    </Tag>
  );
}

export function OnlineTag({ online }: { online: boolean }) {
  const t = useTranslate();
  return (
    <Tag color={online ? "blue" : "default"}>
      {online ? t("product.online.online", "Online") : t("product.online.closed", "Closed")}
    </Tag>
  );
}

/**
 * The state of a record handed to an outside system (a TIS certificate, a GP item being created): it follows the
 * job carrying it, in the job's words. The job itself shows its tries and errors (JobsPanel).
 */
export function JobTag({ status }: { status: DeliveryStatus }) {
  const t = useTranslate();
  return (
    <Tag color={DELIVERY_COLORS[status]} data-delivery={status}>
      {t(`outbox.state.${status}`)}
    </Tag>
  );
}
