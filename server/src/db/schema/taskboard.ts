import { pgTable, serial, integer, text, date, index } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { users } from './core.js';

/** The template task board (`/admin/apps/kanban`, `/supplier/apps/kanban`): one board per user. */
export const taskColumns = pgTable(
  'task_columns',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('task_columns_user').on(t.userId, t.position)],
);

export const taskCards = pgTable(
  'task_cards',
  {
    id: serial('id').primaryKey(),
    /** The board's owner. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    columnId: integer('column_id')
      .notNull()
      .references(() => taskColumns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('task_cards_column').on(t.columnId, t.position), index('task_cards_user').on(t.userId)],
);

export const taskAttachments = pgTable(
  'task_attachments',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => taskCards.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('task_attachments_card').on(t.cardId)],
);
