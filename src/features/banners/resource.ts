import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";
import { banners as api } from "./endpoints";

/** The screens of `./endpoints`: the pages each route opens. Screens import the endpoints, never this file. */
export const banners = {
  ...api,
  pages: {
    banners: { list: page(() => import("./BannerManagement").then((m) => m.BannerManagement)) },
  },
  resources: screensOf("banners"),
} satisfies ResourceModule;

export default banners;
