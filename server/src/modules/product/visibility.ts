/** Which sales channels show a product. */
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products, productVisibility, shops, CHANNELS } from '../../db/schema.js';
import { shopFilter } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { maxpage } from '../../lib/schemas.js';
import { loadProduct } from './service.js';
import { containing } from '../../lib/sql.js';
import { all } from './product-shared.js';

export const channels = () => all(CHANNELS);

export async function visibilityList(
  db: Db,
  user: AuthUser,
  q: { page: number; limit: number; search?: string; shopId?: number; level1Id?: number; channel?: string },
) {
  const conds: (SQL | undefined)[] = [await shopFilter(db, user, products.shopId, q.shopId)];
  const search = q.search?.trim();
  if (search) conds.push(or(ilike(products.name, containing(search)), ilike(products.code, containing(search))));
  if (q.level1Id) conds.push(eq(products.level1Id, q.level1Id));
  if (q.channel)
    conds.push(
      sql`exists (select 1 from ${productVisibility} v where v.product_id = ${products.id} and v.channel = ${q.channel} and v.visible = false)`,
    );
  const where = and(...conds);
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const rows = await db
    .select({
      id: products.id,
      code: products.code,
      name: products.name,
      shopName: shops.name,
      imageUrl: products.imageUrl,
      approvalStatus: products.approvalStatus,
      online: products.online,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(where)
    .orderBy(asc(products.code), asc(products.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const vis = rows.length
    ? await db
        .select()
        .from(productVisibility)
        .where(
          inArray(
            productVisibility.productId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return {
    items: rows.map((r) => ({
      ...r,
      visible: Object.fromEntries(
        CHANNELS.map((c) => [c.code, vis.find((v) => v.productId === r.id && v.channel === c.code)?.visible ?? true]),
      ),
    })),
    total,
    maxpage: maxpage(total, q.limit),
  };
}

export async function setVisible(db: Db, user: AuthUser, id: number, channel: string, visible: boolean) {
  await db.transaction(async (tx) => {
    await loadProduct(tx, user, id);
    const [before] = await tx
      .select()
      .from(productVisibility)
      .where(and(eq(productVisibility.productId, id), eq(productVisibility.channel, channel)));
    await tx
      .insert(productVisibility)
      .values({ productId: id, channel, visible })
      .onConflictDoUpdate({ target: [productVisibility.productId, productVisibility.channel], set: { visible } });
    await audit(tx, {
      actorId: user.id,
      action: 'set_visible',
      entity: 'product',
      entityId: id,
      before: { channel, visible: before?.visible ?? true },
      after: { channel, visible },
    });
  });
  const list = await db.select().from(productVisibility).where(eq(productVisibility.productId, id));
  return {
    id,
    visible: Object.fromEntries(CHANNELS.map((c) => [c.code, list.find((v) => v.channel === c.code)?.visible ?? true])),
  };
}
