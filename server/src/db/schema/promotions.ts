import {
  pgTable,
  serial,
  bigserial,
  integer,
  text,
  boolean,
  numeric,
  primaryKey,
  uniqueIndex,
  index,
  jsonb,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { roles, shops, users } from './core.js';
import { products } from './products.js';
import { orders } from './orders.js';
import { windowColumns } from './window.js';

// ---------- home sale: groups of product links on the home page ----------

export const homeSaleGroups = pgTable('home_sale_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** A code of the master group list (`mastergrouplist`), e.g. hot deals, best price. */
  groupType: text('group_type').notNull(),
  position: integer('position').notNull(),
  active: boolean('active').notNull().default(true),
  ...windowColumns(),
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const homeSaleLinks = pgTable(
  'home_sale_links',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => homeSaleGroups.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('home_sale_links_group_product').on(t.groupId, t.productId)],
);

// ---------- flash sales ----------

/** A product sold below its normal price, up to a stock limit, inside a window; one product's windows never overlap. */
export const flashSales = pgTable(
  'flash_sales',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    salePrice: numeric('sale_price', { precision: 12, scale: 2 }).notNull(),
    /** The product's price when the sale was set, for the report. */
    normalPrice: numeric('normal_price', { precision: 12, scale: 2 }).notNull(),
    stockLimit: integer('stock_limit').notNull(),
    ...windowColumns(),
    /** scheduled | closed (closing is final) */
    status: text('status').notNull().default('scheduled'),
    closedAt: ts('closed_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('flash_sales_product_window').on(t.productId, t.startsAt)],
);

// ---------- notifications ----------

/** A push-style message to an audience (everyone, one shop's users, one role), sent now or when due. */
export const notificationMessages = pgTable(
  'notification_messages',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A code of `masternotify` (promotion, order, system…). */
    category: text('category').notNull(),
    /** all | shop | role | user */
    audience: text('audience').notNull(),
    audienceShopId: integer('audience_shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    audienceRoleId: integer('audience_role_id').references(() => roles.id, { onDelete: 'cascade' }),
    /** audience `user`: one person (events such as "your product was approved"). */
    audienceUserId: integer('audience_user_id').references(() => users.id, { onDelete: 'cascade' }),
    link: text('link'),
    /**
     * A notice the system sent (notices.ts): its kind and values, so each reader sees it in their own language;
     * `title` and `body` hold the English text. Null for messages staff composed.
     */
    template: text('template'),
    params: jsonb('params').$type<Record<string, string | number>>(),
    scheduledAt: ts('scheduled_at').notNull(),
    timezone: text('timezone').notNull().default('Asia/Bangkok'),
    /** draft | scheduled | sent | cancelled */
    status: text('status').notNull().default('scheduled'),
    sentAt: ts('sent_at'),
    recipientCount: integer('recipient_count'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('notification_messages_due').on(t.status, t.scheduledAt)],
);

/** Each recipient's copy of a sent message (their notification list). */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => notificationMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: ts('read_at'),
    deliveredAt: ts('delivered_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index('notification_recipients_user').on(t.userId, t.deliveredAt),
  ],
);

/**
 * The real-time stream of each user's notifications: one row per delivery, in delivery order. The
 * event stream sends rows after the `Last-Event-ID` a reconnecting client gives, so it misses none.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => notificationMessages.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('notification_events_user').on(t.userId, t.id)],
);

// ---------- old for new (trade-in) ----------

export const oldForNewCampaigns = pgTable('old_for_new_campaigns', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** percent | fixed */
  discountType: text('discount_type').notNull(),
  discountValue: numeric('discount_value', { precision: 12, scale: 2 }).notNull(),
  ...windowColumns(),
  /** active | closed */
  status: text('status').notNull().default('active'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const oldForNewProducts = pgTable(
  'old_for_new_products',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => oldForNewCampaigns.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.productId] })],
);

// ---------- coupon lines ----------

/** A batch of coupon codes handed out through LINE: the discount, its limits and window. */
export const couponBatches = pgTable('coupon_batches', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  prefix: text('prefix').notNull(),
  /** percent | fixed */
  discountType: text('discount_type').notNull(),
  discountValue: numeric('discount_value', { precision: 12, scale: 2 }).notNull(),
  /** Cap of a percent discount, THB; null = none. */
  maxDiscount: numeric('max_discount', { precision: 12, scale: 2 }),
  minSpend: numeric('min_spend', { precision: 12, scale: 2 }).notNull().default('0'),
  codeCount: integer('code_count').notNull(),
  usesPerCode: integer('uses_per_code').notNull().default(1),
  usesPerCustomer: integer('uses_per_customer').notNull().default(1),
  ...windowColumns(),
  /** active | closed */
  status: text('status').notNull().default('active'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const couponCodes = pgTable(
  'coupon_codes',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => couponBatches.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    usedCount: integer('used_count').notNull().default(0),
  },
  (t) => [uniqueIndex('coupon_codes_code').on(t.code), index('coupon_codes_batch').on(t.batchId)],
);

/** One use of a code on an order; `customer` is the customer's e-mail or phone, normalised. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id')
      .notNull()
      .references(() => couponCodes.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    customer: text('customer').notNull(),
    discount: numeric('discount', { precision: 12, scale: 2 }).notNull(),
    redeemedAt: ts('redeemed_at').notNull().defaultNow(),
  },
  (t) => [
    index('coupon_redemptions_code_customer').on(t.codeId, t.customer),
    uniqueIndex('coupon_redemptions_order').on(t.orderId),
  ],
);
