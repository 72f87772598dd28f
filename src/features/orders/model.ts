import type { Answer, DataOf, ItemOf } from "../../api";
import { orders } from "./endpoints";
import { callsOf, screenPath } from "../../resources/calls";

export type OrderStatus =
  "pending_payment" | "paid" | "preparing" | "ready_to_ship" | "shipped" | "delivered" | "completed" | "cancelled";

/** The state machine's order; the server's `masterorderstatus` answers the same codes. */
export const ORDER_STATUSES: OrderStatus[] = [
  "pending_payment",
  "paid",
  "preparing",
  "ready_to_ship",
  "shipped",
  "delivered",
  "completed",
  "cancelled",
];

export const STATUS_COLORS: Record<string, string> = {
  pending_payment: "gold",
  paid: "blue",
  preparing: "geekblue",
  ready_to_ship: "cyan",
  shipped: "purple",
  delivered: "lime",
  completed: "green",
  cancelled: "red",
  // slips
  pending: "gold",
  approved: "green",
  rejected: "red",
  replaced: "default",
  // purchase orders and transfers
  requested: "gold",
  issued: "green",
  cancel_requested: "orange",
  cleared: "green",
  // claims
  filed: "gold",
  reviewing: "blue",
  resolved: "green",
};

export type OrderSummary = Answer<"/api/order/orderlist", "post">["orders"][number];

export type Address = NonNullable<OrderDetail["shippingAddress"]>;

/** `code` and `params` are what the screen words; `message` is English, for events from before codes. */
export type TimelineEvent = OrderDetail["timeline"][number];

/** One order with its timeline, and what its approved slips add up to and what it still owes. */
export type OrderDetail = DataOf<"/api/order/orderview">;

export type OrderItem = ItemOf<"/api/order/orderviewitem">;

/** A payment slip, with its order's total, what the approved slips add up to and what it still owes. */
export type Slip = ItemOf<"/api/order/slippayment">;

export type PurchaseOrder = ItemOf<"/api/order/poorders">;

export type Transfer = DataOf<"/api/order/documenttransfer">["transfer"];

export type ClaimStatus = "filed" | "reviewing" | "approved" | "rejected" | "resolved";

export type Claim = ItemOf<"/api/order/claimlist">;

/** The claim machine: filed → reviewing → approved | rejected, approved → resolved. */
export const CLAIM_NEXT: Record<ClaimStatus, ClaimStatus[]> = {
  filed: ["reviewing"],
  reviewing: ["approved", "rejected"],
  approved: ["resolved"],
  rejected: [],
  resolved: [],
};

/** A code of the order master data; statuses carry their tag colour, claim reasons their kind. */
export type MasterItem = DataOf<"/api/masterdata/masterorderchanel">[number] &
  Partial<
    Pick<DataOf<"/api/masterdata/masterorderstatus">[number], "color"> &
      Pick<DataOf<"/api/masterdata/masterclaim">[number], "kind">
  >;

export type Branch = DataOf<"/api/masterdata/masterbranch">[number];

export type StatusCount = DataOf<"/api/order/sumordersstatus">[number];

export const RESOURCE = orders.name;
export const { readCall, writeCall } = callsOf(orders);

export const orderPaths = {
  list: screenPath("orders", "list"),
  branchList: screenPath("orders-branch", "list"),
  slips: screenPath("orders-slip", "list"),
  claims: screenPath("orders-claim", "list"),
  show: (id: number | string) => screenPath("orders", "show", id),
  branchShow: (id: number | string) => screenPath("orders-branch", "show", id),
  claimNew: (orderId: number | string) => screenPath("orders-claim", "create", orderId),
  claim: (claim: Pick<Claim, "id" | "kind">) =>
    claim.kind === "return"
      ? screenPath("orders-return", "show", claim.id)
      : screenPath("orders-claim", "show", claim.id),
};
