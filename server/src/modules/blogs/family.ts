/**
 * A blog family: which posts, shops and products one set of blog routes acts on, and the names the
 * legacy catalogue gives its verbs. The master blog (`/api/blogs/master`) reaches every shop in the
 * caller's scope; the house-brand blog (`/api/blogs/housebrand`) only house brands, through the
 * storefront rule (`assertStorefrontAccess`: staff reach the shop kinds whose menu they hold). The
 * handlers and the service are the same for both; only this configuration differs.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { shops } from '../../db/schema.js';
import {
  assertRecordInScope,
  assertShopAccess,
  assertStorefrontAccess,
  scopeCondition,
  shopFilter,
  storefrontKinds,
} from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { HttpError, notFound } from '../../lib/errors.js';
import type { Tx } from '../../lib/sql.js';

export type BlogVerb =
  'posts' | 'post' | 'create' | 'edit' | 'close' | 'remove' | 'menu' | 'products' | 'sortProducts' | 'unlinkProduct';

export interface BlogFamily {
  /** The folder of the family's routes. */
  base: string;
  /** Its OpenAPI tag. */
  tag: string;
  /** The route name of each verb. */
  names: Record<BlogVerb, string>;
  /** Verbs the legacy catalogue does not name in this family: tagged `addition` in OpenAPI. */
  additions: readonly BlogVerb[];
  /** The only kind of shop the family acts on; unset: every shop in the caller's scope. */
  kind?: 'housebrand';
}

const MASTER_NAMES: Record<BlogVerb, string> = {
  posts: 'posts',
  post: 'post',
  create: 'new',
  edit: 'edit',
  close: 'closecontent',
  remove: 'deletecontent',
  menu: 'menu',
  products: 'product',
  sortProducts: 'sortproductidea',
  unlinkProduct: 'deleteproductidea',
};

export const MASTER_BLOG: BlogFamily = {
  base: '/api/blogs/master',
  tag: 'blogs',
  names: MASTER_NAMES,
  additions: ['post', 'edit'],
};

export const HOUSEBRAND_BLOG: BlogFamily = {
  base: '/api/blogs/housebrand',
  tag: 'housebrand-blog',
  names: { ...MASTER_NAMES, create: 'newpost', edit: 'postedit' },
  additions: ['post'],
  kind: 'housebrand',
};

export const BLOG_FAMILIES: readonly BlogFamily[] = [MASTER_BLOG, HOUSEBRAND_BLOG];

/** Throws 404 `Shop not found` unless the caller may write posts for this shop in this family. */
export async function assertFamilyShop(db: Db, user: AuthUser, family: BlogFamily, shopId: number): Promise<void> {
  if (family.kind) await assertStorefrontAccess(db, user, shopId, family.kind);
  else await assertShopAccess(db, user, shopId);
}

/**
 * The family's condition on a shop-id column, narrowed to `shopId` when sent (404 when the caller
 * does not reach that shop in this family).
 */
export async function familyShopFilter(
  db: Db,
  user: AuthUser,
  family: BlogFamily,
  column: PgColumn,
  shopId?: number,
): Promise<SQL | undefined> {
  const { kind } = family;
  if (!kind) return shopFilter(db, user, column, shopId);
  if (shopId !== undefined) {
    await assertStorefrontAccess(db, user, shopId, kind);
    return eq(column, shopId);
  }
  if (!storefrontKinds(user).includes(kind)) return sql`false`;
  return and(
    scopeCondition(user, column),
    inArray(column, db.select({ id: shops.id }).from(shops).where(eq(shops.kind, kind))),
  );
}

/** A post found by id: 404 `Post not found` when missing, out of scope or of another family's shops alike. */
export async function assertPostInFamily<T extends { shopId: number }>(
  db: Db | Tx,
  user: AuthUser,
  family: BlogFamily,
  row: T | undefined,
): Promise<T> {
  const post = assertRecordInScope(user, row, 'Post');
  if (family.kind) {
    await assertStorefrontAccess(db, user, post.shopId, family.kind).catch((e: unknown) => {
      throw e instanceof HttpError && e.statusCode === 404 ? notFound('Post') : e;
    });
  }
  return post;
}
