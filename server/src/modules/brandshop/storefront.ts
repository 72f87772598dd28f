/**
 * What a shopper sees (docs/api/storefronts.md, "Shop profile, storefront, publishing"): the draft is
 * the board as arranged now; publishing stores it as a snapshot (sections, cards, product and banner
 * ids) under the next number and makes it live; rollback drops the live one and makes the one before
 * live again, so only the live version and older ones exist. Both lock the board row first, the lock
 * every board write takes, so a publish never mixes two states of a board.
 * Products are read through product/store.ts: current name, price and image, approved ones only.
 */
import { and, asc, desc, eq, inArray, lt, max } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  boardCardProducts,
  boardCards,
  boardColumns,
  boards,
  shopBanners,
  shops,
  storefrontVersions,
} from '../../db/schema.js';
import { assertShopApproved, assertStorefrontAccess } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldConflict, HttpError } from '../../lib/errors.js';
import type { Tx } from '../../lib/sql.js';
import { storeProductsByIds, type StoreProduct } from '../product/store.js';
import { lockBoard, readSnapshot } from '../kanban/service.js';

/** A stored storefront: the board as it was published, by ids. */
export interface Snapshot {
  boardVersion: number;
  sections: {
    id: number;
    name: string;
    cards: {
      id: number;
      type: string;
      name: string;
      description: string | null;
      bannerCategoryId: number | null;
      productIds: number[];
      bannerIds: number[];
    }[];
  }[];
}

const PUBLISHING = 'publish your storefront';

/** The board as arranged now, with the banners its banner cards show now: what publishing stores. */
export async function snapshotOf(q: Db | Tx, shopId: number): Promise<Snapshot> {
  const [board] = await q.select({ version: boards.version }).from(boards).where(eq(boards.shopId, shopId));
  const columns = await q
    .select({ id: boardColumns.id, name: boardColumns.name })
    .from(boardColumns)
    .where(eq(boardColumns.shopId, shopId))
    .orderBy(asc(boardColumns.position), asc(boardColumns.id));
  const cards = await q
    .select({
      id: boardCards.id,
      columnId: boardCards.columnId,
      type: boardCards.type,
      name: boardCards.name,
      description: boardCards.description,
      bannerCategoryId: boardCards.bannerCategoryId,
    })
    .from(boardCards)
    .where(eq(boardCards.shopId, shopId))
    .orderBy(asc(boardCards.position), asc(boardCards.id));
  const links = await q
    .select({ cardId: boardCardProducts.cardId, productId: boardCardProducts.productId })
    .from(boardCardProducts)
    .innerJoin(boardCards, eq(boardCards.id, boardCardProducts.cardId))
    .where(eq(boardCards.shopId, shopId))
    .orderBy(asc(boardCardProducts.position));
  const categories = [...new Set(cards.map((c) => c.bannerCategoryId).filter((c): c is number => c !== null))];
  const banners = categories.length
    ? await q
        .select({ id: shopBanners.id, categoryId: shopBanners.categoryId })
        .from(shopBanners)
        .where(and(eq(shopBanners.shopId, shopId), inArray(shopBanners.categoryId, categories)))
        .orderBy(asc(shopBanners.position), asc(shopBanners.id))
    : [];
  return {
    boardVersion: board?.version ?? 0,
    sections: columns.map((col) => ({
      id: col.id,
      name: col.name,
      cards: cards
        .filter((c) => c.columnId === col.id)
        .map((c) => ({
          id: c.id,
          type: c.type,
          name: c.name,
          description: c.description,
          bannerCategoryId: c.bannerCategoryId,
          productIds: links.filter((l) => l.cardId === c.id).map((l) => l.productId),
          bannerIds:
            c.bannerCategoryId === null
              ? []
              : banners.filter((b) => b.categoryId === c.bannerCategoryId).map((b) => b.id),
        })),
    })),
  };
}

/** The snapshot with today's products and banners; what is gone or no longer approved is left out. */
async function render(q: Db | Tx, shopId: number, snap: Snapshot) {
  const cards = snap.sections.flatMap((s) => s.cards);
  const products = await storeProductsByIds(q, shopId, [...new Set(cards.flatMap((c) => c.productIds))]);
  const productById = new Map<number, StoreProduct>(products.map((p) => [p.id, p]));
  const bannerIds = [...new Set(cards.flatMap((c) => c.bannerIds))];
  const banners = bannerIds.length
    ? await q
        .select({
          id: shopBanners.id,
          title: shopBanners.title,
          imageUrl: shopBanners.imageUrl,
          link: shopBanners.link,
        })
        .from(shopBanners)
        .where(and(eq(shopBanners.shopId, shopId), inArray(shopBanners.id, bannerIds)))
    : [];
  const bannerById = new Map(banners.map((b) => [b.id, b]));
  return snap.sections.map((s) => ({
    id: s.id,
    name: s.name,
    cards: s.cards.map((c) => ({
      id: c.id,
      type: c.type,
      name: c.name,
      description: c.description,
      products: c.productIds.flatMap((id) => productById.get(id) ?? []),
      banners: c.bannerIds.flatMap((id) => bannerById.get(id) ?? []),
    })),
  }));
}

export async function getStorefront(db: Db, user: AuthUser, shopId: number, source: 'draft' | 'live') {
  await assertStorefrontAccess(db, user, shopId);
  return readSnapshot(db, async (tx) => {
    const [shop] = await tx
      .select({
        id: shops.id,
        name: shops.name,
        description: shops.description,
        logoUrl: shops.logoUrl,
        coverUrl: shops.coverUrl,
      })
      .from(shops)
      .where(eq(shops.id, shopId));
    const [live] = await tx
      .select()
      .from(storefrontVersions)
      .where(and(eq(storefrontVersions.shopId, shopId), eq(storefrontVersions.live, true)));
    if (source === 'live' && !live) throw new HttpError(404, 'No published storefront');
    const snap = source === 'live' ? (live.snapshot as unknown as Snapshot) : await snapshotOf(tx, shopId);
    return {
      shop,
      source,
      liveVersion: live?.number ?? null,
      publishedAt: live ? live.publishedAt.toISOString() : null,
      boardVersion: snap.boardVersion,
      sections: await render(tx, shopId, snap),
    };
  });
}

const staleBoard = (now: number) => {
  const message = `The storefront board changed since you previewed it (it is now at version ${now}); preview it again before publishing.`;
  return fieldConflict('version', message);
};

export async function publish(db: Db, user: AuthUser, shopId: number, readVersion: number) {
  return db.transaction(async (tx) => {
    await assertStorefrontAccess(tx, user, shopId);
    await assertShopApproved(tx, user, shopId, PUBLISHING);
    const version = await lockBoard(tx, shopId);
    if (version !== readVersion) throw staleBoard(version);
    const snapshot = await snapshotOf(tx, shopId);
    const [{ last }] = await tx
      .select({ last: max(storefrontVersions.number) })
      .from(storefrontVersions)
      .where(eq(storefrontVersions.shopId, shopId));
    const number = (last ?? 0) + 1;
    const [before] = await tx
      .update(storefrontVersions)
      .set({ live: false })
      .where(and(eq(storefrontVersions.shopId, shopId), eq(storefrontVersions.live, true)))
      .returning({ number: storefrontVersions.number });
    const [row] = await tx
      .insert(storefrontVersions)
      .values({
        shopId,
        number,
        snapshot: snapshot as unknown as Record<string, unknown>,
        live: true,
        publishedBy: user.id,
      })
      .returning();
    await audit(tx, {
      actorId: user.id,
      action: 'publish',
      entity: 'storefront',
      entityId: shopId,
      before: { liveVersion: before?.number ?? null },
      after: { liveVersion: number, boardVersion: version },
    });
    return { liveVersion: row.number, publishedAt: row.publishedAt.toISOString() };
  });
}

export async function rollback(db: Db, user: AuthUser, shopId: number, readLive: number) {
  return db.transaction(async (tx) => {
    await assertStorefrontAccess(tx, user, shopId);
    await assertShopApproved(tx, user, shopId, PUBLISHING);
    await lockBoard(tx, shopId);
    const [live] = await tx
      .select()
      .from(storefrontVersions)
      .where(and(eq(storefrontVersions.shopId, shopId), eq(storefrontVersions.live, true)));
    if (live?.number !== readLive) {
      const message = live
        ? `The live storefront changed meanwhile (version ${live.number} is live now); reload it and try again.`
        : 'No storefront is published now; reload it and try again.';
      throw new HttpError(409, message, [{ field: 'liveVersion', message }]);
    }
    const [previous] = await tx
      .select()
      .from(storefrontVersions)
      .where(and(eq(storefrontVersions.shopId, shopId), lt(storefrontVersions.number, live.number)))
      .orderBy(desc(storefrontVersions.number))
      .limit(1);
    if (!previous) throw conflict('There is no earlier storefront to go back to.');
    await tx.delete(storefrontVersions).where(eq(storefrontVersions.id, live.id));
    await tx.update(storefrontVersions).set({ live: true }).where(eq(storefrontVersions.id, previous.id));
    await audit(tx, {
      actorId: user.id,
      action: 'rollback',
      entity: 'storefront',
      entityId: shopId,
      before: { liveVersion: live.number, snapshot: live.snapshot },
      after: { liveVersion: previous.number },
    });
    return { liveVersion: previous.number, publishedAt: previous.publishedAt.toISOString() };
  });
}
