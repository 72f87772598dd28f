import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

const RELOAD = "/api/report/getReloadDashboard";

/** Figures behind the dashboards (home pages, analytics, e-commerce overview); the server scopes them to the caller's shops. */
export const dashboard: ResourceModule = {
  pages: {
    "admin-dashboard": { list: page(() => import("./DashboardView").then((m) => m.DashboardView), { area: "admin" }) },
    "supplier-dashboard": { list: page(() => import("./DashboardView").then((m) => m.DashboardView), { area: "supplier" }) },
    "admin-two": { list: page(() => import("./AnalyticsView").then((m) => m.AnalyticsView)) },
    "admin-three": { list: page(() => import("./OverviewView").then((m) => m.OverviewView)) },
  },
  name: "dashboard",
  endpoints: {
    actions: {
      reload: {
        method: "GET",
        path: RELOAD,
        toRequest: ({ shopId }) => (shopId ? { shopId } : {}),
      },
      // The date range (from, to: YYYY-MM-DD) goes as is; the server checks it and names a bad field.
      analytics: { method: "GET", path: "/api/v2/analytics" },
      overview: { method: "GET", path: "/api/v2/ecommerce-overview" },
    },
  },
  resources: screensOf("dashboard"),
};

export default dashboard;
