import { useTranslate } from "@refinedev/core";
import { Tag } from "antd";
import { STATUS_COLORS, type BatchStatus } from "./model";

/** A batch's state: scheduled, live, expired or closed. */
export function BatchStatusTag({ status }: { status: BatchStatus }) {
  const t = useTranslate();
  return <Tag color={STATUS_COLORS[status]}>{t(`coupons.status.${status}`)}</Tag>;
}
