import type { ResourceEndpoints } from "../../resources/types";
import { actions, itemsPage, pagedList } from "../../resources/endpoints";

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
} satisfies ResourceEndpoints;

export default banners;
