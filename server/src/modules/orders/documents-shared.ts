/** Helpers the order documents (slips, purchase orders, transfers, claims) share. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { canAccessShop } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { notFound } from '../../lib/errors.js';
import { toOrderSummary, type OrderRowRaw } from './list.js';

export const shopCond = (shops: number[] | null, col: SQL): SQL =>
  shops === null
    ? sql`true`
    : shops.length
      ? sql`${col} = any(${sql.raw(`'{${shops.map(Number).join(',')}}'::int[]`)})`
      : sql`false`;
export const num = (x: unknown) => (x == null ? null : Number(x));
export const userName = (alias: string) =>
  sql.raw(`nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`);

export async function orderSummary(db: Db, id: number) {
  const [r] = await queryRows<OrderRowRaw>(
    db,
    sql`select o.*, s.name as shop_name, b.name as branch_name from orders o
    join shops s on s.id = o.shop_id left join branches b on b.id = o.branch_id where o.id = ${id}`,
  );
  return toOrderSummary(r);
}

/** 404 unless the row exists and its shop is in scope. */
export function inScope<T extends { shop_id: number }>(user: AuthUser, row: T | undefined, what: string): T {
  if (!row || !canAccessShop(user, Number(row.shop_id))) throw notFound(what);
  return row;
}
