import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { blogMenus, blogPostProducts, blogPosts, products, shops, users } from '../../db/schema.js';
import { assertShopApproved } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/sanitize.js';
import { maxpage } from '../../lib/schemas.js';
import type { PostType } from './schemas.js';
import { containing, type Tx } from '../../lib/sql.js';
import { assertFamilyShop, assertPostInFamily, familyShopFilter, type BlogFamily } from './family.js';

type PostStatus = 'draft' | 'published' | 'closed';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const summaryColumns = {
  id: blogPosts.id,
  shopId: blogPosts.shopId,
  shopName: shops.name,
  type: blogPosts.type,
  title: blogPosts.title,
  description: blogPosts.description,
  coverUrl: blogPosts.coverUrl,
  status: blogPosts.status,
  authorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
  publishedAt: blogPosts.publishedAt,
};

function toSummary(r: { createdAt: Date; updatedAt: Date; publishedAt: Date | null } & Record<string, unknown>) {
  return { ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt), publishedAt: iso(r.publishedAt) };
}

const visible = isNull(blogPosts.deletedAt);

export interface ListQuery {
  page: number;
  limit: number;
  shopId?: number;
  type?: PostType;
  status?: PostStatus;
  search?: string;
}

export async function listPosts(db: Db, user: AuthUser, family: BlogFamily, q: ListQuery) {
  const conds: (SQL | undefined)[] = [visible, await familyShopFilter(db, user, family, blogPosts.shopId, q.shopId)];
  if (q.type) conds.push(eq(blogPosts.type, q.type));
  if (q.status) conds.push(eq(blogPosts.status, q.status));
  const search = q.search?.trim();
  if (search)
    conds.push(or(ilike(blogPosts.title, containing(search)), ilike(blogPosts.description, containing(search))));
  const where = and(...conds);
  const [{ total }] = await db.select({ total: count() }).from(blogPosts).where(where);
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .innerJoin(shops, eq(shops.id, blogPosts.shopId))
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .where(where)
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { items: rows.map(toSummary), total, maxpage: maxpage(total, q.limit) };
}

const productColumns = {
  id: products.id,
  code: products.code,
  name: products.name,
  price: products.price,
  imageUrl: products.imageUrl,
};
const toProduct = (p: { id: number; code: string; name: string; price: string; imageUrl: string | null }) => ({
  ...p,
  price: Number(p.price),
});

/** 404 for missing, deleted, out-of-scope or other-family posts alike: a foreign id reveals nothing. */
export async function getPost(db: Db, user: AuthUser, family: BlogFamily, id: number) {
  const [row] = await db
    .select({
      ...summaryColumns,
      contentHtml: blogPosts.contentHtml,
      tags: blogPosts.tags,
      version: blogPosts.version,
    })
    .from(blogPosts)
    .innerJoin(shops, eq(shops.id, blogPosts.shopId))
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .where(and(eq(blogPosts.id, id), visible));
  const post = await assertPostInFamily(db, user, family, row);
  const linked = await db
    .select(productColumns)
    .from(blogPostProducts)
    .innerJoin(products, eq(products.id, blogPostProducts.productId))
    .where(eq(blogPostProducts.postId, id))
    .orderBy(asc(blogPostProducts.sort), asc(products.id));
  return { ...toSummary(post), tags: post.tags ?? [], products: linked.map(toProduct) };
}

export interface NewPostInput {
  shopId: number;
  type: PostType;
  title: string;
  description?: string | null;
  contentHtml: string;
  coverUrl?: string | null;
  tags?: string[];
  status: 'draft' | 'published';
}

function cleanTags(tags: string[] | undefined): string[] | undefined {
  if (!tags) return undefined;
  return [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
}

function cleanTitle(title: string): string {
  const t = title.trim();
  if (!t) throw badRequest('title must not be empty', [{ field: 'title', message: 'title must not be empty' }]);
  return t;
}

export async function createPost(db: Db, user: AuthUser, family: BlogFamily, input: NewPostInput) {
  await assertFamilyShop(db, user, family, input.shopId);
  if (input.status === 'published') await assertShopApproved(db, user, input.shopId, 'publish posts');
  const now = new Date();
  const values = {
    shopId: input.shopId,
    type: input.type,
    title: cleanTitle(input.title),
    description: input.description ?? null,
    contentHtml: sanitizeRichText(input.contentHtml),
    coverUrl: input.coverUrl || null,
    tags: cleanTags(input.tags) ?? [],
    status: input.status,
    authorId: user.id,
    createdAt: now,
    updatedAt: now,
    publishedAt: input.status === 'published' ? now : null,
    version: 1,
  };
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(blogPosts).values(values).returning();
    await audit(tx, { actorId: user.id, action: 'create', entity: 'blog_post', entityId: row.id, after: row });
    return row.id;
  });
  return getPost(db, user, family, id);
}

/** Inside a transaction: the current row, locked, in the caller's scope and of the family's shops. */
async function lockPost(tx: Tx, user: AuthUser, family: BlogFamily, id: number) {
  const [row] = await tx
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), visible))
    .for('update');
  return assertPostInFamily(tx, user, family, row);
}

const STALE = 'This post was changed by someone else since you opened it. Reload it and try again.';

export interface EditPostInput {
  id: number;
  version: number;
  type?: PostType;
  title?: string;
  description?: string | null;
  contentHtml?: string;
  coverUrl?: string | null;
  tags?: string[];
  status?: PostStatus;
}

export async function editPost(db: Db, user: AuthUser, family: BlogFamily, input: EditPostInput) {
  // Sanitize before the transaction: no slow work while PGlite's one connection is held.
  const patch: Partial<typeof blogPosts.$inferInsert> = {};
  if (input.type !== undefined) patch.type = input.type;
  if (input.title !== undefined) patch.title = cleanTitle(input.title);
  if (input.description !== undefined) patch.description = input.description;
  if (input.contentHtml !== undefined) patch.contentHtml = sanitizeRichText(input.contentHtml);
  if (input.coverUrl !== undefined) patch.coverUrl = input.coverUrl || null;
  if (input.tags !== undefined) patch.tags = cleanTags(input.tags);
  if (input.status !== undefined) patch.status = input.status;

  await db.transaction(async (tx) => {
    const before = await lockPost(tx, user, family, input.id);
    if (before.version !== input.version) throw conflict(STALE);
    if (patch.status === 'published' && before.status !== 'published')
      await assertShopApproved(tx, user, before.shopId, 'publish posts');
    const now = new Date();
    const set = {
      ...patch,
      updatedAt: now,
      version: before.version + 1,
      publishedAt: patch.status === 'published' && !before.publishedAt ? now : before.publishedAt,
    };
    const [after] = await tx
      .update(blogPosts)
      .set(set)
      .where(and(eq(blogPosts.id, input.id), eq(blogPosts.version, input.version)))
      .returning();
    if (!after) throw conflict(STALE);
    await audit(tx, { actorId: user.id, action: 'update', entity: 'blog_post', entityId: input.id, before, after });
  });
  return getPost(db, user, family, input.id);
}

export async function closePost(db: Db, user: AuthUser, family: BlogFamily, id: number, closed: boolean) {
  await db.transaction(async (tx) => {
    const before = await lockPost(tx, user, family, id);
    if (closed && before.status === 'closed') throw conflict('This post is already closed.');
    if (!closed && before.status !== 'closed') throw conflict('Only a closed post can be reopened.');
    if (!closed) await assertShopApproved(tx, user, before.shopId, 'publish posts');
    const now = new Date();
    const [after] = await tx
      .update(blogPosts)
      .set({
        status: closed ? 'closed' : 'published',
        updatedAt: now,
        version: before.version + 1,
        publishedAt: !closed && !before.publishedAt ? now : before.publishedAt,
      })
      .where(eq(blogPosts.id, id))
      .returning();
    await audit(tx, {
      actorId: user.id,
      action: closed ? 'close' : 'reopen',
      entity: 'blog_post',
      entityId: id,
      before,
      after,
    });
  });
  return getPost(db, user, family, id);
}

export async function deletePost(db: Db, user: AuthUser, family: BlogFamily, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockPost(tx, user, family, id);
    const now = new Date();
    const [after] = await tx
      .update(blogPosts)
      .set({ deletedAt: now, updatedAt: now, version: before.version + 1 })
      .where(eq(blogPosts.id, id))
      .returning();
    await audit(tx, { actorId: user.id, action: 'delete', entity: 'blog_post', entityId: id, before, after });
  });
}

export async function postTypeCounts(db: Db, user: AuthUser, family: BlogFamily) {
  const counts = await db
    .select({ type: blogPosts.type, count: count() })
    .from(blogPosts)
    .where(and(visible, await familyShopFilter(db, user, family, blogPosts.shopId)))
    .groupBy(blogPosts.type);
  const byType = new Map(counts.map((c) => [c.type, c.count]));
  const menus = await db.select().from(blogMenus).orderBy(asc(blogMenus.sort));
  return {
    items: menus.map((m) => ({ code: m.code, title: `blogs.types.${m.code}`, count: byType.get(m.code) ?? 0 })),
  };
}

export async function linkableProducts(
  db: Db,
  user: AuthUser,
  family: BlogFamily,
  q: { page: number; limit: number; shopId?: number; search?: string },
) {
  const conds: (SQL | undefined)[] = [await familyShopFilter(db, user, family, products.shopId, q.shopId)];
  const search = q.search?.trim();
  if (search) conds.push(or(ilike(products.name, containing(search)), ilike(products.code, containing(search))));
  const where = and(...conds);
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(where)
    .orderBy(asc(products.name), asc(products.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { items: rows.map(toProduct), total, maxpage: maxpage(total, q.limit) };
}

export async function setPostProducts(db: Db, user: AuthUser, family: BlogFamily, id: number, productIds: number[]) {
  await db.transaction(async (tx) => {
    const post = await lockPost(tx, user, family, id);
    if (productIds.length) {
      const found = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, productIds), eq(products.shopId, post.shopId)));
      const ok = new Set(found.map((p) => p.id));
      const foreign = productIds.filter((p) => !ok.has(p));
      if (foreign.length) {
        const message = `productIds must be products of this post's shop; not found: ${foreign.join(', ')}`;
        throw new HttpError(400, message, [{ field: 'productIds', message }]);
      }
    }
    const before = await tx
      .select({ productId: blogPostProducts.productId })
      .from(blogPostProducts)
      .where(eq(blogPostProducts.postId, id))
      .orderBy(asc(blogPostProducts.sort));
    await tx.delete(blogPostProducts).where(eq(blogPostProducts.postId, id));
    if (productIds.length) {
      await tx.insert(blogPostProducts).values(productIds.map((productId, sort) => ({ postId: id, productId, sort })));
    }
    await audit(tx, {
      actorId: user.id,
      action: 'set_products',
      entity: 'blog_post',
      entityId: id,
      before: { productIds: before.map((b) => b.productId) },
      after: { productIds },
    });
  });
  return getPost(db, user, family, id);
}

export async function unlinkProduct(db: Db, user: AuthUser, family: BlogFamily, id: number, productId: number) {
  await db.transaction(async (tx) => {
    await lockPost(tx, user, family, id);
    const removed = await tx
      .delete(blogPostProducts)
      .where(and(eq(blogPostProducts.postId, id), eq(blogPostProducts.productId, productId)))
      .returning({ productId: blogPostProducts.productId });
    if (!removed.length) throw notFound('Linked product');
    await audit(tx, {
      actorId: user.id,
      action: 'unlink_product',
      entity: 'blog_post',
      entityId: id,
      before: { productId },
    });
  });
  return getPost(db, user, family, id);
}
