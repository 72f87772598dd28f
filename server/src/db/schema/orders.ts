import { pgTable, serial, integer, text, numeric, index } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { shops } from './core.js';

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  shopId: integer('shop_id').notNull().references(() => shops.id),
  orderNo: text('order_no').notNull().unique(),
  customerName: text('customer_name').notNull(),
  channel: text('channel').notNull(),
  status: text('status').notNull(),
  total: numeric('total', { precision: 14, scale: 2 }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('orders_shop_created').on(t.shopId, t.createdAt)]);

