/**
 * Demo storefront boards and regular (compare-at) prices, demo only. About a quarter of each shop's
 * approved products get a regular price 10–30 % above their price, so the storefront has deals; then
 * each shop with approved products gets a board of 3–4 sections ("Hero", "Best sellers", "New arrivals",
 * "Deals"), each with 2–4 product groups showing 3–8 of the shop's approved products. No banner cards:
 * banner categories are seeded elsewhere. Its own PRNG, so it shifts no other demo data.
 */
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import * as t from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';
import { mulberry32 } from './products.js';

interface Product {
  id: number;
  shopId: number;
  price: number;
  createdAt: Date;
  brand: string | null;
  group: string | null;
  discounted: boolean;
}
interface Group {
  name: string;
  description: string;
  products: Product[];
}

const SECTIONS = ['Hero', 'Best sellers', 'New arrivals', 'Deals'] as const;

/** A regular price 10–30 % above `price`, rounded the way shops price things when that stays in range. */
function regularPrice(price: number, percent: number): number {
  const raw = price * (1 + percent / 100);
  const nice = raw >= 1000 ? Math.round(raw / 100) * 100 - 10 : Math.round(raw / 10) * 10 - 1;
  const within = nice >= price * 1.1 && nice <= price * 1.3;
  return within ? nice : Math.round(raw);
}

export async function seedBoardDemo(tx: Tx): Promise<void> {
  const rand = mulberry32(9_2026_11);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const shuffle = <T>(xs: readonly T[]): T[] => {
    const a = [...xs];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  };
  /** 3–8 of the given products (as many as there are, at most 8). */
  const some = (xs: readonly Product[]) => xs.slice(0, int(3, Math.min(8, xs.length)));

  const brand = alias(t.masterData, 'seed_brand');
  const level2 = alias(t.masterData, 'seed_level2');
  const approved = await tx
    .select({
      id: t.products.id,
      shopId: t.products.shopId,
      price: t.products.price,
      createdAt: t.products.createdAt,
      brand: brand.name,
      group: level2.name,
    })
    .from(t.products)
    .leftJoin(brand, eq(brand.id, t.products.brandId))
    .leftJoin(level2, eq(level2.id, t.products.level2Id))
    .where(eq(t.products.approvalStatus, 'approved'))
    .orderBy(asc(t.products.id));
  const shopRows = await tx.select({ id: t.shops.id, name: t.shops.name }).from(t.shops).orderBy(asc(t.shops.id));

  for (const shop of shopRows) {
    const own: Product[] = approved
      .filter((p) => p.shopId === shop.id)
      .map((p) => ({ ...p, price: Number(p.price), discounted: false }));
    if (own.length < 3) continue;

    for (const p of shuffle(own).slice(0, Math.round(own.length / 4))) {
      p.discounted = true;
      await tx
        .update(t.products)
        .set({ compareAtPrice: String(regularPrice(p.price, int(10, 30))) })
        .where(eq(t.products.id, p.id));
    }

    const byCount = <K>(key: (p: Product) => K | null) => {
      const groups = new Map<K, Product[]>();
      for (const p of own) {
        const k = key(p);
        if (k !== null) groups.set(k, [...(groups.get(k) ?? []), p]);
      }
      return [...groups].filter(([, ps]) => ps.length >= 3).sort((a, b) => b[1].length - a[1].length);
    };
    const brands = byCount((p) => p.brand);
    const categories = byCount((p) => p.group);
    const newest = [...own].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const cheapest = [...own].sort((a, b) => a.price - b.price);
    const under =
      cheapest[Math.floor(cheapest.length / 2)].price >= 5000
        ? 10000
        : cheapest[Math.floor(cheapest.length / 2)].price >= 1000
          ? 2000
          : 1000;

    const ideas: Record<(typeof SECTIONS)[number], Group[]> = {
      Hero: [
        { name: 'Top picks', description: `Hand-picked by the ${shop.name} team.`, products: shuffle(own) },
        ...brands.slice(0, 2).map(([b, ps]) => ({
          name: `${b} collection`,
          description: `The ${b} range, all in one place.`,
          products: shuffle(ps),
        })),
        {
          name: 'Staff favourites',
          description: 'What our staff would buy for their own homes.',
          products: shuffle(own),
        },
      ],
      'Best sellers': [
        ...categories
          .slice(0, 3)
          .map(([c, ps]) => ({ name: c, description: `Our best-selling ${c.toLowerCase()}.`, products: shuffle(ps) })),
        { name: 'Most loved', description: 'The products customers rate highest.', products: shuffle(own) },
      ],
      'New arrivals': [
        { name: 'Just arrived', description: 'The newest additions to the range.', products: newest },
        {
          name: 'New this season',
          description: 'Fresh picks for the season ahead.',
          products: shuffle(newest.slice(0, 12)),
        },
        ...brands.slice(0, 1).map(([b, ps]) => ({
          name: `New from ${b}`,
          description: `The latest from ${b}.`,
          products: [...ps].sort((a, b2) => b2.createdAt.getTime() - a.createdAt.getTime()),
        })),
      ],
      Deals: [
        {
          name: 'Deals of the week',
          description: 'Marked down from the regular price, while stocks last.',
          products: shuffle(own.filter((p) => p.discounted)),
        },
        {
          name: `Under ฿${under.toLocaleString('en-US')}`,
          description: 'Great value, small price.',
          products: shuffle(cheapest.filter((p) => p.price < under)),
        },
        {
          name: 'Price drops',
          description: 'Lower prices on favourites.',
          products: shuffle(own.filter((p) => p.discounted)).reverse(),
        },
      ],
    };

    await tx.insert(t.boards).values({ shopId: shop.id, version: 1 });
    const sections = SECTIONS.slice(0, int(3, 4));
    for (const [position, section] of sections.entries()) {
      const [column] = await tx
        .insert(t.boardColumns)
        .values({ shopId: shop.id, name: section, position })
        .returning({ id: t.boardColumns.id });
      const fit = ideas[section].filter((g) => g.products.length >= 3);
      const groups = fit.slice(0, Math.max(2, int(2, Math.min(4, fit.length))));
      // A section always gets two groups: a small shop fills it with its own products.
      while (groups.length < 2)
        groups.push({
          name: 'Popular now',
          description: 'What shoppers are looking at today.',
          products: shuffle(own),
        });
      for (const [place, g] of groups.entries()) {
        const [card] = await tx
          .insert(t.boardCards)
          .values({
            shopId: shop.id,
            columnId: column.id,
            position: place,
            type: 'products',
            name: g.name,
            description: g.description,
          })
          .returning({ id: t.boardCards.id });
        await tx
          .insert(t.boardCardProducts)
          .values(some(g.products).map((p, i) => ({ cardId: card.id, productId: p.id, position: i })));
      }
    }
  }
}
