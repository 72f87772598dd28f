/** Virtual rooms a product is placed in. */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { masterData, productRooms, products } from '../../db/schema.js';
import { shopFilter } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import { iso, loadProduct } from './service.js';

const roomM = masterData;
export async function listRooms(
  db: Db,
  user: AuthUser,
  q: { page: number; limit: number; id?: number; roomId?: number; shopId?: number },
) {
  const conds: (SQL | undefined)[] = [await shopFilter(db, user, products.shopId, q.shopId)];
  if (q.id) {
    await loadProduct(db, user, q.id);
    conds.push(eq(productRooms.productId, q.id));
  }
  if (q.roomId) conds.push(eq(productRooms.roomId, q.roomId));
  const where = and(...conds);
  const [{ total }] = await db
    .select({ total: count() })
    .from(productRooms)
    .innerJoin(products, eq(products.id, productRooms.productId))
    .where(where);
  const rows = await db
    .select({
      id: productRooms.id,
      productId: productRooms.productId,
      productCode: products.code,
      productName: products.name,
      roomId: productRooms.roomId,
      roomName: sql<string>`(select name from master_data where id = ${productRooms.roomId})`,
      sizeId: productRooms.sizeId,
      sizeName: sql<string>`(select name from master_data where id = ${productRooms.sizeId})`,
      createdAt: productRooms.createdAt,
    })
    .from(productRooms)
    .innerJoin(products, eq(products.id, productRooms.productId))
    .where(where)
    .orderBy(desc(productRooms.createdAt), desc(productRooms.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { items: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })), total, maxpage: maxpage(total, q.limit) };
}

export async function tileDetail(db: Db, user: AuthUser, id: number) {
  const p = await loadProduct(db, user, id);
  const [size] = p.tileSizeId ? await db.select().from(roomM).where(eq(roomM.id, p.tileSizeId)) : [];
  const rooms = (await listRooms(db, user, { page: 1, limit: 100, id })).items.map(
    ({ id: rid, roomId, roomName, sizeId, sizeName }) => ({ id: rid, roomId, roomName, sizeId, sizeName }),
  );
  return { productId: id, code: p.code, name: p.name, imageUrl: p.imageUrl, size: size ? { ...size } : null, rooms };
}

export async function createRoom(db: Db, user: AuthUser, input: { id: number; roomId: number; sizeId: number }) {
  await loadProduct(db, user, input.id);
  const ms = await db
    .select()
    .from(masterData)
    .where(inArray(masterData.id, [input.roomId, input.sizeId]));
  if (!ms.some((m) => m.id === input.roomId && m.type === 'room'))
    throw fieldError('roomId', 'roomId must be an existing room (see masterrooms)');
  if (!ms.some((m) => m.id === input.sizeId && m.type === 'tile_size'))
    throw fieldError('sizeId', 'sizeId must be an existing tile size (see mastersize)');
  return db.transaction(async (tx) => {
    await loadProduct(tx, user, input.id);
    const [row] = await tx
      .insert(productRooms)
      .values({ productId: input.id, roomId: input.roomId, sizeId: input.sizeId })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('This product is already placed in that room.');
    await audit(tx, { actorId: user.id, action: 'create_room', entity: 'product', entityId: input.id, after: row });
    return { ...row, createdAt: iso(row.createdAt) };
  });
}

export async function deleteRoom(db: Db, user: AuthUser, placementId: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(productRooms).where(eq(productRooms.id, placementId));
    if (!row) throw notFound('Room placement');
    try {
      await loadProduct(tx, user, row.productId);
    } catch {
      throw notFound('Room placement');
    }
    await tx.delete(productRooms).where(eq(productRooms.id, placementId));
    await audit(tx, {
      actorId: user.id,
      action: 'delete_room',
      entity: 'product',
      entityId: row.productId,
      before: row,
    });
  });
}
