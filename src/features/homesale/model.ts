/** Home-sale groups (docs/api/homesale.md). */
export interface Group {
  id: number;
  name: string;
  groupType: string;
  groupTypeName: string | null;
  position: number;
  active: boolean;
  startsAt: string;
  endsAt: string | null;
  timezone: string;
  version: number;
  productCount: number;
  activeProductCount: number;
  thumbnails: string[];
  createdAt: string;
  updatedAt: string;
}

export interface Link {
  id: number;
  productId: number;
  code: string;
  name: string;
  imageUrl: string | null;
  price: number;
  compareAtPrice: number | null;
  shopName: string;
  approvalStatus: string;
  position: number;
  active: boolean;
}

export interface GroupDetail extends Group {
  links: Link[];
}

export interface GroupType {
  id: number;
  code: string;
  name: string;
}

/** A row of /api/product/productlist, as the product picker shows it. */
export interface PickedProduct {
  id: number;
  code: string;
  name: string;
  shopName: string;
  price: number;
  compareAtPrice: number | null;
  imageUrl: string | null;
  approvalStatus: string;
}

export const STATES = ["live", "scheduled", "expired", "off"] as const;
export const NAME_MAX = 80;
export const LINKS_MAX = 100;
export const SCREEN = "promotion-homesale";
