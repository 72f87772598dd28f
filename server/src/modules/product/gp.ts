/** GP (ERP) items and purchase orders of a product. */
import { asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gpItems, gpPurchaseOrders } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { conflict } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import { iso, loadProduct, queueJob } from './service.js';
import { containing } from '../../lib/sql.js';

export async function searchGp(db: Db, q: { page: number; limit: number; search?: string }) {
  const s = q.search?.trim();
  const where = s ? or(ilike(gpItems.itemCode, containing(s)), ilike(gpItems.name, containing(s))) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(gpItems).where(where);
  const rows = await db
    .select()
    .from(gpItems)
    .where(where)
    .orderBy(asc(gpItems.itemCode))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    items: rows.map((r) => ({
      id: r.id,
      itemCode: r.itemCode,
      name: r.name,
      uom: r.uom,
      cost: Number(r.cost),
      productId: r.productId,
      status: r.status,
    })),
    total,
    maxpage: maxpage(total, q.limit),
  };
}

export async function createGp(db: Db, user: AuthUser, id: number) {
  return db.transaction(async (tx) => {
    const p = await loadProduct(tx, user, id);
    if (p.approvalStatus !== 'approved') throw conflict('Only an approved product can be created in GP.');
    const [existing] = await tx.select().from(gpItems).where(eq(gpItems.productId, id));
    if (existing) throw conflict(`This product already has GP item ${existing.itemCode} (${existing.status}).`);
    const [item] = await tx
      .insert(gpItems)
      .values({
        itemCode: `GP${p.code.replace(/[^A-Za-z0-9]/g, '')}`,
        name: p.name.toUpperCase().slice(0, 60),
        uom: 'EA',
        cost: (Number(p.price) * 0.72).toFixed(2),
        productId: id,
        status: 'queued',
      })
      .onConflictDoNothing()
      .returning();
    if (!item) throw conflict(`GP item code GP${p.code} is already taken by another product.`);
    const job = await queueJob(tx, user, 'product.create_gp_item', id, { gpItemId: item.id, itemCode: item.itemCode });
    await audit(tx, {
      actorId: user.id,
      action: 'create_gp',
      entity: 'product',
      entityId: id,
      after: { gpItemId: item.id, jobId: job.id },
    });
    return {
      item: {
        id: item.id,
        itemCode: item.itemCode,
        name: item.name,
        uom: item.uom,
        cost: Number(item.cost),
        productId: id,
        status: item.status,
      },
      job,
    };
  });
}

export async function gpPos(db: Db, user: AuthUser, q: { id: number; page: number; limit: number }) {
  await loadProduct(db, user, q.id);
  const where = eq(gpItems.productId, q.id);
  const [{ total }] = await db
    .select({ total: count() })
    .from(gpPurchaseOrders)
    .innerJoin(gpItems, eq(gpItems.id, gpPurchaseOrders.gpItemId))
    .where(where);
  const rows = await db
    .select({
      id: gpPurchaseOrders.id,
      poNo: gpPurchaseOrders.poNo,
      itemCode: gpItems.itemCode,
      qty: gpPurchaseOrders.qty,
      cost: gpPurchaseOrders.cost,
      status: gpPurchaseOrders.status,
      orderedAt: gpPurchaseOrders.orderedAt,
    })
    .from(gpPurchaseOrders)
    .innerJoin(gpItems, eq(gpItems.id, gpPurchaseOrders.gpItemId))
    .where(where)
    .orderBy(desc(gpPurchaseOrders.orderedAt), desc(gpPurchaseOrders.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    items: rows.map((r) => ({ ...r, cost: Number(r.cost), orderedAt: iso(r.orderedAt) })),
    total,
    maxpage: maxpage(total, q.limit),
  };
}
