import type { ResourceModule } from "./types";
import { screen } from "./define";

const H = "/api/housebrand";
const HB = "/api/blogs/housebrand";

export const housebrand: ResourceModule = {
  name: "housebrand",
  endpoints: {},
  resources: [
    screen({
      identifier: "housebrand",
      name: "housebrand",
      area: "admin",
      menuPath: "/admin/housebrand",
      label: "resources.housebrand",
      list: "/admin/housebrand",
      edit: "/admin/housebrand/:id",
      endpoints: [
        `${H}/masterbrand`, `${H}/shopmaster`, `${H}/brandprofile`, `${H}/master`, `${H}/board`,
        `${H}/columns/update`, `${H}/columns/delete`, `${H}/card/orderby`, `${H}/card/update`,
        `${H}/detail-card`, `${H}/searchproduct-card`, `${H}/card/detail-update`, `${H}/card/detail-orderby`,
      ],
    }),
    screen({
      identifier: "housebrand-blog",
      name: "housebrand-blog",
      area: "admin",
      menuPath: "/admin/housebrand",
      label: "resources.housebrand-blog",
      list: "/admin/housebrand/blog/posts",
      create: "/admin/housebrand/blog/new",
      show: "/admin/housebrand/blog/:id",
      root: "/admin/housebrand/blog",
      endpoints: [
        `${HB}/posts`, `${HB}/newpost`, `${HB}/postedit`, `${HB}/closecontent`, `${HB}/deletecontent`,
        `${HB}/product`, `${HB}/menu`, `${HB}/sortproductidea`, `${HB}/deleteproductidea`,
      ],
    }),
  ],
};
