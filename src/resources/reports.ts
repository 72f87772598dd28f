import type { ResourceModule } from "./types";
import { screen } from "./define";

const R = "/api/report";

const report = (identifier: string, path: string, endpoints: string[]) =>
  screen({
    identifier,
    name: identifier,
    area: "admin",
    menuPath: "/admin/reports",
    label: `resources.${identifier}`,
    list: `/admin/reports/${path}`,
    endpoints,
  });

export const reports: ResourceModule = {
  name: "reports",
  endpoints: {},
  resources: [
    report("report-trackorder", "reporttrackorder", [`${R}/reporttrackorder`, `${R}/reportshippingorder`]),
    report("report-airservice", "reportairservice", [`${R}/orderair`]),
    report("report-coupon", "reportcupon", [`${R}/reportproductpromotion`, `${R}/reportpromotiononline`]),
    report("report-review", "reportreview", [`${R}/reportreview`, "/api/masterdata/masterfeedback"]),
  ],
};
