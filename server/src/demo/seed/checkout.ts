/**
 * Demo stock for back-office orders (checkout): units on hand by kind of product — boxes of tiles and
 * bulbs by the hundred, air conditioners and toilets by the handful — and a few sold out. Its own PRNG.
 */
import { asc, sql } from 'drizzle-orm';
import * as t from '../../db/schema.js';
import { type Tx } from '../../lib/sql.js';
import { mulberry32 } from './products.js';

/** [name pattern, least, most] — the first that matches. */
const STOCK: [RegExp, number, number][] = [
  [/air conditioner/i, 2, 24],
  [/toilet|wash basin|mirror cabinet/i, 2, 18],
  [/chair|table|cabinet|shelf/i, 3, 30],
  [/purifier|dehumidifier|cooler|portable/i, 4, 35],
  [/fan/i, 8, 80],
  [/ladder|drill|floor lamp|pendant|ceiling lamp/i, 5, 45],
  [/tile(?! adhesive)/i, 40, 600],
  [/bulb|tube|adhesive|storage box|paint roller/i, 60, 480],
];

export async function seedCheckoutDemo(tx: Tx): Promise<void> {
  const rand = mulberry32(7_2026_11);
  const rows = await tx
    .select({ id: t.products.id, name: t.products.name })
    .from(t.products)
    .orderBy(asc(t.products.id));
  const stock = rows.map((p) => {
    const [, lo, hi] = STOCK.find(([re]) => re.test(p.name)) ?? [/./, 10, 150];
    // About one in twelve sold out.
    return { id: p.id, stock: rand() < 0.08 ? 0 : lo + Math.floor(rand() * (hi - lo + 1)) };
  });
  const values = sql.join(
    stock.map((s) => sql`(${s.id}::int, ${s.stock}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`update products p set stock = v.stock from (values ${values}) as v(id, stock) where p.id = v.id`,
  );
}
