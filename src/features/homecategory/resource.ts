import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

/**
 * Home-category tiles: no legacy endpoints; the tiles, their moves and link targets are REST under
 * /api/v2 (`homecategories`, `homecategory-targets`) and images go through `storefront-images`, all read
 * through the `rest` data provider.
 */
export const homecategory = {
  name: "homecategory",
  endpoints: {},
  pages: {
    homecategory: {
      list: page(() => import("./TileList").then((m) => m.TileList)),
      create: page(() => import("./TileForm").then((m) => m.TileForm)),
      edit: page(() => import("./TileForm").then((m) => m.TileForm)),
    },
  },
  resources: screensOf("homecategory"),
} satisfies ResourceModule;

export default homecategory;
