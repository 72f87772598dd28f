import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";
import { reports as api } from "./endpoints";
import { REPORTS } from "./config";

/** The screens of `./endpoints`: the pages each route opens. Screens import the endpoints, never this file. */
export const reports = {
  ...api,
  pages: Object.fromEntries(
    REPORTS.map((r) => [
      r.screen,
      { list: page(() => import("./ReportScreen").then((m) => m.ReportScreen), { screen: r.screen }) },
    ]),
  ),
  resources: screensOf("reports"),
} satisfies ResourceModule;

export default reports;
