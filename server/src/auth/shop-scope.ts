/**
 * THE one place supplier data is scoped. Every query over shop-owned rows builds its
 * shop condition here, so a supplier never sees or changes another shop's rows.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { shops } from '../db/schema.js';
import { forbidden, notFound } from '../lib/errors.js';
import type { Tx } from '../lib/sql.js';
import type { AuthUser } from './types.js';

/** null = unrestricted (staff); otherwise the shop ids the supplier may see. */
export function shopScope(user: AuthUser): number[] | null {
  return user.area === 'supplier' ? user.shopIds : null;
}

export function canAccessShop(user: AuthUser, shopId: number): boolean {
  const scope = shopScope(user);
  return scope === null || scope.includes(shopId);
}

/** Throws 404 'Shop not found' for a shop outside the caller's scope or one that does not exist. */
export async function assertShopAccess(db: Db, user: AuthUser, shopId: number): Promise<void> {
  if (!canAccessShop(user, shopId)) throw notFound('Shop');
  const [row] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
  if (!row) throw notFound('Shop');
}

/**
 * A supplier acts in public for a shop (submits products for approval, publishes posts) only once
 * staff approved the shop; until then it prepares drafts. Staff are not held by it.
 */
export async function assertShopApproved(db: Db | Tx, user: AuthUser, shopId: number, doing: string): Promise<void> {
  if (user.area !== 'supplier') return;
  const [row] = await db.select({ status: shops.status }).from(shops).where(eq(shops.id, shopId));
  if (!row || row.status === 'active') return;
  throw forbidden(
    row.status === 'pending'
      ? `Your shop is awaiting review: you can ${doing} once it is approved. Drafts can be prepared meanwhile.`
      : `Your shop is not approved: you cannot ${doing}.`,
  );
}

/** `shop_id in (scope)` for suppliers, nothing for staff. */
export function scopeCondition(user: AuthUser, column: PgColumn): SQL | undefined {
  const scope = shopScope(user);
  if (scope === null) return undefined;
  return scope.length ? inArray(column, scope) : sql`false`;
}

/**
 * The condition for an optional `shopId` filter: checks access (404 on foreign shops)
 * and falls back to the caller's scope.
 */
export async function shopFilter(db: Db, user: AuthUser, column: PgColumn, shopId?: number): Promise<SQL | undefined> {
  if (shopId !== undefined) {
    await assertShopAccess(db, user, shopId);
    return eq(column, shopId);
  }
  return scopeCondition(user, column);
}

/** For a record found by id: 404 unless its shop is in scope (same answer as a missing record). */
export function assertRecordInScope<T extends { shopId: number }>(user: AuthUser, row: T | undefined, what: string): T {
  if (!row || !canAccessShop(user, row.shopId)) throw notFound(what);
  return row;
}

/** Which kinds of shop a staff menu grants storefront work on. */
const STOREFRONT_MENUS: Record<string, 'supplier' | 'housebrand'> = {
  '/admin/brandshop': 'supplier',
  '/admin/housebrand': 'housebrand',
};

/**
 * Storefront work (profile, board, banners, publishing): suppliers on their own shops; admin on every
 * shop; other staff on the shops of the kinds whose menu they hold (the content editor works on house
 * brands, not on suppliers' brand shops). `kind` is the legacy family the route belongs to. A shop out
 * of reach answers 404 like a missing one, so its existence is not told.
 */
export async function assertStorefrontAccess(
  db: Db | Tx,
  user: AuthUser,
  shopId: number,
  kind?: 'supplier' | 'housebrand',
): Promise<{ id: number; kind: string; status: string }> {
  if (!canAccessShop(user, shopId)) throw notFound('Shop');
  const [row] = await db
    .select({ id: shops.id, kind: shops.kind, status: shops.status })
    .from(shops)
    .where(eq(shops.id, shopId));
  if (!row || (kind && row.kind !== kind) || !storefrontKinds(user).includes(row.kind as 'supplier' | 'housebrand'))
    throw notFound('Shop');
  return row;
}

/** The shop kinds whose storefronts the caller may work on (suppliers: their own shops, of any kind). */
export function storefrontKinds(user: AuthUser): ('supplier' | 'housebrand')[] {
  if (user.area === 'supplier' || user.role === 'admin') return ['supplier', 'housebrand'];
  return Object.entries(STOREFRONT_MENUS)
    .filter(([menu]) => user.menus.includes(menu))
    .map(([, kind]) => kind);
}
