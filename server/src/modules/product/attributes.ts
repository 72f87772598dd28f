/** A product's attribute values. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { attributeItems, attributes, productAttributes } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError } from '../../lib/errors.js';
import { loadProduct } from './service.js';
import type { Tx } from '../../lib/sql.js';
import { all } from './product-shared.js';

export async function featureAttributes(db: Db) {
  const attrs = await db.select().from(attributes).where(eq(attributes.status, 'active')).orderBy(asc(attributes.name));
  const items = attrs.length
    ? await db
        .select()
        .from(attributeItems)
        .where(
          inArray(
            attributeItems.attributeId,
            attrs.map((a) => a.id),
          ),
        )
        .orderBy(asc(attributeItems.sort), asc(attributeItems.id))
    : [];
  return all(
    attrs.map((a) => ({
      id: a.id,
      name: a.name,
      iconUrl: a.iconUrl,
      items: items.filter((i) => i.attributeId === a.id).map((i) => ({ id: i.id, name: i.name, sort: i.sort })),
    })),
  );
}

export async function productAttributeRows(db: Db | Tx, productId: number) {
  const rows = await db
    .select({
      attributeId: attributes.id,
      name: attributes.name,
      iconUrl: attributes.iconUrl,
      itemId: productAttributes.itemId,
      itemName: attributeItems.name,
    })
    .from(productAttributes)
    .innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
    .leftJoin(attributeItems, eq(attributeItems.id, productAttributes.itemId))
    .where(eq(productAttributes.productId, productId))
    .orderBy(asc(attributes.name));
  return rows.map((r) => ({ ...r, status: true }));
}

export async function productAttributeTable(db: Db, user: AuthUser, productId: number) {
  await loadProduct(db, user, productId);
  return all(await productAttributeRows(db, productId));
}

export async function setProductAttribute(
  db: Db,
  user: AuthUser,
  input: { id: number; attributeId: number; itemId?: number | null; status: boolean },
) {
  await loadProduct(db, user, input.id);
  const [attr] = await db.select().from(attributes).where(eq(attributes.id, input.attributeId));
  if (!attr) throw fieldError('attributeId', 'attributeId must be an existing attribute');
  if (input.status && attr.status !== 'active') throw conflict(`The attribute ${attr.name} is inactive.`);
  if (input.itemId) {
    const [item] = await db
      .select()
      .from(attributeItems)
      .where(and(eq(attributeItems.id, input.itemId), eq(attributeItems.attributeId, attr.id)));
    if (!item) throw fieldError('itemId', `itemId must be an item of ${attr.name}`);
  }
  await db.transaction(async (tx) => {
    await loadProduct(tx, user, input.id);
    const [before] = await tx
      .select()
      .from(productAttributes)
      .where(and(eq(productAttributes.productId, input.id), eq(productAttributes.attributeId, attr.id)));
    if (input.status) {
      await tx
        .insert(productAttributes)
        .values({ productId: input.id, attributeId: attr.id, itemId: input.itemId ?? null })
        .onConflictDoUpdate({
          target: [productAttributes.productId, productAttributes.attributeId],
          set: { itemId: input.itemId ?? null },
        });
    } else {
      if (!before) throw conflict(`The product does not have the attribute ${attr.name}.`);
      await tx
        .delete(productAttributes)
        .where(and(eq(productAttributes.productId, input.id), eq(productAttributes.attributeId, attr.id)));
    }
    await audit(tx, {
      actorId: user.id,
      action: 'set_attribute',
      entity: 'product',
      entityId: input.id,
      before: before ?? null,
      after: input.status ? { attributeId: attr.id, itemId: input.itemId ?? null } : null,
    });
  });
  return all(await productAttributeRows(db, input.id));
}
