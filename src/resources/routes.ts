import type { ResourceModule } from "./types";
import { screen } from "./define";

/** The developer-facing route table; it reads the registry, not the API. */
export const routes: ResourceModule = {
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
