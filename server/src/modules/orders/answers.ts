/**
 * What the order reads answer: closed schemas (the OpenAPI test checks every read's payload against them
 * before serialization), and the types the front end generates from the document.
 */
import { listResponse } from '../../lib/schemas.js';
import { CLAIM_STATUSES, ORDER_STATUSES, PO_STATUSES, SLIP_STATUSES, TRANSFER_STATUSES } from './state.js';

const int = { type: 'integer' } as const;
const num = { type: 'number' } as const;
const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
const nInt = { type: ['integer', 'null'] } as const;
const nStr = { type: ['string', 'null'] } as const;
const nNum = { type: ['number', 'null'] } as const;
const nDay = { type: ['string', 'null'], format: 'date' } as const;
const at = { type: 'string', format: 'date-time' } as const;
const nAt = { type: ['string', 'null'], format: 'date-time' } as const;

function closed(properties: Record<string, unknown>) {
  return { type: 'object', additionalProperties: false, properties, required: Object.keys(properties) };
}
const data = (schema: unknown) => closed({ data: schema });

/** One row of the order list (toOrderSummary): a closed schema, so fast-json-stringify writes it without a generic fallback. */
export const orderSummarySchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'orderNo',
    'shopId',
    'shopName',
    'customerName',
    'customerPhone',
    'channel',
    'branchId',
    'branchName',
    'shipment',
    'status',
    'paymentMethod',
    'itemCount',
    'total',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: { type: 'integer' },
    orderNo: { type: 'string' },
    shopId: { type: 'integer' },
    shopName: { type: 'string' },
    customerName: { type: 'string' },
    customerPhone: { type: 'string' },
    channel: { type: 'string' },
    branchId: { type: ['integer', 'null'] },
    branchName: { type: ['string', 'null'] },
    shipment: { type: 'string' },
    status: { type: 'string', enum: ORDER_STATUSES },
    paymentMethod: { type: 'string' },
    itemCount: { type: 'integer' },
    total: { type: 'number' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;

/** A row of an order's (or a document's) history: `code` + `params` are what the screen words. */
export const eventSchema = closed({
  id: int,
  kind: str,
  fromStatus: nStr,
  toStatus: nStr,
  message: nStr,
  code: nStr,
  params: { type: ['object', 'null'], additionalProperties: { type: ['string', 'number'] } },
  refId: nInt,
  actorId: nInt,
  actorName: nStr,
  createdAt: at,
});

const address = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    name: str,
    phone: str,
    address: str,
    subdistrict: nStr,
    district: str,
    province: str,
    zipcode: str,
    districtId: int,
    provinceId: int,
  },
  required: ['name', 'phone', 'address', 'district', 'province', 'zipcode'],
} as const;

const { properties: summaryProps } = orderSummarySchema;

/** `paidAmount`/`owedAmount`: what the order's approved slips add up to, and what it still owes. */
export const orderDetailSchema = closed({
  ...summaryProps,
  customerEmail: nStr,
  shippingAddress: address,
  billingAddress: address,
  subtotal: num,
  discount: num,
  shippingFee: num,
  redeemPoints: int,
  redeemRestored: bool,
  transportType: nStr,
  /** The carrier chosen at checkout, its rate (before free shipping) and the expected delivery days (YYYY-MM-DD). */
  carrierName: nStr,
  shippingRate: nNum,
  expectedDeliveryFrom: nDay,
  expectedDeliveryTo: nDay,
  trackingNo: nStr,
  cancelReason: nStr,
  paidAt: nAt,
  shippedAt: nAt,
  deliveredAt: nAt,
  completedAt: nAt,
  cancelledAt: nAt,
  version: int,
  nextStatuses: { type: 'array', items: { type: 'string', enum: ORDER_STATUSES } },
  canCancel: bool,
  canClaim: bool,
  timeline: { type: 'array', items: eventSchema },
  paidAmount: num,
  owedAmount: num,
});

export const orderItemSchema = closed({
  id: int,
  orderId: int,
  productId: int,
  productCode: str,
  productName: str,
  qty: int,
  unitPrice: num,
  /** The price without the promotion that gave unitPrice (null: none). */
  listPrice: nNum,
  promotion: {
    type: ['object', 'null'],
    additionalProperties: false,
    properties: { kind: { type: 'string', enum: ['flash_sale', 'home_sale'] }, id: int, name: str },
    required: ['kind', 'id', 'name'],
  },
  amount: num,
  ready: bool,
  readyAt: nAt,
  claimedQty: int,
});

export const contactSchema = closed({
  id: int,
  orderId: int,
  channel: str,
  note: str,
  actorId: nInt,
  actorName: nStr,
  createdAt: at,
});

/** `orderTotal`/`orderPaid`/`orderOwed`: the slip's order, what its approved slips add up to and what it still owes. */
export const slipSchema = closed({
  id: int,
  orderId: int,
  orderNo: str,
  shopId: int,
  shopName: str,
  orderStatus: str,
  bankCode: str,
  bankName: nStr,
  amount: num,
  transferredAt: at,
  imageUrl: nStr,
  status: { type: 'string', enum: SLIP_STATUSES },
  note: nStr,
  uploadedBy: nInt,
  uploadedByName: nStr,
  createdAt: at,
  reviewedBy: nInt,
  reviewedByName: nStr,
  reviewedAt: nAt,
  orderTotal: num,
  orderPaid: num,
  orderOwed: num,
});

const poItem = closed({ orderItemId: int, productCode: str, productName: str, qty: int, unitPrice: num, amount: num });
export const poSchema = closed({
  id: int,
  poNo: str,
  orderId: int,
  orderNo: str,
  shopId: int,
  shopName: str,
  status: { type: 'string', enum: PO_STATUSES },
  trackingNo: nStr,
  note: nStr,
  cancelReason: nStr,
  itemCount: int,
  total: num,
  createdAt: at,
  updatedAt: at,
  issuedAt: nAt,
  cancelledAt: nAt,
  items: { type: 'array', items: poItem },
});

const transferSchema = closed({
  id: int,
  transferNo: str,
  orderId: int,
  orderNo: str,
  shopId: int,
  fromBranchId: int,
  fromBranchName: nStr,
  toBranchId: int,
  toBranchName: nStr,
  status: { type: 'string', enum: TRANSFER_STATUSES },
  note: nStr,
  cancelReason: nStr,
  createdAt: at,
  updatedAt: at,
  items: { type: 'array', items: closed({ orderItemId: int, productCode: str, productName: str, qty: int }) },
});

export const claimSchema = closed({
  id: int,
  claimNo: str,
  kind: { type: 'string', enum: ['claim', 'return'] },
  orderId: int,
  orderNo: str,
  orderItemId: int,
  productCode: str,
  productName: str,
  shopId: int,
  shopName: str,
  reasonCode: str,
  reasonName: nStr,
  qty: int,
  description: str,
  photos: { type: 'array', items: str },
  status: { type: 'string', enum: CLAIM_STATUSES },
  resolution: nStr,
  createdAt: at,
  updatedAt: at,
  createdByName: nStr,
});

/** The printable bill / job report of an order (reportbilljoborder): its parties, addresses, items and sums. */
const billSchema = closed({
  documentNo: str,
  orderNo: str,
  status: { type: 'string', enum: ORDER_STATUSES },
  shop: closed({ id: int, name: str }),
  customer: closed({ name: str, phone: str, email: nStr }),
  shippingAddress: address,
  billingAddress: address,
  items: { type: 'array', items: orderItemSchema },
  subtotal: num,
  discount: num,
  shippingFee: num,
  total: num,
  redeemPoints: int,
  createdAt: at,
  printedAt: at,
  printedBy: str,
});

export const answers = {
  bill: closed({ status: int, message: str, data: billSchema }),
  sums: data({ type: 'array', items: closed({ status: str, count: int }) }),
  branchList: listResponse(orderSummarySchema),
  view: data(orderDetailSchema),
  viewItems: listResponse(orderItemSchema),
  contactList: listResponse(contactSchema),
  slipList: listResponse(slipSchema),
  slipView: data(
    closed({ ...slipSchema.properties, order: orderSummarySchema, otherSlips: { type: 'array', items: slipSchema } }),
  ),
  poList: listResponse(poSchema),
  poTracking: data(closed({ po: poSchema, events: { type: 'array', items: eventSchema } })),
  poDocument: data(
    closed({
      documentNo: str,
      po: poSchema,
      shop: closed({ id: int, name: str }),
      order: orderSummarySchema,
      printedAt: at,
    }),
  ),
  poOfItems: listResponse(
    closed({ orderItemId: int, productCode: str, productName: str, qty: int, poId: nInt, poNo: nStr, poStatus: nStr }),
  ),
  transferDoc: data(closed({ documentNo: str, transfer: transferSchema, order: orderSummarySchema, printedAt: at })),
  claimList: listResponse(claimSchema),
  claimDetail: data(
    closed({ ...claimSchema.properties, order: orderSummarySchema, history: { type: 'array', items: eventSchema } }),
  ),
};
