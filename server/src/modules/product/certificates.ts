/** TIS certificates of a product. */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { masterData, productTisDocs } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { fieldError, notFound } from '../../lib/errors.js';
import type { StoredFile } from '../../lib/uploads.js';
import { iso, loadProduct, queueJob } from './service.js';
import type { Tx } from '../../lib/sql.js';
import { all } from './product-shared.js';

const tisColumns = {
  id: productTisDocs.id,
  productId: productTisDocs.productId,
  tisId: productTisDocs.tisId,
  tisCode: masterData.code,
  tisName: masterData.name,
  url: productTisDocs.url,
  mime: productTisDocs.mime,
  size: productTisDocs.size,
  status: productTisDocs.status,
  createdAt: productTisDocs.createdAt,
};
const toTis = (r: { createdAt: Date } & Record<string, unknown>) => ({ ...r, createdAt: iso(r.createdAt) });

export async function sendTis(db: Db, user: AuthUser, productId: number, tisId: number, file: StoredFile) {
  return db.transaction(async (tx) => {
    // Scope first: a foreign product answers 404 whatever else is wrong.
    await loadProduct(tx, user, productId);
    const [tis] = await tx
      .select({ id: masterData.id })
      .from(masterData)
      .where(and(eq(masterData.id, tisId), eq(masterData.type, 'tis')));
    if (!tis) throw fieldError('tisId', 'tisId must be an existing TIS standard (see masterdata/mastertisproduct)');
    const [doc] = await tx
      .insert(productTisDocs)
      .values({ productId, tisId, url: file.url, mime: file.mime, size: file.size, status: 'queued' })
      .returning();
    const job = await queueJob(tx, user, 'product.send_tis', productId, { certificateId: doc.id, tisId });
    await audit(tx, {
      actorId: user.id,
      action: 'send_tis',
      entity: 'product',
      entityId: productId,
      after: { certificateId: doc.id, tisId, jobId: job.id },
    });
    const [row] = await tx
      .select(tisColumns)
      .from(productTisDocs)
      .innerJoin(masterData, eq(masterData.id, productTisDocs.tisId))
      .where(eq(productTisDocs.id, doc.id));
    return { certificate: toTis(row), job };
  });
}

export async function listTis(db: Db, user: AuthUser, productId: number) {
  await loadProduct(db, user, productId);
  const rows = await db
    .select(tisColumns)
    .from(productTisDocs)
    .innerJoin(masterData, eq(masterData.id, productTisDocs.tisId))
    .where(eq(productTisDocs.productId, productId))
    .orderBy(desc(productTisDocs.createdAt), desc(productTisDocs.id));
  return all(rows.map(toTis));
}

/** A certificate by its id, in the caller's scope through its product. */
async function loadTis(db: Db | Tx, user: AuthUser, certId: number) {
  const [row] = await db
    .select({ productId: productTisDocs.productId })
    .from(productTisDocs)
    .where(eq(productTisDocs.id, certId));
  if (!row) throw notFound('TIS certificate');
  try {
    await loadProduct(db, user, row.productId);
  } catch {
    throw notFound('TIS certificate');
  }
  return row;
}

export async function getTisDoc(db: Db, user: AuthUser, certId: number) {
  await loadTis(db, user, certId);
  const [row] = await db
    .select(tisColumns)
    .from(productTisDocs)
    .innerJoin(masterData, eq(masterData.id, productTisDocs.tisId))
    .where(eq(productTisDocs.id, certId));
  return toTis(row);
}

export async function deleteTis(db: Db, user: AuthUser, certId: number) {
  return db.transaction(async (tx) => {
    const { productId } = await loadTis(tx, user, certId);
    const [row] = await tx.delete(productTisDocs).where(eq(productTisDocs.id, certId)).returning();
    await audit(tx, {
      actorId: user.id,
      action: 'delete_tis',
      entity: 'product',
      entityId: productId,
      before: { certificateId: row.id, url: row.url },
    });
    return row;
  });
}
