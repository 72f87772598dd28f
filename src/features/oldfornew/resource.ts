import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";
import { oldfornew as api } from "./endpoints";

/** The screens of `./endpoints`: the pages each route opens. Screens import the endpoints, never this file. */
export const oldfornew = {
  ...api,
  pages: { "promotion-oldfornew": { list: page(() => import("./CampaignList").then((m) => m.CampaignList)) } },
  resources: screensOf("oldfornew"),
} satisfies ResourceModule;

export default oldfornew;
