import { pgTable, serial, integer, text, numeric, date, primaryKey, index } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { shops } from './core.js';
import { products } from './products.js';
import { orders } from './orders.js';

/**
 * Rollups the dashboards and reports read instead of scanning orders: kept current in the same
 * transaction as every order write (triggers, like order_status_counters). `day` is the Bangkok
 * calendar day the order was created on.
 */
export const orderDailyStats = pgTable(
  'order_daily_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    shopId: integer('shop_id').notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull(),
    orders: integer('orders').notNull().default(0),
    items: integer('items').notNull().default(0),
    revenue: numeric('revenue', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.shopId, t.channel, t.status] }),
    index('order_daily_stats_shop_day').on(t.shopId, t.day),
  ],
);

/** Units and revenue per product and day, from non-cancelled orders. */
export const productDailySales = pgTable(
  'product_daily_sales',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    shopId: integer('shop_id').notNull(),
    units: integer('units').notNull().default(0),
    revenue: numeric('revenue', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] }), index('product_daily_sales_shop_day').on(t.shopId, t.day)],
);

/** Storefront visits per shop, channel and day (the analytics screen's visitors and conversion). */
export const storefrontVisits = pgTable(
  'storefront_visits',
  {
    day: date('day', { mode: 'string' }).notNull(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    visits: integer('visits').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.shopId, t.channel] })],
);

/** A customer's review of a product they bought (the review report). */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    rating: integer('rating').notNull(),
    title: text('title'),
    body: text('body'),
    /** published | hidden */
    status: text('status').notNull().default('published'),
    reply: text('reply'),
    repliedAt: ts('replied_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('product_reviews_shop_created').on(t.shopId, t.createdAt),
    index('product_reviews_product').on(t.productId),
  ],
);
