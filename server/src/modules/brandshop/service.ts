/**
 * Shops as the storefront screens see them (docs/api/storefronts.md, "Shops — lists and look-ups" and
 * "Shop profile"): the review-queue list, the board's shop picker, the shop master lists, and a shop's
 * profile with its optimistic version. Which shops a caller reaches is decided by `shop-scope.ts`
 * (`storefrontKinds`, `assertStorefrontAccess`): suppliers their own, staff the kinds of their menus.
 * Review decisions are in review.ts, publishing in storefront.ts, banners in banners.ts.
 */
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import { shops } from '../../db/schema.js';
import { assertStorefrontAccess, scopeCondition, storefrontKinds } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { fieldConflict, fieldError, forbidden } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import { containing, type Tx } from '../../lib/sql.js';
import { assertStoredImage } from '../../lib/uploads.js';
import { NAME_MIN, PICKER_MAX } from './schemas.js';

export type ShopKind = 'supplier' | 'housebrand';
type Status = 'pending' | 'active' | 'rejected';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The outer row's shop id in subqueries (drizzle writes a bare `"id"` in a select list, which a subquery would take as its own). */
const SHOP_ID = sql.raw('"shops"."id"');

/** The shop's first linked user (the account that registered it); house brands have none. */
const owner = (expr: SQL) => sql`(select ${expr} from user_shops us join users u on u.id = us.user_id
  where us.shop_id = ${SHOP_ID} order by u.id limit 1)`;

const summaryColumns = {
  id: shops.id,
  name: shops.name,
  kind: shops.kind,
  status: shops.status,
  logoUrl: shops.logoUrl,
  ownerName: owner(sql`u.first_name || ' ' || u.last_name`).mapWith(String),
  ownerEmail: owner(sql`u.email`).mapWith(String),
  productCount: sql<number>`(select count(*) from products p where p.shop_id = ${SHOP_ID})`.mapWith(Number),
  approvedProductCount:
    sql<number>`(select count(*) from products p where p.shop_id = ${SHOP_ID} and p.approval_status = 'approved')`.mapWith(
      Number,
    ),
  createdAt: shops.createdAt,
  reviewNote: shops.reviewNote,
  liveVersion: sql<
    number | null
  >`(select v.number from storefront_versions v where v.shop_id = ${SHOP_ID} and v.live)`.mapWith(Number),
};

type SummaryRow = { [K in keyof typeof summaryColumns]: unknown } & {
  createdAt: Date;
  ownerName: string | null;
  ownerEmail: string | null;
  liveVersion: number | null;
};

const toSummary = (r: SummaryRow) => ({ ...r, createdAt: iso(r.createdAt) });

/** Shops of `kind` the caller reaches (none when the caller's menus do not reach that kind). */
export function reachable(user: AuthUser, kind: ShopKind): SQL | undefined {
  if (!storefrontKinds(user).includes(kind)) return sql`false`;
  return and(eq(shops.kind, kind), scopeCondition(user, shops.id));
}

export interface ShopListQuery {
  keyword?: string;
  status?: Status;
  shopId?: number;
  page: number;
  limit: number;
  sort?: 'createdAt' | 'name';
  order?: 'asc' | 'desc';
}

/** An optional one-shop filter: 404 for a shop the caller does not reach, like every shop filter of the server. */
async function oneShop(db: Db, user: AuthUser, kind: ShopKind, shopId: number | undefined): Promise<SQL | undefined> {
  if (shopId === undefined) return undefined;
  await assertStorefrontAccess(db, user, shopId, kind);
  return eq(shops.id, shopId);
}

/** Name, owner name or owner e-mail contains the keyword; `%` and `_` are taken literally. */
function keywordCondition(keyword: string | undefined): SQL | undefined {
  const k = keyword?.trim();
  if (!k) return undefined;
  const p = containing(k);
  return or(
    ilike(shops.name, p),
    sql`exists (select 1 from user_shops us join users u on u.id = us.user_id
    where us.shop_id = ${SHOP_ID} and (u.first_name || ' ' || u.last_name ilike ${p} or u.email ilike ${p}))`,
  );
}

/** A review queue when unsorted: shops awaiting review first, the oldest first, then the others by name. */
export async function listShops(db: Db, user: AuthUser, kind: ShopKind, q: ShopListQuery) {
  if (q.order && !q.sort) throw fieldError('order', 'order needs sort');
  const where = and(
    reachable(user, kind),
    await oneShop(db, user, kind, q.shopId),
    q.status ? eq(shops.status, q.status) : undefined,
    keywordCondition(q.keyword),
  );
  const [{ total }] = await db.select({ total: count() }).from(shops).where(where);
  const column = q.sort === 'name' ? shops.name : shops.createdAt;
  const order = q.sort
    ? [q.order === 'desc' ? desc(column) : asc(column)]
    : [
        sql`case when ${shops.status} = 'pending' then 0 else 1 end`,
        sql`case when ${shops.status} = 'pending' then ${shops.createdAt} end`,
        asc(shops.name),
      ];
  const rows = await db
    .select(summaryColumns)
    .from(shops)
    .where(where)
    .orderBy(...order, asc(shops.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { items: rows.map((r) => toSummary(r as SummaryRow)), total, maxpage: maxpage(total, q.limit) };
}

/** The board's shop picker: by name, at most PICKER_MAX. */
export async function pickShops(db: Db, user: AuthUser, q: { keyword?: string; shopId?: number }) {
  const k = q.keyword?.trim();
  const items = await db
    .select({ id: shops.id, name: shops.name, status: shops.status, logoUrl: shops.logoUrl })
    .from(shops)
    .where(
      and(
        reachable(user, 'supplier'),
        await oneShop(db, user, 'supplier', q.shopId),
        k ? ilike(shops.name, containing(k)) : undefined,
      ),
    )
    .orderBy(asc(shops.name), asc(shops.id))
    .limit(PICKER_MAX);
  return { items };
}

/** Every shop of `kind` the caller reaches, by name. */
export async function shopMaster(db: Db, user: AuthUser, kind: ShopKind, shopId?: number) {
  const items = await db
    .select({ id: shops.id, name: shops.name, status: shops.status })
    .from(shops)
    .where(and(reachable(user, kind), await oneShop(db, user, kind, shopId)))
    .orderBy(asc(shops.name), asc(shops.id));
  return { items };
}

/** `POST /api/housebrand/brandprofile`: house brands, or suppliers' shops for a caller holding the brand-shop menu. */
export async function brandProfiles(
  db: Db,
  user: AuthUser,
  q: { keyword?: string; shoptype: ShopKind; page: number; limit: number },
) {
  if (!storefrontKinds(user).includes(q.shoptype))
    throw forbidden("You do not have permission to see suppliers' brand shops.");
  return listShops(db, user, q.shoptype, { keyword: q.keyword, page: q.page, limit: q.limit });
}

// ---------- profile ----------

/** The profile of a shop the caller may already reach (checked by the caller). */
export async function profileOf(db: Db | Tx, shopId: number) {
  const [r] = await db
    .select({
      ...summaryColumns,
      description: shops.description,
      coverUrl: shops.coverUrl,
      contactEmail: shops.contactEmail,
      contactPhone: shops.contactPhone,
      reviewedAt: shops.reviewedAt,
      version: shops.version,
      publishedAt: sql<
        string | null
      >`(select v.published_at from storefront_versions v where v.shop_id = ${SHOP_ID} and v.live)`,
      canRollback:
        sql<boolean>`exists (select 1 from storefront_versions o join storefront_versions v on v.shop_id = o.shop_id and v.live
      where o.shop_id = ${SHOP_ID} and o.number < v.number)`.mapWith(Boolean),
    })
    .from(shops)
    .where(eq(shops.id, shopId));
  return { ...toSummary(r), reviewedAt: iso(r.reviewedAt), publishedAt: iso(r.publishedAt) };
}

export async function getProfile(db: Db, user: AuthUser, shopId: number) {
  await assertStorefrontAccess(db, user, shopId);
  return profileOf(db, shopId);
}

export interface ProfilePatch {
  version: number;
  name?: string;
  description?: string | null;
  logoUrl?: string | null;
  coverUrl?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
}

const PHONE = /^[+0-9 -]{6,20}$/;
export const STALE_PROFILE =
  'This shop profile was changed by someone else since you opened it. Reload it and try again.';

/** Trimmed, checked values of the fields sent; empty optional text clears the field. */
async function cleanProfile(storage: Storage, input: ProfilePatch) {
  if (Object.keys(input).length < 2) throw fieldError('body', 'Send at least one field to change besides version');
  const patch: Partial<typeof shops.$inferInsert> = {};
  const text = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : v.trim() || null);
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (name.length < NAME_MIN) throw fieldError('name', `name must be at least ${NAME_MIN} characters`);
    patch.name = name;
  }
  const description = text(input.description);
  if (description !== undefined) patch.description = description;
  for (const field of ['logoUrl', 'coverUrl'] as const) {
    const url = text(input[field]);
    if (url) await assertStoredImage(storage, field, url);
    if (url !== undefined) patch[field] = url;
  }
  const email = text(input.contactEmail);
  if (email !== undefined) patch.contactEmail = email === null ? null : email.toLowerCase();
  const phone = text(input.contactPhone);
  if (phone && !PHONE.test(phone))
    throw fieldError(
      'contactPhone',
      'contactPhone must be 6 to 20 characters of digits, +, - and spaces, e.g. +66 2 123 4567',
    );
  if (phone !== undefined) patch.contactPhone = phone;
  return patch;
}

export async function updateProfile(db: Db, storage: Storage, user: AuthUser, shopId: number, input: ProfilePatch) {
  await assertStorefrontAccess(db, user, shopId);
  // Checked before the transaction: no file-system work while PGlite's one connection is held.
  const patch = await cleanProfile(storage, input);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(shops).where(eq(shops.id, shopId)).for('update');
    if (current.version !== input.version) throw fieldConflict('version', STALE_PROFILE);
    const before = Object.fromEntries(Object.keys(patch).map((k) => [k, current[k as keyof typeof current]]));
    await tx
      .update(shops)
      .set({ ...patch, version: current.version + 1, updatedAt: new Date() })
      .where(eq(shops.id, shopId));
    await audit(tx, {
      actorId: user.id,
      action: 'profile.update',
      entity: 'shop',
      entityId: shopId,
      before,
      after: { ...patch, version: current.version + 1 },
    });
    return profileOf(tx, shopId);
  });
}
