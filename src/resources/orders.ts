import type { ResourceModule } from "./types";
import { screen } from "./define";

const O = "/api/order";

export const orders: ResourceModule = {
  name: "orders",
  endpoints: {},
  resources: [
    screen({
      identifier: "orders",
      name: "orders",
      area: "admin",
      menuPath: "/admin/orders",
      label: "resources.orders",
      list: "/admin/orders/list",
      show: "/admin/orders/:id/view",
      endpoints: [
        `${O}/orderlist`, `${O}/sumordersstatus`, `${O}/orderview`, `${O}/orderviewitem`, `${O}/changestatusorder`,
        `${O}/cancelorder`, `${O}/changestatusreadyitem`, `${O}/syncorders`, `${O}/contactcustomer`,
        `${O}/deletecontactcustomer`, `${O}/contactcuslist`, `${O}/shippingorder`, `${O}/confirmreceived`,
        "/api/masterdata/masterorderstatus", "/api/masterdata/masterorderchanel",
      ],
    }),
    screen({
      identifier: "orders-branch",
      name: "orders-branch",
      area: "admin",
      menuPath: "/admin/orders",
      label: "resources.orders-branch",
      list: "/admin/orders/listbranch",
      show: "/admin/orders/:id/viewbranch",
      endpoints: [
        `${O}/orderlistbranch`, `${O}/orderview`, `${O}/transferproduct`, `${O}/ropcanceltransfer`,
        `${O}/cleartransfer`, `${O}/documenttransfer`, `${O}/canceltransferdoc`, `${O}/requestpoorder`,
        `${O}/poorders`, `${O}/trackingpo`, `${O}/documentpo`, `${O}/documentpoorderitem`, `${O}/cancelpo`,
        `${O}/genaratepo`, `${O}/restorepo`, "/api/masterdata/masterbranch",
      ],
    }),
    screen({
      identifier: "orders-slip",
      name: "orders-slip",
      area: "admin",
      menuPath: "/admin/orders",
      label: "resources.orders-slip",
      list: "/admin/orders/listslip",
      endpoints: [
        `${O}/slippayment`, `${O}/approveslipview`, `${O}/approveslip`, `${O}/uploadslippayment`,
        `${O}/changeslip`, `${O}/restoreredeem`,
      ],
    }),
    screen({
      identifier: "orders-return",
      name: "orders-return",
      area: "admin",
      menuPath: "/admin/orders",
      label: "resources.orders-return",
      show: "/admin/orders/productclaim/product-return-detail/:id",
      endpoints: [`${O}/claimdetail`, `${O}/setclaimorder`],
    }),
    screen({
      identifier: "orders-claim",
      name: "orders-claim",
      area: "admin",
      menuPath: "/admin/orders",
      label: "resources.orders-claim",
      show: "/admin/orders/productclaim/product-claim-detail/:id/view",
      create: "/admin/orders/productclaim/product-claim-new/:id",
      endpoints: [`${O}/claimlist`, `${O}/claimdetail`, `${O}/fileclaim`, `${O}/setclaimorder`, "/api/masterdata/masterclaim"],
    }),
  ],
};
