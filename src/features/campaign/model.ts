/** Campaigns with hotspots (docs/api/campaign.md). */
import type { Answer, Body, ItemOf, RowOf } from "../../api";
import { ON_REST } from "../../providers/rest";

export type Campaign = RowOf<"/api/v2/campaigns">;
export type CampaignStatus = Campaign["status"];
export const CAMPAIGN_STATUSES: readonly CampaignStatus[] = ["draft", "active", "closed"];
export const STATUS_COLORS: Record<CampaignStatus, string> = { draft: "gold", active: "green", closed: "default" };

export type CampaignDetail = Answer<"/api/v2/campaigns/{id}">;
export type Hotspot = CampaignDetail["hotspots"][number];
export type HotspotPatch = Body<"/api/v2/campaigns/{id}/hotspots/{hotspotId}", "patch">;

/** A product the hotspot picker offers (`/api/product/productlist`). */
export type ProductOption = Pick<
  ItemOf<"/api/product/productlist">,
  "id" | "code" | "name" | "price" | "imageUrl" | "shopName"
>;

/** The REST resource under /api/v2 (the `rest` data provider). */
export const REST = { resource: "campaigns", ...ON_REST } as const;
export const campaignUrl = (id: number | string) => `/api/v2/campaigns/${id}`;
export const hotspotUrl = (campaignId: number | string, hotspotId: number) =>
  `${campaignUrl(campaignId)}/hotspots/${hotspotId}`;

/** What still keeps a draft from going live (in the order a person fixes them). */
export function activationBlockers(c: CampaignDetail): ("image" | "hotspot" | "ended")[] {
  const out: ("image" | "hotspot" | "ended")[] = [];
  if (!c.imageUrl) out.push("image");
  if (!c.hotspots.length) out.push("hotspot");
  if (c.endsAt && Date.parse(c.endsAt) <= Date.now()) out.push("ended");
  return out;
}
