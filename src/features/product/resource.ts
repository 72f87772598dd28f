import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";
import { product as api } from "./endpoints";

/** The product list's first reads: newest first (ProductList.tsx), and the masters of its filters. */
const productListReads = (resource: string) => ({
  list: { resource, sorters: [{ field: "createdAt", order: "desc" as const }] },
  actions: [{ resource: "product", action: "masterproduct" }],
});

/** The screens of `./endpoints`: the pages each route opens. Screens import the endpoints, never this file. */
export const product = {
  ...api,
  pages: {
    product: {
      list: page(
        () => import("./ProductList").then((m) => m.ProductList),
        { area: "admin" },
        productListReads("product"),
      ),
      edit: page(() => import("./ProductEditor").then((m) => m.ProductEditor), { area: "admin", flow: "product" }),
    },
    "product-approve": { list: page(() => import("./ApproveQueue").then((m) => m.ApproveQueue)) },
    "product-report-new": {
      list: page(() => import("./NewProductList").then((m) => m.NewProductList), { area: "admin" }),
    },
    "product-visible": { list: page(() => import("./VisibilityList").then((m) => m.VisibilityList)) },
    "product-attribute": { list: page(() => import("./AttributeMaster").then((m) => m.AttributeMaster)) },
    "supplier-product": {
      list: page(
        () => import("./ProductList").then((m) => m.ProductList),
        { area: "supplier" },
        productListReads("supplier-product"),
      ),
      edit: page(() => import("./ProductEditor").then((m) => m.ProductEditor), { area: "supplier", flow: "product" }),
    },
    "supplier-newproduct": {
      list: page(() => import("./NewProductList").then((m) => m.NewProductList), { area: "supplier" }),
      create: page(() => import("./NewProductCreate").then((m) => m.NewProductCreate)),
      edit: page(() => import("./ProductEditor").then((m) => m.ProductEditor), {
        area: "supplier",
        flow: "newproduct",
      }),
    },
  },
  resources: screensOf("product"),
} satisfies ResourceModule;

export default product;
