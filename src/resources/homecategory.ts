import type { ResourceModule } from "./types";
import { screen } from "./define";

/** Home page category rows, edited on the shared column board. */
export const homecategory: ResourceModule = {
  name: "homecategory",
  endpoints: {},
  resources: [
    screen({
      identifier: "homecategory",
      name: "homecategory",
      area: "admin",
      menuPath: "/admin/homecategory",
      label: "resources.homecategory",
      list: "/admin/homecategory",
      edit: "/admin/homecategory/:id",
      endpoints: [
        "/api/kanban/columns/update", "/api/kanban/columns/delete",
        "/api/masterdata/masterproductlevel1", "/api/masterdata/masterproductlevel2",
      ],
    }),
  ],
};
