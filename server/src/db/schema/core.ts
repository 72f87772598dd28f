import {
  pgTable, serial, integer, text, boolean, jsonb, primaryKey, uniqueIndex, index,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ts } from './columns.js';
import { products } from './products.js';

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  // 'admin' area = staff back office; 'supplier' area = supplier portal
  area: text('area').notNull(),
  builtin: boolean('builtin').notNull().default(false),
});

export const menuItems = pgTable('menu_items', {
  id: serial('id').primaryKey(),
  path: text('path').notNull().unique(),
  parentPath: text('parent_path'),
  groupKey: text('group_key').notNull(),
  title: text('title').notNull(),
  icon: text('icon'),
  area: text('area').notNull(),
  sort: integer('sort').notNull().default(0),
  // shown as `roles` in navConfig (e.g. the admin-only route table)
  roles: jsonb('roles').$type<string[] | null>(),
});

export const roleMenus = pgTable('role_menus', {
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  menuItemId: integer('menu_item_id').notNull().references(() => menuItems.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.roleId, t.menuItemId] })]);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  roleId: integer('role_id').notNull().references(() => roles.id),
  status: text('status').notNull().default('active'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
  uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
]);

export const shops = pgTable('shops', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  status: text('status').notNull().default('active'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const userShops = pgTable('user_shops', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  shopId: integer('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.shopId] })]);

export const blogMenus = pgTable('blog_menus', {
  code: text('code').primaryKey(),
  sort: integer('sort').notNull().default(0),
});

export const blogPosts = pgTable('blog_posts', {
  id: serial('id').primaryKey(),
  shopId: integer('shop_id').notNull().references(() => shops.id),
  type: text('type').notNull().references(() => blogMenus.code),
  title: text('title').notNull(),
  description: text('description'),
  contentHtml: text('content_html').notNull().default(''),
  coverUrl: text('cover_url'),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  status: text('status').notNull().default('draft'),
  authorId: integer('author_id').references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  publishedAt: ts('published_at'),
  deletedAt: ts('deleted_at'),
  version: integer('version').notNull().default(1),
}, (t) => [index('blog_posts_shop_created').on(t.shopId, t.createdAt)]);

export const blogPostProducts = pgTable('blog_post_products', {
  postId: integer('post_id').notNull().references(() => blogPosts.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  sort: integer('sort').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.postId, t.productId] })]);

export const auditLog = pgTable('audit_log', {
  id: serial('id').primaryKey(),
  actorId: integer('actor_id').references(() => users.id),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: integer('entity_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('audit_log_entity').on(t.entity, t.entityId)]);
