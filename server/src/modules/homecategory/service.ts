/**
 * Home-category tiles (docs/api/homecategory.md): the category tiles of the marketplace home page, each
 * named in the five languages, with an image, a link target, a place in the order, an on/off flag and a
 * window. Writes that change places (create, delete, move) take one lock for the whole table, so two
 * sorts at once are applied one after the other and positions stay dense (0-based, no gaps, no doubles).
 */
import { and, asc, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import { campaigns, homeCategories, masterData, products, shops } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { MAX_PAGE } from '../../rest/resource.js';
import { containing, type Tx } from '../../lib/sql.js';
import { checkWindow, type WindowInput } from '../../lib/window.js';
import { assertStoredImage } from '../../lib/uploads.js';
import { LANGUAGES, NAME_MAX, TARGETS_MAX, type Language, type LinkType } from './schemas.js';

const iso = (d: Date) => d.toISOString();

/** Serialises every write that changes places: one transaction-scoped lock for the table. */
async function lockTiles(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('home_categories'))`);
}

/**
 * The target's name while it takes a link: a level-1 category that is active, a campaign that is not
 * closed, an approved product. Qualified by hand: drizzle writes select fields without their table.
 */
const linkName = sql<string | null>`case home_categories.link_type
  when 'category' then (select m.name from master_data m where m.id = home_categories.link_id and m.type = 'level1' and m.status = 'active')
  when 'campaign' then (select c.name from campaigns c where c.id = home_categories.link_id and c.status <> 'closed')
  when 'product' then (select p.name from products p where p.id = home_categories.link_id and p.approval_status = 'approved')
  end`;

const tileFields = {
  id: homeCategories.id,
  names: homeCategories.names,
  imageUrl: homeCategories.imageUrl,
  linkType: homeCategories.linkType,
  linkId: homeCategories.linkId,
  linkName,
  position: homeCategories.position,
  active: homeCategories.active,
  startsAt: homeCategories.startsAt,
  endsAt: homeCategories.endsAt,
  timezone: homeCategories.timezone,
  createdAt: homeCategories.createdAt,
  updatedAt: homeCategories.updatedAt,
};

type TileRow = { startsAt: Date; endsAt: Date | null; createdAt: Date; updatedAt: Date };
const toTile = <R extends TileRow>(r: R) => ({
  ...r,
  startsAt: iso(r.startsAt),
  endsAt: r.endsAt ? iso(r.endsAt) : null,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

async function readTile(tx: Db | Tx, id: number) {
  const [row] = await tx.select(tileFields).from(homeCategories).where(eq(homeCategories.id, id));
  if (!row) throw notFound('Home category');
  return toTile(row);
}

/** Tile ids in their order (ties, which a dense table never has, by id). */
const orderOf = async (tx: Db | Tx) =>
  (
    await tx
      .select({ id: homeCategories.id })
      .from(homeCategories)
      .orderBy(asc(homeCategories.position), asc(homeCategories.id))
  ).map((r) => r.id);

/** Stores each listed tile's place (0-based) in one statement. */
async function place(tx: Tx, ids: number[]) {
  if (!ids.length) return;
  const places = sql`case ${homeCategories.id} ${sql.join(
    ids.map((id, i) => sql`when ${id} then ${i}::int`),
    sql` `,
  )} end`;
  await tx.update(homeCategories).set({ position: places }).where(inArray(homeCategories.id, ids));
}

/** The five names trimmed; 400 naming `names.<language>` when one is only spaces. */
function cleanNames(input: Record<Language, string>): Record<Language, string> {
  const out = {} as Record<Language, string>;
  for (const lang of LANGUAGES) {
    const value = input[lang].trim();
    if (!value) throw fieldError(`names.${lang}`, `names.${lang} must have 1–${NAME_MAX} characters besides spaces`);
    out[lang] = value;
  }
  return out;
}

/** 400 naming `linkId` unless the target exists and takes a link now. */
async function assertTarget(tx: Db | Tx, linkType: LinkType, linkId: number): Promise<void> {
  const found =
    linkType === 'category'
      ? await tx
          .select({ id: masterData.id })
          .from(masterData)
          .where(and(eq(masterData.id, linkId), eq(masterData.type, 'level1'), eq(masterData.status, 'active')))
      : linkType === 'campaign'
        ? await tx
            .select({ id: campaigns.id })
            .from(campaigns)
            .where(and(eq(campaigns.id, linkId), ne(campaigns.status, 'closed')))
        : await tx
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.id, linkId), eq(products.approvalStatus, 'approved')));
  if (found.length) return;
  const words: Record<LinkType, string> = {
    category: 'a level-1 product category (GET /api/masterdata/masterproductlevel1)',
    campaign: 'a campaign that is not closed',
    product: 'an approved product',
  };
  throw fieldError('linkId', `linkId ${linkId} is not ${words[linkType]}; pick the tile's target again`);
}

// ---------- reads ----------

export interface ListQuery {
  _start?: number;
  _end?: number;
  active?: boolean;
  linkType?: LinkType[];
}

export async function listTiles(db: Db, q: ListQuery) {
  const offset = q._start ?? 0;
  const end = q._end ?? offset + MAX_PAGE;
  if (end < offset) throw fieldError('_end', '_end must not be less than _start');
  if (end - offset > MAX_PAGE) throw fieldError('_end', `_end may be at most ${MAX_PAGE} after _start`);
  const where = and(
    q.active !== undefined ? eq(homeCategories.active, q.active) : undefined,
    q.linkType?.length ? inArray(homeCategories.linkType, q.linkType) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(homeCategories).where(where);
  const found =
    end === offset
      ? []
      : await db
          .select(tileFields)
          .from(homeCategories)
          .where(where)
          .orderBy(asc(homeCategories.position), asc(homeCategories.id))
          .limit(end - offset)
          .offset(offset);
  return { rows: found.map(toTile), total };
}

export const getTile = (db: Db, id: number) => readTile(db, id);

// ---------- writes ----------

export interface TileInput extends WindowInput {
  names: Record<Language, string>;
  imageUrl: string;
  linkType: LinkType;
  linkId: number;
  active?: boolean;
}

/** A new tile at the end of the order. */
export async function createTile(db: Db, storage: Storage, user: AuthUser, input: TileInput) {
  const names = cleanNames(input.names);
  const window = checkWindow(input);
  await assertStoredImage(storage, 'imageUrl', input.imageUrl);
  return db.transaction(async (tx) => {
    await lockTiles(tx);
    await assertTarget(tx, input.linkType, input.linkId);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${homeCategories.position}) + 1, 0)::int` })
      .from(homeCategories);
    const [row] = await tx
      .insert(homeCategories)
      .values({
        names,
        imageUrl: input.imageUrl,
        linkType: input.linkType,
        linkId: input.linkId,
        position: next,
        active: input.active ?? true,
        ...window,
      })
      .returning({ id: homeCategories.id });
    const created = await readTile(tx, row.id);
    await audit(tx, { actorId: user.id, action: 'create', entity: 'home_category', entityId: row.id, after: created });
    return created;
  });
}

/** Changes the fields sent; the place changes only by moving. */
export async function updateTile(db: Db, storage: Storage, user: AuthUser, id: number, input: Partial<TileInput>) {
  const names = input.names ? cleanNames(input.names) : undefined;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(homeCategories).where(eq(homeCategories.id, id)).for('update');
    if (!current) throw notFound('Home category');
    const window = checkWindow(input, current);
    if (input.imageUrl !== undefined) await assertStoredImage(storage, 'imageUrl', input.imageUrl);
    const linkType = input.linkType ?? (current.linkType as LinkType);
    const linkId = input.linkId ?? current.linkId;
    // A target is checked when the link changes; an unchanged one may have closed since and is left alone.
    if (input.linkType !== undefined || input.linkId !== undefined) await assertTarget(tx, linkType, linkId);
    const before = await readTile(tx, id);
    await tx
      .update(homeCategories)
      .set({
        ...(names ? { names } : {}),
        ...(input.imageUrl !== undefined ? { imageUrl: input.imageUrl } : {}),
        linkType,
        linkId,
        ...(input.active !== undefined ? { active: input.active } : {}),
        ...window,
        updatedAt: new Date(),
      })
      .where(eq(homeCategories.id, id));
    const after = await readTile(tx, id);
    await audit(tx, { actorId: user.id, action: 'update', entity: 'home_category', entityId: id, before, after });
    return after;
  });
}

/** Deletes a tile; the later ones close up. Answers the deleted tile. */
export async function deleteTile(db: Db, user: AuthUser, id: number) {
  return db.transaction(async (tx) => {
    await lockTiles(tx);
    const tile = await readTile(tx, id);
    await tx.delete(homeCategories).where(eq(homeCategories.id, id));
    await place(tx, await orderOf(tx));
    await audit(tx, { actorId: user.id, action: 'delete', entity: 'home_category', entityId: id, before: tile });
    return tile;
  });
}

/** Moves a tile to `index` among all tiles (past the end: last); every place is stored, dense. */
export async function moveTile(db: Db, user: AuthUser, id: number, index: number) {
  return db.transaction(async (tx) => {
    await lockTiles(tx);
    await readTile(tx, id);
    const before = await orderOf(tx);
    const rest = before.filter((x) => x !== id);
    const after = [...rest.slice(0, index), id, ...rest.slice(index)];
    await place(tx, after);
    await audit(tx, {
      actorId: user.id,
      action: 'move',
      entity: 'home_category',
      entityId: id,
      before: { order: before },
      after: { order: after },
    });
    return readTile(tx, id);
  });
}

// ---------- link targets ----------

export interface TargetQuery {
  linkType: LinkType;
  search?: string;
  id?: number[];
}

/** Candidates for a tile's link, by name: what `assertTarget` accepts, at most TARGETS_MAX. */
export async function findTargets(db: Db, q: TargetQuery) {
  const s = q.search?.trim();
  const ids = q.id?.length ? q.id : undefined;
  if (q.linkType === 'category') {
    const where = and(
      eq(masterData.type, 'level1'),
      eq(masterData.status, 'active'),
      s ? ilike(masterData.name, containing(s)) : undefined,
      ids ? inArray(masterData.id, ids) : undefined,
    );
    const [{ total }] = await db.select({ total: count() }).from(masterData).where(where);
    const found = await db
      .select({ id: masterData.id, name: masterData.name, detail: masterData.code, imageUrl: sql<string | null>`null` })
      .from(masterData)
      .where(where)
      .orderBy(asc(masterData.sort), asc(masterData.id))
      .limit(TARGETS_MAX);
    return { rows: found, total };
  }
  if (q.linkType === 'campaign') {
    const where = and(
      ne(campaigns.status, 'closed'),
      s ? ilike(campaigns.name, containing(s)) : undefined,
      ids ? inArray(campaigns.id, ids) : undefined,
    );
    const [{ total }] = await db.select({ total: count() }).from(campaigns).where(where);
    const found = await db
      .select({ id: campaigns.id, name: campaigns.name, detail: campaigns.status, imageUrl: campaigns.imageUrl })
      .from(campaigns)
      .where(where)
      .orderBy(asc(campaigns.name), asc(campaigns.id))
      .limit(TARGETS_MAX);
    return { rows: found, total };
  }
  const where = and(
    eq(products.approvalStatus, 'approved'),
    s ? or(ilike(products.name, containing(s)), ilike(products.code, containing(s))) : undefined,
    ids ? inArray(products.id, ids) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const found = await db
    .select({
      id: products.id,
      name: products.name,
      detail: sql<string>`${products.code} || ' · ' || ${shops.name}`,
      imageUrl: products.imageUrl,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(where)
    .orderBy(asc(products.name), asc(products.id))
    .limit(TARGETS_MAX);
  return { rows: found, total };
}
