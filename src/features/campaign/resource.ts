import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";
import { campaign as api } from "./endpoints";

/** The screens of `./endpoints`: the pages each route opens. Screens import the endpoints, never this file. */
export const campaign = {
  ...api,
  pages: {
    campaign: {
      list: page(() => import("./CampaignList").then((m) => m.CampaignList)),
      edit: page(() => import("./CampaignDetail").then((m) => m.CampaignDetail)),
    },
  },
  resources: screensOf("campaign"),
} satisfies ResourceModule;

export default campaign;
