import { LANGUAGES } from "../../providers/languages";

/** A home-category tile (docs/api/homecategory.md). */
export type LinkType = "category" | "campaign" | "product";
export const LINK_TYPES: readonly LinkType[] = ["category", "campaign", "product"];
export type Language = (typeof LANGUAGES)[number]["code"];
export const NAME_MAX = 40;

export interface Tile {
  id: number;
  names: Record<Language, string>;
  imageUrl: string;
  linkType: LinkType;
  linkId: number;
  /** null when the target no longer takes a link (closed, not approved, removed). */
  linkName: string | null;
  position: number;
  active: boolean;
  startsAt: string;
  endsAt: string | null;
  timezone: string;
  createdAt: string;
  updatedAt: string;
}

export interface Target {
  id: number;
  name: string;
  detail: string | null;
  imageUrl: string | null;
}

/** REST resources under /api/v2, read through the `rest` data provider. */
export const REST = { tiles: "homecategories", targets: "homecategory-targets", images: "storefront-images" } as const;
export const REST_PROVIDER = { dataProviderName: "rest" } as const;

/** The tile's name in the reader's language (English when the language is not one of the five). */
export const nameIn = (tile: Pick<Tile, "names">, lng: string | undefined): string =>
  tile.names[(LANGUAGES.some((l) => l.code === lng) ? lng : "en") as Language] ?? tile.names.en;
