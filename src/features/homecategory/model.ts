import type { Body, RowOf } from "../../api";
import { LANGUAGES } from "../../providers/languages";

/** A home-category tile (docs/api/homecategory.md). */
export type Tile = RowOf<"/api/v2/homecategories">;
export type TileBody = Body<"/api/v2/homecategories">;
export type LinkType = Tile["linkType"];
export const LINK_TYPES: readonly LinkType[] = ["category", "campaign", "product"];
export type Language = (typeof LANGUAGES)[number]["code"];
export const NAME_MAX = 40;

export type Target = RowOf<"/api/v2/homecategory-targets">;

/** REST resources under /api/v2, read through the `rest` data provider. */
export const REST = { tiles: "homecategories", targets: "homecategory-targets" } as const;

/** The tile's name in the reader's language (English when the language is not one of the five). */
export const nameIn = (tile: Pick<Tile, "names">, lng: string | undefined): string =>
  tile.names[(LANGUAGES.some((l) => l.code === lng) ? lng : "en") as Language] ?? tile.names.en;
