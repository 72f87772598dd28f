/**
 * THE one place supplier data is scoped. Every query over shop-owned rows builds its
 * shop condition here, so a supplier never sees or changes another shop's rows.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { shops } from '../db/schema.js';
import { notFound } from '../lib/errors.js';
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
