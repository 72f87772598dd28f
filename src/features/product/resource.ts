import type { CrudFilter, CrudSort } from "@refinedev/core";
import type { ActionEndpoint, EndpointMap, ListEndpoint, ListRequest, ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

const P = "/api/product";
const M = "/api/masterdata";

/**
 * Refine list params → the query of a product list: `page, limit`, the non-empty filters the
 * endpoint accepts, and one sorter as `sort` + `order`.
 */
export function listQuery(filterFields: readonly string[], sortFields: readonly string[] = []) {
  return (req: ListRequest): Record<string, unknown> => {
    const query: Record<string, unknown> = { page: req.page, limit: req.limit };
    for (const f of req.filters as CrudFilter[]) {
      if (!("field" in f) || !filterFields.includes(f.field)) continue;
      const value = typeof f.value === "string" ? f.value.trim() : f.value;
      if (value === undefined || value === null || value === "") continue;
      query[f.field] = value;
    }
    const sorter = (req.sorters as CrudSort[]).find((s) => sortFields.includes(s.field));
    if (sorter) {
      query.sort = sorter.field;
      query.order = sorter.order;
    }
    return query;
  };
}

const fromList: ListEndpoint["fromResponse"] = (body) => ({
  data: body?.items ?? [],
  total: body?.total ?? 0,
  extra: { maxpage: body?.maxpage ?? 0 },
});

const list = (path: string, filters: readonly string[], sorts: readonly string[] = []): ListEndpoint => ({
  method: "GET",
  path,
  toRequest: listQuery(filters, sorts),
  fromResponse: fromList,
});

const PRODUCT_FILTERS = ["search", "shopId", "brandId", "level1Id", "level2Id", "approvalStatus", "online", "isNew"] as const;
export const PRODUCT_SORTS = ["createdAt", "updatedAt", "name", "code", "price"] as const;
const NEW_PRODUCT_FILTERS = ["search", "shopId", "approvalStatus", "dateFrom", "dateTo"] as const;

/** Reads (GET + query) and writes (POST) beyond CRUD, named by their path; called via `custom` + `meta.action`. */
const PRODUCT_READS = [
  "masterproduct", "masterproductedit", "exportcsv", "pricehistory", "auditlog", "getconfigshipping", "jobs",
  "imageproduct", "getEditImgaePgage", "listvideo", "getaudiolist", "getlinkyoutubeproduct",
  "getTis", "getfeatureattribute", "getdatatableattribute", "gettagsearchproduct",
  "masterrooms", "mastersize", "ditailproducttile", "searchgp", "getgppos",
  "getmasterdatavisible", "getfilspacailfeature", "searchproductcode", "imgnewproduct", "exportnewproductcsv",
] as const;
const PRODUCT_WRITES = [
  "changeprice", "submitproduct", "approveproduct", "unapproveproduct", "updateOpenOnline", "updateCloseOnline",
  "productonline", "updatastatusvisible", "syncproduct", "syncchangeproduct", "gpproductsync", "synctopurchase",
  "uploadimageproduct", "sortimageproduct", "deleteimageproduct", "insertLogEditimage", "insertStatusEditImage",
  "uploadvideo", "deletevideo", "saveaudio", "deleteaudio", "setlinkyoutubeproduct", "senttis", "deleteTis",
  "updatestatusattribute", "changetagsearch", "generatekeyhighlight", "createproductroom", "deleteproductroom",
  "creategp", "setstatusinstallrate", "sortimgnewproduct", "deleteimgnewproduct",
] as const;
const MASTER_READS = ["masterfeedback"] as const;
const MASTER_WRITES = ["attributestatus", "deleteattributeitem", "attributeicon"] as const;

export type ProductRead = (typeof PRODUCT_READS)[number] | (typeof MASTER_READS)[number];
export type ProductWrite = (typeof PRODUCT_WRITES)[number] | (typeof MASTER_WRITES)[number];

const actions: Record<string, ActionEndpoint> = Object.fromEntries([
  ...PRODUCT_READS.map((a) => [a, { method: "GET", path: `${P}/${a}` }]),
  ...PRODUCT_WRITES.map((a) => [a, { method: "POST", path: `${P}/${a}` }]),
  ...MASTER_READS.map((a) => [a, { method: "GET", path: `${M}/${a}` }]),
  ...MASTER_WRITES.map((a) => [a, { method: "POST", path: `${M}/${a}` }]),
]);

const detail = { fromResponse: (body: any) => body.data };
const withId = (variables: Record<string, unknown>, id?: string | number) => ({ ...variables, id: Number(id) });

const endpoints: EndpointMap = {
  list: list(`${P}/productlist`, PRODUCT_FILTERS, PRODUCT_SORTS),
  one: { method: "GET", path: `${P}/getproduct`, toRequest: (id) => ({ id: Number(id) }), ...detail },
  update: { method: "POST", path: `${P}/editproduct`, toRequest: withId, ...detail },
  actions,
};

/** Lists and forms of the other product screens, by Refine resource name. */
const resourceEndpoints: Record<string, EndpointMap> = {
  "product-approve": { list: list(`${P}/productapprovelist`, ["search", "shopId", "status"]) },
  "product-visible": { list: list(`${P}/getDatavisible`, ["search", "shopId", "level1Id", "channel"]) },
  "product-attribute": {
    list: list(`${M}/masterattribute`, ["search", "status"]),
    create: { method: "POST", path: `${M}/createattribute`, toRequest: (v) => v, ...detail },
    update: { method: "POST", path: `${M}/editattribute`, toRequest: withId, ...detail },
    remove: { method: "POST", path: `${M}/deleteattribute`, toRequest: (_v, id) => ({ id: Number(id) }) },
  },
  "product-report-new": { list: list(`${P}/newproductlist`, NEW_PRODUCT_FILTERS) },
  "product-installrate": { list: list(`${P}/productinstallrate`, ["search", "status", "level1Id"]) },
  newproduct: {
    list: list(`${P}/newproductlist`, NEW_PRODUCT_FILTERS),
    one: { method: "GET", path: `${P}/getnewproduct`, toRequest: (id) => ({ id: Number(id) }), ...detail },
    create: { method: "POST", path: `${P}/createnewproduct`, toRequest: (v) => v, ...detail },
    update: { method: "POST", path: `${P}/editnewproduct`, toRequest: withId, ...detail },
  },
};

/**
 * Admin screens are granted one by one (the server checks the same child menu paths); suppliers
 * are granted the whole `/supplier/product` section.
 */
export const product: ResourceModule = {
  pages: {
    product: {
      list: page(() => import("./ProductList").then((m) => m.ProductList), { area: "admin" }),
      edit: page(() => import("./ProductEditor").then((m) => m.ProductEditor), { area: "admin", flow: "product" }),
    },
    "product-approve": { list: page(() => import("./ApproveQueue").then((m) => m.ApproveQueue)) },
    "product-report-new": { list: page(() => import("./NewProductList").then((m) => m.NewProductList), { area: "admin" }) },
    "product-visible": { list: page(() => import("./VisibilityList").then((m) => m.VisibilityList)) },
    "product-attribute": { list: page(() => import("./AttributeMaster").then((m) => m.AttributeMaster)) },
    "product-installrate": { list: page(() => import("./InstallRateList").then((m) => m.InstallRateList)) },
    "supplier-product": {
      list: page(() => import("./ProductList").then((m) => m.ProductList), { area: "supplier" }),
      edit: page(() => import("./ProductEditor").then((m) => m.ProductEditor), { area: "supplier", flow: "product" }),
    },
    "supplier-newproduct": {
      list: page(() => import("./NewProductList").then((m) => m.NewProductList), { area: "supplier" }),
      create: page(() => import("./NewProductCreate").then((m) => m.NewProductCreate)),
      edit: page(() => import("./ProductEditor").then((m) => m.ProductEditor), { area: "supplier", flow: "newproduct" }),
    },
  },
  name: "product",
  endpoints,
  resourceEndpoints,
  resources: screensOf("product"),
};

export default product;
