/** A product's images, videos and audio, its image-edit log and its YouTube link. */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { productImageEditLog, productMedia, products, users } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import type { StoredFile } from '../../lib/uploads.js';
import { changeProduct, getProduct, iso, loadProduct } from './service.js';
import type { Tx } from '../../lib/sql.js';
import { all } from './product-shared.js';

type MediaKind = 'image' | 'video' | 'audio';
const MAX_MEDIA: Record<MediaKind, number> = { image: 20, video: 5, audio: 5 };

const toMedia = (m: typeof productMedia.$inferSelect) => ({ ...m, createdAt: iso(m.createdAt) });

export async function listMedia(db: Db | Tx, productId: number, kind: MediaKind) {
  const rows = await db
    .select()
    .from(productMedia)
    .where(and(eq(productMedia.productId, productId), eq(productMedia.kind, kind)))
    .orderBy(asc(productMedia.sort), asc(productMedia.id));
  return rows.map(toMedia);
}

/** The first image is the product's `imageUrl` (list thumbnail). */
async function syncCover(tx: Tx, productId: number) {
  const [first] = await tx
    .select({ url: productMedia.url })
    .from(productMedia)
    .where(and(eq(productMedia.productId, productId), eq(productMedia.kind, 'image')))
    .orderBy(asc(productMedia.sort), asc(productMedia.id))
    .limit(1);
  await tx
    .update(products)
    .set({ imageUrl: first?.url ?? null })
    .where(eq(products.id, productId));
}

export async function mediaOf(db: Db, user: AuthUser, productId: number, kind: MediaKind) {
  await loadProduct(db, user, productId);
  return all(await listMedia(db, productId, kind));
}

export async function addMedia(db: Db, user: AuthUser, productId: number, kind: MediaKind, file: StoredFile) {
  return db.transaction(async (tx) => {
    await loadProduct(tx, user, productId);
    const [{ n, last }] = await tx
      .select({ n: count(), last: sql<number>`coalesce(max(${productMedia.sort}), -1)` })
      .from(productMedia)
      .where(and(eq(productMedia.productId, productId), eq(productMedia.kind, kind)));
    if (n >= MAX_MEDIA[kind])
      throw conflict(`A product can have at most ${MAX_MEDIA[kind]} ${kind} files; delete one first.`);
    const [row] = await tx
      .insert(productMedia)
      .values({
        productId,
        kind,
        url: file.url,
        mime: file.mime,
        size: file.size,
        originalName: file.originalName,
        sort: Number(last) + 1,
      })
      .returning();
    if (kind === 'image') await syncCover(tx, productId);
    await audit(tx, {
      actorId: user.id,
      action: `add_${kind}`,
      entity: 'product',
      entityId: productId,
      after: { mediaId: row.id, url: row.url },
    });
    return toMedia(row);
  });
}

export async function deleteMedia(db: Db, user: AuthUser, productId: number, kind: MediaKind, mediaId: number) {
  const removed = await db.transaction(async (tx) => {
    await loadProduct(tx, user, productId);
    const [row] = await tx
      .delete(productMedia)
      .where(and(eq(productMedia.id, mediaId), eq(productMedia.productId, productId), eq(productMedia.kind, kind)))
      .returning();
    if (!row) throw notFound(kind === 'image' ? 'Image' : kind === 'video' ? 'Video' : 'Audio');
    if (kind === 'image') await syncCover(tx, productId);
    await audit(tx, {
      actorId: user.id,
      action: `delete_${kind}`,
      entity: 'product',
      entityId: productId,
      before: { mediaId: row.id, url: row.url },
    });
    return row;
  });
  return { removed, items: await listMedia(db, productId, kind) };
}

export async function sortImages(db: Db, user: AuthUser, productId: number, imageIds: number[]) {
  await db.transaction(async (tx) => {
    await loadProduct(tx, user, productId);
    const current = await listMedia(tx, productId, 'image');
    const have = current
      .map((m) => m.id)
      .sort((a, b) => a - b)
      .join(',');
    if ([...imageIds].sort((a, b) => a - b).join(',') !== have) {
      throw fieldError('imageIds', `imageIds must list each of this product's images once (${current.length} images)`);
    }
    for (const [sort, id] of imageIds.entries())
      await tx.update(productMedia).set({ sort }).where(eq(productMedia.id, id));
    await syncCover(tx, productId);
    await audit(tx, {
      actorId: user.id,
      action: 'sort_images',
      entity: 'product',
      entityId: productId,
      before: { imageIds: current.map((m) => m.id) },
      after: { imageIds },
    });
  });
  return listMedia(db, productId, 'image');
}

export async function imagePaths(db: Db, user: AuthUser, productId: number) {
  const p = await loadProduct(db, user, productId);
  const images = await listMedia(db, productId, 'image');
  return { productId, coverUrl: p.imageUrl, paths: images.map((i) => i.url) };
}

export async function imageEditLog(db: Db, user: AuthUser, productId: number, q: { page: number; limit: number }) {
  await loadProduct(db, user, productId);
  const where = eq(productImageEditLog.productId, productId);
  const [{ total }] = await db.select({ total: count() }).from(productImageEditLog).where(where);
  const rows = await db
    .select({
      id: productImageEditLog.id,
      productId: productImageEditLog.productId,
      imageId: productImageEditLog.imageId,
      action: productImageEditLog.action,
      note: productImageEditLog.note,
      status: productImageEditLog.status,
      actorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      createdAt: productImageEditLog.createdAt,
    })
    .from(productImageEditLog)
    .leftJoin(users, eq(users.id, productImageEditLog.actorId))
    .where(where)
    .orderBy(desc(productImageEditLog.createdAt), desc(productImageEditLog.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { items: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })), total, maxpage: maxpage(total, q.limit) };
}

export async function logImageEdit(
  db: Db,
  user: AuthUser,
  input: { id: number; imageId?: number | null; action: string; note?: string | null },
) {
  return db.transaction(async (tx) => {
    await loadProduct(tx, user, input.id);
    if (input.imageId) {
      const [img] = await tx
        .select({ id: productMedia.id })
        .from(productMedia)
        .where(
          and(eq(productMedia.id, input.imageId), eq(productMedia.productId, input.id), eq(productMedia.kind, 'image')),
        );
      if (!img) throw notFound('Image');
    }
    const [row] = await tx
      .insert(productImageEditLog)
      .values({
        productId: input.id,
        imageId: input.imageId ?? null,
        action: input.action.trim(),
        note: input.note?.trim() || null,
        actorId: user.id,
      })
      .returning();
    return { ...row, createdAt: iso(row.createdAt) };
  });
}

export async function setImageEditStatus(
  db: Db,
  user: AuthUser,
  input: { id: number; status: string; note?: string | null },
) {
  await changeProduct(db, user, input.id, 'image_edit_status', {
    check: (b) => {
      if (b.imageEditStatus === input.status) throw conflict(`The image edit status is already ${input.status}.`);
    },
    set: () => ({ imageEditStatus: input.status }),
    after: async (tx) => {
      await tx.insert(productImageEditLog).values({
        productId: input.id,
        action: 'status',
        status: input.status,
        note: input.note?.trim() || null,
        actorId: user.id,
      });
    },
  });
  return getProduct(db, user, input.id);
}

export function youtubeId(url: string): string | null {
  const m = url.match(
    /^https:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?:[?&#].*)?$/,
  );
  return m ? m[1] : null;
}

export async function setYoutube(db: Db, user: AuthUser, id: number, url: string | null) {
  const clean = url?.trim() || null;
  if (clean && !youtubeId(clean))
    throw fieldError(
      'url',
      'url must be a YouTube video link (https://www.youtube.com/watch?v=… or https://youtu.be/…)',
    );
  const after = await changeProduct(db, user, id, 'set_youtube', { set: () => ({ youtubeUrl: clean }) });
  return { id, youtubeUrl: after.youtubeUrl, youtubeId: after.youtubeUrl ? youtubeId(after.youtubeUrl) : null };
}

export async function getYoutube(db: Db, user: AuthUser, id: number) {
  const p = await loadProduct(db, user, id);
  return { id, youtubeUrl: p.youtubeUrl, youtubeId: p.youtubeUrl ? youtubeId(p.youtubeUrl) : null };
}
