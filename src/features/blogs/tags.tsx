import { Tag } from "antd";
import { useTranslate } from "@refinedev/core";
import { STATUS_COLORS, type PostStatus } from "./model";

const TYPE_COLORS: Record<string, string> = { idea: "gold", howto: "blue", review: "purple", news: "cyan" };

export function PostTypeTag({ type }: { type: string }) {
  const t = useTranslate();
  return <Tag color={TYPE_COLORS[type]}>{t(`blogs.types.${type}`, type)}</Tag>;
}

export function PostStatusTag({ status }: { status: PostStatus }) {
  const t = useTranslate();
  return <Tag color={STATUS_COLORS[status]}>{t(`blogs.status.${status}`, status)}</Tag>;
}
