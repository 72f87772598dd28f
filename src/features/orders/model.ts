import { orders } from "./resource";
import { callsOf, screenPath } from "../../resources/calls";

export type OrderStatus =
  | "pending_payment" | "paid" | "preparing" | "ready_to_ship" | "shipped" | "delivered" | "completed" | "cancelled";

/** The state machine's order; the server's `masterorderstatus` answers the same codes. */
export const ORDER_STATUSES: OrderStatus[] = [
  "pending_payment", "paid", "preparing", "ready_to_ship", "shipped", "delivered", "completed", "cancelled",
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

export interface OrderSummary {
  id: number;
  orderNo: string;
  shopId: number;
  shopName: string;
  customerName: string;
  customerPhone: string;
  channel: string;
  branchId: number | null;
  branchName: string | null;
  shipment: string;
  status: OrderStatus;
  paymentMethod: string;
  itemCount: number;
  total: number;
  createdAt: string;
  updatedAt: string;
}

export interface Address {
  name: string;
  phone: string;
  address: string;
  subdistrict: string;
  district: string;
  province: string;
  zipcode: string;
}

export interface TimelineEvent {
  id: number;
  kind: string;
  fromStatus: string | null;
  toStatus: string | null;
  /** English, for events from before codes; `code` and `params` are what the screen words. */
  message: string | null;
  code: string | null;
  params: Record<string, string | number> | null;
  actorId: number | null;
  actorName: string | null;
  createdAt: string;
}

export interface OrderDetail extends OrderSummary {
  customerEmail: string | null;
  shippingAddress: Address | null;
  billingAddress: Address | null;
  subtotal: number;
  discount: number;
  shippingFee: number;
  redeemPoints: number;
  redeemRestored: boolean;
  transportType: string | null;
  trackingNo: string | null;
  cancelReason: string | null;
  paidAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  /** What the order's approved slips add up to, and what it still owes (0 unless it waits for payment). */
  paidAmount: number;
  owedAmount: number;
  version: number;
  nextStatuses: string[];
  canCancel: boolean;
  canClaim: boolean;
  timeline: TimelineEvent[];
}

export interface OrderItem {
  id: number;
  orderId: number;
  productId: number;
  productCode: string;
  productName: string;
  qty: number;
  unitPrice: number;
  amount: number;
  ready: boolean;
  readyAt: string | null;
  claimedQty: number;
}

export interface Slip {
  id: number;
  orderId: number;
  orderNo: string;
  shopId: number;
  shopName: string;
  orderStatus: string;
  bankCode: string;
  bankName: string;
  amount: number;
  transferredAt: string;
  imageUrl: string;
  status: "pending" | "approved" | "rejected" | "replaced";
  note: string | null;
  uploadedByName: string | null;
  createdAt: string;
  reviewedByName: string | null;
  reviewedAt: string | null;
  /** The slip's order: its total, what its approved slips add up to and what it still owes. */
  orderTotal: number;
  orderPaid: number;
  orderOwed: number;
}

export interface PurchaseOrder {
  id: number;
  poNo: string;
  orderId: number;
  status: "requested" | "issued" | "cancelled";
  trackingNo: string | null;
  note: string | null;
  cancelReason: string | null;
  itemCount: number;
  total: number;
  createdAt: string;
  issuedAt: string | null;
  items: { orderItemId: number; productCode: string; productName: string; qty: number; unitPrice: number; amount: number }[];
}

export interface Transfer {
  id: number;
  transferNo: string;
  orderId: number;
  fromBranchName: string;
  toBranchName: string;
  status: "requested" | "cancel_requested" | "cancelled" | "cleared";
  note: string | null;
  cancelReason: string | null;
  createdAt: string;
  items: { orderItemId: number; productCode: string; productName: string; qty: number }[];
}

export type ClaimStatus = "filed" | "reviewing" | "approved" | "rejected" | "resolved";

export interface Claim {
  id: number;
  claimNo: string;
  kind: "claim" | "return";
  orderId: number;
  orderNo: string;
  orderItemId: number;
  productCode: string;
  productName: string;
  shopName: string;
  reasonCode: string;
  reasonName: string;
  qty: number;
  description: string | null;
  photos: string[];
  status: ClaimStatus;
  resolution: string | null;
  createdAt: string;
  updatedAt: string;
  createdByName: string | null;
}

/** The claim machine: filed → reviewing → approved | rejected, approved → resolved. */
export const CLAIM_NEXT: Record<ClaimStatus, ClaimStatus[]> = {
  filed: ["reviewing"],
  reviewing: ["approved", "rejected"],
  approved: ["resolved"],
  rejected: [],
  resolved: [],
};

export interface MasterItem {
  code: string;
  name: string;
  nameTh?: string;
  color?: string;
  kind?: string;
}

export interface Branch {
  id: number;
  code: string;
  name: string;
}

export interface StatusCount {
  status: string;
  count: number;
}

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
    claim.kind === "return" ? screenPath("orders-return", "show", claim.id) : screenPath("orders-claim", "show", claim.id),
};
