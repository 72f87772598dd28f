import { useTranslate } from "@refinedev/core";
import { Tag } from "antd";
import { STATUS_COLORS, type SaleStatus } from "./model";

/** A sale's state: scheduled, live, expired or closed. */
export function SaleStatusTag({ status }: { status: SaleStatus }) {
  const t = useTranslate();
  return <Tag color={STATUS_COLORS[status]}>{t(`flashsale.status.${status}`)}</Tag>;
}
