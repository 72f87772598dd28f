import { pgTable, serial, integer, text, boolean, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { users } from './core.js';
import { windowColumns } from './window.js';

/** Where a banner shows (home hero, category top, pop-up…), with the pixel size its image must have. */
export const bannerTypes = pgTable('banner_types', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** The pages (menus) a banner type appears on, e.g. the home page or one category's page. */
export const bannerTypeMenus = pgTable(
  'banner_type_menus',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => bannerTypes.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('banner_type_menus_type_code').on(t.typeId, t.code)],
);

/** A marketplace banner: live only while active and inside its window; `position` orders a type+menu's banners. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => bannerTypes.id),
    menuId: integer('menu_id').references(() => bannerTypeMenus.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    imageUrl: text('image_url').notNull(),
    imageWidth: integer('image_width').notNull(),
    imageHeight: integer('image_height').notNull(),
    link: text('link'),
    position: integer('position').notNull(),
    active: boolean('active').notNull().default(true),
    ...windowColumns(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('banners_type_menu_position').on(t.typeId, t.menuId, t.position)],
);
