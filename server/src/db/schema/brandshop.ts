import { pgTable, serial, integer, text, boolean, jsonb, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ts } from './columns.js';
import { shops, users } from './core.js';

/** A shop's banners are grouped in named categories (e.g. "Hero", "Seasonal"); a storefront banner card shows one category. */
export const shopBannerCategories = pgTable(
  'shop_banner_categories',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shop_banner_categories_shop_name').on(t.shopId, sql`lower(${t.name})`)],
);

export const shopBanners = pgTable(
  'shop_banners',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => shopBannerCategories.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    imageUrl: text('image_url').notNull(),
    link: text('link'),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('shop_banners_category').on(t.categoryId, t.position)],
);

/**
 * Published storefronts: each publish stores the arranged board as a snapshot (sections, cards,
 * product and banner-category ids) under the next number; exactly one per shop is live. Rolling
 * back makes the one before the live one live again.
 */
export const storefrontVersions = pgTable(
  'storefront_versions',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    live: boolean('live').notNull().default(false),
    publishedAt: ts('published_at').notNull().defaultNow(),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('storefront_versions_shop_number').on(t.shopId, t.number),
    uniqueIndex('storefront_versions_live')
      .on(t.shopId)
      .where(sql`${t.live}`),
  ],
);
