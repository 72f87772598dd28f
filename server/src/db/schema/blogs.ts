import { pgTable, serial, integer, text, jsonb, index, primaryKey } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { shops, users } from './core.js';
import { products } from './products.js';

// Blog posts hang off shops and link products: a schema of their own keeps core free of products.
export const blogMenus = pgTable('blog_menus', {
  code: text('code').primaryKey(),
  sort: integer('sort').notNull().default(0),
});

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    type: text('type')
      .notNull()
      .references(() => blogMenus.code),
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
  },
  (t) => [index('blog_posts_shop_created').on(t.shopId, t.createdAt)],
);

export const blogPostProducts = pgTable(
  'blog_post_products',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.productId] })],
);
