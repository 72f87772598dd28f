import type { ResourceModule } from "../../resources/types";
import { action, actions } from "../../resources/endpoints";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

/**
 * Campaigns with hotspots: the legacy verbs below (create, window, close, draw a hotspot, the widget);
 * the list, one campaign, its edits, image, activation and hotspot edits are REST under
 * /api/v2/campaigns, read through the `rest` data provider. Products for the hotspot picker come from
 * the product list the admin already reads.
 */
export const campaign = {
  name: "campaign",
  endpoints: {
    actions: {
      ...actions(
        "/api/promotion",
        ["widgethotspot"],
        ["createcampaign", "setdatecampaign", "closecampaign", "createhotspot"],
      ),
      products: action("/api/product/productlist", "GET"),
    },
  },
  pages: {
    campaign: {
      list: page(() => import("./CampaignList").then((m) => m.CampaignList)),
      edit: page(() => import("./CampaignDetail").then((m) => m.CampaignDetail)),
    },
  },
  resources: screensOf("campaign"),
} satisfies ResourceModule;

export default campaign;
