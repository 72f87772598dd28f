import { screenPath } from "../../resources/calls";

/** Which storefronts a screen works on: suppliers' brand shops or the marketplace's house brands (docs/api/storefronts.md). */
export type Family = "supplier" | "housebrand";
export type ShopStatus = "pending" | "active" | "rejected";
export const SHOP_STATUSES: readonly ShopStatus[] = ["pending", "active", "rejected"];
export const STATUS_COLORS: Record<ShopStatus, string> = { pending: "gold", active: "green", rejected: "red" };

export interface ShopSummary {
  id: number;
  name: string;
  kind: Family;
  status: ShopStatus;
  logoUrl: string | null;
  ownerName: string | null;
  ownerEmail: string | null;
  productCount: number;
  approvedProductCount: number;
  createdAt: string;
  reviewNote: string | null;
  liveVersion: number | null;
}

export interface ShopProfile extends ShopSummary {
  description: string | null;
  coverUrl: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  reviewedAt: string | null;
  version: number;
  publishedAt: string | null;
  canRollback: boolean;
}

export interface StoreProduct {
  id: number;
  code: string;
  name: string;
  imageUrl: string | null;
  price: number;
  compareAtPrice: number | null;
  discountPercent: number;
  brandId: number | null;
  brandName: string | null;
  categoryId: number | null;
  categoryName: string | null;
  online: boolean;
}

export type CardType = "products" | "banner";

/** A storefront board card: a product group or a banner strip. */
export interface Card {
  id: number;
  columnId: number;
  type: CardType;
  name: string;
  description: string | null;
  bannerCategoryId: number | null;
  bannerCategoryName: string | null;
  productCount: number;
  thumbnails: string[];
}

export interface CardTypeItem {
  code: CardType;
  name: string;
  description: string;
}

export interface StorefrontBanner {
  id: number;
  title: string;
  imageUrl: string;
  link: string | null;
}

/** What a shopper sees: the arranged sections with their products and banners. */
export interface Storefront {
  shop: { id: number; name: string; description: string | null; logoUrl: string | null; coverUrl: string | null };
  source: "draft" | "live";
  liveVersion: number | null;
  publishedAt: string | null;
  boardVersion: number;
  sections: {
    id: number;
    name: string;
    cards: { id: number; type: CardType; name: string; description: string | null; products: StoreProduct[]; banners: StorefrontBanner[] }[];
  }[];
}

export interface BannerCategory {
  id: number;
  shopId: number;
  name: string;
  position: number;
}

export interface Banner {
  id: number;
  shopId: number;
  categoryId: number;
  title: string;
  imageUrl: string;
  link: string | null;
  position: number;
}

export interface MasterItem {
  id: number;
  code: string;
  name: string;
}

/** The screens of each family and area, from the table of screens. */
export function shopScreen(family: Family, area: "admin" | "supplier"): string {
  if (family === "housebrand") return "housebrand";
  return area === "admin" ? "brandshop" : "supplier-brandshop";
}

export function shopPaths(screen: string) {
  return {
    list: screenPath(screen, "list"),
    edit: (id: number | string) => screenPath(screen, "edit", id),
  };
}

/** REST additions under /api/v2 (the `rest` data provider). */
export const REST = { dataProviderName: "rest" } as const;
export const storefrontUrl = (shopId: number | string) => `/api/v2/shops/${shopId}`;
