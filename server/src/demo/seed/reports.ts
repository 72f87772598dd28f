/**
 * Demo product reviews (the review report): customers of delivered and completed orders review about a
 * third of what they bought, a few days after delivery — mostly happy, some not; the shop answers many of
 * the unhappy ones, and staff hid two that were not about the product. Deterministic: its own PRNG,
 * dates from the orders' own delivery dates (never after the reference date).
 */
import { and, asc, inArray, isNotNull } from 'drizzle-orm';
import * as t from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';
import { mulberry32 } from './products.js';

const DAY = 86_400_000;

type Words = [title: string, body: string][];

/** What people write, by rating; `{p}` is the product's short name. */
const WORDS: Record<number, Words> = {
  5: [
    ['Excellent, exactly as described', 'The {p} arrived well packed and works perfectly. Great value for the price.'],
    ['Very happy with it', 'Good quality {p}. Delivery was on time and the courier called before coming.'],
    ['Would buy again', 'Second time ordering from this shop. The {p} is genuine and the price was the best I found.'],
    [
      'Fast delivery, great product',
      'Ordered on Monday, got the {p} on Wednesday. Installed it myself in twenty minutes.',
    ],
  ],
  4: [
    ['Good, small issue with the box', 'The {p} itself is fine, the outer box was a bit dented. Works well so far.'],
    ['Good value', 'Does the job. The {p} feels solid; the instructions could be clearer (Thai only).'],
    ['Nice, but delivery took a while', 'Happy with the {p}, but it took five days to reach Chiang Mai.'],
  ],
  3: [
    ['It is OK', 'The {p} is average for the price. Colour is slightly different from the photos.'],
    ['Works, nothing special', 'Does what it says. Packaging could be better for a {p}.'],
  ],
  2: [
    ['Not as expected', 'The {p} looks cheaper than in the pictures and one part was scratched.'],
    ['Late and no updates', 'Waited over a week for the {p} and the tracking number did not work at first.'],
  ],
  1: [
    ['Arrived damaged', 'The {p} arrived broken. I have filed a claim and am waiting for a replacement.'],
    ['Wrong item', 'I received a different model from the {p} I ordered.'],
  ],
};

const REPLIES: Record<number, string[]> = {
  1: [
    'We are sorry about this. Our team has contacted you to arrange a replacement at no cost.',
    'Apologies for the mix-up: the correct item is on its way and the courier will collect the other one.',
  ],
  2: [
    'Thank you for the feedback. We have spoken to our courier and improved how we pack this item.',
    'Sorry for the wait. Please message us on LINE with your order number and we will check it right away.',
  ],
  3: ['Thanks for your review. The product photos have been updated to show the real colour.'],
  4: ['Thank you! We have passed your comment on the manual to the brand.'],
  5: ['Thank you for shopping with us!'],
};

/** Reviews need the demo orders' items and delivery dates (seedOrderDemo) — call it after them. */
export async function seedReportDemo(tx: Tx, ref: Date): Promise<void> {
  const rand = mulberry32(7_2026_11);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const rating = () => {
    const r = rand();
    return r < 0.46 ? 5 : r < 0.76 ? 4 : r < 0.87 ? 3 : r < 0.94 ? 2 : 1;
  };

  const delivered = await tx
    .select({
      id: t.orders.id,
      shopId: t.orders.shopId,
      customerName: t.orders.customerName,
      deliveredAt: t.orders.deliveredAt,
    })
    .from(t.orders)
    .where(and(inArray(t.orders.status, ['delivered', 'completed']), isNotNull(t.orders.deliveredAt)))
    .orderBy(asc(t.orders.id));
  const items = await tx
    .select({ orderId: t.orderItems.orderId, productId: t.orderItems.productId, productName: t.orderItems.productName })
    .from(t.orderItems)
    .where(isNotNull(t.orderItems.productId))
    .orderBy(asc(t.orderItems.id));
  const byOrder = new Map<number, typeof items>();
  for (const it of items) byOrder.set(it.orderId, [...(byOrder.get(it.orderId) ?? []), it]);

  const rows: (typeof t.productReviews.$inferInsert)[] = [];
  for (const o of delivered) {
    for (const it of byOrder.get(o.id) ?? []) {
      if (rand() >= 0.35) continue;
      const stars = rating();
      const createdAt = new Date(
        Math.min(ref.getTime() - 3_600_000, o.deliveredAt!.getTime() + int(1, 10) * DAY + int(0, 12) * 3_600_000),
      );
      // The product's name without the brand: "Inverter Air Conditioner 12,000 BTU".
      const short = it.productName.split(' ').slice(1).join(' ') || it.productName;
      const [title, body] = pick(WORDS[stars]);
      const answered = rand() < (stars <= 2 ? 0.8 : stars === 3 ? 0.4 : 0.15);
      rows.push({
        productId: it.productId!,
        shopId: o.shopId,
        orderId: o.id,
        customerName: o.customerName,
        rating: stars,
        title,
        body: body.replace('{p}', short.toLowerCase()),
        status: 'published',
        reply: answered ? pick(REPLIES[stars]) : null,
        repliedAt: answered
          ? new Date(Math.min(ref.getTime() - 60_000, createdAt.getTime() + int(2, 30) * 3_600_000))
          : null,
        createdAt,
      });
    }
  }
  // Two hidden by staff: one an advertisement, one about another shop.
  rows.push(
    {
      ...rows[3],
      rating: 5,
      title: 'Cheap cement delivery',
      body: 'Best price cement and sand, add us on LINE for wholesale rates.',
      status: 'hidden',
      reply: null,
      repliedAt: null,
    },
    {
      ...rows[11],
      rating: 1,
      title: 'Wrong shop',
      body: 'My complaint is about a different store in the mall, not this product.',
      status: 'hidden',
      reply: null,
      repliedAt: null,
    },
  );
  for (let i = 0; i < rows.length; i += 500) await tx.insert(t.productReviews).values(rows.slice(i, i + 500));
}
