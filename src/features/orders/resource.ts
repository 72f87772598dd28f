import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";
import { orders as api } from "./endpoints";

/** The order list's first reads: its table and the masters of its filters (OrderList.tsx). */
const listReads = {
  list: { resource: "orders" },
  actions: ["statuses", "channels", "branches", "shops"].map((action) => ({ resource: "orders", action })),
};

/** The screens of `./endpoints`: the pages each route opens. Screens import the endpoints, never this file. */
export const orders = {
  ...api,
  pages: {
    orders: {
      list: page(() => import("./OrderList").then((m) => m.OrderList), { variant: "all" }, listReads),
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
  resources: screensOf("orders"),
} satisfies ResourceModule;

export default orders;
