/** Catalogue master data (master_data rows by type) and the attribute master with its items. */
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { attributeItems, attributes, masterData } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, isUniqueViolation, notFound } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import { containing } from '../../lib/sql.js';
import type { StoredFile } from '../../lib/uploads.js';

/** endpoint → master_data.type */
export const MASTER_TYPES: Record<string, string> = {
  masterproductlevel1: 'level1',
  masterproductlevel2: 'level2',
  masterbrand: 'brand',
  masterproductunit: 'unit',
  masterwarranty: 'warranty',
  masterunitdimension: 'unit_dimension',
  masterweightunit: 'weight_unit',
  mastervolumeunit: 'volume_unit',
  mastercolor: 'color',
  masterproductstatus: 'product_status',
  mastershippingtype: 'shipping_type',
  mastertisproduct: 'tis',
  masterfeedback: 'feedback',
};

export async function masterList(db: Db, type: string, q: { search?: string; level1Id?: number } = {}) {
  const s = q.search?.trim();
  const rows = await db
    .select()
    .from(masterData)
    .where(
      and(
        eq(masterData.type, type),
        s ? or(ilike(masterData.name, containing(s)), ilike(masterData.code, containing(s))) : undefined,
        q.level1Id ? eq(masterData.parentId, q.level1Id) : undefined,
      ),
    )
    .orderBy(asc(masterData.sort), asc(masterData.id));
  return rows;
}

async function loadAttributes(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const attrs = await db.select().from(attributes).where(inArray(attributes.id, ids));
  const items = await db
    .select()
    .from(attributeItems)
    .where(inArray(attributeItems.attributeId, ids))
    .orderBy(asc(attributeItems.sort), asc(attributeItems.id));
  return ids
    .map((i) => attrs.find((a) => a.id === i)!)
    .map((a) => ({
      id: a.id,
      name: a.name,
      iconUrl: a.iconUrl,
      status: a.status,
      updatedAt: a.updatedAt.toISOString(),
      items: items.filter((x) => x.attributeId === a.id).map((x) => ({ id: x.id, name: x.name, sort: x.sort })),
    }));
}
const oneAttribute = async (db: Db, attrId: number) => (await loadAttributes(db, [attrId]))[0];

const dupName = (name: string) => conflict(`An attribute named ${name} already exists.`);

export interface AttributeQuery {
  page: number;
  limit: number;
  search?: string;
  status?: string;
}

export async function listAttributes(db: Db, q: AttributeQuery) {
  const s = q.search?.trim();
  const where = and(
    s ? ilike(attributes.name, containing(s)) : undefined,
    q.status ? eq(attributes.status, q.status) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(attributes).where(where);
  const ids = await db
    .select({ id: attributes.id })
    .from(attributes)
    .where(where)
    .orderBy(asc(attributes.name), asc(attributes.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    items: await loadAttributes(
      db,
      ids.map((r) => r.id),
    ),
    total,
    maxpage: maxpage(total, q.limit),
  };
}

export async function createAttribute(db: Db, user: AuthUser, input: { name: string; items?: string[] }) {
  const name = input.name.trim();
  if (!name) throw fieldError('name', 'name must not be empty');
  try {
    const newId = await db.transaction(async (tx) => {
      const [a] = await tx.insert(attributes).values({ name }).returning();
      const items = (input.items ?? []).map((n) => n.trim()).filter(Boolean);
      if (items.length)
        await tx.insert(attributeItems).values(items.map((n, sort) => ({ attributeId: a.id, name: n, sort })));
      await audit(tx, {
        actorId: user.id,
        action: 'create',
        entity: 'attribute',
        entityId: a.id,
        after: { name, items },
      });
      return a.id;
    });
    return oneAttribute(db, newId);
  } catch (e) {
    if (isUniqueViolation(e)) throw dupName(name);
    throw e;
  }
}

export interface AttributeEdit {
  id: number;
  name?: string;
  items?: { id?: number; name: string }[];
}

export async function editAttribute(db: Db, user: AuthUser, input: AttributeEdit) {
  const { id: attrId, name, items } = input;
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(attributes).where(eq(attributes.id, attrId));
      if (!before) throw notFound('Attribute');
      const beforeItems = await tx.select().from(attributeItems).where(eq(attributeItems.attributeId, attrId));
      if (name !== undefined) {
        if (!name.trim()) throw fieldError('name', 'name must not be empty');
        await tx.update(attributes).set({ name: name.trim(), updatedAt: new Date() }).where(eq(attributes.id, attrId));
      }
      if (items) {
        const foreign = items.filter((i) => i.id && !beforeItems.some((b) => b.id === i.id));
        if (foreign.length)
          throw fieldError(
            'items',
            `items ids must be items of this attribute; not found: ${foreign.map((f) => f.id).join(', ')}`,
          );
        for (const [sort, it] of items.entries()) {
          if (it.id)
            await tx.update(attributeItems).set({ name: it.name.trim(), sort }).where(eq(attributeItems.id, it.id));
          else await tx.insert(attributeItems).values({ attributeId: attrId, name: it.name.trim(), sort });
        }
        await tx.update(attributes).set({ updatedAt: new Date() }).where(eq(attributes.id, attrId));
      }
      await audit(tx, {
        actorId: user.id,
        action: 'edit',
        entity: 'attribute',
        entityId: attrId,
        before: { ...before, items: beforeItems },
        after: input,
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw dupName(name!.trim());
    throw e;
  }
  return oneAttribute(db, attrId);
}

export async function setAttributeStatus(db: Db, user: AuthUser, attrId: number, status: 'active' | 'inactive') {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(attributes).where(eq(attributes.id, attrId));
    if (!before) throw notFound('Attribute');
    if (before.status === status) throw conflict(`This attribute is already ${status}.`);
    const [after] = await tx
      .update(attributes)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(attributes.id, attrId), eq(attributes.status, before.status)))
      .returning();
    if (!after) throw conflict('This attribute was changed by someone else. Reload and try again.');
    await audit(tx, {
      actorId: user.id,
      action: 'set_status',
      entity: 'attribute',
      entityId: before.id,
      before,
      after,
    });
  });
  return oneAttribute(db, attrId);
}

export async function deleteAttribute(db: Db, user: AuthUser, attrId: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(attributes).where(eq(attributes.id, attrId)).returning();
    if (!row) throw notFound('Attribute');
    await audit(tx, { actorId: user.id, action: 'delete', entity: 'attribute', entityId: row.id, before: row });
  });
}

export async function deleteAttributeItem(db: Db, user: AuthUser, itemId: number) {
  const attrId = await db.transaction(async (tx) => {
    const [row] = await tx.delete(attributeItems).where(eq(attributeItems.id, itemId)).returning();
    if (!row) throw notFound('Attribute item');
    await tx
      .update(attributes)
      .set({ updatedAt: sql`now()` })
      .where(eq(attributes.id, row.attributeId));
    await audit(tx, {
      actorId: user.id,
      action: 'delete_item',
      entity: 'attribute',
      entityId: row.attributeId,
      before: row,
    });
    return row.attributeId;
  });
  return oneAttribute(db, attrId);
}

export async function setAttributeIcon(db: Db, user: AuthUser, attrId: number, file: StoredFile) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(attributes).where(eq(attributes.id, attrId));
    if (!before) throw notFound('Attribute');
    await tx.update(attributes).set({ iconUrl: file.url, updatedAt: new Date() }).where(eq(attributes.id, attrId));
    await audit(tx, {
      actorId: user.id,
      action: 'set_icon',
      entity: 'attribute',
      entityId: attrId,
      before: { iconUrl: before.iconUrl },
      after: { iconUrl: file.url },
    });
  });
  return oneAttribute(db, attrId);
}
