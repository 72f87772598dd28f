import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";
import { audit as api } from "./endpoints";

/** The screens of `./endpoints`: the pages each route opens. Screens import the endpoints, never this file. */
export const audit = {
  ...api,
  pages: {
    audit: { list: page(() => import("./AuditList").then((m) => m.AuditList)) },
  },
  resources: screensOf("audit"),
} satisfies ResourceModule;

export default audit;
