/** Campaigns with hotspots (docs/api/campaign.md). */
import type { TimeWindow } from "../../components/kit/window";
import type { Rect } from "./geometry";

export type CampaignStatus = "draft" | "active" | "closed";
export const CAMPAIGN_STATUSES: readonly CampaignStatus[] = ["draft", "active", "closed"];
export const STATUS_COLORS: Record<CampaignStatus, string> = { draft: "gold", active: "green", closed: "default" };

export interface Campaign extends TimeWindow {
  id: number;
  name: string;
  description: string | null;
  imageUrl: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  status: CampaignStatus;
  closedAt: string | null;
  hotspotCount: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface Hotspot extends Rect {
  id: number;
  campaignId: number;
  productId: number;
  label: string | null;
  product: { id: number; code: string; name: string; price: number; imageUrl: string | null; shopName: string; approved: boolean };
}

export interface CampaignDetail extends Campaign {
  hotspots: Hotspot[];
}

/** What the storefront widget draws (`widgethotspot`). */
export interface Widget extends TimeWindow {
  id: number;
  name: string;
  description: string | null;
  imageUrl: string;
  imageWidth: number;
  imageHeight: number;
  live: boolean;
  hotspots: (Rect & { id: number; label: string | null; product: { id: number; name: string; price: number; compareAtPrice: number | null; imageUrl: string | null; link: string } })[];
}

/** A product the hotspot picker offers (`/api/product/productlist`). */
export interface ProductOption {
  id: number;
  code: string;
  name: string;
  price: number;
  imageUrl: string | null;
  shopName: string;
}

/** The REST resource under /api/v2 (the `rest` data provider). */
export const REST = { resource: "campaigns", dataProviderName: "rest" } as const;
export const campaignUrl = (id: number | string) => `/api/v2/campaigns/${id}`;
export const hotspotUrl = (campaignId: number | string, hotspotId: number) => `${campaignUrl(campaignId)}/hotspots/${hotspotId}`;

/** What still keeps a draft from going live (in the order a person fixes them). */
export function activationBlockers(c: CampaignDetail): ("image" | "hotspot" | "ended")[] {
  const out: ("image" | "hotspot" | "ended")[] = [];
  if (!c.imageUrl) out.push("image");
  if (!c.hotspots.length) out.push("hotspot");
  if (c.endsAt && Date.parse(c.endsAt) <= Date.now()) out.push("ended");
  return out;
}
