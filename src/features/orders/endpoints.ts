import type { EndpointMap, ResourceEndpoints } from "../../resources/types";
import { action, byId, pagedList } from "../../resources/endpoints";

const O = "/api/order";
const M = "/api/masterdata";

export const ORDER_FILTERS = ["status", "channel", "shopId", "branchId", "dateFrom", "dateTo", "search"] as const;
/** The `all` status tab is no filter. */
const ALL = ["all"];

const claimEndpoints: EndpointMap = {
  list: pagedList(`${O}/claimlist`, { filters: ["status", "kind", "shopId", "search", "orderId"], allValues: ALL }),
  one: byId(`${O}/claimdetail`),
};

const endpoints = {
  // orderlist keeps its legacy answer; the status counts ride along as a list extra for the tabs.
  list: pagedList(`${O}/orderlist`, {
    method: "POST",
    filters: ORDER_FILTERS,
    allValues: ALL,
    fromResponse: (body) => ({
      data: body?.orders ?? [],
      total: body?.totalorders ?? 0,
      extra: { maxpage: body?.maxpageorders ?? 0, sumordersstatus: body?.sumordersstatus ?? [] },
    }),
  }),
  one: byId(`${O}/orderview`),
  actions: {
    items: action(`${O}/orderviewitem`, "GET"),
    counts: action(`${O}/sumordersstatus`, "GET"),
    exportCsv: action(`${O}/exportorders`, "GET"),
    sync: action(`${O}/syncorders`),
    changeStatus: action(`${O}/changestatusorder`),
    cancel: action(`${O}/cancelorder`),
    readyItems: action(`${O}/changestatusreadyitem`),
    ship: action(`${O}/shippingorder`),
    confirmReceived: action(`${O}/confirmreceived`),
    restoreRedeem: action(`${O}/restoreredeem`),
    bill: action(`${O}/reportbilljoborder`),
    contact: action(`${O}/contactcustomer`),
    contacts: action(`${O}/contactcuslist`, "GET"),
    deleteContact: action(`${O}/deletecontactcustomer`),
    slipView: action(`${O}/approveslipview`, "GET"),
    approveSlip: action(`${O}/approveslip`),
    uploadSlip: action(`${O}/uploadslippayment`),
    changeSlip: action(`${O}/changeslip`),
    requestPo: action(`${O}/requestpoorder`),
    issuePo: action(`${O}/genaratepo`),
    cancelPo: action(`${O}/cancelpo`),
    restorePo: action(`${O}/restorepo`),
    poList: action(`${O}/poorders`, "GET"),
    poTracking: action(`${O}/trackingpo`, "GET"),
    poDocument: action(`${O}/documentpo`, "GET"),
    poItems: action(`${O}/documentpoorderitem`, "GET"),
    transfer: action(`${O}/transferproduct`),
    transferDocument: action(`${O}/documenttransfer`, "GET"),
    requestCancelTransfer: action(`${O}/ropcanceltransfer`),
    cancelTransfer: action(`${O}/canceltransferdoc`),
    clearTransfer: action(`${O}/cleartransfer`),
    fileClaim: action(`${O}/fileclaim`),
    setClaim: action(`${O}/setclaimorder`),
    statuses: action(`${M}/masterorderstatus`, "GET"),
    channels: action(`${M}/masterorderchanel`, "GET"),
    branches: action(`${M}/masterbranch`, "GET"),
    banks: action(`${M}/masterbank`, "GET"),
    transportTypes: action(`${M}/mastertransporttype`, "GET"),
    claimReasons: action(`${M}/masterclaim`, "GET"),
    // The order contract has no shop list; the product filters carry the caller's shops.
    shops: action("/api/product/masterproduct", "GET"),
  },
} satisfies EndpointMap;

export const orders = {
  name: "orders",
  endpoints,
  resourceEndpoints: {
    "orders-branch": {
      list: pagedList(`${O}/orderlistbranch`, {
        filters: ["status", "branchId", "shopId", "search", "dateFrom", "dateTo"],
        allValues: ALL,
      }),
    },
    "orders-slip": { list: pagedList(`${O}/slippayment`, { filters: ["status", "shopId", "search"], allValues: ALL }) },
    "orders-claim": claimEndpoints,
    "orders-return": claimEndpoints,
  },
} satisfies ResourceEndpoints;

export default orders;
