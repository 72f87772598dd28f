/**
 * How long delivery takes, from the delivery-time master list (`transportratetime`): bulky parcels
 * (over BULKY_KG) take the bulky time, Bangkok and its vicinity the express time, elsewhere the
 * standard one. Expected dates are Bangkok calendar days counted from the order's moment.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderMasterData } from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';

/** Couriers' bulky-parcel line. */
export const BULKY_KG = 20;
const NEAR_ZONE = 'bkk';
const DAY = 86_400_000;

export interface DeliveryDays {
  minDays: number;
  maxDays: number;
}

export async function deliveryDays(q: Db | Tx, zone: string, weightKg: number): Promise<DeliveryDays | null> {
  const code = weightKg > BULKY_KG ? 'bulky' : zone === NEAR_ZONE ? 'express' : 'standard';
  const [row] = await q
    .select({ attrs: orderMasterData.attrs })
    .from(orderMasterData)
    .where(and(eq(orderMasterData.kind, 'transportratetime'), eq(orderMasterData.code, code)));
  const min = Number(row?.attrs.minDays);
  const max = Number(row?.attrs.maxDays);
  return Number.isInteger(min) && Number.isInteger(max) ? { minDays: min, maxDays: max } : null;
}

/** The Bangkok calendar day `days` after `from`, as YYYY-MM-DD. */
export function bangkokDay(from: Date, days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date(from.getTime() + days * DAY));
}
