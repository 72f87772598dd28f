import { sql } from 'drizzle-orm';
import {
  pgTable,
  serial,
  integer,
  text,
  numeric,
  index,
  boolean,
  jsonb,
  primaryKey,
  bigint,
  uniqueIndex,
  date,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { shops, users } from './core.js';
import { products } from './products.js';

/** A promotion that priced an order line: a flash sale or a home-sale group, by id and name when ordered. */
export interface LinePromotion {
  kind: 'flash_sale' | 'home_sale';
  id: number;
  name: string;
}

export interface OrderAddress {
  name: string;
  phone: string;
  address: string;
  subdistrict: string | null;
  districtId: number | null;
  district: string | null;
  provinceId: number | null;
  province: string | null;
  zipcode: string | null;
}

// ---- order master data -------------------------------------------------------------------------

/** Small code lists (status, channel, shipment, transport type, collect type, rate time, bank, claim reason). */
export const orderMasterData = pgTable(
  'order_master_data',
  {
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameTh: text('name_th').notNull(),
    sort: integer('sort').notNull().default(0),
    attrs: jsonb('attrs').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.kind, t.code] })],
);

export const provinces = pgTable('provinces', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameTh: text('name_th').notNull(),
});

export const districts = pgTable(
  'districts',
  {
    id: serial('id').primaryKey(),
    provinceId: integer('province_id')
      .notNull()
      .references(() => provinces.id),
    name: text('name').notNull(),
    nameTh: text('name_th').notNull(),
    zipcode: text('zipcode').notNull(),
  },
  (t) => [index('districts_province').on(t.provinceId)],
);

export const branches = pgTable('branches', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameTh: text('name_th').notNull(),
  provinceId: integer('province_id')
    .notNull()
    .references(() => provinces.id),
  address: text('address').notNull(),
  phone: text('phone').notNull(),
  active: boolean('active').notNull().default(true),
});

// ---- orders ------------------------------------------------------------------------------------

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    orderNo: text('order_no').notNull().unique(),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull().default(''),
    customerEmail: text('customer_email'),
    channel: text('channel').notNull(),
    /** One of ORDER_STATUSES (modules/orders/state.ts); counters follow it through triggers. */
    status: text('status').notNull(),
    branchId: integer('branch_id').references(() => branches.id),
    shipment: text('shipment').notNull().default('delivery'),
    paymentMethod: text('payment_method').notNull().default('transfer'),
    itemCount: integer('item_count').notNull().default(0),
    subtotal: numeric('subtotal', { precision: 14, scale: 2 }).notNull().default('0'),
    discount: numeric('discount', { precision: 14, scale: 2 }).notNull().default('0'),
    shippingFee: numeric('shipping_fee', { precision: 14, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    redeemPoints: integer('redeem_points').notNull().default(0),
    redeemRestored: boolean('redeem_restored').notNull().default(false),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress | null>(),
    billingAddress: jsonb('billing_address').$type<OrderAddress | null>(),
    transportType: text('transport_type'),
    /** The carrier chosen at checkout as it was named then, the rate it quoted (before free shipping) and the delivery days expected. */
    carrierName: text('carrier_name'),
    shippingRate: numeric('shipping_rate', { precision: 12, scale: 2 }),
    expectedDeliveryFrom: date('expected_delivery_from', { mode: 'string' }),
    expectedDeliveryTo: date('expected_delivery_to', { mode: 'string' }),
    trackingNo: text('tracking_no'),
    cancelReason: text('cancel_reason'),
    paidAt: ts('paid_at'),
    shippedAt: ts('shipped_at'),
    deliveredAt: ts('delivered_at'),
    completedAt: ts('completed_at'),
    cancelledAt: ts('cancelled_at'),
    version: integer('version').notNull().default(1),
    /** A back-office order's idempotency key (checkout): the same key places one order. */
    idempotencyKey: text('idempotency_key').unique(),
    /** The staff member who placed a back-office order. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Shop-only pages (and the dashboard's per-shop reads).
    index('orders_shop_created').on(t.shopId, t.createdAt.desc(), t.id.desc()),
    // Keyset-friendly list indexes: every list filter + newest first, id as tie breaker.
    index('orders_shop_status_created').on(t.shopId, t.status, t.createdAt.desc(), t.id.desc()),
    index('orders_status_created').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('orders_created').on(t.createdAt.desc(), t.id.desc()),
    index('orders_branch_created')
      .on(t.branchId, t.createdAt.desc(), t.id.desc())
      .where(sql`branch_id is not null`),
    index('orders_customer_phone').on(t.customerPhone),
  ],
);

/** Kept by triggers on `orders` in the same transaction as every insert/status change/delete. */
export const orderStatusCounters = pgTable(
  'order_status_counters',
  {
    shopId: integer('shop_id').notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.status] })],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id),
    productCode: text('product_code').notNull(),
    productName: text('product_name').notNull(),
    qty: integer('qty').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    /** The product's price without the promotion that gave `unitPrice` (null: no promotion, or from before promotions were kept). */
    listPrice: numeric('list_price', { precision: 12, scale: 2 }),
    /** The promotion that gave `unitPrice` at the moment of ordering. */
    promotion: jsonb('promotion').$type<LinePromotion | null>(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    ready: boolean('ready').notNull().default(false),
    readyAt: ts('ready_at'),
    readyBy: integer('ready_by').references(() => users.id),
  },
  (t) => [index('order_items_order').on(t.orderId)],
);

/** The order timeline: every status change, note, document, slip, PO, transfer, claim — who and when. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    message: text('message').notNull(),
    /** The message as a code and values (modules/orders/events.ts), worded by the client in the reader's language. */
    data: jsonb('data').$type<{ code: string; params: Record<string, string | number> }>(),
    refId: integer('ref_id'),
    actorId: integer('actor_id').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_events_order').on(t.orderId, t.createdAt)],
);

export const orderContacts = pgTable(
  'order_contacts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    note: text('note').notNull(),
    actorId: integer('actor_id').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('order_contacts_order').on(t.orderId)],
);

export const paymentSlips = pgTable(
  'payment_slips',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    bankCode: text('bank_code').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    transferredAt: ts('transferred_at').notNull(),
    imageUrl: text('image_url'),
    status: text('status').notNull().default('pending'),
    note: text('note'),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('payment_slips_order').on(t.orderId),
    index('payment_slips_shop_created').on(t.shopId, t.createdAt.desc()),
    index('payment_slips_status_created').on(t.status, t.createdAt.desc()),
  ],
);

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    poNo: text('po_no').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    status: text('status').notNull().default('requested'),
    trackingNo: text('tracking_no'),
    note: text('note'),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    issuedAt: ts('issued_at'),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    index('purchase_orders_order').on(t.orderId),
    index('purchase_orders_shop_created').on(t.shopId, t.createdAt.desc()),
  ],
);

export const purchaseOrderItems = pgTable(
  'purchase_order_items',
  {
    poId: integer('po_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
  },
  (t) => [primaryKey({ columns: [t.poId, t.orderItemId] })],
);

export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: serial('id').primaryKey(),
    transferNo: text('transfer_no').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    fromBranchId: integer('from_branch_id')
      .notNull()
      .references(() => branches.id),
    toBranchId: integer('to_branch_id')
      .notNull()
      .references(() => branches.id),
    status: text('status').notNull().default('requested'),
    note: text('note'),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('stock_transfers_order').on(t.orderId)],
);

export const stockTransferItems = pgTable(
  'stock_transfer_items',
  {
    transferId: integer('transfer_id')
      .notNull()
      .references(() => stockTransfers.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
  },
  (t) => [primaryKey({ columns: [t.transferId, t.orderItemId] })],
);

/** Claims (defective item) and returns, filed on an item of a delivered order. */
export const orderClaims = pgTable(
  'order_claims',
  {
    id: serial('id').primaryKey(),
    claimNo: text('claim_no').notNull(),
    kind: text('kind').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    reasonCode: text('reason_code').notNull(),
    qty: integer('qty').notNull(),
    description: text('description').notNull().default(''),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('filed'),
    resolution: text('resolution'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_claims_no').on(t.claimNo),
    index('order_claims_order').on(t.orderId),
    index('order_claims_shop_created').on(t.shopId, t.createdAt.desc()),
  ],
);
