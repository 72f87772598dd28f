/**
 * The message categories (`masternotify`): master data every install needs, kept in `master_data`
 * under one type. The app inserts missing ones when it starts; the client words them by code.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { masterData } from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';

export const CATEGORY_TYPE = 'notify_category';

export const NOTIFY_CATEGORIES: readonly { code: string; name: string }[] = [
  { code: 'promotion', name: 'Promotions' },
  { code: 'order', name: 'Orders' },
  { code: 'product', name: 'Products' },
  { code: 'shop', name: 'Shop' },
  { code: 'system', name: 'System' },
];

export async function ensureNotifyCategories(db: Db | Tx): Promise<void> {
  await db
    .insert(masterData)
    .values(NOTIFY_CATEGORIES.map((c, i) => ({ type: CATEGORY_TYPE, code: c.code, name: c.name, sort: (i + 1) * 10 })))
    .onConflictDoNothing();
}

/** The active categories, in their order. */
export async function listCategories(db: Db | Tx) {
  return db
    .select({ code: masterData.code, name: masterData.name })
    .from(masterData)
    .where(and(eq(masterData.type, CATEGORY_TYPE), eq(masterData.status, 'active')))
    .orderBy(asc(masterData.sort), asc(masterData.id));
}
