/**
 * Demo data for an empty database. Deterministic: seeded faker and PRNG, and dates relative to a
 * fixed reference date, so every fresh start produces the same shops, products, orders and posts.
 */
import { count, eq } from 'drizzle-orm';
import type { Faker } from '@faker-js/faker';
import type { Db } from '../db/client.js';
import type { Storage } from '../lib/storage.js';
import * as t from '../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { ensureCatalogueMasterData, mulberry32, seedProductDemo } from './seed/products.js';
import { ensureOrderMasterData, seedOrderDemo } from './seed/orders.js';
import { seedDemoPictures, type PictureStats } from './seed/pictures.js';
import { seedBoardDemo } from './seed/boards.js';
import { seedHousebrandBlogDemo } from './seed/housebrand-blog.js';
import { seedShopDemo } from './seed/shops.js';
import { seedFlashsaleDemo } from './seed/flashsale.js';
import { ensureHomeSaleMasterData, seedHomePageDemo } from './seed/homepage.js';
import { seedCampaignDemo } from './seed/campaigns.js';
import { seedNotificationDemo } from './seed/notifications.js';
import { seedBannerDemo } from './seed/banners.js';
import { ensureUserTypes, seedUserDemo } from './seed/users.js';
import { ensureShippingZones, seedSettingsDemo } from './seed/settings.js';
import { seedCheckoutDemo } from './seed/checkout.js';
import { seedReportDemo } from './seed/reports.js';
import { seedVisitDemo } from './seed/dashboard.js';
import { seedChatDemo } from './seed/chat.js';
import { seedMailDemo } from './seed/mail.js';
import { seedCalendarDemo } from './seed/calendar.js';

export const DEMO_PASSWORD = 'Demo@2026';
/** Demo dates end here (not Date.now(), so the data is the same on every run). */
export const SEED_REFERENCE_DATE = new Date('2026-11-22T09:00:00Z');
const DAY = 86_400_000;

export interface SeedResult {
  accounts: { username: string; role: string; password: string; shops: string[] }[];
  pictures: PictureStats;
}

/** `storage`: where the demo pictures are stored (the app's uploads store, lib/storage.ts). */
export interface SeedOptions {
  storage: Storage;
}

export const BLOG_TYPES = ['idea', 'howto', 'review', 'news'];

/** Reference data every install needs, demo or not. */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db
    .insert(t.blogMenus)
    .values(BLOG_TYPES.map((code, i) => ({ code, sort: (i + 1) * 10 })))
    .onConflictDoNothing();
  await ensureCatalogueMasterData(db);
  await ensureOrderMasterData(db);
  await ensureHomeSaleMasterData(db);
  await ensureUserTypes(db);
  await ensureShippingZones(db);
}

interface Catalogue {
  name: string;
  kind: 'supplier' | 'housebrand';
  prefix: string;
  category: string;
  brands: string[];
  items: [string, number, number][];
}

const CATALOGUES: Catalogue[] = [
  {
    name: 'HomePro Lighting',
    kind: 'supplier',
    prefix: 'HPL',
    category: 'Lighting',
    brands: ['Philips', 'Panasonic', 'Lamptan', 'Osram', 'EVE Lighting', 'Hi-Tek'],
    items: [
      ['LED Bulb 9W Daylight E27', 89, 159],
      ['LED Downlight 6" 12W Warm White', 259, 459],
      ['LED Tube T8 18W', 119, 199],
      ['Ceiling Lamp Round 24W', 990, 2490],
      ['Pendant Lamp Loft Black', 1290, 3590],
      ['Solar Garden Light', 390, 990],
      ['LED Strip Light 5 m RGB', 490, 1290],
      ['Outdoor Wall Lamp IP65', 690, 1590],
      ['Smart Bulb Wi-Fi 10W', 399, 699],
      ['Track Light 20W', 590, 1190],
      ['Floor Lamp Tripod', 1890, 3990],
      ['Emergency Light 2x3W', 890, 1490],
    ],
  },
  {
    name: 'CoolAir Climate Solutions',
    kind: 'supplier',
    prefix: 'CAC',
    category: 'Air Conditioning',
    brands: ['Daikin', 'Mitsubishi Electric', 'Carrier', 'Panasonic', 'Samsung', 'LG', 'Hatari', 'Sharp'],
    items: [
      ['Inverter Air Conditioner 12,000 BTU', 14900, 24900],
      ['Inverter Air Conditioner 18,000 BTU', 21900, 32900],
      ['Inverter Air Conditioner 9,000 BTU', 11900, 18900],
      ['Portable Air Conditioner 10,000 BTU', 8990, 12900],
      ['Air Purifier PM2.5 45 m²', 3990, 8990],
      ['Ceiling Fan 56" with Remote', 2490, 5990],
      ['Stand Fan 16"', 790, 1690],
      ['Dehumidifier 12 L', 4990, 7990],
      ['Evaporative Air Cooler 40 L', 3490, 6490],
      ['Ventilation Fan 10"', 590, 1190],
    ],
  },
  {
    name: 'Siam Tile & Bath',
    kind: 'supplier',
    prefix: 'STB',
    category: 'Tiles & Bathroom',
    brands: ['Cotto', 'SCG', 'Duragres', 'Campana', 'American Standard', 'Karat'],
    items: [
      ['Floor Tile 60x60 Matte Grey (1.44 m²/box)', 359, 890],
      ['Wall Tile 30x60 Glossy White', 299, 650],
      ['Porcelain Tile 60x120 Marble Look', 1290, 2490],
      ['Wood-Look Tile 20x120 Oak', 790, 1590],
      ['One-Piece Toilet Dual Flush', 5990, 15900],
      ['Countertop Wash Basin', 1890, 4590],
      ['Rain Shower Set Stainless', 2490, 7990],
      ['Basin Mixer Faucet Chrome', 990, 3490],
      ['Tile Adhesive 20 kg', 189, 390],
      ['Bathroom Mirror Cabinet', 1490, 3990],
    ],
  },
  {
    name: 'HomeBase Essentials',
    kind: 'housebrand',
    prefix: 'HBE',
    category: 'Home Essentials',
    brands: ['HomeBase', 'HomeBase Pro', 'Spacio'],
    items: [
      ['Cordless Drill 12V Kit', 990, 1990],
      ['Aluminium Ladder 5 Steps', 1290, 2190],
      ['Tool Box 19"', 290, 690],
      ['Steel Storage Shelf 5 Tiers', 890, 1890],
      ['Shoe Cabinet 3 Doors', 1590, 3290],
      ['Storage Box 60 L', 199, 459],
      ['Extension Cord 4 Outlets 3 m', 259, 490],
      ['Garden Hose 20 m', 390, 890],
      ['Paint Roller Set 9"', 129, 290],
      ['Interior Wall Paint 9 L Matte White', 890, 1790],
      ['Stainless Door Lever Lock', 390, 990],
      ['Blackout Curtain 145x220 cm', 399, 890],
      ['Mesh Office Chair', 1990, 4990],
      ['Folding Table 180 cm', 1290, 2490],
    ],
  },
];

const THAI_FIRST = [
  'Somchai',
  'Suda',
  'Anan',
  'Pimchanok',
  'Kittipong',
  'Napat',
  'Wanida',
  'Thanakorn',
  'Siriporn',
  'Chaiwat',
  'Orawan',
  'Pornthip',
  'Nattapong',
  'Jiraporn',
  'Surasak',
  'Kanokwan',
  'Apinya',
  'Worawut',
  'Ratchanee',
  'Teerapat',
];
const THAI_LAST = [
  'Srisuk',
  'Wattanakul',
  'Rattanakorn',
  'Chaiyaporn',
  'Boonmee',
  'Saetang',
  'Thongchai',
  'Kaewmanee',
  'Jantarasri',
  'Phromsuwan',
  'Suwannarat',
  'Inthanon',
  'Chareonsuk',
  'Siriwong',
  'Pattanapong',
];

const ORDER_CHANNELS: [string, number][] = [
  ['web', 45],
  ['mobile app', 30],
  ['line', 10],
  ['branch', 10],
  ['back office', 5],
];

export async function seedIfEmpty(db: Db, opts: SeedOptions): Promise<SeedResult | null> {
  await ensureReferenceData(db);
  const [{ n }] = await db.select({ n: count() }).from(t.users);
  if (n > 0) return null;
  return seedDemo(db, opts);
}

export async function seedDemo(db: Db, opts: SeedOptions): Promise<SeedResult> {
  // Loaded here, not with the module: every start imports this file, few seed (faker is a fifth of a second to load).
  const { faker, fakerTH } = await import('@faker-js/faker');
  faker.seed(20261122);
  fakerTH.seed(20261122);
  const rand = mulberry32(20261122);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const weighted = <T>(xs: [T, number][]): T => {
    let r = rand() * xs.reduce((s, [, w]) => s + w, 0);
    for (const [x, w] of xs) if ((r -= w) < 0) return x;
    return xs[xs.length - 1][0];
  };
  const shuffle = <T>(xs: T[]): T[] => {
    const a = [...xs];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  };
  const daysAgo = (maxDays: number) => new Date(SEED_REFERENCE_DATE.getTime() - rand() * maxDays * DAY);
  const thb = (lo: number, hi: number) => {
    const x = lo + rand() * (hi - lo);
    return x >= 1000 ? Math.round(x / 100) * 100 - 10 : Math.max(9, Math.round(x / 10) * 10 - 1);
  };
  const customer = () => (rand() < 0.6 ? fakerTH.person.fullName() : `${pick(THAI_FIRST)} ${pick(THAI_LAST)}`);

  // Hash before the transaction: keep PGlite's single connection free of slow work.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.transaction(async (tx) => {
    const roleRows = await tx.select().from(t.roles);
    const roleId = (code: string) => roleRows.find((r) => r.code === code)!.id;

    const shopRows = await tx
      .insert(t.shops)
      .values(
        CATALOGUES.map((c, i) => ({
          name: c.name,
          kind: c.kind,
          status: 'active',
          createdAt: new Date(SEED_REFERENCE_DATE.getTime() - (400 - i * 20) * DAY),
        })),
      )
      .returning();
    const shopByName = new Map(shopRows.map((s) => [s.name, s]));

    const people = [
      { username: 'admin', firstName: 'Somchai', lastName: 'Wattanakul', role: 'admin', shops: [] as string[] },
      { username: 'editor', firstName: 'Pimchanok', lastName: 'Srisuk', role: 'editor', shops: [] },
      {
        username: 'supplier1',
        firstName: 'Anan',
        lastName: 'Rattanakorn',
        role: 'supplier',
        shops: ['HomePro Lighting'],
      },
      {
        username: 'supplier2',
        firstName: 'Kittipong',
        lastName: 'Chaiyaporn',
        role: 'supplier',
        shops: ['CoolAir Climate Solutions', 'Siam Tile & Bath'],
      },
    ];
    const userRows = await tx
      .insert(t.users)
      .values(
        people.map((p) => ({
          username: p.username,
          email: `${p.username}@sellercenter.example`,
          passwordHash,
          firstName: p.firstName,
          lastName: p.lastName,
          roleId: roleId(p.role),
          status: 'active',
          createdAt: new Date(SEED_REFERENCE_DATE.getTime() - 365 * DAY),
        })),
      )
      .returning();
    const userId = (username: string) => userRows.find((u) => u.username === username)!.id;
    const links = people.flatMap((p) =>
      p.shops.map((s) => ({ userId: userId(p.username), shopId: shopByName.get(s)!.id })),
    );
    await tx.insert(t.userShops).values(links);

    let orderSeq = 0;
    for (const cat of CATALOGUES) {
      const shop = shopByName.get(cat.name)!;
      const owner = people.find((p) => p.shops.includes(cat.name));

      // Products: distinct brand × item combinations.
      const combos = shuffle(
        cat.brands.flatMap((b) => cat.items.map((it) => [b, ...it] as [string, string, number, number])),
      );
      const nProducts = Math.min(combos.length, int(20, 40));
      const productValues = combos.slice(0, nProducts).map(([brand, item, lo, hi], i) => {
        const approvalStatus = weighted<string>([
          ['approved', 70],
          ['pending', 15],
          ['draft', 10],
          ['rejected', 5],
        ]);
        const createdAt = daysAgo(180);
        return {
          shopId: shop.id,
          code: `${cat.prefix}-${String(10001 + i)}`,
          name: `${brand} ${item}`,
          price: String(thb(lo, hi)),
          imageUrl: null,
          approvalStatus,
          online: approvalStatus === 'approved' && rand() < 0.85,
          createdAt,
          updatedAt: new Date(createdAt.getTime() + rand() * 10 * DAY),
        };
      });
      const productRows = await tx.insert(t.products).values(productValues).returning();

      // Orders over the last six months; recent ones are still open.
      const nOrders = int(50, 100);
      const orderValues = Array.from({ length: nOrders }, () => {
        const createdAt = daysAgo(182);
        const age = (SEED_REFERENCE_DATE.getTime() - createdAt.getTime()) / DAY;
        const status =
          rand() < 0.07
            ? 'cancelled'
            : age < 3
              ? weighted<string>([
                  ['pending_payment', 5],
                  ['paid', 3],
                  ['shipped', 2],
                ])
              : age < 10
                ? weighted<string>([
                    ['paid', 2],
                    ['shipped', 5],
                    ['delivered', 5],
                  ])
                : 'delivered';
        let total = 0;
        for (let k = int(1, 3); k > 0; k--) total += Number(pick(productRows).price) * int(1, 3);
        orderSeq += 1;
        const ym = `${createdAt.getUTCFullYear() % 100}${String(createdAt.getUTCMonth() + 1).padStart(2, '0')}`;
        return {
          shopId: shop.id,
          orderNo: `SO${ym}${String(orderSeq).padStart(5, '0')}`,
          customerName: customer(),
          channel: weighted(ORDER_CHANNELS),
          status,
          total: total.toFixed(2),
          createdAt,
        };
      });
      await tx.insert(t.orders).values(orderValues);

      // Blog posts.
      const authorId = owner ? userId(owner.username) : userId(rand() < 0.5 ? 'editor' : 'admin');
      const nPosts = int(6, 12);
      for (let i = 0; i < nPosts; i++) {
        const type = BLOG_TYPES[i % BLOG_TYPES.length];
        const featured = pick(productRows);
        const { title, description, html } = blogText(type, cat, featured.name, pick, int, faker);
        const status = weighted<string>([
          ['published', 60],
          ['draft', 25],
          ['closed', 15],
        ]);
        const createdAt = daysAgo(180);
        const updatedAt = new Date(createdAt.getTime() + rand() * 5 * DAY);
        const [post] = await tx
          .insert(t.blogPosts)
          .values({
            shopId: shop.id,
            type,
            title,
            description,
            contentHtml: html,
            coverUrl: null,
            tags: [
              cat.category.toLowerCase(),
              type === 'howto' ? 'diy' : type,
              featured.name.split(' ')[0].toLowerCase(),
            ],
            status,
            authorId,
            createdAt,
            updatedAt,
            publishedAt: status === 'draft' ? null : new Date(createdAt.getTime() + rand() * DAY),
            version: 1,
          })
          .returning({ id: t.blogPosts.id });
        const linked = [featured, ...shuffle(productRows).slice(0, int(0, 2))].filter((p, k, a) => a.indexOf(p) === k);
        await tx
          .insert(t.blogPostProducts)
          .values(linked.map((p, sort) => ({ postId: post.id, productId: p.id, sort })));
      }
    }

    await seedProductDemo(tx, {
      referenceDate: SEED_REFERENCE_DATE,
      adminId: userId('admin'),
      categoryOf: (shopId) => CATALOGUES.find((c) => shopByName.get(c.name)!.id === shopId)!.category,
    });
    await seedBoardDemo(tx);
    await seedHousebrandBlogDemo(tx, { referenceDate: SEED_REFERENCE_DATE, authorId: userId('editor') });
    people.push(
      await seedShopDemo(tx, {
        storage: opts.storage,
        referenceDate: SEED_REFERENCE_DATE,
        passwordHash,
        adminId: userId('admin'),
      }),
    );
    people.push(
      ...(await seedUserDemo(tx, { referenceDate: SEED_REFERENCE_DATE, passwordHash, adminId: userId('admin') })),
    );
    await seedHomePageDemo(tx, { storage: opts.storage, referenceDate: SEED_REFERENCE_DATE, adminId: userId('admin') });
    await seedCampaignDemo(tx, { storage: opts.storage, referenceDate: SEED_REFERENCE_DATE, adminId: userId('admin') });
    await seedBannerDemo(tx, { storage: opts.storage, referenceDate: SEED_REFERENCE_DATE, adminId: userId('admin') });

    // Items, addresses, timeline, slips, POs, transfers and claims of the orders above.
    await seedOrderDemo(tx, SEED_REFERENCE_DATE, {
      adminId: userId('admin'),
      ownerByShop: new Map(
        shopRows.map((s) => [
          s.id,
          (() => {
            const o = people.find((p) => p.shops.includes(s.name));
            return o ? userId(o.username) : undefined;
          })(),
        ]),
      ),
    });
    // After the order details: its orders are its own (items at the sale price, coupon discounts).
    await seedFlashsaleDemo(tx, SEED_REFERENCE_DATE);
    await seedVisitDemo(tx, SEED_REFERENCE_DATE);
    await seedReportDemo(tx, SEED_REFERENCE_DATE);

    await seedNotificationDemo(tx, { referenceDate: SEED_REFERENCE_DATE, adminId: userId('admin') });
    await seedChatDemo(tx, { referenceDate: SEED_REFERENCE_DATE });
    await seedMailDemo(tx, { referenceDate: SEED_REFERENCE_DATE, storage: opts.storage });
    await seedCalendarDemo(tx, { referenceDate: SEED_REFERENCE_DATE });

    // Shipping rates and settings; stock once every product exists.
    await seedSettingsDemo(tx, { adminId: userId('admin') });
    await seedCheckoutDemo(tx);

    // The house brand is run by staff; no supplier account is linked to it.
    await tx.update(t.shops).set({ status: 'active' }).where(eq(t.shops.kind, 'housebrand'));
    // Last, inside the transaction: a seed that fails here leaves no demo data without its pictures.
    const pictures = await seedDemoPictures(tx, opts.storage);
    return {
      accounts: people.map((p) => ({ username: p.username, role: p.role, password: DEMO_PASSWORD, shops: p.shops })),
      pictures,
    };
  });
}

function blogText(
  type: string,
  cat: Catalogue,
  product: string,
  pick: <T>(xs: readonly T[]) => T,
  int: (lo: number, hi: number) => number,
  faker: Faker,
) {
  const item = product.split(' ').slice(1).join(' ');
  const year = SEED_REFERENCE_DATE.getUTCFullYear();
  const titles: Record<string, string[]> = {
    idea: [
      `${int(5, 9)} ${cat.category} Ideas for a Brighter Living Room`,
      `Small Space, Big Style: ${cat.category} Ideas for Condos`,
      `Rainy Season Ready: ${cat.category} Ideas for Thai Homes`,
      `Weekend Makeover Ideas with ${product.split(' ')[0]}`,
    ],
    howto: [
      `How to Choose the Right ${item}`,
      `How to Install a ${item} Safely`,
      `How to Look After Your ${item}`,
      `Step by Step: Cleaning and Caring for Your ${item}`,
    ],
    review: [`Review: ${product} After 3 Months`, `${product}: Is It Worth It?`, `Hands-On with the ${product}`],
    news: [
      `New Arrivals: ${cat.category} Collection ${year}`,
      `${cat.name} Year-End Sale: Up to 30% Off`,
      `Free Installation Week at ${cat.name}`,
      `${cat.name} Now Delivers Nationwide`,
    ],
  };
  const title = pick(titles[type]);
  const description = faker.helpers.arrayElement([
    `Practical tips from the ${cat.name} team for Thai homes.`,
    `Everything you need to know before you buy, with prices in baht.`,
    `Our picks from the ${cat.category.toLowerCase()} range, tried in real homes.`,
  ]);
  const tips = faker.helpers.arrayElements(
    [
      'Measure the room before you buy and note where the sun comes in during the afternoon.',
      'Check the energy label: a 5-star rating saves money on every monthly bill.',
      'Ask for professional installation to keep the manufacturer warranty valid.',
      'Pick finishes that are easy to clean in humid weather.',
      'Keep the receipt and register the product online for faster service.',
      'Compare total cost including installation and delivery, not only the sticker price.',
    ],
    3,
  );
  const html = [
    `<p>${description} This time we look at the <strong>${product}</strong> and how it fits everyday life.</p>`,
    `<h2>${type === 'howto' ? 'Step by step' : 'What to keep in mind'}</h2>`,
    `<ul>${tips.map((tip) => `<li>${tip}</li>`).join('')}</ul>`,
    `<p>Visit ${cat.name} online or at your nearest branch to see the full range.</p>`,
  ].join('');
  return { title, description, html };
}
