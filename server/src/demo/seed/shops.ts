/**
 * The shop side of the demo storefronts, demo only: each shop's profile (description, contact, a drawn
 * logo and cover), two banner categories of 2–3 drawn banners for each brand shop, one more supplier
 * (`supplier3`) whose shop "Nakhon Garden Supply" awaits review with two draft products, and the brand
 * shops' storefronts published once (version 1 live) from the boards seeded before. Pictures are drawn
 * as SVG here, rendered to PNG (render.ts, cached per machine) and stored as image uploads, like the
 * other demo pictures. Fixed texts and no PRNG: it shifts no other demo data.
 */
import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import * as t from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';
import { storeFile } from '../../lib/uploads.js';
import type { Storage } from '../../lib/storage.js';
import { snapshotOf } from '../../modules/brandshop/storefront.js';
import { FONT_FAMILY, renderPng } from './render.js';

const DAY = 86_400_000;

interface Palette {
  dark: string;
  light: string;
  accent: string;
}

interface ShopDemo {
  name: string;
  initials: string;
  palette: Palette;
  description: string;
  tagline: string;
  email: string;
  phone: string;
  banners?: { category: string; items: { title: string; line: string; link: string | null }[] }[];
}

const SHOPS: ShopDemo[] = [
  {
    name: 'HomePro Lighting',
    initials: 'HP',
    palette: { dark: '#7a4b00', light: '#fff1cc', accent: '#f5a623' },
    description:
      'Lamps, LED bulbs and smart lighting for Thai homes, from everyday bulbs to designer pendants. Free advice on choosing the right light for every room.',
    tagline: 'Light for every room',
    email: 'hello@homepro-lighting.example',
    phone: '+66 2 555 0101',
    banners: [
      {
        category: 'Hero banners',
        items: [
          {
            title: 'Brighter homes, smaller bills',
            line: 'Switch to LED and save up to 80% on lighting',
            link: '/collections/led',
          },
          {
            title: 'Smart lighting made simple',
            line: 'Control every lamp from your phone',
            link: '/collections/smart',
          },
          {
            title: 'Garden lights for long evenings',
            line: 'Solar and outdoor lamps, IP65 rated',
            link: '/collections/outdoor',
          },
        ],
      },
      {
        category: 'Seasonal offers',
        items: [
          { title: 'Year-end sale: up to 30% off', line: 'Pendants, ceiling lamps and floor lamps', link: '/sale' },
          { title: 'Free installation week', line: 'On ceiling lamps over ฿2,000', link: null },
        ],
      },
    ],
  },
  {
    name: 'CoolAir Climate Solutions',
    initials: 'CA',
    palette: { dark: '#0b4f86', light: '#e3f1fc', accent: '#38a3e8' },
    description:
      'Inverter air conditioners, fans, purifiers and dehumidifiers chosen for the Thai climate, with professional installation and after-sales service nationwide.',
    tagline: 'Cool, clean air all year',
    email: 'service@coolair.example',
    phone: '+66 2 555 0202',
    banners: [
      {
        category: 'Hero banners',
        items: [
          {
            title: 'Beat the heat with inverter cooling',
            line: 'Quiet, fast and 5-star energy rated',
            link: '/collections/inverter',
          },
          {
            title: 'Breathe easy through PM2.5 season',
            line: 'Air purifiers for rooms up to 45 m²',
            link: '/collections/purifiers',
          },
        ],
      },
      {
        category: 'Service and installation',
        items: [
          {
            title: 'Installation by certified technicians',
            line: 'Book a time that suits you',
            link: '/services/installation',
          },
          {
            title: 'Yearly cleaning from ฿590',
            line: 'Keep your air conditioner efficient',
            link: '/services/cleaning',
          },
          { title: '5-year compressor warranty', line: 'On every inverter model we sell', link: null },
        ],
      },
    ],
  },
  {
    name: 'Siam Tile & Bath',
    initials: 'ST',
    palette: { dark: '#6b4f2a', light: '#f6efe4', accent: '#c98b4b' },
    description:
      'Floor and wall tiles, sanitary ware, faucets and showers for new homes and renovations. Samples and tile calculations on request.',
    tagline: 'Tiles and baths that last',
    email: 'sales@siamtilebath.example',
    phone: '+66 2 555 0303',
    banners: [
      {
        category: 'Hero banners',
        items: [
          {
            title: 'Marble look, porcelain strength',
            line: 'Large-format tiles from ฿1,290 a box',
            link: '/collections/porcelain',
          },
          {
            title: 'Your bathroom, renewed',
            line: 'Toilets, basins and showers in one place',
            link: '/collections/bathroom',
          },
        ],
      },
      {
        category: 'Project offers',
        items: [
          {
            title: 'Renovating? Ask for a project price',
            line: 'Special prices on 20 boxes or more',
            link: '/contact',
          },
          { title: 'Free tile calculation', line: 'Send us your floor plan', link: null },
        ],
      },
    ],
  },
  {
    name: 'HomeBase Essentials',
    initials: 'HB',
    palette: { dark: '#1f6b3a', light: '#e6f5eb', accent: '#3fae68' },
    description:
      "The marketplace's own brand: tools, storage, furniture and home basics at everyday prices, tested by our team.",
    tagline: 'Everyday home basics',
    email: 'homebase@sellercenter.example',
    phone: '+66 2 555 0404',
  },
  {
    name: 'Nakhon Garden Supply',
    initials: 'NG',
    palette: { dark: '#3f6212', light: '#f0f7e2', accent: '#84cc16' },
    description: 'Hoses, garden lights and outdoor tools from a family shop in Nakhon Pathom.',
    tagline: 'For Thai gardens',
    email: 'nakhongarden@example.com',
    phone: '+66 81 555 0505',
  },
];

/** The pending demo supplier: a reviewer has a shop to approve. */
const PENDING = {
  username: 'supplier3',
  firstName: 'Worawut',
  lastName: 'Inthanon',
  shop: 'Nakhon Garden Supply',
  products: [
    { code: 'NGS-10001', name: 'Garden Hose 20 m with Spray Nozzle', price: '459.00' },
    { code: 'NGS-10002', name: 'Solar Garden Light Set of 4', price: '690.00' },
  ],
};

// ——— drawings ———

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
/** A little generous estimate of Kanit's advance, so a squeezed line never overflows. */
const width = (s: string, size: number) =>
  [...s].reduce(
    (w, ch) => w + (ch === ' ' ? 0.27 : /[A-Z0-9฿]/.test(ch) ? 0.66 : /[il.,:'’]/.test(ch) ? 0.3 : 0.57),
    0,
  ) * size;

function text(
  x: number,
  y: number,
  s: string,
  o: { size: number; weight?: number; fill: string; anchor?: 'middle'; max?: number; opacity?: number },
) {
  const squeeze = o.max && width(s, o.size) > o.max ? ` textLength="${o.max}" lengthAdjust="spacingAndGlyphs"` : '';
  return (
    `<text x="${x}" y="${y}" font-family="${FONT_FAMILY}" font-size="${o.size}" font-weight="${o.weight ?? 400}" fill="${o.fill}"` +
    `${o.anchor ? ` text-anchor="${o.anchor}"` : ''}${o.opacity !== undefined ? ` opacity="${o.opacity}"` : ''}${squeeze}>${esc(s)}</text>`
  );
}

/** A round badge with the shop's initials, on a 480×480 tile. */
function logo(s: ShopDemo): string {
  const p = s.palette;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
<rect width="480" height="480" rx="96" fill="${p.light}"/><circle cx="240" cy="210" r="150" fill="${p.dark}"/><circle cx="240" cy="210" r="128" fill="none" stroke="${p.accent}" stroke-width="8"/>
${text(240, 254, s.initials, { size: 120, weight: 600, fill: '#ffffff', anchor: 'middle' })}
${text(240, 430, s.name, { size: 34, weight: 500, fill: p.dark, anchor: 'middle', max: 420 })}
</svg>`;
}

/** A 1200×400 cover: the name and tagline over rings of the shop's colours. */
function cover(s: ShopDemo): string {
  const p = s.palette;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
<rect width="1200" height="400" fill="${p.dark}"/>${[300, 230, 160].map((r, i) => `<circle cx="1020" cy="200" r="${r}" fill="${p.accent}" opacity="${0.18 + i * 0.12}"/>`).join('')}
<circle cx="1020" cy="200" r="96" fill="${p.light}"/>${text(1020, 232, s.initials, { size: 84, weight: 600, fill: p.dark, anchor: 'middle' })}
${text(72, 190, s.name, { size: 64, weight: 600, fill: '#ffffff', max: 720 })}
${text(72, 250, s.tagline, { size: 32, fill: '#ffffff', opacity: 0.85, max: 720 })}
</svg>`;
}

/** Words into at most two lines of `max` width (the second squeezed if it still does not fit). */
function lines(s: string, size: number, max: number): string[] {
  if (width(s, size) <= max) return [s];
  const words = s.split(' ');
  let first = words[0];
  for (const w of words.slice(1))
    if (width(`${first} ${w}`, size) <= max) first += ` ${w}`;
    else break;
  return [first, s.slice(first.length + 1)];
}

/** A 1200×400 banner: title (one or two lines), one line, and the shop's name, left of a slanted colour field. */
function banner(s: ShopDemo, b: { title: string; line: string }, n: number): string {
  const p = s.palette;
  const light = n % 2 === 1;
  const [bg, ink] = light ? [p.light, p.dark] : [p.dark, '#ffffff'];
  const title = lines(b.title, 52, 600);
  const top = title.length > 1 ? 120 : 160;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
<rect width="1200" height="400" fill="${bg}"/><path d="M860 0H1200V400H740Z" fill="${p.accent}" opacity=".85"/><circle cx="${1000 - n * 40}" cy="${120 + n * 60}" r="110" fill="#ffffff" opacity=".25"/>
${title.map((l, i) => text(72, top + i * 62, l, { size: 52, weight: 600, fill: ink, max: 600 })).join('')}
${text(72, top + title.length * 62 + 6, b.line, { size: 30, fill: ink, opacity: 0.85, max: 600 })}
<rect x="72" y="300" width="${width(s.name, 22) + 40}" height="44" rx="22" fill="${p.accent}"/>${text(92, 330, s.name, { size: 22, weight: 500, fill: '#ffffff' })}
</svg>`;
}

export interface DemoPerson {
  username: string;
  firstName: string;
  lastName: string;
  role: string;
  shops: string[];
}

/**
 * Runs inside the demo seed's transaction, after the boards are seeded and before the product pictures
 * are drawn (so the pending shop's drafts get theirs). Answers the pending supplier's account.
 */
export async function seedShopDemo(
  tx: Tx,
  opts: { storage: Storage; referenceDate: Date; passwordHash: string; adminId: number },
): Promise<DemoPerson> {
  const ref = opts.referenceDate.getTime();
  const store = async (key: string, svg: string, originalName: string) => {
    const png = await renderPng(svg);
    const name = createHash('sha256').update(key).update('\0').update(svg).digest('hex').slice(0, 32);
    return (await storeFile(opts.storage, png, { kinds: ['image'], originalName, name })).url;
  };
  const slug = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');

  // The pending supplier and its shop, as sign-up makes them (the shop named by its owner).
  const [role] = await tx.select({ id: t.roles.id }).from(t.roles).where(eq(t.roles.code, 'supplier'));
  const [user] = await tx
    .insert(t.users)
    .values({
      username: PENDING.username,
      email: `${PENDING.username}@sellercenter.example`,
      passwordHash: opts.passwordHash,
      firstName: PENDING.firstName,
      lastName: PENDING.lastName,
      roleId: role.id,
      status: 'active',
      createdAt: new Date(ref - 3 * DAY),
    })
    .returning({ id: t.users.id });
  const [pending] = await tx
    .insert(t.shops)
    .values({ name: PENDING.shop, kind: 'supplier', status: 'pending', createdAt: new Date(ref - 3 * DAY) })
    .returning({ id: t.shops.id });
  await tx.insert(t.userShops).values({ userId: user.id, shopId: pending.id });
  const master = await tx
    .select()
    .from(t.masterData)
    .where(inArray(t.masterData.code, ['home', 'home_garden']));
  const level = (code: string) => master.find((m) => m.code === code)?.id ?? null;
  await tx.insert(t.products).values(
    PENDING.products.map((p, i) => ({
      shopId: pending.id,
      code: p.code,
      name: p.name,
      price: p.price,
      approvalStatus: 'draft',
      isNew: true,
      level1Id: level('home'),
      level2Id: level('home_garden'),
      description: `${p.name}. Made for Thai gardens and the rainy season.`,
      createdAt: new Date(ref - (2 - i) * DAY),
      updatedAt: new Date(ref - (2 - i) * DAY),
    })),
  );

  const shopRows = await tx
    .select({ id: t.shops.id, name: t.shops.name, kind: t.shops.kind, status: t.shops.status })
    .from(t.shops);
  for (const s of SHOPS) {
    const shop = shopRows.find((r) => r.name === s.name);
    if (!shop) continue;
    const [logoUrl, coverUrl] = await Promise.all([
      store(`shop logo ${s.name}`, logo(s), `${slug(s.name)}-logo.png`),
      store(`shop cover ${s.name}`, cover(s), `${slug(s.name)}-cover.png`),
    ]);
    await tx
      .update(t.shops)
      .set({ description: s.description, contactEmail: s.email, contactPhone: s.phone, logoUrl, coverUrl })
      .where(eq(t.shops.id, shop.id));

    for (const [position, c] of (s.banners ?? []).entries()) {
      const [category] = await tx
        .insert(t.shopBannerCategories)
        .values({ shopId: shop.id, name: c.category, position, createdAt: new Date(ref - 30 * DAY) })
        .returning({ id: t.shopBannerCategories.id });
      const urls = await Promise.all(
        c.items.map((b, n) =>
          store(
            `shop banner ${s.name} ${c.category} ${n}`,
            banner(s, b, n),
            `${slug(s.name)}-banner-${position + 1}-${n + 1}.png`,
          ),
        ),
      );
      await tx.insert(t.shopBanners).values(
        c.items.map((b, n) => ({
          shopId: shop.id,
          categoryId: category.id,
          title: b.title,
          imageUrl: urls[n],
          link: b.link,
          position: n,
          createdAt: new Date(ref - 30 * DAY),
        })),
      );
    }

    // The active brand shops' storefronts, published once from their boards.
    const [board] = await tx.select().from(t.boards).where(eq(t.boards.shopId, shop.id));
    if (shop.kind === 'supplier' && shop.status === 'active' && board) {
      const snapshot = await snapshotOf(tx, shop.id);
      await tx.insert(t.storefrontVersions).values({
        shopId: shop.id,
        number: 1,
        snapshot: snapshot as unknown as Record<string, unknown>,
        live: true,
        publishedAt: new Date(ref - 7 * DAY),
        publishedBy: opts.adminId,
      });
    }
  }
  return {
    username: PENDING.username,
    firstName: PENDING.firstName,
    lastName: PENDING.lastName,
    role: 'supplier',
    shops: [PENDING.shop],
  };
}
