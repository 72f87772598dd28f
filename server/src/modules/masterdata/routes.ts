/** Catalogue master data (served from master_data / attributes tables) and the attribute master. */
import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { requireUser } from '../../auth/guard.js';
import { attributeItems, attributes, masterData } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, isUniqueViolation, notFound } from '../../lib/errors.js';
import { closedObject, errorResponses, id, listResponse, maxpage, multipartDoc, pageQuery, writeResponse } from '../../lib/schemas.js';
import { withUpload, intField } from '../../lib/uploads.js';

const tags = ['masterdata'];
const obj = { type: 'object', additionalProperties: true } as const;

/** endpoint → master_data.type */
export const MASTER_TYPES: Record<string, string> = {
  masterproductlevel1: 'level1', masterproductlevel2: 'level2', masterbrand: 'brand', masterproductunit: 'unit', masterwarranty: 'warranty',
  masterunitdimension: 'unit_dimension', masterweightunit: 'weight_unit', mastervolumeunit: 'volume_unit', mastercolor: 'color',
  masterproductstatus: 'product_status', mastershippingtype: 'shipping_type', mastertisproduct: 'tis', masterfeedback: 'feedback',
};

export const masterItem = {
  type: 'object',
  properties: {
    id: { type: 'integer' }, code: { type: 'string' }, name: { type: 'string' }, parentId: { type: ['integer', 'null'] },
    extra: { type: ['object', 'null'], additionalProperties: true }, sort: { type: 'integer' }, status: { type: 'string' },
  },
  required: ['id', 'code', 'name', 'parentId', 'extra', 'sort', 'status'],
} as const;

export async function masterList(db: Db, type: string, q: { search?: string; level1Id?: number } = {}) {
  const s = q.search?.trim();
  const rows = await db.select().from(masterData).where(and(eq(masterData.type, type),
    s ? or(ilike(masterData.name, `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), ilike(masterData.code, `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)) : undefined,
    q.level1Id ? eq(masterData.parentId, q.level1Id) : undefined)).orderBy(asc(masterData.sort), asc(masterData.id));
  return rows;
}

const attributeShape = {
  type: 'object',
  properties: {
    id: { type: 'integer' }, name: { type: 'string' }, iconUrl: { type: ['string', 'null'] }, status: { type: 'string' },
    items: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, sort: { type: 'integer' } } } },
    updatedAt: { type: 'string' },
  },
} as const;

async function loadAttributes(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const attrs = await db.select().from(attributes).where(inArray(attributes.id, ids));
  const items = await db.select().from(attributeItems).where(inArray(attributeItems.attributeId, ids)).orderBy(asc(attributeItems.sort), asc(attributeItems.id));
  return ids.map((i) => attrs.find((a) => a.id === i)!).map((a) => ({
    id: a.id, name: a.name, iconUrl: a.iconUrl, status: a.status, updatedAt: a.updatedAt.toISOString(),
    items: items.filter((x) => x.attributeId === a.id).map((x) => ({ id: x.id, name: x.name, sort: x.sort })),
  }));
}
const oneAttribute = async (db: Db, attrId: number) => (await loadAttributes(db, [attrId]))[0];

const dupName = (name: string) => conflict(`An attribute named ${name} already exists.`);

export async function masterdataRoutes(app: FastifyInstance) {
  const { db } = app;
  const listQuery = closedObject({ search: { type: 'string', maxLength: 100 } });

  for (const [endpoint, type] of Object.entries(MASTER_TYPES)) {
    const querystring = endpoint === 'masterproductlevel2'
      ? closedObject({ search: { type: 'string', maxLength: 100 }, level1Id: id }) : listQuery;
    app.get<{ Querystring: { search?: string; level1Id?: number } }>(`/api/masterdata/${endpoint}`, {
      schema: { tags, summary: `Master data: ${type.replace('_', ' ')}`, querystring, response: { 200: listResponse(masterItem), ...errorResponses } },
    }, async (req) => {
      const items = await masterList(db, type, req.query);
      return { items, total: items.length, maxpage: items.length ? 1 : 0 };
    });
  }

  app.get<{ Querystring: { page: number; limit: number; search?: string; status?: string } }>('/api/masterdata/masterattribute', {
    schema: {
      tags, summary: 'Attribute master with items',
      querystring: closedObject({ ...pageQuery, search: { type: 'string', maxLength: 100 }, status: { type: 'string', enum: ['active', 'inactive'] } }),
      response: { 200: listResponse(attributeShape), ...errorResponses },
    },
  }, async (req) => {
    const q = req.query;
    const s = q.search?.trim();
    const where = and(s ? ilike(attributes.name, `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined, q.status ? eq(attributes.status, q.status) : undefined);
    const [{ total }] = await db.select({ total: count() }).from(attributes).where(where);
    const ids = await db.select({ id: attributes.id }).from(attributes).where(where).orderBy(asc(attributes.name), asc(attributes.id))
      .limit(q.limit).offset((q.page - 1) * q.limit);
    return { items: await loadAttributes(db, ids.map((r) => r.id)), total, maxpage: maxpage(total, q.limit) };
  });

  const write = (summary: string, body: ReturnType<typeof closedObject>) => ({
    schema: { tags, summary, body, response: { 200: writeResponse(obj), ...errorResponses } },
  });
  const itemName = { type: 'string', minLength: 1, maxLength: 100 } as const;
  const attrName = { type: 'string', minLength: 1, maxLength: 100 } as const;

  app.post<{ Body: { name: string; items?: string[] } }>('/api/masterdata/createattribute',
    write('Create an attribute with items', closedObject({ name: attrName, items: { type: 'array', maxItems: 50, items: itemName } }, ['name'])),
    async (req) => {
      const user = requireUser(req);
      const name = req.body.name.trim();
      if (!name) throw fieldError('name', 'name must not be empty');
      try {
        const newId = await db.transaction(async (tx) => {
          const [a] = await tx.insert(attributes).values({ name }).returning();
          const items = (req.body.items ?? []).map((n) => n.trim()).filter(Boolean);
          if (items.length) await tx.insert(attributeItems).values(items.map((n, sort) => ({ attributeId: a.id, name: n, sort })));
          await audit(tx, { actorId: user.id, action: 'create', entity: 'attribute', entityId: a.id, after: { name, items } });
          return a.id;
        });
        return { status: 200, message: 'Attribute created.', data: await oneAttribute(db, newId) };
      } catch (e) {
        if (isUniqueViolation(e)) throw dupName(name);
        throw e;
      }
    });

  app.post<{ Body: { id: number; name?: string; items?: { id?: number; name: string }[] } }>('/api/masterdata/editattribute',
    write('Rename an attribute and set its items (listed order)', closedObject({
      id, name: attrName, items: { type: 'array', maxItems: 50, items: closedObject({ id, name: itemName }, ['name']) },
    }, ['id'])),
    async (req) => {
      const user = requireUser(req);
      const { id: attrId, name, items } = req.body;
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
            if (foreign.length) throw fieldError('items', `items ids must be items of this attribute; not found: ${foreign.map((f) => f.id).join(', ')}`);
            for (const [sort, it] of items.entries()) {
              if (it.id) await tx.update(attributeItems).set({ name: it.name.trim(), sort }).where(eq(attributeItems.id, it.id));
              else await tx.insert(attributeItems).values({ attributeId: attrId, name: it.name.trim(), sort });
            }
            await tx.update(attributes).set({ updatedAt: new Date() }).where(eq(attributes.id, attrId));
          }
          await audit(tx, { actorId: user.id, action: 'edit', entity: 'attribute', entityId: attrId, before: { ...before, items: beforeItems }, after: req.body });
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw dupName(name!.trim());
        throw e;
      }
      return { status: 200, message: 'Attribute saved.', data: await oneAttribute(db, attrId) };
    });

  app.post<{ Body: { id: number; status: 'active' | 'inactive' } }>('/api/masterdata/attributestatus',
    write('Activate or deactivate an attribute', closedObject({ id, status: { type: 'string', enum: ['active', 'inactive'] } }, ['id', 'status'])),
    async (req) => {
      const user = requireUser(req);
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(attributes).where(eq(attributes.id, req.body.id));
        if (!before) throw notFound('Attribute');
        if (before.status === req.body.status) throw conflict(`This attribute is already ${req.body.status}.`);
        const [after] = await tx.update(attributes).set({ status: req.body.status, updatedAt: new Date() })
          .where(and(eq(attributes.id, req.body.id), eq(attributes.status, before.status))).returning();
        if (!after) throw conflict('This attribute was changed by someone else. Reload and try again.');
        await audit(tx, { actorId: user.id, action: 'set_status', entity: 'attribute', entityId: before.id, before, after });
      });
      return { status: 200, message: req.body.status === 'active' ? 'Attribute activated.' : 'Attribute deactivated.', data: await oneAttribute(db, req.body.id) };
    });

  app.post<{ Body: { id: number } }>('/api/masterdata/deleteattribute', write('Delete an attribute (and its product links)', closedObject({ id }, ['id'])),
    async (req) => {
      const user = requireUser(req);
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(attributes).where(eq(attributes.id, req.body.id)).returning();
        if (!row) throw notFound('Attribute');
        await audit(tx, { actorId: user.id, action: 'delete', entity: 'attribute', entityId: row.id, before: row });
      });
      return { status: 200, message: 'Attribute deleted.' };
    });

  app.post<{ Body: { id: number } }>('/api/masterdata/deleteattributeitem', write('Delete one attribute item', closedObject({ id }, ['id'])),
    async (req) => {
      const user = requireUser(req);
      const attrId = await db.transaction(async (tx) => {
        const [row] = await tx.delete(attributeItems).where(eq(attributeItems.id, req.body.id)).returning();
        if (!row) throw notFound('Attribute item');
        await tx.update(attributes).set({ updatedAt: sql`now()` }).where(eq(attributes.id, row.attributeId));
        await audit(tx, { actorId: user.id, action: 'delete_item', entity: 'attribute', entityId: row.attributeId, before: row });
        return row.attributeId;
      });
      return { status: 200, message: 'Item deleted.', data: await oneAttribute(db, attrId) };
    });

  app.post('/api/masterdata/attributeicon', {
    schema: {
      tags, summary: 'Upload an attribute icon (multipart: id, file)',
      ...multipartDoc({ id: { ...id, description: 'attribute id' } }, ['id'], { description: 'A JPEG, PNG or WebP image (≤ 5 MB)' }), response: { 200: writeResponse(obj), ...errorResponses } },
  }, async (req) => {
    const user = requireUser(req);
    const data = await withUpload(req, { kinds: ['image'] }, async ({ fields, file }) => {
      const attrId = intField(fields, 'id');
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(attributes).where(eq(attributes.id, attrId));
        if (!before) throw notFound('Attribute');
        await tx.update(attributes).set({ iconUrl: file.url, updatedAt: new Date() }).where(eq(attributes.id, attrId));
        await audit(tx, { actorId: user.id, action: 'set_icon', entity: 'attribute', entityId: attrId, before: { iconUrl: before.iconUrl }, after: { iconUrl: file.url } });
      });
      return oneAttribute(db, attrId);
    });
    return { status: 200, message: 'Icon saved.', data };
  });
}
