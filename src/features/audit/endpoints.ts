import type { ResourceEndpoints } from "../../resources/types";
import { action } from "../../resources/endpoints";

/**
 * The audit log viewer (docs/api/audit.md), read only: the entries are the REST resource
 * `/api/v2/audit-log` (the `rest` data provider); the filters' choices come from `audit-facets`.
 */
export const audit = {
  name: "audit",
  endpoints: {
    actions: { facets: action("/api/v2/audit-facets", "GET") },
  },
} satisfies ResourceEndpoints;

export default audit;
