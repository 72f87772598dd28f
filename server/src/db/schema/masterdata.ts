import { pgTable, serial, integer, text, jsonb, uniqueIndex, index, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Catalogue master data in one table keyed by `type` (brand, level1, level2, unit, warranty, unit_dimension,
 * weight_unit, volume_unit, color, product_status, shipping_type, tis, feedback, room, tile_size).
 * One shape is enough for these lookups; `extra` holds the few type-specific values (colour hex, tile cm).
 */
export const masterData = pgTable(
  'master_data',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    parentId: integer('parent_id'),
    extra: jsonb('extra').$type<Record<string, unknown>>(),
    sort: integer('sort').notNull().default(0),
    status: text('status').notNull().default('active'),
  },
  (t) => [uniqueIndex('master_data_type_code').on(t.type, t.code), index('master_data_type_sort').on(t.type, t.sort)],
);

/** Product attributes (e.g. "Energy label" with items "No. 5 (1 star)" …) managed on the attribute master screen. */
export const attributes = pgTable(
  'attributes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    iconUrl: text('icon_url'),
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('attributes_name_lower').on(sql`lower(${t.name})`)],
);

export const attributeItems = pgTable(
  'attribute_items',
  {
    id: serial('id').primaryKey(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('attribute_items_attr').on(t.attributeId, t.sort)],
);
