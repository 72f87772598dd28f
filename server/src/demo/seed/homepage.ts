/**
 * The home page's marketing: the home-sale group types (master data, every install) and, demo only, the
 * home-category tiles (icons drawn as SVG and stored as image uploads), two home-sale groups and one
 * trade-in campaign. Fixed texts and no PRNG: it shifts no other demo data.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, gte, ilike } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import * as t from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';
import { storeFile } from '../../lib/uploads.js';
import type { Storage } from '../../lib/storage.js';
import { renderPng } from './render.js';
import { RUNNING_DAYS } from './running.js';

const DAY = 86_400_000;

/** master_data type of the home-sale group types (modules/homesale reads it). */
const GROUP_TYPES: [string, string][] = [
  ['hot_deals', 'Hot deals'],
  ['best_price', 'Best price'],
  ['new_arrivals', 'New arrivals'],
  ['clearance', 'Clearance'],
  ['recommended', 'Recommended'],
];

export async function ensureHomeSaleMasterData(db: Db): Promise<void> {
  await db
    .insert(t.masterData)
    .values(GROUP_TYPES.map(([code, name], i) => ({ type: 'homesale_group', code, name, sort: (i + 1) * 10 })))
    .onConflictDoNothing();
}

// ——— tile icons: 480×480, no words (the name is laid over in the reader's language) ———

const frame = (
  bg: string,
  accent: string,
  body: string,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
<rect width="480" height="480" fill="${bg}"/><circle cx="380" cy="96" r="150" fill="${accent}" opacity=".35"/><circle cx="70" cy="420" r="110" fill="${accent}" opacity=".25"/>
${body}</svg>`;

const ICONS = {
  lighting: frame(
    '#fff4d6',
    '#f5b731',
    `${[150, 118, 90].map((r) => `<circle cx="240" cy="200" r="${r}" fill="#ffe9a3" opacity=".45"/>`).join('')}
<path d="M240 100C296 100 336 142 336 194C336 234 312 256 298 282L290 312H190L182 282C168 256 144 234 144 194C144 142 184 100 240 100Z" fill="#fffdf2" stroke="#c9a23a" stroke-width="6"/>
<path d="M212 312V258L228 242L240 256L252 242L268 258V312" fill="none" stroke="#e0a82e" stroke-width="6"/>
${[0, 1, 2].map((i) => `<rect x="${194 + i * 3}" y="${316 + i * 24}" width="${92 - i * 6}" height="18" rx="8" fill="#9aa5b1"/>`).join('')}
<path d="M214 388H266L256 410H224Z" fill="#4b5561"/>`,
  ),
  air: frame(
    '#e3f1fc',
    '#38a3e8',
    `<rect x="70" y="130" width="340" height="130" rx="26" fill="#fbfcfd" stroke="#9fb3c6" stroke-width="5"/>
<rect x="88" y="222" width="304" height="24" rx="10" fill="#dbe5ee"/><circle cx="366" cy="162" r="7" fill="#22c55e"/>
${[0, 1, 2, 3].map((i) => `<path d="M${130 + i * 64} 290C${110 + i * 64} 330 ${150 + i * 64} 350 ${130 + i * 64} 396" fill="none" stroke="#38a3e8" stroke-width="10" stroke-linecap="round" opacity="${0.9 - i * 0.12}"/>`).join('')}`,
  ),
  tile: frame(
    '#f6efe4',
    '#c98b4b',
    `<g transform="translate(90 110)">${[0, 1, 2]
      .flatMap((r) =>
        [0, 1, 2].map(
          (c) =>
            `<rect x="${c * 102}" y="${r * 82}" width="96" height="76" rx="4" fill="${(r + c) % 2 ? '#e8d5b9' : '#fbf6ee'}" stroke="#c9ab84" stroke-width="3"/>`,
        ),
      )
      .join('')}</g>
<path d="M300 356C300 330 340 300 340 300S380 330 380 356A40 40 0 0 1 300 356Z" fill="#4aa3df"/>`,
  ),
  home: frame(
    '#e6f5eb',
    '#3fae68',
    `<path d="M240 90L400 220V400H80V220Z" fill="#fbfcfd" stroke="#2f7d4d" stroke-width="8" stroke-linejoin="round"/>
<rect x="200" y="290" width="80" height="110" rx="6" fill="#3fae68"/><rect x="110" y="240" width="60" height="50" rx="4" fill="#cdebd7" stroke="#2f7d4d" stroke-width="4"/>
<rect x="310" y="240" width="60" height="50" rx="4" fill="#cdebd7" stroke="#2f7d4d" stroke-width="4"/>
<path d="M300 110H340V170" fill="none" stroke="#2f7d4d" stroke-width="8"/>`,
  ),
  inverter: frame(
    '#0b4f86',
    '#38a3e8',
    `<rect x="70" y="120" width="340" height="130" rx="26" fill="#fbfcfd"/>
<rect x="88" y="212" width="304" height="24" rx="10" fill="#dbe5ee"/><circle cx="366" cy="152" r="7" fill="#22c55e"/>
<path d="M200 290L250 290L232 340H282L210 420L226 360H178Z" fill="#ffd23f" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>
<circle cx="370" cy="350" r="62" fill="#e5484d"/><path d="M340 380L400 320" stroke="#fff" stroke-width="10" stroke-linecap="round"/>
<circle cx="346" cy="328" r="12" fill="none" stroke="#fff" stroke-width="8"/><circle cx="394" cy="374" r="12" fill="none" stroke="#fff" stroke-width="8"/>`,
  ),
};

type Names = { en: string; fr: string; vi: string; cn: string; ar: string };

/** Four level-1 category tiles and one product tile, scheduled to start after the reference date. */
const TILES: {
  icon: keyof typeof ICONS;
  names: Names;
  category?: string;
  product?: RegExp;
  startDays: number;
  endDays?: number;
  active?: boolean;
}[] = [
  {
    icon: 'air',
    category: 'air',
    startDays: -60,
    names: { en: 'Air conditioning', fr: 'Climatisation', vi: 'Máy lạnh', cn: '空调', ar: 'التكييف' },
  },
  {
    icon: 'lighting',
    category: 'lighting',
    startDays: -60,
    names: { en: 'Lighting', fr: 'Éclairage', vi: 'Đèn chiếu sáng', cn: '照明', ar: 'الإضاءة' },
  },
  {
    icon: 'tile',
    category: 'tile',
    startDays: -60,
    names: {
      en: 'Tiles & bathroom',
      fr: 'Carrelage et bain',
      vi: 'Gạch & phòng tắm',
      cn: '瓷砖与卫浴',
      ar: 'البلاط والحمّام',
    },
  },
  {
    icon: 'home',
    category: 'home',
    startDays: -60,
    names: {
      en: 'Home essentials',
      fr: 'Essentiels maison',
      vi: 'Đồ dùng gia đình',
      cn: '居家必备',
      ar: 'مستلزمات المنزل',
    },
  },
  {
    icon: 'inverter',
    product: /Inverter Air Conditioner 12,000/,
    startDays: 5,
    endDays: RUNNING_DAYS,
    names: {
      en: 'Inverter air con deals',
      fr: 'Promos clim inverter',
      vi: 'Ưu đãi máy lạnh Inverter',
      cn: '变频空调特惠',
      ar: 'عروض مكيفات إنفرتر',
    },
  },
];

/**
 * Runs inside the demo seed's transaction, after the products exist (their pictures are drawn later:
 * the groups and the campaign name products, not pictures).
 */
export async function seedHomePageDemo(
  tx: Tx,
  opts: { storage: Storage; referenceDate: Date; adminId: number },
): Promise<void> {
  const ref = opts.referenceDate.getTime();
  const at = (days: number) => new Date(ref + days * DAY);
  const store = async (key: string, svg: string, originalName: string) => {
    const png = await renderPng(svg);
    const name = createHash('sha256').update(key).update('\0').update(svg).digest('hex').slice(0, 32);
    return (await storeFile(opts.storage, png, { kinds: ['image'], originalName, name })).url;
  };

  const approved = await tx
    .select({
      id: t.products.id,
      name: t.products.name,
      price: t.products.price,
      compareAtPrice: t.products.compareAtPrice,
      createdAt: t.products.createdAt,
    })
    .from(t.products)
    .where(eq(t.products.approvalStatus, 'approved'))
    .orderBy(asc(t.products.id));
  const level1 = await tx
    .select({ id: t.masterData.id, code: t.masterData.code })
    .from(t.masterData)
    .where(eq(t.masterData.type, 'level1'));

  // ——— home-category tiles ———
  const images = await Promise.all(
    TILES.map((tile) => store(`home category ${tile.icon}`, ICONS[tile.icon], `home-category-${tile.icon}.png`)),
  );
  const tiles = TILES.flatMap((tile, position) => {
    const linkId = tile.category
      ? level1.find((l) => l.code === tile.category)?.id
      : approved.find((p) => tile.product!.test(p.name))?.id;
    if (!linkId) return [];
    return [
      {
        names: tile.names,
        imageUrl: images[position],
        linkType: tile.category ? 'category' : 'product',
        linkId,
        active: tile.active ?? true,
        startsAt: at(tile.startDays),
        endsAt: tile.endDays === undefined ? null : at(tile.endDays),
        timezone: 'Asia/Bangkok',
        createdAt: at(-61),
        updatedAt: at(-61),
      },
    ];
  });
  await tx.insert(t.homeCategories).values(tiles.map((tile, position) => ({ ...tile, position })));

  // ——— home-sale groups: the deepest discounts, and the newest products ———
  const deals = approved
    .filter((p) => p.compareAtPrice)
    .sort(
      (a, b) => Number(a.price) / Number(a.compareAtPrice) - Number(b.price) / Number(b.compareAtPrice) || a.id - b.id,
    )
    .slice(0, 6);
  const newest = [...approved].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.id - b.id).slice(0, 5);
  const groups = [
    {
      name: 'Hot deals this week',
      groupType: 'hot_deals',
      products: deals,
      startsAt: at(-3),
      endsAt: at(RUNNING_DAYS),
      off: 1,
    },
    { name: 'New in store', groupType: 'new_arrivals', products: newest, startsAt: at(-14), endsAt: null, off: -1 },
  ];
  for (const [position, g] of groups.entries()) {
    const [row] = await tx
      .insert(t.homeSaleGroups)
      .values({
        name: g.name,
        groupType: g.groupType,
        position,
        startsAt: g.startsAt,
        endsAt: g.endsAt,
        timezone: 'Asia/Bangkok',
        createdAt: at(-15),
        updatedAt: at(-15),
      })
      .returning({ id: t.homeSaleGroups.id });
    // One product of the first group is switched off, as when it sells out.
    if (g.products.length) {
      await tx
        .insert(t.homeSaleLinks)
        .values(g.products.map((p, i) => ({ groupId: row.id, productId: p.id, position: i, active: i !== g.off })));
    }
  }

  // ——— one trade-in campaign: ฿1,500 off an inverter air conditioner for an old unit ———
  const eligible = await tx
    .select({ id: t.products.id })
    .from(t.products)
    // Only products priced at least the discount: the rule the API keeps.
    .where(
      and(
        eq(t.products.approvalStatus, 'approved'),
        ilike(t.products.name, '%Air Conditioner%'),
        gte(t.products.price, '1500'),
      ),
    )
    .orderBy(asc(t.products.id));
  if (!eligible.length) return;
  const [campaign] = await tx
    .insert(t.oldForNewCampaigns)
    .values({
      name: 'Trade in your old air conditioner',
      discountType: 'fixed',
      discountValue: '1500.00',
      startsAt: at(-10),
      endsAt: at(RUNNING_DAYS),
      timezone: 'Asia/Bangkok',
      createdBy: opts.adminId,
      createdAt: at(-12),
      updatedAt: at(-12),
    })
    .returning({ id: t.oldForNewCampaigns.id });
  await tx.insert(t.oldForNewProducts).values(eligible.map((p) => ({ campaignId: campaign.id, productId: p.id })));
}
