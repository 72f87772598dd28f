/** Installation rates. */
import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { installRates, masterData, products } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import { iso } from './service.js';
import { containing } from '../../lib/sql.js';

export async function listInstallRates(
  db: Db,
  q: { page: number; limit: number; search?: string; status?: string; level1Id?: number },
) {
  const conds: (SQL | undefined)[] = [];
  const s = q.search?.trim();
  if (s) conds.push(ilike(installRates.name, containing(s)));
  if (q.status) conds.push(eq(installRates.status, q.status));
  if (q.level1Id) conds.push(eq(installRates.level1Id, q.level1Id));
  const where = and(...conds);
  const [{ total }] = await db.select({ total: count() }).from(installRates).where(where);
  const rows = await db
    .select({
      id: installRates.id,
      name: installRates.name,
      level1Id: installRates.level1Id,
      level1Name: masterData.name,
      productId: installRates.productId,
      productCode: products.code,
      price: installRates.price,
      status: installRates.status,
      updatedAt: installRates.updatedAt,
    })
    .from(installRates)
    .leftJoin(masterData, eq(masterData.id, installRates.level1Id))
    .leftJoin(products, eq(products.id, installRates.productId))
    .where(where)
    .orderBy(asc(installRates.name), asc(installRates.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    items: rows.map((r) => ({ ...r, price: Number(r.price), updatedAt: iso(r.updatedAt) })),
    total,
    maxpage: maxpage(total, q.limit),
  };
}

export async function setInstallRateStatus(db: Db, user: AuthUser, id: number, status: 'active' | 'inactive') {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(installRates).where(eq(installRates.id, id));
    if (!before) throw notFound('Install rate');
    if (before.status === status) throw conflict(`This install rate is already ${status}.`);
    const [after] = await tx
      .update(installRates)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(installRates.id, id), eq(installRates.status, before.status)))
      .returning();
    if (!after) throw conflict('This install rate was changed by someone else. Reload and try again.');
    await audit(tx, { actorId: user.id, action: 'set_status', entity: 'install_rate', entityId: id, before, after });
    return { ...after, price: Number(after.price), updatedAt: iso(after.updatedAt) };
  });
}
