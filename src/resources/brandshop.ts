import type { ResourceModule } from "./types";
import { screen } from "./define";

const K = "/api/supplier/kanban";

/** Shop front pages laid out as a board of columns and cards. */
export const brandshop: ResourceModule = {
  name: "brandshop",
  endpoints: {},
  resources: [
    screen({
      identifier: "brandshop",
      name: "brandshop",
      area: "admin",
      menuPath: "/admin/brandshop",
      label: "resources.brandshop",
      list: "/admin/brandshop",
      edit: "/admin/brandshop/:id",
      endpoints: [
        `${K}/shopMaster`, `${K}/shopprofile`, `${K}/board`, "/api/kanban/columns/update",
        "/api/kanban/columns/delete", "/api/brandshop/deletebrannercate",
      ],
    }),
    screen({
      identifier: "supplier-brandshop",
      name: "brandshop",
      area: "supplier",
      menuPath: "/supplier/brandshop",
      label: "resources.supplier-brandshop",
      list: "/supplier/brandshop",
      edit: "/supplier/brandshop/:id",
      endpoints: [
        `${K}/master`, `${K}/board`, `${K}/columns/update`, `${K}/columns/delete`, `${K}/card/orderby`,
        `${K}/card/update`, `${K}/detail-card`, `${K}/searchproduct-card`, `${K}/card/detail-update`,
        `${K}/card/detail-orderby`, `${K}/shopProfile`,
      ],
    }),
  ],
};
