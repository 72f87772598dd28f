import { pgTable, serial, integer, text, boolean, numeric, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { shops } from './core.js';

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  shopId: integer('shop_id').notNull().references(() => shops.id),
  code: text('code').notNull(),
  name: text('name').notNull(),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  imageUrl: text('image_url'),
  approvalStatus: text('approval_status').notNull().default('draft'),
  online: boolean('online').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('products_shop_code').on(t.shopId, t.code), index('products_shop').on(t.shopId)]);

