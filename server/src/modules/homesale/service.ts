/**
 * Home-sale groups (docs/api/homesale.md): groups of product links shown on the home page, each of a
 * type from the master group list, with a window, an on/off flag and its products in order. Every
 * change to a group or its links runs in one transaction that locks the group row and bumps its
 * `version`, so an edit made from a stale read answers 409 instead of undoing someone else's change.
 */
import { and, asc, count, eq, gt, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { homeSaleGroups, homeSaleLinks, masterData, products, shops } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { fieldConflict, fieldError, notFound } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import { containing, type Tx } from '../../lib/sql.js';
import { checkWindow, type WindowInput } from '../../lib/window.js';
import { GROUP_TYPE, NAME_MAX, type State } from './schemas.js';

const iso = (d: Date) => d.toISOString();
const STALE = 'This group changed meanwhile; reload it and make your change again.';

// ---------- master data ----------

export async function groupTypes(db: Db) {
  const items = await db
    .select({ id: masterData.id, code: masterData.code, name: masterData.name })
    .from(masterData)
    .where(and(eq(masterData.type, GROUP_TYPE), eq(masterData.status, 'active')))
    .orderBy(asc(masterData.sort), asc(masterData.id));
  return { items, total: items.length, maxpage: items.length ? 1 : 0 };
}

async function assertGroupType(tx: Db | Tx, code: string) {
  const [found] = await tx
    .select({ id: masterData.id })
    .from(masterData)
    .where(and(eq(masterData.type, GROUP_TYPE), eq(masterData.code, code), eq(masterData.status, 'active')));
  if (!found)
    throw fieldError(
      'groupType',
      `groupType "${code}" is not a group type; pick one of GET /api/promotion/mastergrouplist`,
    );
}

// ---------- reads ----------

/** Group fields with counts and the first thumbnails (qualified by hand: drizzle writes select fields without their table). */
const groupFields = {
  id: homeSaleGroups.id,
  name: homeSaleGroups.name,
  groupType: homeSaleGroups.groupType,
  groupTypeName: sql<
    string | null
  >`(select m.name from master_data m where m.type = ${GROUP_TYPE} and m.code = home_sale_groups.group_type)`,
  position: homeSaleGroups.position,
  active: homeSaleGroups.active,
  startsAt: homeSaleGroups.startsAt,
  endsAt: homeSaleGroups.endsAt,
  timezone: homeSaleGroups.timezone,
  version: homeSaleGroups.version,
  productCount: sql<number>`(select count(*)::int from home_sale_links l where l.group_id = home_sale_groups.id)`,
  activeProductCount: sql<number>`(select count(*)::int from home_sale_links l where l.group_id = home_sale_groups.id and l.active)`,
  thumbnails: sql<
    string[]
  >`coalesce((select json_agg(x.image_url) from (select p.image_url from home_sale_links l join products p on p.id = l.product_id
    where l.group_id = home_sale_groups.id and l.active and p.image_url is not null order by l.position, l.id limit 4) x), '[]'::json)`,
  createdAt: homeSaleGroups.createdAt,
  updatedAt: homeSaleGroups.updatedAt,
};

type GroupRow = {
  startsAt: Date;
  endsAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  productCount: number;
  activeProductCount: number;
};
const toGroup = <R extends GroupRow>(r: R) => ({
  ...r,
  productCount: Number(r.productCount),
  activeProductCount: Number(r.activeProductCount),
  startsAt: iso(r.startsAt),
  endsAt: r.endsAt ? iso(r.endsAt) : null,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/** live / scheduled / expired (switched on, by the window now) or off, as kit windowState words it. */
function stateCondition(state: State): SQL {
  const now = sql`now()`;
  const g = homeSaleGroups;
  switch (state) {
    case 'off':
      return eq(g.active, false);
    case 'scheduled':
      return and(eq(g.active, true), gt(g.startsAt, now))!;
    case 'expired':
      return and(eq(g.active, true), isNotNull(g.endsAt), lte(g.endsAt, now))!;
    case 'live':
      return and(eq(g.active, true), lte(g.startsAt, now), or(isNull(g.endsAt), gt(g.endsAt, now)))!;
  }
}

export interface ListQuery {
  page: number;
  limit: number;
  search?: string;
  groupType?: string;
  status?: State;
}

export async function listGroups(db: Db, q: ListQuery) {
  const s = q.search?.trim();
  const where = and(
    s ? ilike(homeSaleGroups.name, containing(s)) : undefined,
    q.groupType ? eq(homeSaleGroups.groupType, q.groupType) : undefined,
    q.status ? stateCondition(q.status) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(homeSaleGroups).where(where);
  const rows = await db
    .select(groupFields)
    .from(homeSaleGroups)
    .where(where)
    .orderBy(asc(homeSaleGroups.position), asc(homeSaleGroups.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { items: rows.map(toGroup), total, maxpage: maxpage(total, q.limit) };
}

async function linksOf(tx: Db | Tx, groupId: number) {
  const rows = await tx
    .select({
      id: homeSaleLinks.id,
      productId: homeSaleLinks.productId,
      code: products.code,
      name: products.name,
      imageUrl: products.imageUrl,
      price: products.price,
      compareAtPrice: products.compareAtPrice,
      shopName: shops.name,
      approvalStatus: products.approvalStatus,
      position: homeSaleLinks.position,
      active: homeSaleLinks.active,
    })
    .from(homeSaleLinks)
    .innerJoin(products, eq(products.id, homeSaleLinks.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(eq(homeSaleLinks.groupId, groupId))
    .orderBy(asc(homeSaleLinks.position), asc(homeSaleLinks.id));
  return rows.map((r) => ({
    ...r,
    price: Number(r.price),
    compareAtPrice: r.compareAtPrice === null ? null : Number(r.compareAtPrice),
  }));
}

async function readGroup(tx: Db | Tx, id: number) {
  const [row] = await tx.select(groupFields).from(homeSaleGroups).where(eq(homeSaleGroups.id, id));
  if (!row) throw notFound('Home sale group');
  return { ...toGroup(row), links: await linksOf(tx, id) };
}

export const loadGroup = (db: Db, id: number) => readGroup(db, id);

// ---------- writes ----------

function cleanName(value: string): string {
  const name = value.trim();
  if (!name) throw fieldError('name', `name must have 1–${NAME_MAX} characters besides spaces`);
  return name;
}

/** 400 naming `productIds` unless every product of `ids` exists and is approved. */
async function assertApproved(tx: Db | Tx, ids: number[]) {
  if (!ids.length) return;
  const found = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.approvalStatus, 'approved')));
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  if (missing.length)
    throw fieldError(
      'productIds',
      `productIds must be approved products; not approved or not found: ${missing.join(', ')}`,
    );
}

/** Locks the group row: its links change one request at a time. */
async function lockGroup(tx: Tx, id: number) {
  const [row] = await tx.select().from(homeSaleGroups).where(eq(homeSaleGroups.id, id)).for('update');
  if (!row) throw notFound('Home sale group');
  return row;
}

const bump = (tx: Tx, id: number) =>
  tx
    .update(homeSaleGroups)
    .set({ version: sql`${homeSaleGroups.version} + 1`, updatedAt: new Date() })
    .where(eq(homeSaleGroups.id, id))
    .returning({ version: homeSaleGroups.version })
    .then(([r]) => r.version);

/** Makes the group's links exactly `productIds`, in that order; kept links keep their id and on/off flag. */
async function setLinks(tx: Tx, groupId: number, productIds: number[]) {
  const current = await tx
    .select({ id: homeSaleLinks.id, productId: homeSaleLinks.productId })
    .from(homeSaleLinks)
    .where(eq(homeSaleLinks.groupId, groupId));
  const gone = current.filter((l) => !productIds.includes(l.productId)).map((l) => l.id);
  if (gone.length) await tx.delete(homeSaleLinks).where(inArray(homeSaleLinks.id, gone));
  const added = productIds.filter((p) => !current.some((l) => l.productId === p));
  await assertApproved(tx, added);
  if (added.length)
    await tx
      .insert(homeSaleLinks)
      .values(added.map((productId) => ({ groupId, productId, position: productIds.indexOf(productId) })));
  if (productIds.length) {
    const places = sql`case ${homeSaleLinks.productId} ${sql.join(
      productIds.map((p, i) => sql`when ${p} then ${i}::int`),
      sql` `,
    )} end`;
    await tx.update(homeSaleLinks).set({ position: places }).where(eq(homeSaleLinks.groupId, groupId));
  }
}

export interface GroupInput extends WindowInput {
  name: string;
  groupType: string;
  active?: boolean;
  productIds: number[];
}

export async function createGroup(db: Db, user: AuthUser, input: GroupInput) {
  const name = cleanName(input.name);
  const window = checkWindow(input);
  return db.transaction(async (tx) => {
    await assertGroupType(tx, input.groupType);
    await assertApproved(tx, input.productIds);
    // New groups go to the end: one at a time, so two never take the same place.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('home_sale_groups'))`);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${homeSaleGroups.position}) + 1, 0)::int` })
      .from(homeSaleGroups);
    const [row] = await tx
      .insert(homeSaleGroups)
      .values({ name, groupType: input.groupType, position: next, active: input.active ?? true, ...window })
      .returning({ id: homeSaleGroups.id });
    await setLinks(tx, row.id, input.productIds);
    const created = await readGroup(tx, row.id);
    await audit(tx, {
      actorId: user.id,
      action: 'create',
      entity: 'home_sale_group',
      entityId: row.id,
      after: created,
    });
    return created;
  });
}

export interface GroupEdit extends Partial<GroupInput> {
  id: number;
  version: number;
}

export async function editGroup(db: Db, user: AuthUser, input: GroupEdit) {
  const { id, version, ...changes } = input;
  if (!Object.keys(changes).length) throw fieldError('body', 'Send at least one change besides id and version');
  const name = changes.name !== undefined ? cleanName(changes.name) : undefined;
  return db.transaction(async (tx) => {
    const current = await lockGroup(tx, id);
    if (current.version !== version) {
      throw fieldConflict('version', STALE);
    }
    const window = checkWindow(changes, current);
    if (changes.groupType !== undefined) await assertGroupType(tx, changes.groupType);
    const before = await readGroup(tx, id);
    if (changes.productIds) await setLinks(tx, id, changes.productIds);
    await tx
      .update(homeSaleGroups)
      .set({
        ...(name !== undefined ? { name } : {}),
        ...(changes.groupType !== undefined ? { groupType: changes.groupType } : {}),
        ...(changes.active !== undefined ? { active: changes.active } : {}),
        ...window,
      })
      .where(eq(homeSaleGroups.id, id));
    await bump(tx, id);
    const after = await readGroup(tx, id);
    await audit(tx, { actorId: user.id, action: 'update', entity: 'home_sale_group', entityId: id, before, after });
    return after;
  });
}

/** Exactly one of `linkId` and `groupId` (400 naming `linkId` otherwise). */
function oneTarget(input: { linkId?: number; groupId?: number }): { linkId: number } | { groupId: number } {
  if ((input.linkId === undefined) === (input.groupId === undefined))
    throw fieldError('linkId', 'Send either linkId (one product link) or groupId (a whole group), not both or neither');
  return input.linkId !== undefined ? { linkId: input.linkId } : { groupId: input.groupId! };
}

/** The link and its group, the group locked. Another group's link cannot be named: links are found by id. */
async function lockLink(tx: Tx, linkId: number) {
  const [found] = await tx
    .select({ groupId: homeSaleLinks.groupId })
    .from(homeSaleLinks)
    .where(eq(homeSaleLinks.id, linkId));
  if (!found) throw notFound('Product link');
  await lockGroup(tx, found.groupId);
  // Read again under the lock: a concurrent change may have removed it meanwhile.
  const [link] = await tx.select().from(homeSaleLinks).where(eq(homeSaleLinks.id, linkId));
  if (!link) throw notFound('Product link');
  return link;
}

export async function deleteLinkOrGroup(db: Db, user: AuthUser, input: { linkId?: number; groupId?: number }) {
  const target = oneTarget(input);
  return db.transaction(async (tx) => {
    if ('groupId' in target) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('home_sale_groups'))`);
      await lockGroup(tx, target.groupId);
      const before = await readGroup(tx, target.groupId);
      await tx.delete(homeSaleGroups).where(eq(homeSaleGroups.id, target.groupId));
      const rest = (
        await tx
          .select({ id: homeSaleGroups.id })
          .from(homeSaleGroups)
          .orderBy(asc(homeSaleGroups.position), asc(homeSaleGroups.id))
      ).map((r) => r.id);
      if (rest.length) {
        const places = sql`case ${homeSaleGroups.id} ${sql.join(
          rest.map((g, i) => sql`when ${g} then ${i}::int`),
          sql` `,
        )} end`;
        await tx.update(homeSaleGroups).set({ position: places }).where(inArray(homeSaleGroups.id, rest));
      }
      await audit(tx, {
        actorId: user.id,
        action: 'delete',
        entity: 'home_sale_group',
        entityId: target.groupId,
        before,
      });
      return { message: 'Group deleted.', data: { groupId: target.groupId, version: null } };
    }
    const link = await lockLink(tx, target.linkId);
    await tx.delete(homeSaleLinks).where(eq(homeSaleLinks.id, link.id));
    const rest = (
      await tx
        .select({ id: homeSaleLinks.id })
        .from(homeSaleLinks)
        .where(eq(homeSaleLinks.groupId, link.groupId))
        .orderBy(asc(homeSaleLinks.position), asc(homeSaleLinks.id))
    ).map((r) => r.id);
    if (rest.length) {
      const places = sql`case ${homeSaleLinks.id} ${sql.join(
        rest.map((l, i) => sql`when ${l} then ${i}::int`),
        sql` `,
      )} end`;
      await tx.update(homeSaleLinks).set({ position: places }).where(inArray(homeSaleLinks.id, rest));
    }
    const version = await bump(tx, link.groupId);
    await audit(tx, {
      actorId: user.id,
      action: 'delete',
      entity: 'home_sale_link',
      entityId: link.id,
      before: link,
      after: { version },
    });
    return { message: 'Product removed from the group.', data: { groupId: link.groupId, version } };
  });
}

export async function setStatus(db: Db, user: AuthUser, input: { linkId?: number; groupId?: number; active: boolean }) {
  const target = oneTarget(input);
  const words = input.active ? 'switched on' : 'switched off';
  return db.transaction(async (tx) => {
    if ('groupId' in target) {
      const group = await lockGroup(tx, target.groupId);
      if (group.active === input.active)
        return {
          message: `Group already ${words}.`,
          data: { groupId: group.id, linkId: null, active: input.active, version: group.version },
        };
      await tx.update(homeSaleGroups).set({ active: input.active }).where(eq(homeSaleGroups.id, group.id));
      const version = await bump(tx, group.id);
      await audit(tx, {
        actorId: user.id,
        action: 'switch',
        entity: 'home_sale_group',
        entityId: group.id,
        before: { active: group.active },
        after: { active: input.active, version },
      });
      return { message: `Group ${words}.`, data: { groupId: group.id, linkId: null, active: input.active, version } };
    }
    const link = await lockLink(tx, target.linkId);
    if (link.active === input.active) {
      const [{ version }] = await tx
        .select({ version: homeSaleGroups.version })
        .from(homeSaleGroups)
        .where(eq(homeSaleGroups.id, link.groupId));
      return {
        message: `Product already ${words}.`,
        data: { groupId: link.groupId, linkId: link.id, active: input.active, version },
      };
    }
    await tx.update(homeSaleLinks).set({ active: input.active }).where(eq(homeSaleLinks.id, link.id));
    const version = await bump(tx, link.groupId);
    await audit(tx, {
      actorId: user.id,
      action: 'switch',
      entity: 'home_sale_link',
      entityId: link.id,
      before: { active: link.active },
      after: { active: input.active, version },
    });
    return {
      message: `Product ${words}.`,
      data: { groupId: link.groupId, linkId: link.id, active: input.active, version },
    };
  });
}
