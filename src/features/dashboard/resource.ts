import type { ResourceModule } from "../../resources/types";
import { screen } from "../../resources/define";
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
  resources: [
    screen({
      identifier: "admin-dashboard",
      name: "dashboard",
      area: "admin",
      menuPath: "/admin/dashboard",
      label: "resources.admin-dashboard",
      list: "/admin/dashboard",
      endpoints: [RELOAD],
      built: true,
      icon: "dashboard",
    }),
    screen({
      identifier: "supplier-dashboard",
      name: "dashboard",
      area: "supplier",
      menuPath: "/supplier/dashboard",
      label: "resources.supplier-dashboard",
      list: "/supplier/dashboard",
      endpoints: [RELOAD],
      built: true,
      icon: "dashboard",
    }),
    screen({
      identifier: "admin-two",
      name: "two",
      area: "admin",
      menuPath: "/admin/two",
      label: "resources.admin-two",
      list: "/admin/two",
      endpoints: [],
    }),
    screen({
      identifier: "admin-three",
      name: "three",
      area: "admin",
      menuPath: "/admin/three",
      label: "resources.admin-three",
      list: "/admin/three",
      endpoints: [],
    }),
  ],
};
