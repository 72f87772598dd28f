import { pgTable, serial, integer, text, boolean, jsonb, index } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { windowColumns } from './window.js';

/** A category tile on the marketplace home page: its name in the five languages, image, where it leads, order, window. */
export const homeCategories = pgTable(
  'home_categories',
  {
    id: serial('id').primaryKey(),
    /** `{ en, fr, vi, cn, ar }` */
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    imageUrl: text('image_url').notNull(),
    /** category | campaign | product */
    linkType: text('link_type').notNull(),
    linkId: integer('link_id').notNull(),
    position: integer('position').notNull(),
    active: boolean('active').notNull().default(true),
    ...windowColumns(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('home_categories_position').on(t.position)],
);
