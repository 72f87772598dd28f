/**
 * Shipping zones (reference data every install needs: checkout quotes by zone) and the demo shipping
 * rates and settings. Zones are order master data (kind `shippingzone`), each naming its provinces.
 */
import type { Db } from '../../db/client.js';
import * as t from '../../db/schema.js';
import { type Tx } from '../../lib/sql.js';

/** code, name, Thai name, province codes (seed/orders.ts PROVINCES): every province in exactly one zone. */
export const SHIPPING_ZONES: [string, string, string, string[]][] = [
  ['bkk', 'Bangkok and vicinity', 'กรุงเทพฯ และปริมณฑล', ['BKK', 'NBI', 'PTE']],
  ['central_east', 'Central and East', 'ภาคกลางและภาคตะวันออก', ['CBI']],
  ['north', 'North', 'ภาคเหนือ', ['CMI']],
  ['northeast', 'Northeast', 'ภาคตะวันออกเฉียงเหนือ', ['KKN', 'NMA']],
  ['south', 'South', 'ภาคใต้', ['PKT', 'SKA']],
];

/** Idempotent: inserts the zones that are missing (every start). */
export async function ensureShippingZones(db: Db): Promise<void> {
  await db
    .insert(t.orderMasterData)
    .values(
      SHIPPING_ZONES.map(([code, name, nameTh, provinces], i) => ({
        kind: 'shippingzone',
        code,
        name,
        nameTh,
        sort: (i + 1) * 10,
        attrs: { provinces },
      })),
    )
    .onConflictDoNothing();
}

/** Courier bands (kg) and Bangkok prices; farther zones cost more. Couriers take parcels up to 50 kg. */
const COURIER_BANDS: [number, number][] = [
  [0, 1],
  [1, 5],
  [5, 10],
  [10, 20],
  [20, 50],
];
const COURIERS: Record<string, number[]> = {
  kerry: [45, 65, 95, 160, 290],
  flash: [39, 59, 89, 149, 270],
  thaipost: [42, 60, 99, 175, 320],
  jt: [38, 55, 85, 145, 260],
};
const ZONE_FACTOR: Record<string, number> = { bkk: 1, central_east: 1.15, north: 1.35, northeast: 1.3, south: 1.45 };
/** The store truck carries anything, bulky items too, within reach of the branches around Bangkok and Pattaya. */
const TRUCK: Record<string, number> = { bkk: 350, central_east: 650 };

/** Demo rates for every zone and carrier, a superseded band kept deactivated, and the demo settings. */
export async function seedSettingsDemo(tx: Tx, opts: { adminId: number }): Promise<void> {
  const rows: (typeof t.shippingRates.$inferInsert)[] = [];
  for (const [zone] of SHIPPING_ZONES) {
    for (const [carrier, prices] of Object.entries(COURIERS)) {
      COURIER_BANDS.forEach(([from, to], i) => {
        const price = Math.round((prices[i] * ZONE_FACTOR[zone]) / 5) * 5;
        rows.push({
          zone,
          transportType: carrier,
          weightFrom: String(from),
          weightTo: String(to),
          price: price.toFixed(2),
        });
      });
    }
    if (TRUCK[zone])
      rows.push({ zone, transportType: 'own_truck', weightFrom: '0', weightTo: null, price: TRUCK[zone].toFixed(2) });
  }
  // Kerry's old 20–30 kg band to the South, replaced by the 20–50 kg one.
  rows.push({
    zone: 'south',
    transportType: 'kerry',
    weightFrom: '20',
    weightTo: '30',
    price: '390.00',
    active: false,
    version: 2,
  });
  await tx.insert(t.shippingRates).values(rows);
  // Seeded orders ship free from 1,500 THB (seed/orders.ts); the demo shop keeps that rule.
  await tx.insert(t.settings).values({ key: 'freeShippingFrom', value: 1500, updatedBy: opts.adminId });
}
