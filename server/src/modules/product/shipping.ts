/** A product's shipping facts. */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { masterData } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { loadProduct, num } from './service.js';

export async function shippingConfig(db: Db, user: AuthUser, id: number) {
  const p = await loadProduct(db, user, id);
  const ids = [p.shippingTypeId, p.dimensionUnitId, p.weightUnitId, p.volumeUnitId].filter((x): x is number => !!x);
  const m = ids.length ? await db.select().from(masterData).where(inArray(masterData.id, ids)) : [];
  const ref = (mid: number | null) => {
    const r = m.find((x) => x.id === mid);
    return r ? { id: r.id, code: r.code, name: r.name } : null;
  };
  const toCm: Record<string, number> = { mm: 0.1, cm: 1, m: 100, in: 2.54 };
  const f = toCm[ref(p.dimensionUnitId)?.code ?? 'cm'] ?? 1;
  const [w, l, h] = [num(p.width), num(p.length), num(p.height)];
  // Courier volumetric weight: cm³ / 5000.
  const volumetricWeightKg = w && l && h ? Math.round(((w * f * l * f * h * f) / 5000) * 100) / 100 : null;
  return {
    productId: id,
    shippingTypeId: p.shippingTypeId,
    shippingType: ref(p.shippingTypeId),
    width: w,
    length: l,
    height: h,
    dimensionUnit: ref(p.dimensionUnitId),
    weight: num(p.weight),
    weightUnit: ref(p.weightUnitId),
    volume: num(p.volume),
    volumeUnit: ref(p.volumeUnitId),
    volumetricWeightKg,
  };
}
