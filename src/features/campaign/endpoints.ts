import type { ResourceEndpoints } from "../../resources/types";
import { action, actions } from "../../resources/endpoints";

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
} satisfies ResourceEndpoints;

export default campaign;
