import { useTranslate } from "@refinedev/core";
import { Space, Tag } from "antd";
import { WindowTag } from "../../components/kit/window";
import { STATUS_COLORS, type Campaign } from "./model";

/** A campaign's status; an active one also says whether it is live, scheduled or over. */
export function CampaignStatusTag({ campaign: c }: { campaign: Pick<Campaign, "status" | "startsAt" | "endsAt"> }) {
  const t = useTranslate();
  const status = (
    <Tag color={STATUS_COLORS[c.status]} style={{ marginInlineEnd: 0 }}>
      {t(`campaign.status.${c.status}`)}
    </Tag>
  );
  if (c.status !== "active") return status;
  return (
    <Space size={4} wrap>
      {status}
      <WindowTag window={c} />
    </Space>
  );
}
