import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { RouteAction } from "../resources";

export type PageSet = Partial<Record<RouteAction, LazyExoticComponent<ComponentType>>>;

/** Resource identifier → its screens; each is its own chunk. Adding a screen = one line here. */
export const pages: Record<string, PageSet> = {
  "admin-dashboard": { list: lazy(() => import("./admin/dashboard")) },
  "supplier-dashboard": { list: lazy(() => import("./supplier/dashboard")) },
  routes: { list: lazy(() => import("./admin/routes")) },
  blog: {
    list: lazy(() => import("./admin/blog/list")),
    create: lazy(() => import("./admin/blog/create")),
    edit: lazy(() => import("./admin/blog/edit")),
    show: lazy(() => import("./admin/blog/show")),
  },
  orders: { list: lazy(() => import("./admin/orders/list")), show: lazy(() => import("./admin/orders/view")) },
  "orders-branch": { list: lazy(() => import("./admin/orders/listbranch")), show: lazy(() => import("./admin/orders/viewbranch")) },
  "orders-slip": { list: lazy(() => import("./admin/orders/listslip")) },
  "orders-claim": {
    list: lazy(() => import("./admin/orders/claims")),
    create: lazy(() => import("./admin/orders/claim-new")),
    show: lazy(() => import("./admin/orders/claim-detail")),
  },
  "orders-return": { show: lazy(() => import("./admin/orders/return-detail")) },
  "supplier-blog": {
    list: lazy(() => import("./supplier/blog/list")),
    create: lazy(() => import("./supplier/blog/create")),
    edit: lazy(() => import("./supplier/blog/edit")),
    show: lazy(() => import("./supplier/blog/show")),
  },
  product: {
    list: lazy(() => import("./admin/product/list")),
    edit: lazy(() => import("./admin/product/edit")),
  },
  "product-approve": { list: lazy(() => import("./admin/product/approve")) },
  "product-report-new": { list: lazy(() => import("./admin/product/report-new")) },
  "product-visible": { list: lazy(() => import("./admin/product/visible")) },
  "product-attribute": { list: lazy(() => import("./admin/product/masterattribute")) },
  "product-installrate": { list: lazy(() => import("./admin/product/installrate")) },
  "supplier-product": {
    list: lazy(() => import("./supplier/product/list")),
    edit: lazy(() => import("./supplier/product/edit")),
  },
  "supplier-newproduct": {
    list: lazy(() => import("./supplier/product/newproduct/list")),
    create: lazy(() => import("./supplier/product/newproduct/create")),
    edit: lazy(() => import("./supplier/product/newproduct/edit")),
  },
};
