import type { EndpointMap, ResourceModule } from "../../resources/types";
import { actions, byId, pagedList, write } from "../../resources/endpoints";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

const P = "/api/product";
const M = "/api/masterdata";

const PRODUCT_FILTERS = [
  "search",
  "shopId",
  "brandId",
  "level1Id",
  "level2Id",
  "approvalStatus",
  "online",
  "isNew",
] as const;
export const PRODUCT_SORTS = ["createdAt", "updatedAt", "name", "code", "price"] as const;
const NEW_PRODUCT_FILTERS = ["search", "shopId", "approvalStatus", "dateFrom", "dateTo"] as const;

/** Reads (GET + query) and writes (POST) beyond CRUD, named by their path; called via `custom` + `meta.action`. */
const PRODUCT_READS = [
  "masterproduct",
  "masterproductedit",
  "exportcsv",
  "pricehistory",
  "auditlog",
  "getconfigshipping",
  "jobs",
  "imageproduct",
  "getEditImgaePgage",
  "listvideo",
  "getaudiolist",
  "getlinkyoutubeproduct",
  "getTis",
  "getfeatureattribute",
  "getdatatableattribute",
  "gettagsearchproduct",
  "masterrooms",
  "mastersize",
  "ditailproducttile",
  "searchgp",
  "getgppos",
  "getmasterdatavisible",
  "getfilspacailfeature",
  "searchproductcode",
  "imgnewproduct",
  "exportnewproductcsv",
] as const;
const PRODUCT_WRITES = [
  "changeprice",
  "submitproduct",
  "approveproduct",
  "unapproveproduct",
  "updateOpenOnline",
  "updateCloseOnline",
  "productonline",
  "updatastatusvisible",
  "syncproduct",
  "syncchangeproduct",
  "gpproductsync",
  "synctopurchase",
  "uploadimageproduct",
  "sortimageproduct",
  "deleteimageproduct",
  "insertLogEditimage",
  "insertStatusEditImage",
  "uploadvideo",
  "deletevideo",
  "saveaudio",
  "deleteaudio",
  "setlinkyoutubeproduct",
  "senttis",
  "deleteTis",
  "updatestatusattribute",
  "changetagsearch",
  "generatekeyhighlight",
  "createproductroom",
  "deleteproductroom",
  "creategp",
  "sortimgnewproduct",
  "deleteimgnewproduct",
] as const;
const MASTER_READS = ["masterfeedback"] as const;
const MASTER_WRITES = ["attributestatus", "deleteattributeitem", "attributeicon"] as const;

export type ProductRead = (typeof PRODUCT_READS)[number] | (typeof MASTER_READS)[number];
export type ProductWrite = (typeof PRODUCT_WRITES)[number] | (typeof MASTER_WRITES)[number];

const productActions = { ...actions(P, PRODUCT_READS, PRODUCT_WRITES), ...actions(M, MASTER_READS, MASTER_WRITES) };

const list = (path: string, filters: readonly string[], sorts: readonly string[] = []) =>
  pagedList(path, { filters, sorts, contains: ["search"] });

// `satisfies`, not an annotation: the verbs keep their paths' literal types, so their bodies are checked against the document.
const endpoints = {
  list: list(`${P}/productlist`, PRODUCT_FILTERS, PRODUCT_SORTS),
  one: byId(`${P}/getproduct`),
  update: write(`${P}/editproduct`),
  actions: productActions,
} satisfies EndpointMap;

/** Lists and forms of the other product screens, by Refine resource name. */
const resourceEndpoints: Record<string, EndpointMap> = {
  "product-approve": { list: list(`${P}/productapprovelist`, ["search", "shopId", "status"], ["submittedAt"]) },
  "product-visible": { list: list(`${P}/getDatavisible`, ["search", "shopId", "level1Id", "channel"]) },
  "product-attribute": {
    list: list(`${M}/masterattribute`, ["search", "status"]),
    create: write(`${M}/createattribute`, "create"),
    update: write(`${M}/editattribute`),
    remove: write(`${M}/deleteattribute`, "remove"),
  },
  "product-report-new": { list: list(`${P}/newproductlist`, NEW_PRODUCT_FILTERS) },
  newproduct: {
    list: list(`${P}/newproductlist`, NEW_PRODUCT_FILTERS),
    one: byId(`${P}/getnewproduct`),
    create: write(`${P}/createnewproduct`, "create"),
    update: write(`${P}/editnewproduct`),
  },
};

/** The product list's first reads: newest first (ProductList.tsx), and the masters of its filters. */
const productListReads = (resource: string) => ({
  list: { resource, sorters: [{ field: "createdAt", order: "desc" as const }] },
  actions: [{ resource: "product", action: "masterproduct" }],
});

/**
 * Admin screens are granted one by one (the server checks the same child menu paths); suppliers
 * are granted the whole `/supplier/product` section.
 */
export const product = {
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
  name: "product",
  endpoints,
  resourceEndpoints,
  resources: screensOf("product"),
} satisfies ResourceModule;

export default product;
