import { pgTable, serial, integer, text, primaryKey, index } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { shops } from './core.js';
import { products } from './products.js';
import { shopBannerCategories } from './brandshop.js';

/**
 * A shop's storefront board (DESIGN.md §5): columns are storefront sections, cards are product
 * groups or banner strips, a card's products are what it shows. The board row carries the version
 * every change bumps: a move read at an older version is refused (409), so two people arranging
 * one board never lose or duplicate a card.
 */
export const boards = pgTable('boards', {
  shopId: integer('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const boardColumns = pgTable(
  'board_columns',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 0-based place in the board's column order; kept dense by every change. */
    position: integer('position').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('board_columns_shop').on(t.shopId, t.position)],
);

export const boardCards = pgTable(
  'board_cards',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    columnId: integer('column_id')
      .notNull()
      .references(() => boardColumns.id, { onDelete: 'cascade' }),
    /** 0-based place in its column; kept dense by every change. */
    position: integer('position').notNull(),
    /** A card type code from the board's master list (`products`, `banner`). */
    type: text('type').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** The banner category a `banner` card shows. */
    bannerCategoryId: integer('banner_category_id').references(() => shopBannerCategories.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('board_cards_column').on(t.columnId, t.position), index('board_cards_shop').on(t.shopId)],
);

/** The products a card shows, in order. */
export const boardCardProducts = pgTable(
  'board_card_products',
  {
    cardId: integer('card_id')
      .notNull()
      .references(() => boardCards.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.productId] }), index('board_card_products_product').on(t.productId)],
);
