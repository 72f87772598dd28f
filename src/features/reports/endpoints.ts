import type { BaseRecord } from "@refinedev/core";
import type { EndpointMap, ResourceEndpoints } from "../../resources/types";
import { action, itemsPage, listQuery } from "../../resources/endpoints";
import { REPORT_PATH, REPORTS, defaultRange, filterNames, type ReportConfig } from "./config";

/** What every report answers: a page of rows, the totals of the whole filter and the chart's points. */
interface ReportAnswer {
  items?: BaseRecord[];
  total?: number;
  maxpage?: number;
  totals?: Record<string, number | null>;
  chart?: { key: string; value: number }[];
}

/** One report's list: the current filter (the default range when the URL names none), its totals and chart as list extras. */
function reportList(r: ReportConfig): EndpointMap {
  const path = `${REPORT_PATH}/${r.endpoint}`;
  const query = listQuery(path, { filters: filterNames(r) });
  return {
    list: {
      method: "GET",
      path,
      // "Clear filters" keeps a range: the server needs one (it is the report's bound).
      toRequest: (req) => ({ ...defaultRange(), ...query(req) }),
      fromResponse: (body: ReportAnswer | null | undefined) => ({
        ...itemsPage(body),
        extra: { maxpage: body?.maxpage ?? 0, totals: body?.totals ?? {}, chart: body?.chart },
      }),
    },
  };
}

/** The eight admin reports: one screen (ReportScreen) configured by `config.ts`, one endpoint each. */
export const reports = {
  name: "reports",
  endpoints: {
    // The shop filter's names (every report screen lists this endpoint).
    actions: { masterproduct: action("/api/product/masterproduct", "GET") },
  },
  resourceEndpoints: Object.fromEntries(REPORTS.map((r) => [r.screen, reportList(r)])),
} satisfies ResourceEndpoints;

export default reports;
