/** Media, TIS, attributes, tags, visibility, rooms, GP and install rates of products. */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  attributeItems, attributes, gpItems, gpPurchaseOrders, installRates, masterData, productAttributes, productImageEditLog,
  productMedia, productRooms, products, productTisDocs, productVisibility, shops, users,
} from '../../db/schema.js';
import { shopFilter } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import type { StoredFile } from '../../lib/uploads.js';
import { CHANNELS } from '../../db/seed/products.js';
import { changeProduct, escapeLike, getProduct, iso, loadProduct, num, queueJob, type Tx } from './service.js';

type MediaKind = 'image' | 'video' | 'audio';
const MAX_MEDIA: Record<MediaKind, number> = { image: 20, video: 5, audio: 5 };
const all = <T>(items: T[]) => ({ items, total: items.length, maxpage: items.length ? 1 : 0 });

const toMedia = (m: typeof productMedia.$inferSelect) => ({ ...m, createdAt: iso(m.createdAt) });

export async function listMedia(db: Db | Tx, productId: number, kind: MediaKind) {
  const rows = await db.select().from(productMedia).where(and(eq(productMedia.productId, productId), eq(productMedia.kind, kind)))
    .orderBy(asc(productMedia.sort), asc(productMedia.id));
  return rows.map(toMedia);
}

/** The first image is the product's `imageUrl` (list thumbnail). */
async function syncCover(tx: Tx, productId: number) {
  const [first] = await tx.select({ url: productMedia.url }).from(productMedia)
    .where(and(eq(productMedia.productId, productId), eq(productMedia.kind, 'image'))).orderBy(asc(productMedia.sort), asc(productMedia.id)).limit(1);
  await tx.update(products).set({ imageUrl: first?.url ?? null }).where(eq(products.id, productId));
}

export async function mediaOf(db: Db, user: AuthUser, productId: number, kind: MediaKind) {
  await loadProduct(db, user, productId);
  return all(await listMedia(db, productId, kind));
}

export async function addMedia(db: Db, user: AuthUser, productId: number, kind: MediaKind, file: StoredFile) {
  return db.transaction(async (tx) => {
    await loadProduct(tx, user, productId);
    const [{ n, last }] = await tx.select({ n: count(), last: sql<number>`coalesce(max(${productMedia.sort}), -1)` }).from(productMedia)
      .where(and(eq(productMedia.productId, productId), eq(productMedia.kind, kind)));
    if (n >= MAX_MEDIA[kind]) throw conflict(`A product can have at most ${MAX_MEDIA[kind]} ${kind} files; delete one first.`);
    const [row] = await tx.insert(productMedia).values({
      productId, kind, url: file.url, mime: file.mime, size: file.size, originalName: file.originalName, sort: Number(last) + 1,
    }).returning();
    if (kind === 'image') await syncCover(tx, productId);
    await audit(tx, { actorId: user.id, action: `add_${kind}`, entity: 'product', entityId: productId, after: { mediaId: row.id, url: row.url } });
    return toMedia(row);
  });
}

export async function deleteMedia(db: Db, user: AuthUser, productId: number, kind: MediaKind, mediaId: number) {
  const removed = await db.transaction(async (tx) => {
    await loadProduct(tx, user, productId);
    const [row] = await tx.delete(productMedia)
      .where(and(eq(productMedia.id, mediaId), eq(productMedia.productId, productId), eq(productMedia.kind, kind))).returning();
    if (!row) throw notFound(kind === 'image' ? 'Image' : kind === 'video' ? 'Video' : 'Audio');
    if (kind === 'image') await syncCover(tx, productId);
    await audit(tx, { actorId: user.id, action: `delete_${kind}`, entity: 'product', entityId: productId, before: { mediaId: row.id, url: row.url } });
    return row;
  });
  return { removed, items: await listMedia(db, productId, kind) };
}

export async function sortImages(db: Db, user: AuthUser, productId: number, imageIds: number[]) {
  await db.transaction(async (tx) => {
    await loadProduct(tx, user, productId);
    const current = await listMedia(tx, productId, 'image');
    const have = current.map((m) => m.id).sort((a, b) => a - b).join(',');
    if ([...imageIds].sort((a, b) => a - b).join(',') !== have) {
      throw fieldError('imageIds', `imageIds must list each of this product's images once (${current.length} images)`);
    }
    for (const [sort, id] of imageIds.entries()) await tx.update(productMedia).set({ sort }).where(eq(productMedia.id, id));
    await syncCover(tx, productId);
    await audit(tx, { actorId: user.id, action: 'sort_images', entity: 'product', entityId: productId, before: { imageIds: current.map((m) => m.id) }, after: { imageIds } });
  });
  return listMedia(db, productId, 'image');
}

export async function imagePaths(db: Db, user: AuthUser, productId: number) {
  const p = await loadProduct(db, user, productId);
  const images = await listMedia(db, productId, 'image');
  return { productId, coverUrl: p.imageUrl, paths: images.map((i) => i.url) };
}

// ---------- image edit log ----------

export async function imageEditLog(db: Db, user: AuthUser, productId: number, q: { page: number; limit: number }) {
  await loadProduct(db, user, productId);
  const where = eq(productImageEditLog.productId, productId);
  const [{ total }] = await db.select({ total: count() }).from(productImageEditLog).where(where);
  const rows = await db.select({
    id: productImageEditLog.id, productId: productImageEditLog.productId, imageId: productImageEditLog.imageId, action: productImageEditLog.action,
    note: productImageEditLog.note, status: productImageEditLog.status, actorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    createdAt: productImageEditLog.createdAt,
  }).from(productImageEditLog).leftJoin(users, eq(users.id, productImageEditLog.actorId)).where(where)
    .orderBy(desc(productImageEditLog.createdAt), desc(productImageEditLog.id)).limit(q.limit).offset((q.page - 1) * q.limit);
  return { items: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })), total, maxpage: maxpage(total, q.limit) };
}

export async function logImageEdit(db: Db, user: AuthUser, input: { id: number; imageId?: number | null; action: string; note?: string | null }) {
  return db.transaction(async (tx) => {
    await loadProduct(tx, user, input.id);
    if (input.imageId) {
      const [img] = await tx.select({ id: productMedia.id }).from(productMedia)
        .where(and(eq(productMedia.id, input.imageId), eq(productMedia.productId, input.id), eq(productMedia.kind, 'image')));
      if (!img) throw notFound('Image');
    }
    const [row] = await tx.insert(productImageEditLog).values({
      productId: input.id, imageId: input.imageId ?? null, action: input.action.trim(), note: input.note?.trim() || null, actorId: user.id,
    }).returning();
    return { ...row, createdAt: iso(row.createdAt) };
  });
}

export async function setImageEditStatus(db: Db, user: AuthUser, input: { id: number; status: string; note?: string | null }) {
  await changeProduct(db, user, input.id, 'image_edit_status', {
    check: (b) => { if (b.imageEditStatus === input.status) throw conflict(`The image edit status is already ${input.status}.`); },
    set: () => ({ imageEditStatus: input.status }),
    after: async (tx) => {
      await tx.insert(productImageEditLog).values({ productId: input.id, action: 'status', status: input.status, note: input.note?.trim() || null, actorId: user.id });
    },
  });
  return getProduct(db, user, input.id);
}

// ---------- YouTube ----------

export function youtubeId(url: string): string | null {
  const m = url.match(/^https:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?:[?&#].*)?$/);
  return m ? m[1] : null;
}

export async function setYoutube(db: Db, user: AuthUser, id: number, url: string | null) {
  const clean = url?.trim() || null;
  if (clean && !youtubeId(clean)) throw fieldError('url', 'url must be a YouTube video link (https://www.youtube.com/watch?v=… or https://youtu.be/…)');
  const after = await changeProduct(db, user, id, 'set_youtube', { set: () => ({ youtubeUrl: clean }) });
  return { id, youtubeUrl: after.youtubeUrl, youtubeId: after.youtubeUrl ? youtubeId(after.youtubeUrl) : null };
}

export async function getYoutube(db: Db, user: AuthUser, id: number) {
  const p = await loadProduct(db, user, id);
  return { id, youtubeUrl: p.youtubeUrl, youtubeId: p.youtubeUrl ? youtubeId(p.youtubeUrl) : null };
}

// ---------- TIS ----------

const tisColumns = {
  id: productTisDocs.id, productId: productTisDocs.productId, tisId: productTisDocs.tisId, tisCode: masterData.code, tisName: masterData.name,
  url: productTisDocs.url, mime: productTisDocs.mime, size: productTisDocs.size, status: productTisDocs.status, createdAt: productTisDocs.createdAt,
};
const toTis = (r: { createdAt: Date } & Record<string, unknown>) => ({ ...r, createdAt: iso(r.createdAt) });

export async function sendTis(db: Db, user: AuthUser, productId: number, tisId: number, file: StoredFile) {
  return db.transaction(async (tx) => {
    // Scope first: a foreign product answers 404 whatever else is wrong.
    await loadProduct(tx, user, productId);
    const [tis] = await tx.select({ id: masterData.id }).from(masterData).where(and(eq(masterData.id, tisId), eq(masterData.type, 'tis')));
    if (!tis) throw fieldError('tisId', 'tisId must be an existing TIS standard (see masterdata/mastertisproduct)');
    const [doc] = await tx.insert(productTisDocs).values({ productId, tisId, url: file.url, mime: file.mime, size: file.size, status: 'queued' }).returning();
    const job = await queueJob(tx, user, 'product.send_tis', productId, { certificateId: doc.id, tisId });
    await audit(tx, { actorId: user.id, action: 'send_tis', entity: 'product', entityId: productId, after: { certificateId: doc.id, tisId, jobId: job.id } });
    const [row] = await tx.select(tisColumns).from(productTisDocs).innerJoin(masterData, eq(masterData.id, productTisDocs.tisId)).where(eq(productTisDocs.id, doc.id));
    return { certificate: toTis(row), job };
  });
}

export async function listTis(db: Db, user: AuthUser, productId: number) {
  await loadProduct(db, user, productId);
  const rows = await db.select(tisColumns).from(productTisDocs).innerJoin(masterData, eq(masterData.id, productTisDocs.tisId))
    .where(eq(productTisDocs.productId, productId)).orderBy(desc(productTisDocs.createdAt), desc(productTisDocs.id));
  return all(rows.map(toTis));
}

/** A certificate by its id, in the caller's scope through its product. */
async function loadTis(db: Db | Tx, user: AuthUser, certId: number) {
  const [row] = await db.select({ productId: productTisDocs.productId }).from(productTisDocs).where(eq(productTisDocs.id, certId));
  if (!row) throw notFound('TIS certificate');
  try { await loadProduct(db, user, row.productId); } catch { throw notFound('TIS certificate'); }
  return row;
}

export async function getTisDoc(db: Db, user: AuthUser, certId: number) {
  await loadTis(db, user, certId);
  const [row] = await db.select(tisColumns).from(productTisDocs).innerJoin(masterData, eq(masterData.id, productTisDocs.tisId)).where(eq(productTisDocs.id, certId));
  return toTis(row);
}

export async function deleteTis(db: Db, user: AuthUser, certId: number) {
  return db.transaction(async (tx) => {
    const { productId } = await loadTis(tx, user, certId);
    const [row] = await tx.delete(productTisDocs).where(eq(productTisDocs.id, certId)).returning();
    await audit(tx, { actorId: user.id, action: 'delete_tis', entity: 'product', entityId: productId, before: { certificateId: row.id, url: row.url } });
    return row;
  });
}

// ---------- attributes ----------

export async function featureAttributes(db: Db) {
  const attrs = await db.select().from(attributes).where(eq(attributes.status, 'active')).orderBy(asc(attributes.name));
  const items = attrs.length ? await db.select().from(attributeItems).where(inArray(attributeItems.attributeId, attrs.map((a) => a.id)))
    .orderBy(asc(attributeItems.sort), asc(attributeItems.id)) : [];
  return all(attrs.map((a) => ({ id: a.id, name: a.name, iconUrl: a.iconUrl, items: items.filter((i) => i.attributeId === a.id).map((i) => ({ id: i.id, name: i.name, sort: i.sort })) })));
}

async function productAttributeRows(db: Db | Tx, productId: number) {
  const rows = await db.select({
    attributeId: attributes.id, name: attributes.name, iconUrl: attributes.iconUrl, itemId: productAttributes.itemId, itemName: attributeItems.name,
  }).from(productAttributes).innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
    .leftJoin(attributeItems, eq(attributeItems.id, productAttributes.itemId))
    .where(eq(productAttributes.productId, productId)).orderBy(asc(attributes.name));
  return rows.map((r) => ({ ...r, status: true }));
}

export async function productAttributeTable(db: Db, user: AuthUser, productId: number) {
  await loadProduct(db, user, productId);
  return all(await productAttributeRows(db, productId));
}

export async function setProductAttribute(db: Db, user: AuthUser, input: { id: number; attributeId: number; itemId?: number | null; status: boolean }) {
  await loadProduct(db, user, input.id);
  const [attr] = await db.select().from(attributes).where(eq(attributes.id, input.attributeId));
  if (!attr) throw fieldError('attributeId', 'attributeId must be an existing attribute');
  if (input.status && attr.status !== 'active') throw conflict(`The attribute ${attr.name} is inactive.`);
  if (input.itemId) {
    const [item] = await db.select().from(attributeItems).where(and(eq(attributeItems.id, input.itemId), eq(attributeItems.attributeId, attr.id)));
    if (!item) throw fieldError('itemId', `itemId must be an item of ${attr.name}`);
  }
  await db.transaction(async (tx) => {
    await loadProduct(tx, user, input.id);
    const [before] = await tx.select().from(productAttributes).where(and(eq(productAttributes.productId, input.id), eq(productAttributes.attributeId, attr.id)));
    if (input.status) {
      await tx.insert(productAttributes).values({ productId: input.id, attributeId: attr.id, itemId: input.itemId ?? null })
        .onConflictDoUpdate({ target: [productAttributes.productId, productAttributes.attributeId], set: { itemId: input.itemId ?? null } });
    } else {
      if (!before) throw conflict(`The product does not have the attribute ${attr.name}.`);
      await tx.delete(productAttributes).where(and(eq(productAttributes.productId, input.id), eq(productAttributes.attributeId, attr.id)));
    }
    await audit(tx, { actorId: user.id, action: 'set_attribute', entity: 'product', entityId: input.id, before: before ?? null, after: input.status ? { attributeId: attr.id, itemId: input.itemId ?? null } : null });
  });
  return all(await productAttributeRows(db, input.id));
}

// ---------- tags and key highlights ----------

export async function getTags(db: Db, user: AuthUser, id: number) {
  const p = await loadProduct(db, user, id);
  return { id, tags: p.searchTags ?? [] };
}

export async function setTags(db: Db, user: AuthUser, id: number, tags: string[]) {
  const clean = [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];
  const after = await changeProduct(db, user, id, 'change_tags', { set: () => ({ searchTags: clean }) });
  return { id, tags: after.searchTags };
}

/** Selling points from what the product record says (brand, category, attributes, warranty, size). */
export async function generateKeyHighlights(db: Db, user: AuthUser, id: number, save: boolean) {
  const p = await getProduct(db, user, id);
  const masterIds = [p.warrantyId, p.dimensionUnitId, p.weightUnitId, p.tisId].filter((x): x is number => !!x);
  const m = masterIds.length ? await db.select().from(masterData).where(inArray(masterData.id, masterIds)) : [];
  const name = (mid: number | null) => m.find((x) => x.id === mid)?.name ?? null;
  const code = (mid: number | null) => m.find((x) => x.id === mid)?.code ?? '';
  const attrs = await productAttributeRows(db, id);
  const out: string[] = [];
  if (p.brandName) out.push(`Genuine ${p.brandName} product`);
  for (const a of attrs) if (a.itemName) out.push(`${a.name}: ${a.itemName}`);
  const w = name(p.warrantyId);
  if (w && w !== 'No warranty') out.push(`${w} manufacturer warranty`);
  if (p.width && p.length) out.push(`Size ${p.width} x ${p.length}${p.height ? ` x ${p.height}` : ''} ${code(p.dimensionUnitId) || 'cm'}`);
  if (p.weight) out.push(`Weight ${p.weight} ${code(p.weightUnitId) || 'kg'}`);
  if (p.tisId) out.push(`Certified ${name(p.tisId)!.split(' ').slice(0, 2).join(' ')}`);
  if (!out.length && p.level2Name) out.push(`${p.level2Name} from ${p.shopName}`);
  const keyHighlights = out.slice(0, 6);
  if (save) await changeProduct(db, user, id, 'generate_key_highlights', { set: () => ({ keyHighlights }) });
  return { keyHighlights };
}

// ---------- shipping ----------

export async function shippingConfig(db: Db, user: AuthUser, id: number) {
  const p = await loadProduct(db, user, id);
  const ids = [p.shippingTypeId, p.dimensionUnitId, p.weightUnitId, p.volumeUnitId].filter((x): x is number => !!x);
  const m = ids.length ? await db.select().from(masterData).where(inArray(masterData.id, ids)) : [];
  const ref = (mid: number | null) => { const r = m.find((x) => x.id === mid); return r ? { id: r.id, code: r.code, name: r.name } : null; };
  const toCm: Record<string, number> = { mm: 0.1, cm: 1, m: 100, in: 2.54 };
  const f = toCm[ref(p.dimensionUnitId)?.code ?? 'cm'] ?? 1;
  const [w, l, h] = [num(p.width), num(p.length), num(p.height)];
  // Courier volumetric weight: cm³ / 5000.
  const volumetricWeightKg = w && l && h ? Math.round((w * f * l * f * h * f) / 5000 * 100) / 100 : null;
  return {
    productId: id, shippingTypeId: p.shippingTypeId, shippingType: ref(p.shippingTypeId), width: w, length: l, height: h,
    dimensionUnit: ref(p.dimensionUnitId), weight: num(p.weight), weightUnit: ref(p.weightUnitId), volume: num(p.volume),
    volumeUnit: ref(p.volumeUnitId), volumetricWeightKg,
  };
}

// ---------- visibility ----------

export const channels = () => all(CHANNELS);

export async function visibilityList(db: Db, user: AuthUser, q: { page: number; limit: number; search?: string; shopId?: number; level1Id?: number; channel?: string }) {
  const conds: (SQL | undefined)[] = [await shopFilter(db, user, products.shopId, q.shopId)];
  const search = q.search?.trim();
  if (search) conds.push(or(ilike(products.name, escapeLike(search)), ilike(products.code, escapeLike(search))));
  if (q.level1Id) conds.push(eq(products.level1Id, q.level1Id));
  if (q.channel) conds.push(sql`exists (select 1 from ${productVisibility} v where v.product_id = ${products.id} and v.channel = ${q.channel} and v.visible = false)`);
  const where = and(...conds);
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const rows = await db.select({
    id: products.id, code: products.code, name: products.name, shopName: shops.name, imageUrl: products.imageUrl,
    approvalStatus: products.approvalStatus, online: products.online,
  }).from(products).innerJoin(shops, eq(shops.id, products.shopId)).where(where).orderBy(asc(products.code), asc(products.id))
    .limit(q.limit).offset((q.page - 1) * q.limit);
  const vis = rows.length ? await db.select().from(productVisibility).where(inArray(productVisibility.productId, rows.map((r) => r.id))) : [];
  return {
    items: rows.map((r) => ({
      ...r, visible: Object.fromEntries(CHANNELS.map((c) => [c.code, vis.find((v) => v.productId === r.id && v.channel === c.code)?.visible ?? true])),
    })),
    total, maxpage: maxpage(total, q.limit),
  };
}

export async function setVisible(db: Db, user: AuthUser, id: number, channel: string, visible: boolean) {
  await db.transaction(async (tx) => {
    await loadProduct(tx, user, id);
    const [before] = await tx.select().from(productVisibility).where(and(eq(productVisibility.productId, id), eq(productVisibility.channel, channel)));
    await tx.insert(productVisibility).values({ productId: id, channel, visible })
      .onConflictDoUpdate({ target: [productVisibility.productId, productVisibility.channel], set: { visible } });
    await audit(tx, { actorId: user.id, action: 'set_visible', entity: 'product', entityId: id, before: { channel, visible: before?.visible ?? true }, after: { channel, visible } });
  });
  const list = await db.select().from(productVisibility).where(eq(productVisibility.productId, id));
  return { id, visible: Object.fromEntries(CHANNELS.map((c) => [c.code, list.find((v) => v.channel === c.code)?.visible ?? true])) };
}

// ---------- virtual rooms ----------

const roomM = masterData;
export async function listRooms(db: Db, user: AuthUser, q: { page: number; limit: number; id?: number; roomId?: number; shopId?: number }) {
  const conds: (SQL | undefined)[] = [await shopFilter(db, user, products.shopId, q.shopId)];
  if (q.id) { await loadProduct(db, user, q.id); conds.push(eq(productRooms.productId, q.id)); }
  if (q.roomId) conds.push(eq(productRooms.roomId, q.roomId));
  const where = and(...conds);
  const [{ total }] = await db.select({ total: count() }).from(productRooms).innerJoin(products, eq(products.id, productRooms.productId)).where(where);
  const rows = await db.select({
    id: productRooms.id, productId: productRooms.productId, productCode: products.code, productName: products.name,
    roomId: productRooms.roomId, roomName: sql<string>`(select name from master_data where id = ${productRooms.roomId})`,
    sizeId: productRooms.sizeId, sizeName: sql<string>`(select name from master_data where id = ${productRooms.sizeId})`, createdAt: productRooms.createdAt,
  }).from(productRooms).innerJoin(products, eq(products.id, productRooms.productId)).where(where)
    .orderBy(desc(productRooms.createdAt), desc(productRooms.id)).limit(q.limit).offset((q.page - 1) * q.limit);
  return { items: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })), total, maxpage: maxpage(total, q.limit) };
}

export async function tileDetail(db: Db, user: AuthUser, id: number) {
  const p = await loadProduct(db, user, id);
  const [size] = p.tileSizeId ? await db.select().from(roomM).where(eq(roomM.id, p.tileSizeId)) : [];
  const rooms = (await listRooms(db, user, { page: 1, limit: 100, id })).items.map(({ id: rid, roomId, roomName, sizeId, sizeName }) => ({ id: rid, roomId, roomName, sizeId, sizeName }));
  return { productId: id, code: p.code, name: p.name, imageUrl: p.imageUrl, size: size ? { ...size } : null, rooms };
}

export async function createRoom(db: Db, user: AuthUser, input: { id: number; roomId: number; sizeId: number }) {
  await loadProduct(db, user, input.id);
  const ms = await db.select().from(masterData).where(inArray(masterData.id, [input.roomId, input.sizeId]));
  if (!ms.some((m) => m.id === input.roomId && m.type === 'room')) throw fieldError('roomId', 'roomId must be an existing room (see masterrooms)');
  if (!ms.some((m) => m.id === input.sizeId && m.type === 'tile_size')) throw fieldError('sizeId', 'sizeId must be an existing tile size (see mastersize)');
  return db.transaction(async (tx) => {
    await loadProduct(tx, user, input.id);
    const [row] = await tx.insert(productRooms).values({ productId: input.id, roomId: input.roomId, sizeId: input.sizeId }).onConflictDoNothing().returning();
    if (!row) throw conflict('This product is already placed in that room.');
    await audit(tx, { actorId: user.id, action: 'create_room', entity: 'product', entityId: input.id, after: row });
    return { ...row, createdAt: iso(row.createdAt) };
  });
}

export async function deleteRoom(db: Db, user: AuthUser, placementId: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(productRooms).where(eq(productRooms.id, placementId));
    if (!row) throw notFound('Room placement');
    try { await loadProduct(tx, user, row.productId); } catch { throw notFound('Room placement'); }
    await tx.delete(productRooms).where(eq(productRooms.id, placementId));
    await audit(tx, { actorId: user.id, action: 'delete_room', entity: 'product', entityId: row.productId, before: row });
  });
}

// ---------- GP ----------

export async function searchGp(db: Db, q: { page: number; limit: number; search?: string }) {
  const s = q.search?.trim();
  const where = s ? or(ilike(gpItems.itemCode, escapeLike(s)), ilike(gpItems.name, escapeLike(s))) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(gpItems).where(where);
  const rows = await db.select().from(gpItems).where(where).orderBy(asc(gpItems.itemCode)).limit(q.limit).offset((q.page - 1) * q.limit);
  return { items: rows.map((r) => ({ id: r.id, itemCode: r.itemCode, name: r.name, uom: r.uom, cost: Number(r.cost), productId: r.productId, status: r.status })), total, maxpage: maxpage(total, q.limit) };
}

export async function createGp(db: Db, user: AuthUser, id: number) {
  return db.transaction(async (tx) => {
    const p = await loadProduct(tx, user, id);
    if (p.approvalStatus !== 'approved') throw conflict('Only an approved product can be created in GP.');
    const [existing] = await tx.select().from(gpItems).where(eq(gpItems.productId, id));
    if (existing) throw conflict(`This product already has GP item ${existing.itemCode} (${existing.status}).`);
    const [item] = await tx.insert(gpItems).values({
      itemCode: `GP${p.code.replace(/[^A-Za-z0-9]/g, '')}`, name: p.name.toUpperCase().slice(0, 60), uom: 'EA',
      cost: (Number(p.price) * 0.72).toFixed(2), productId: id, status: 'queued',
    }).onConflictDoNothing().returning();
    if (!item) throw conflict(`GP item code GP${p.code} is already taken by another product.`);
    const job = await queueJob(tx, user, 'product.create_gp_item', id, { gpItemId: item.id, itemCode: item.itemCode });
    await audit(tx, { actorId: user.id, action: 'create_gp', entity: 'product', entityId: id, after: { gpItemId: item.id, jobId: job.id } });
    return { item: { id: item.id, itemCode: item.itemCode, name: item.name, uom: item.uom, cost: Number(item.cost), productId: id, status: item.status }, job };
  });
}

export async function gpPos(db: Db, user: AuthUser, q: { id: number; page: number; limit: number }) {
  await loadProduct(db, user, q.id);
  const where = eq(gpItems.productId, q.id);
  const [{ total }] = await db.select({ total: count() }).from(gpPurchaseOrders).innerJoin(gpItems, eq(gpItems.id, gpPurchaseOrders.gpItemId)).where(where);
  const rows = await db.select({
    id: gpPurchaseOrders.id, poNo: gpPurchaseOrders.poNo, itemCode: gpItems.itemCode, qty: gpPurchaseOrders.qty, cost: gpPurchaseOrders.cost,
    status: gpPurchaseOrders.status, orderedAt: gpPurchaseOrders.orderedAt,
  }).from(gpPurchaseOrders).innerJoin(gpItems, eq(gpItems.id, gpPurchaseOrders.gpItemId)).where(where)
    .orderBy(desc(gpPurchaseOrders.orderedAt), desc(gpPurchaseOrders.id)).limit(q.limit).offset((q.page - 1) * q.limit);
  return { items: rows.map((r) => ({ ...r, cost: Number(r.cost), orderedAt: iso(r.orderedAt) })), total, maxpage: maxpage(total, q.limit) };
}

// ---------- install rates ----------

export async function listInstallRates(db: Db, q: { page: number; limit: number; search?: string; status?: string; level1Id?: number }) {
  const conds: (SQL | undefined)[] = [];
  const s = q.search?.trim();
  if (s) conds.push(ilike(installRates.name, escapeLike(s)));
  if (q.status) conds.push(eq(installRates.status, q.status));
  if (q.level1Id) conds.push(eq(installRates.level1Id, q.level1Id));
  const where = and(...conds);
  const [{ total }] = await db.select({ total: count() }).from(installRates).where(where);
  const rows = await db.select({
    id: installRates.id, name: installRates.name, level1Id: installRates.level1Id, level1Name: masterData.name, productId: installRates.productId,
    productCode: products.code, price: installRates.price, status: installRates.status, updatedAt: installRates.updatedAt,
  }).from(installRates).leftJoin(masterData, eq(masterData.id, installRates.level1Id)).leftJoin(products, eq(products.id, installRates.productId))
    .where(where).orderBy(asc(installRates.name), asc(installRates.id)).limit(q.limit).offset((q.page - 1) * q.limit);
  return { items: rows.map((r) => ({ ...r, price: Number(r.price), updatedAt: iso(r.updatedAt) })), total, maxpage: maxpage(total, q.limit) };
}

export async function setInstallRateStatus(db: Db, user: AuthUser, id: number, status: 'active' | 'inactive') {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(installRates).where(eq(installRates.id, id));
    if (!before) throw notFound('Install rate');
    if (before.status === status) throw conflict(`This install rate is already ${status}.`);
    const [after] = await tx.update(installRates).set({ status, updatedAt: new Date() })
      .where(and(eq(installRates.id, id), eq(installRates.status, before.status))).returning();
    if (!after) throw conflict('This install rate was changed by someone else. Reload and try again.');
    await audit(tx, { actorId: user.id, action: 'set_status', entity: 'install_rate', entityId: id, before, after });
    return { ...after, price: Number(after.price), updatedAt: iso(after.updatedAt) };
  });
}


