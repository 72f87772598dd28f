import type { ResourceModule } from "../../resources/types";
import { action } from "../../resources/endpoints";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

/**
 * The audit log viewer (docs/api/audit.md), read only: the entries are the REST resource
 * `/api/v2/audit-log` (the `rest` data provider); the filters' choices come from `audit-facets`.
 */
export const audit = {
  name: "audit",
  endpoints: {
    actions: { facets: action("/api/v2/audit-facets", "GET") },
  },
  pages: {
    audit: { list: page(() => import("./AuditList").then((m) => m.AuditList)) },
  },
  resources: screensOf("audit"),
} satisfies ResourceModule;

export default audit;
