/**
 * Demo storefront visits (storefront_visits) for the analytics screen. Nothing records visits yet (the
 * storefront that would count them is not part of this back office), so they are seeded here: per shop,
 * online channel and Bangkok day over the demo orders' six months, sized from the orders each shop took on
 * that channel (conversion between about 1.5 % and 4 %), busier at weekends. Deterministic (own PRNG).
 * Run after the demo orders, whose rollups it reads.
 */
import { sql } from 'drizzle-orm';
import * as t from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';
import { mulberry32 } from './products.js';

const DAY = 86_400_000;
/** Channels a shopper browses a storefront on; branch and back-office orders have no visits. */
export const VISIT_CHANNELS = ['web', 'mobile app', 'line'] as const;
const DAYS = 183;

export async function seedVisitDemo(tx: Tx, ref: Date): Promise<void> {
  const rand = mulberry32(11_2026_22);
  const shops = await tx.select({ id: t.shops.id }).from(t.shops).orderBy(t.shops.id);
  // Orders per shop and channel over the period, from the rollup the order triggers just filled.
  const res = (await tx.execute(
    sql`select shop_id, channel, sum(orders)::int as n from order_daily_stats group by 1, 2`,
  )) as unknown as { rows: { shop_id: number; channel: string; n: number }[] };
  const ordersOf = new Map(res.rows.map((r) => [`${r.shop_id}/${r.channel}`, Number(r.n)]));
  const last = Date.parse(`${new Date(ref.getTime() + 7 * 3_600_000).toISOString().slice(0, 10)}T00:00:00Z`);

  const rows: (typeof t.storefrontVisits.$inferInsert)[] = [];
  for (const { id } of shops) {
    for (const channel of VISIT_CHANNELS) {
      const conversion = 0.015 + rand() * 0.025;
      // A shop with no orders on a channel still has a few browsers there.
      const perDay = Math.max(4, (ordersOf.get(`${id}/${channel}`) ?? 0) / DAYS / conversion);
      for (let i = DAYS - 1; i >= 0; i--) {
        const day = new Date(last - i * DAY);
        const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6 ? 1.3 : 1;
        // The shop grows a little over the half year.
        const trend = 0.85 + 0.3 * ((DAYS - i) / DAYS);
        const visitors = Math.max(0, Math.round(perDay * weekend * trend * (0.7 + rand() * 0.6)));
        rows.push({
          day: day.toISOString().slice(0, 10),
          shopId: id,
          channel,
          visitors,
          visits: Math.round(visitors * (1.15 + rand() * 0.5)),
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(t.storefrontVisits).values(rows.slice(i, i + 1000));
}
