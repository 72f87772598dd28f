import type { ResourceModule } from "../../resources/types";
import { actions, itemsPage, pagedList } from "../../resources/endpoints";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

const B = "/api/banners/uploadbanner";

/** Marketplace banners: the banners of one type and page, in the order shoppers see them. */
export const banners = {
  name: "banners",
  endpoints: {
    // Beside the rows: how many of the whole page are in each state now.
    list: pagedList(`${B}/getlistbanners`, {
      filters: ["typeId", "menuId", "status"],
      allValues: ["all"],
      fromResponse: (body) => ({ ...itemsPage(body), extra: { maxpage: body?.maxpage ?? 0, counts: body?.counts } }),
    }),
    actions: actions(
      B,
      ["getmasterType", "getBannerTypeMenu"],
      ["upload", "sortbanner", "updatestatusbanner", "updatetimebanner", "deletebanner"],
    ),
  },
  pages: {
    banners: { list: page(() => import("./BannerManagement").then((m) => m.BannerManagement)) },
  },
  resources: screensOf("banners"),
} satisfies ResourceModule;

export default banners;
