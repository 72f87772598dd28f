/**
 * A supplier shop's banners, grouped in named categories (docs/api/storefronts.md, "Banners and images"):
 * two REST resources through rest/resource.ts, owned by the shop under the storefront family rule, and the
 * deletion of a category with its banners (REST DELETE and the legacy `deletebrannercate`). A banner card
 * of the board that showed a deleted category keeps its place with no category; the board's version
 * goes up, since what the board shows changed.
 */
import type { FastifyInstance } from 'fastify';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { boardCards, boards, shopBannerCategories, shopBanners } from '../../db/schema.js';
import { assertStorefrontAccess } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { fieldConflict, fieldError, HttpError, notFound } from '../../lib/errors.js';
import { restResource, type WriteContext } from '../../rest/resource.js';
import { dateTime, id } from '../../lib/schemas.js';
import type { Tx } from '../../lib/sql.js';
import { BANNER_TITLE_MAX, CATEGORY_NAME_MAX } from './schemas.js';
import { lockBoard } from '../kanban/service.js';

type Body = Record<string, unknown>;

const position = {
  type: 'integer',
  minimum: 0,
  maximum: 10_000,
  description: 'Place in the list (0 first); the end when left out',
} as const;

function trimmed(body: Body, field: string): Body {
  if (typeof body[field] !== 'string') return body;
  const value = body[field].trim();
  if (!value) throw fieldError(field, `${field} must not be empty`);
  return { ...body, [field]: value };
}

async function prepareCategory(body: Body, ctx: WriteContext): Promise<Body> {
  const out = trimmed(body, 'name');
  if (ctx.op === 'create' && out.position === undefined) {
    const [{ n }] = await ctx.tx
      .select({ n: count() })
      .from(shopBannerCategories)
      .where(eq(shopBannerCategories.shopId, out.shopId as number));
    out.position = n;
  }
  return out;
}

function duplicateCategory(body: Body): HttpError {
  const message = `name "${String(body.name)}" is already used by another banner category of this shop; choose another name`;
  return fieldConflict('name', message);
}

const LINK = /^(https:\/\/[^\s]+|\/[^\s]*)$/;

async function prepareBanner(body: Body, ctx: WriteContext): Promise<Body> {
  const out = trimmed(body, 'title');
  const shopId = (ctx.current?.shopId ?? out.shopId) as number;
  if (out.categoryId !== undefined) {
    const [category] = await ctx.tx
      .select({ shopId: shopBannerCategories.shopId })
      .from(shopBannerCategories)
      .where(eq(shopBannerCategories.id, out.categoryId as number));
    if (category?.shopId !== shopId)
      throw fieldError('categoryId', 'categoryId must be a banner category of the same shop');
  }
  if (typeof out.link === 'string') {
    out.link = out.link.trim() || null;
    if (out.link && !LINK.test(out.link as string))
      throw fieldError('link', 'link must start with https:// or be a path starting with /');
  }
  if (ctx.op === 'create' && out.position === undefined) {
    const [{ n }] = await ctx.tx
      .select({ n: count() })
      .from(shopBanners)
      .where(eq(shopBanners.categoryId, out.categoryId as number));
    out.position = n;
  }
  return out;
}

/** `/api/v2/shop-banner-categories` and `/api/v2/shop-banners`; a category's DELETE is served by routes.ts. */
export function bannerResources(app: FastifyInstance) {
  restResource(app, {
    name: 'shop-banner-categories',
    label: 'Banner category',
    table: shopBannerCategories,
    id: shopBannerCategories.id,
    owner: { shop: shopBannerCategories.shopId, field: 'shopId', storefront: 'supplier' },
    fields: {
      name: {
        column: shopBannerCategories.name,
        schema: { type: 'string' },
        write: { type: 'string', minLength: 1, maxLength: CATEGORY_NAME_MAX },
        sort: true,
      },
      position: {
        column: shopBannerCategories.position,
        schema: { type: 'integer' },
        write: position,
        optional: true,
        sort: true,
      },
      createdAt: { column: shopBannerCategories.createdAt, schema: dateTime, sort: true },
    },
    defaultSort: { field: 'position', order: 'asc' },
    prepare: prepareCategory,
    onDuplicate: duplicateCategory,
    audit: { entity: 'shop_banner_category' },
    except: ['delete'],
    tags: ['brandshop'],
  });

  restResource(app, {
    name: 'shop-banners',
    label: 'Banner',
    table: shopBanners,
    id: shopBanners.id,
    owner: { shop: shopBanners.shopId, field: 'shopId', storefront: 'supplier' },
    fields: {
      categoryId: { column: shopBanners.categoryId, schema: { type: 'integer' }, write: id, filter: ['eq'] },
      title: {
        column: shopBanners.title,
        schema: { type: 'string' },
        write: { type: 'string', minLength: 1, maxLength: BANNER_TITLE_MAX },
        sort: true,
      },
      imageUrl: {
        column: shopBanners.imageUrl,
        schema: { type: 'string' },
        write: {
          type: 'string',
          maxLength: 200,
          description: 'An image stored through POST /api/v2/storefront-images',
        },
        image: true,
      },
      link: {
        column: shopBanners.link,
        schema: { type: ['string', 'null'] },
        write: { type: ['string', 'null'], maxLength: 500, description: 'https://… or a path starting with /' },
        optional: true,
      },
      position: {
        column: shopBanners.position,
        schema: { type: 'integer' },
        write: position,
        optional: true,
        sort: true,
      },
      createdAt: { column: shopBanners.createdAt, schema: dateTime, sort: true },
    },
    defaultSort: { field: 'position', order: 'asc' },
    prepare: prepareBanner,
    audit: { entity: 'shop_banner' },
    tags: ['brandshop'],
  });
}

/**
 * Deletes a category of a supplier shop with its banners. `shopId` given (legacy route): the category
 * must be that shop's. Answers the deleted category.
 */
export async function deleteBannerCategory(db: Db, user: AuthUser, categoryId: number, shopId?: number) {
  if (shopId !== undefined) await assertStorefrontAccess(db, user, shopId, 'supplier');
  return db.transaction(async (tx) => {
    const [category] = await tx.select().from(shopBannerCategories).where(eq(shopBannerCategories.id, categoryId));
    if (!category || (shopId !== undefined && category.shopId !== shopId)) throw notFound('Banner category');
    // Without a shop named, the category's own shop decides (a foreign one answers 404 like a missing one).
    if (shopId === undefined) {
      try {
        await assertStorefrontAccess(tx, user, category.shopId, 'supplier');
      } catch (e) {
        if (e instanceof HttpError && e.statusCode === 404) throw notFound('Banner category');
        throw e;
      }
    }
    await lockBoard(tx, category.shopId);
    const banners = await tx.select().from(shopBanners).where(eq(shopBanners.categoryId, categoryId));
    const cards = await tx
      .select({ id: boardCards.id })
      .from(boardCards)
      .where(and(eq(boardCards.shopId, category.shopId), eq(boardCards.bannerCategoryId, categoryId)));
    // The banners go with it (foreign key cascade); banner cards keep their place with no category (set null).
    await tx.delete(shopBannerCategories).where(eq(shopBannerCategories.id, categoryId));
    if (cards.length) await bumpBoard(tx, category.shopId);
    await audit(tx, {
      actorId: user.id,
      action: 'delete',
      entity: 'shop_banner_category',
      entityId: categoryId,
      before: { category, banners, cardIds: cards.map((c) => c.id) },
    });
    return category;
  });
}

async function bumpBoard(tx: Tx, shopId: number) {
  await tx
    .update(boards)
    .set({ version: sql`${boards.version} + 1`, updatedAt: new Date() })
    .where(eq(boards.shopId, shopId));
}
