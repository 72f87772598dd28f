/**
 * Marketplace banners (docs/api/banners.md): banner types with the pixel size their images must have,
 * the pages (menus) each type appears on, and the banners of one type and page in position order
 * (0-based, dense). Every write that changes positions first locks the page's row (`lockSet`), so two
 * requests on one page are applied one after the other: concurrent sorts, uploads and deletes never
 * lose or double a position. A banner is live only while active and inside its window.
 */
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { banners, bannerTypeMenus, bannerTypes } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, HttpError, notFound } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import type { Tx } from '../../lib/sql.js';
import { imagePixelSize, intField, UPLOAD_LIMITS, type StoredFile } from '../../lib/uploads.js';
import { checkWindow, windowState, type WindowInput } from '../../lib/window.js';
import { LINK_MAX, SET_MAX, TITLE_MAX, UPLOAD_FIELDS, type BannerState } from './schemas.js';

const iso = (d: Date) => d.toISOString();

// ---------- types and pages ----------

export async function listTypes(db: Db) {
  const found = await db
    .select({
      id: bannerTypes.id,
      code: bannerTypes.code,
      name: bannerTypes.name,
      width: bannerTypes.width,
      height: bannerTypes.height,
      menuCount: sql<number>`(select count(*)::int from banner_type_menus m where m.type_id = banner_types.id)`,
    })
    .from(bannerTypes)
    .orderBy(asc(bannerTypes.sort), asc(bannerTypes.id));
  return { items: found.map((t) => ({ ...t, menuCount: Number(t.menuCount) })) };
}

async function typeOf(tx: Db | Tx, typeId: number) {
  const [type] = await tx.select().from(bannerTypes).where(eq(bannerTypes.id, typeId));
  if (!type) throw fieldError('typeId', `typeId ${typeId} is not a banner type; pick one from getmasterType`);
  return type;
}

export async function listMenus(db: Db, typeId: number) {
  await typeOf(db, typeId);
  const found = await db
    .select({
      id: bannerTypeMenus.id,
      typeId: bannerTypeMenus.typeId,
      code: bannerTypeMenus.code,
      name: bannerTypeMenus.name,
      bannerCount: sql<number>`(select count(*)::int from banners b where b.menu_id = banner_type_menus.id)`,
    })
    .from(bannerTypeMenus)
    .where(eq(bannerTypeMenus.typeId, typeId))
    .orderBy(asc(bannerTypeMenus.sort), asc(bannerTypeMenus.id));
  return { items: found.map((m) => ({ ...m, bannerCount: Number(m.bannerCount) })) };
}

/**
 * The type and one of its pages; with `lock`, the page's row stays locked until the transaction ends,
 * which serialises every position change of that page's banners.
 */
async function pageOf(tx: Db | Tx, typeId: number, menuId: number, lock = false) {
  const type = await typeOf(tx, typeId);
  const query = tx
    .select()
    .from(bannerTypeMenus)
    .where(and(eq(bannerTypeMenus.id, menuId), eq(bannerTypeMenus.typeId, typeId)));
  const [menu] = lock ? await query.for('no key update') : await query;
  if (!menu)
    throw fieldError(
      'menuId',
      `menuId ${menuId} is not a page of the ${type.name} banner type; pick one from getBannerTypeMenu`,
    );
  return { type, menu };
}

/** A banner left without a page (its page was removed) still has a set: its type's, locked through the type row. */
async function lockSet(tx: Tx, typeId: number, menuId: number | null) {
  if (menuId === null)
    await tx.select({ id: bannerTypes.id }).from(bannerTypes).where(eq(bannerTypes.id, typeId)).for('no key update');
  else
    await tx
      .select({ id: bannerTypeMenus.id })
      .from(bannerTypeMenus)
      .where(eq(bannerTypeMenus.id, menuId))
      .for('no key update');
}

const inSet = (typeId: number, menuId: number | null) =>
  and(eq(banners.typeId, typeId), menuId === null ? isNull(banners.menuId) : eq(banners.menuId, menuId));

const setIds = async (tx: Db | Tx, typeId: number, menuId: number | null) =>
  (
    await tx
      .select({ id: banners.id })
      .from(banners)
      .where(inSet(typeId, menuId))
      .orderBy(asc(banners.position), asc(banners.id))
  ).map((r) => r.id);

/** `case id when … then place … end`: every listed row's 0-based place in one statement. */
const places = (idColumn: PgColumn, ids: number[]): SQL =>
  sql`case ${idColumn} ${sql.join(
    ids.map((id, i) => sql`when ${id} then ${i}::int`),
    sql` `,
  )} end`;

async function place(tx: Tx, ids: number[]) {
  if (ids.length)
    await tx
      .update(banners)
      .set({ position: places(banners.id, ids) })
      .where(inArray(banners.id, ids));
}

// ---------- banners ----------

type Row = typeof banners.$inferSelect;

/** off when switched off, else where `now` falls in its window. */
export const stateOf = (b: { active: boolean; startsAt: Date; endsAt: Date | null }, now = new Date()): BannerState =>
  b.active ? windowState(b, now) : 'off';

const toBanner = (r: Row, now = new Date()) => ({
  id: r.id,
  typeId: r.typeId,
  menuId: r.menuId,
  title: r.title,
  imageUrl: r.imageUrl,
  width: r.imageWidth,
  height: r.imageHeight,
  link: r.link,
  position: r.position,
  active: r.active,
  startsAt: iso(r.startsAt),
  endsAt: r.endsAt ? iso(r.endsAt) : null,
  timezone: r.timezone,
  state: stateOf(r, now),
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/** The same states as `stateOf`, as a condition. */
function stateWhere(state: BannerState, now: Date): SQL {
  const on = eq(banners.active, true);
  switch (state) {
    case 'off':
      return eq(banners.active, false);
    case 'scheduled':
      return and(on, gt(banners.startsAt, now))!;
    case 'expired':
      return and(on, lte(banners.startsAt, now), isNotNull(banners.endsAt), lte(banners.endsAt, now))!;
    case 'live':
      return and(on, lte(banners.startsAt, now), or(isNull(banners.endsAt), gt(banners.endsAt, now)))!;
  }
}

export interface ListQuery {
  typeId: number;
  menuId: number;
  page: number;
  limit: number;
  status?: BannerState;
}

export async function listBanners(db: Db, q: ListQuery) {
  await pageOf(db, q.typeId, q.menuId);
  const now = new Date();
  const where = and(inSet(q.typeId, q.menuId), q.status ? stateWhere(q.status, now) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(banners).where(where);
  const rows = await db
    .select()
    .from(banners)
    .where(where)
    .orderBy(asc(banners.position), asc(banners.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  // How many of the whole page are in each state now, whatever the filter: the page at a glance.
  const countIn = (state: BannerState) => sql<number>`(count(*) filter (where ${stateWhere(state, now)}))::int`;
  const [counts] = await db
    .select({
      live: countIn('live'),
      scheduled: countIn('scheduled'),
      expired: countIn('expired'),
      off: countIn('off'),
    })
    .from(banners)
    .where(inSet(q.typeId, q.menuId));
  return { items: rows.map((r) => toBanner(r, now)), total, maxpage: maxpage(total, q.limit), counts };
}

async function lockedBanner(tx: Tx, id: number): Promise<Row> {
  const [found] = await tx
    .select({ typeId: banners.typeId, menuId: banners.menuId })
    .from(banners)
    .where(eq(banners.id, id));
  if (!found) throw notFound('Banner');
  await lockSet(tx, found.typeId, found.menuId);
  // Read again under the lock: a delete may have come first.
  const [row] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
  if (!row) throw notFound('Banner');
  return row;
}

// ---------- upload ----------

const LINK = /^(https:\/\/\S+|\/\S*)$/;

function cleanTitle(value: string | undefined): string {
  const title = value?.trim() ?? '';
  if (!title) throw fieldError('title', 'title is required');
  if (title.length > TITLE_MAX) throw fieldError('title', `title must be at most ${TITLE_MAX} characters`);
  return title;
}

function cleanLink(value: string | undefined): string | null {
  const link = value?.trim() || null;
  if (link && link.length > LINK_MAX) throw fieldError('link', `link must be at most ${LINK_MAX} characters`);
  if (link && !LINK.test(link)) throw fieldError('link', 'link must start with https:// or be a path starting with /');
  return link;
}

/**
 * A banner from an upload received by `withUpload` (the file already sniffed and size-limited): its
 * fields checked, its pixel size read and held against the type's, and the banner put last on its page.
 */
export async function createBanner(
  db: Db,
  user: AuthUser,
  fields: Record<string, string>,
  file: StoredFile,
  bytes: Buffer,
) {
  const unknown = Object.keys(fields).find((f) => !(UPLOAD_FIELDS as readonly string[]).includes(f));
  if (unknown)
    throw fieldError(unknown, `${unknown} is not an allowed field; send ${UPLOAD_FIELDS.join(', ')} and the file`);
  const typeId = intField(fields, 'typeId');
  const menuId = intField(fields, 'menuId');
  const title = cleanTitle(fields.title);
  const link = cleanLink(fields.link);
  const window = checkWindow({
    startsAt: fields.startsAt || undefined,
    endsAt: fields.endsAt || null,
    timezone: fields.timezone || undefined,
  });
  const size = imagePixelSize(bytes);
  if (!size) {
    const message = `file must be ${UPLOAD_LIMITS.image.words}; its size could not be read from it`;
    throw new HttpError(415, message, [{ field: 'file', message }]);
  }
  return db.transaction(async (tx) => {
    const { type } = await pageOf(tx, typeId, menuId, true);
    if (size.width !== type.width || size.height !== type.height) {
      throw fieldError(
        'file',
        `file must be ${type.width} × ${type.height} pixels for ${type.name} banners; this image is ${size.width} × ${size.height}`,
      );
    }
    const [{ n }] = await tx.select({ n: count() }).from(banners).where(inSet(typeId, menuId));
    if (n >= SET_MAX)
      throw conflict(`A page holds at most ${SET_MAX} banners of one type; delete one before adding another.`);
    const [row] = await tx
      .insert(banners)
      .values({
        typeId,
        menuId,
        title,
        link,
        imageUrl: file.url,
        imageWidth: size.width,
        imageHeight: size.height,
        position: n,
        active: true,
        ...window,
        createdBy: user.id,
      })
      .returning();
    const created = toBanner(row);
    await audit(tx, { actorId: user.id, action: 'create', entity: 'banner', entityId: row.id, after: created });
    return created;
  });
}

// ---------- order ----------

export interface SortInput {
  typeId: number;
  menuId: number;
  ids: number[];
}

/** Stores the page's new order; `ids` must be exactly its banners, each once (400 naming `ids`). */
export async function sortBanners(db: Db, user: AuthUser, input: SortInput) {
  return db.transaction(async (tx) => {
    const { menu } = await pageOf(tx, input.typeId, input.menuId, true);
    const before = await setIds(tx, input.typeId, input.menuId);
    const twice = input.ids.find((id, i) => input.ids.indexOf(id) !== i);
    if (twice !== undefined)
      throw fieldError('ids', `ids names banner ${twice} twice; send each banner of the page once`);
    const strangers = input.ids.filter((id) => !before.includes(id));
    if (strangers.length)
      throw fieldError(
        'ids',
        `ids names banners that are not on this page: ${strangers.join(', ')}; reload the page and try again`,
      );
    const missing = before.filter((id) => !input.ids.includes(id));
    if (missing.length)
      throw fieldError(
        'ids',
        `ids must name every banner of the page; missing: ${missing.join(', ')}; reload the page and try again`,
      );
    if (input.ids.some((id, i) => before[i] !== id)) {
      await place(tx, input.ids);
      await tx.update(banners).set({ updatedAt: new Date() }).where(inArray(banners.id, input.ids));
      await audit(tx, {
        actorId: user.id,
        action: 'order_banners',
        entity: 'banner_type_menu',
        entityId: menu.id,
        before: { typeId: input.typeId, order: before },
        after: { typeId: input.typeId, order: input.ids },
      });
    }
    return input.ids.map((id, position) => ({ id, position }));
  });
}

// ---------- state and window ----------

export async function setActive(db: Db, user: AuthUser, id: number, active: boolean) {
  return db.transaction(async (tx) => {
    const row = await lockedBanner(tx, id);
    if (row.active === active)
      throw conflict(
        active
          ? 'The banner is already switched on; reload to see its current state.'
          : 'The banner is already switched off; reload to see its current state.',
      );
    const [after] = await tx
      .update(banners)
      .set({ active, updatedAt: new Date() })
      .where(eq(banners.id, id))
      .returning();
    await audit(tx, {
      actorId: user.id,
      action: active ? 'switch_on' : 'switch_off',
      entity: 'banner',
      entityId: id,
      before: toBanner(row),
      after: toBanner(after),
    });
    return toBanner(after);
  });
}

export async function setWindow(db: Db, user: AuthUser, id: number, input: WindowInput) {
  return db.transaction(async (tx) => {
    const row = await lockedBanner(tx, id);
    const window = checkWindow(input, row);
    const [after] = await tx
      .update(banners)
      .set({ ...window, updatedAt: new Date() })
      .where(eq(banners.id, id))
      .returning();
    await audit(tx, {
      actorId: user.id,
      action: 'set_window',
      entity: 'banner',
      entityId: id,
      before: toBanner(row),
      after: toBanner(after),
    });
    return toBanner(after);
  });
}

/** Deletes a banner; the later ones of its page close up. Answers its image when no other banner shows it, to remove once committed. */
export async function deleteBanner(db: Db, user: AuthUser, id: number): Promise<{ unusedImage: string | null }> {
  return db.transaction(async (tx) => {
    const row = await lockedBanner(tx, id);
    await tx.delete(banners).where(eq(banners.id, id));
    await place(tx, await setIds(tx, row.typeId, row.menuId));
    await audit(tx, { actorId: user.id, action: 'delete', entity: 'banner', entityId: id, before: toBanner(row) });
    const [{ n }] = await tx.select({ n: count() }).from(banners).where(eq(banners.imageUrl, row.imageUrl));
    return { unusedImage: n === 0 ? row.imageUrl : null };
  });
}
