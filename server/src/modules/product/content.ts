/** Search tags and key highlights of a product. */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { masterData } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { changeProduct, getProduct, loadProduct } from './service.js';
import { productAttributeRows } from './attributes.js';

export async function getTags(db: Db, user: AuthUser, id: number) {
  const p = await loadProduct(db, user, id);
  return { id, tags: p.searchTags ?? [] };
}

export async function setTags(db: Db, user: AuthUser, id: number, tags: string[]) {
  const clean = [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];
  const after = await changeProduct(db, user, id, 'change_tags', { set: () => ({ searchTags: clean }) });
  return { id, tags: after.searchTags };
}

/** Selling points from what the product record says (brand, category, attributes, warranty, size). */
export async function generateKeyHighlights(db: Db, user: AuthUser, id: number, save: boolean) {
  const p = await getProduct(db, user, id);
  const masterIds = [p.warrantyId, p.dimensionUnitId, p.weightUnitId, p.tisId].filter((x): x is number => !!x);
  const m = masterIds.length ? await db.select().from(masterData).where(inArray(masterData.id, masterIds)) : [];
  const name = (mid: number | null) => m.find((x) => x.id === mid)?.name ?? null;
  const code = (mid: number | null) => m.find((x) => x.id === mid)?.code ?? '';
  const attrs = await productAttributeRows(db, id);
  const out: string[] = [];
  if (p.brandName) out.push(`Genuine ${p.brandName} product`);
  for (const a of attrs) if (a.itemName) out.push(`${a.name}: ${a.itemName}`);
  const w = name(p.warrantyId);
  if (w && w !== 'No warranty') out.push(`${w} manufacturer warranty`);
  if (p.width && p.length)
    out.push(`Size ${p.width} x ${p.length}${p.height ? ` x ${p.height}` : ''} ${code(p.dimensionUnitId) || 'cm'}`);
  if (p.weight) out.push(`Weight ${p.weight} ${code(p.weightUnitId) || 'kg'}`);
  if (p.tisId) out.push(`Certified ${name(p.tisId)!.split(' ').slice(0, 2).join(' ')}`);
  if (!out.length && p.level2Name) out.push(`${p.level2Name} from ${p.shopName}`);
  const keyHighlights = out.slice(0, 6);
  if (save) await changeProduct(db, user, id, 'generate_key_highlights', { set: () => ({ keyHighlights }) });
  return { keyHighlights };
}
