import { pgTable, serial, integer, text, jsonb, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ts } from './columns.js';
import { users } from './core.js';

/**
 * A user's named list settings (filters, sorters, columns, page size) for one list screen.
 * Names are unique per user and list, ignoring case: "Open orders" and "open orders" would be
 * the same view to the person picking one.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listKey: text('list_key').notNull(),
    name: text('name').notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_views_user_list_name').on(t.userId, t.listKey, sql`lower(${t.name})`)],
);
