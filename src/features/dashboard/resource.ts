import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

const RELOAD = "/api/report/getReloadDashboard";

/** Figures behind both dashboards; the server scopes them to the caller's shops. */
export const dashboard: ResourceModule = {
  pages: {
    "admin-dashboard": { list: page(() => import("./DashboardView").then((m) => m.DashboardView), { area: "admin" }) },
    "supplier-dashboard": { list: page(() => import("./DashboardView").then((m) => m.DashboardView), { area: "supplier" }) },
  },
  name: "dashboard",
  endpoints: {
    actions: {
      reload: {
        method: "GET",
        path: RELOAD,
        toRequest: ({ shopId }) => (shopId ? { shopId } : {}),
      },
    },
  },
  resources: screensOf("dashboard"),
};

export default dashboard;
