import type { CrudFilter } from "@refinedev/core";
import type { EndpointMap, ListEndpoint, ListRequest, ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

const O = "/api/order";
const M = "/api/masterdata";

function filterValue(filters: CrudFilter[], field: string): unknown {
  for (const f of filters) {
    if ("field" in f && f.field === field) return f.value;
  }
  return undefined;
}

/** Refine list params → `page, limit` plus the named filters, leaving out empty ones (and the `all` tab). */
export function listQuery(req: ListRequest, fields: readonly string[]): Record<string, unknown> {
  const query: Record<string, unknown> = { page: req.page, limit: req.limit };
  for (const field of fields) {
    let value = filterValue(req.filters, field);
    if (typeof value === "string") value = value.trim();
    if (value === undefined || value === null || value === "" || (field === "status" && value === "all")) continue;
    query[field] = value;
  }
  return query;
}

export const ORDER_FILTERS = ["status", "channel", "shopId", "branchId", "dateFrom", "dateTo", "search"] as const;

/** The foundation's `{items, total, maxpage}` list answer. */
function pagedList(method: "GET" | "POST", path: string, fields: readonly string[]): ListEndpoint {
  return {
    method,
    path,
    toRequest: (req) => listQuery(req, fields),
    fromResponse: (body) => ({ data: body?.items ?? [], total: body?.total ?? 0, extra: { maxpage: body?.maxpage ?? 0 } }),
  };
}

const claimEndpoints: EndpointMap = {
  list: pagedList("GET", `${O}/claimlist`, ["status", "kind", "shopId", "search", "orderId"]),
  one: { method: "GET", path: `${O}/claimdetail`, toRequest: (id) => ({ id: Number(id) }), fromResponse: (body) => body.data },
};

const endpoints: EndpointMap = {
  // orderlist keeps its legacy answer; the status counts ride along as a list extra for the tabs.
  list: {
    method: "POST",
    path: `${O}/orderlist`,
    toRequest: (req) => listQuery(req, ORDER_FILTERS),
    fromResponse: (body) => ({
      data: body?.orders ?? [],
      total: body?.totalorders ?? 0,
      extra: { maxpage: body?.maxpageorders ?? 0, sumordersstatus: body?.sumordersstatus ?? [] },
    }),
  },
  one: { method: "GET", path: `${O}/orderview`, toRequest: (id) => ({ id: Number(id) }), fromResponse: (body) => body.data },
  actions: {
    items: { method: "GET", path: `${O}/orderviewitem` },
    counts: { method: "GET", path: `${O}/sumordersstatus` },
    exportCsv: { method: "GET", path: `${O}/exportorders` },
    sync: { method: "POST", path: `${O}/syncorders` },
    changeStatus: { method: "POST", path: `${O}/changestatusorder` },
    cancel: { method: "POST", path: `${O}/cancelorder` },
    readyItems: { method: "POST", path: `${O}/changestatusreadyitem` },
    ship: { method: "POST", path: `${O}/shippingorder` },
    confirmReceived: { method: "POST", path: `${O}/confirmreceived` },
    restoreRedeem: { method: "POST", path: `${O}/restoreredeem` },
    bill: { method: "POST", path: `${O}/reportbilljoborder` },
    contact: { method: "POST", path: `${O}/contactcustomer` },
    contacts: { method: "GET", path: `${O}/contactcuslist` },
    deleteContact: { method: "POST", path: `${O}/deletecontactcustomer` },
    slipView: { method: "GET", path: `${O}/approveslipview` },
    approveSlip: { method: "POST", path: `${O}/approveslip` },
    uploadSlip: { method: "POST", path: `${O}/uploadslippayment` },
    changeSlip: { method: "POST", path: `${O}/changeslip` },
    requestPo: { method: "POST", path: `${O}/requestpoorder` },
    issuePo: { method: "POST", path: `${O}/genaratepo` },
    cancelPo: { method: "POST", path: `${O}/cancelpo` },
    restorePo: { method: "POST", path: `${O}/restorepo` },
    poList: { method: "GET", path: `${O}/poorders` },
    poTracking: { method: "GET", path: `${O}/trackingpo` },
    poDocument: { method: "GET", path: `${O}/documentpo` },
    poItems: { method: "GET", path: `${O}/documentpoorderitem` },
    transfer: { method: "POST", path: `${O}/transferproduct` },
    transferDocument: { method: "GET", path: `${O}/documenttransfer` },
    requestCancelTransfer: { method: "POST", path: `${O}/ropcanceltransfer` },
    cancelTransfer: { method: "POST", path: `${O}/canceltransferdoc` },
    clearTransfer: { method: "POST", path: `${O}/cleartransfer` },
    fileClaim: { method: "POST", path: `${O}/fileclaim` },
    setClaim: { method: "POST", path: `${O}/setclaimorder` },
    statuses: { method: "GET", path: `${M}/masterorderstatus` },
    channels: { method: "GET", path: `${M}/masterorderchanel` },
    branches: { method: "GET", path: `${M}/masterbranch` },
    banks: { method: "GET", path: `${M}/masterbank` },
    transportTypes: { method: "GET", path: `${M}/mastertransporttype` },
    claimReasons: { method: "GET", path: `${M}/masterclaim` },
    // The order contract has no shop list; the product filters carry the caller's shops.
    shops: { method: "GET", path: "/api/product/masterproduct" },
  },
};

export const orders: ResourceModule = {
  pages: {
    orders: {
      list: page(() => import("./OrderList").then((m) => m.OrderList), { variant: "all" }),
      show: page(() => import("./OrderView").then((m) => m.OrderView), { variant: "all" }),
    },
    "orders-branch": {
      list: page(() => import("./OrderList").then((m) => m.OrderList), { variant: "branch" }),
      show: page(() => import("./OrderView").then((m) => m.OrderView), { variant: "branch" }),
    },
    "orders-slip": { list: page(() => import("./SlipList").then((m) => m.SlipList)) },
    "orders-claim": {
      list: page(() => import("./Claims").then((m) => m.ClaimList)),
      create: page(() => import("./Claims").then((m) => m.ClaimNew)),
      show: page(() => import("./Claims").then((m) => m.ClaimDetail), { kind: "claim" }),
    },
    "orders-return": { show: page(() => import("./Claims").then((m) => m.ClaimDetail), { kind: "return" }) },
  },
  name: "orders",
  endpoints,
  resourceEndpoints: {
    "orders-branch": {
      list: pagedList("GET", `${O}/orderlistbranch`, ["status", "branchId", "shopId", "search", "dateFrom", "dateTo"]),
    },
    "orders-slip": { list: pagedList("GET", `${O}/slippayment`, ["status", "shopId", "search"]) },
    "orders-claim": claimEndpoints,
    "orders-return": claimEndpoints,
  },
  resources: screensOf("orders"),
};

export default orders;
