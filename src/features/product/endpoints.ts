import type { EndpointMap, ResourceEndpoints } from "../../resources/types";
import { actions, byId, pagedList, write } from "../../resources/endpoints";

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

/**
 * Admin screens are granted one by one (the server checks the same child menu paths); suppliers
 * are granted the whole `/supplier/product` section.
 */
export const product = {
  name: "product",
  endpoints,
  resourceEndpoints,
} satisfies ResourceEndpoints;

export default product;
