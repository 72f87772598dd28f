import type { ResourceModule } from "./types";
import { screen } from "./define";

const PR = "/api/promotion";

export const campaign: ResourceModule = {
  name: "campaign",
  endpoints: {},
  resources: [
    screen({
      identifier: "campaign",
      name: "campaign",
      area: "admin",
      menuPath: "/admin/campaign",
      label: "resources.campaign",
      list: "/admin/campaign",
      edit: "/admin/campaign/:id",
      endpoints: [
        `${PR}/productflashsale`, `${PR}/listSelectProductFlashsale`, `${PR}/setproductflashsale`,
        `${PR}/closeproductflashsale`, `${PR}/reportproductflashsale`, `${PR}/createcampaign`,
        `${PR}/closecampaign`, `${PR}/setdatecampaign`, `${PR}/createhotspot`, `${PR}/widgethotspot`,
      ],
    }),
  ],
};
