import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

const RELOAD = "/api/report/getReloadDashboard";

/** The home dashboard's one read (all shops); its chart's chunk loads beside the page's, not after it renders. */
const FIGURES = { actions: [{ resource: "dashboard", action: "reload" }] };
const loadDashboard = () => {
  // A failure shows where the chart renders (its own lazy import asks again).
  import("./OrdersChart").catch(() => undefined);
  return import("./DashboardView").then((m) => m.DashboardView);
};

/** Figures behind the dashboards (home pages, analytics, e-commerce overview); the server scopes them to the caller's shops. */
export const dashboard = {
  pages: {
    "admin-dashboard": { list: page(loadDashboard, { area: "admin" }, FIGURES) },
    "supplier-dashboard": { list: page(loadDashboard, { area: "supplier" }, FIGURES) },
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
} satisfies ResourceModule;

export default dashboard;
