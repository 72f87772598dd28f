import type { ResourceModule } from "../../resources/types";
import { screen } from "../../resources/define";
import { page } from "../../components/kit/page";

/** The developer-facing route table; it reads the registry, not the API. */
export const routes: ResourceModule = {
  pages: { routes: { list: page(() => import("./RouteTable").then((m) => m.default)) } },
  name: "routes",
  endpoints: {},
  resources: [
    screen({
      identifier: "routes",
      name: "routes",
      area: "admin",
      menuPath: "/admin/routes",
      label: "resources.routes",
      list: "/admin/routes",
      endpoints: [],
      built: true,
      icon: "routes",
    }),
  ],
};
