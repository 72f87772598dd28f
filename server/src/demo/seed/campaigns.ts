/**
 * Demo campaigns, demo only: three room scenes drawn as SVG (render.ts → PNG, stored as image uploads like
 * the other demo pictures), each with hotspots on the drawn products that link to approved products of the
 * shop selling them (an item the shop has no approved product for gets no hotspot) — a live lighting
 * campaign, a draft air-conditioning one and a closed bathroom one.
 * A hotspot's rectangle is the drawn item's box divided by the scene's size, so it sits on the item.
 * Fixed texts and no PRNG: it shifts no other demo data.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, ilike } from 'drizzle-orm';
import * as t from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';
import { storeFile } from '../../lib/uploads.js';
import type { Storage } from '../../lib/storage.js';
import { FONT_FAMILY, renderPng } from './render.js';

const W = 1200;
const H = 800;
const DAY = 86_400_000;

/** A drawn item: its box in scene pixels, the SVG that draws it, and the product it is (a name part). */
interface Item {
  product: string;
  label: string | null;
  box: [number, number, number, number];
  svg: string;
}

interface Scene {
  name: string;
  description: string;
  shop: string;
  status: 'draft' | 'active' | 'closed';
  startsAt: string;
  endsAt: string | null;
  title: string;
  line: string;
  palette: { wall: string; floor: string; ink: string; accent: string };
  backdrop: string;
  items: Item[];
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
const text = (x: number, y: number, s: string, size: number, fill: string, weight = 400) =>
  `<text x="${x}" y="${y}" font-family="${FONT_FAMILY}" font-size="${size}" font-weight="${weight}" fill="${fill}">${esc(s)}</text>`;

const SCENES: Scene[] = [
  {
    name: 'Living room lighting makeover',
    shop: 'HomePro Lighting',
    status: 'active',
    description: 'Year-end lighting sale: a living room lit three ways, each lamp one tap from its product page.',
    startsAt: '2026-11-15T00:00:00+07:00',
    endsAt: '2028-12-31T23:59:00+07:00',
    title: 'Light up your living room',
    line: 'Year-end lighting sale, up to 30% off',
    palette: { wall: '#f4ead9', floor: '#c9a27a', ink: '#5b3a12', accent: '#f5a623' },
    backdrop: `<rect x="380" y="430" width="620" height="120" rx="28" fill="#7d8f69"/><rect x="400" y="350" width="580" height="110" rx="30" fill="#93a87d"/>
<rect x="360" y="420" width="60" height="150" rx="20" fill="#6f7f5c"/><rect x="960" y="420" width="60" height="150" rx="20" fill="#6f7f5c"/>
<rect x="500" y="640" width="380" height="24" rx="8" fill="#8a5a2b"/><rect x="520" y="664" width="16" height="70" fill="#8a5a2b"/><rect x="844" y="664" width="16" height="70" fill="#8a5a2b"/>`,
    items: [
      {
        product: 'Pendant Lamp',
        label: 'Loft pendant',
        box: [680, 150, 160, 150],
        svg: `<line x1="760" y1="0" x2="760" y2="170" stroke="#222" stroke-width="4"/><circle cx="760" cy="250" r="70" fill="#ffe9a8" opacity=".55"/>
<path d="M715 170H805L840 255H680Z" fill="#2b2b2b"/><ellipse cx="760" cy="262" rx="22" ry="14" fill="#ffd966"/>`,
      },
      {
        product: 'Smart Bulb',
        label: 'Smart bulb for your floor lamp',
        box: [120, 250, 190, 360],
        svg: `<line x1="215" y1="340" x2="140" y2="600" stroke="#6b4a2b" stroke-width="10"/><line x1="215" y1="340" x2="290" y2="600" stroke="#6b4a2b" stroke-width="10"/>
<line x1="215" y1="340" x2="215" y2="605" stroke="#6b4a2b" stroke-width="10"/><path d="M160 260H270L300 350H130Z" fill="#efe2c4" stroke="#c9b68c" stroke-width="4"/>`,
      },
      {
        product: 'Ceiling Lamp',
        label: null,
        box: [940, 10, 200, 70],
        svg: `<rect x="1030" y="0" width="20" height="22" fill="#bbb"/><ellipse cx="1040" cy="45" rx="95" ry="28" fill="#ffffff" stroke="#d9cbb3" stroke-width="4"/>
<ellipse cx="1040" cy="70" rx="60" ry="8" fill="#ffe9a8" opacity=".8"/>`,
      },
    ],
  },
  {
    name: 'Cool down for the hot season',
    shop: 'CoolAir Climate Solutions',
    status: 'draft',
    description:
      'Summer campaign for bedrooms: inverter cooling, a quiet fan and clean air, ready to go live in March.',
    startsAt: '2027-03-01T00:00:00+07:00',
    endsAt: '2027-04-30T23:59:00+07:00',
    title: 'Cool, clean air in every bedroom',
    line: 'Inverter air conditioners from ฿11,900',
    palette: { wall: '#e3f1fc', floor: '#b7c9d9', ink: '#0b4f86', accent: '#38a3e8' },
    backdrop: `<rect x="580" y="470" width="560" height="150" rx="18" fill="#ffffff" stroke="#c8d6e5" stroke-width="4"/>
<rect x="580" y="430" width="140" height="190" rx="18" fill="#7aa7d1"/><rect x="740" y="440" width="120" height="50" rx="20" fill="#f2f7fc"/>
<rect x="880" y="440" width="120" height="50" rx="20" fill="#f2f7fc"/><rect x="600" y="520" width="520" height="100" rx="12" fill="#5d8fc2"/>`,
    items: [
      {
        product: 'Inverter Air Conditioner 12,000 BTU',
        label: '12,000 BTU inverter',
        box: [640, 90, 420, 140],
        svg: `<rect x="640" y="90" width="420" height="130" rx="22" fill="#ffffff" stroke="#c8d6e5" stroke-width="4"/>
<rect x="670" y="180" width="360" height="18" rx="9" fill="#dde8f3"/><circle cx="1010" cy="120" r="8" fill="#38a3e8"/>
${[0, 1, 2].map((i) => `<path d="M${720 + i * 110} 238q20 18 0 36" stroke="#9cc9ee" stroke-width="5" fill="none"/>`).join('')}`,
      },
      {
        product: 'Stand Fan',
        label: 'Quiet stand fan',
        box: [120, 290, 180, 390],
        svg: `<circle cx="210" cy="380" r="86" fill="#ffffff" stroke="#9fb7cc" stroke-width="6"/>
${[0, 120, 240].map((a) => `<ellipse cx="210" cy="335" rx="22" ry="42" fill="#38a3e8" opacity=".8" transform="rotate(${a} 210 380)"/>`).join('')}
<circle cx="210" cy="380" r="14" fill="#0b4f86"/><rect x="202" y="466" width="16" height="180" fill="#9fb7cc"/><ellipse cx="210" cy="660" rx="80" ry="16" fill="#9fb7cc"/>`,
      },
      {
        product: 'Air Purifier',
        label: 'PM2.5 air purifier',
        box: [370, 460, 140, 225],
        svg: `<rect x="380" y="470" width="120" height="205" rx="24" fill="#ffffff" stroke="#c8d6e5" stroke-width="4"/>
${[0, 1, 2, 3, 4].map((i) => `<rect x="400" y="${520 + i * 22}" width="80" height="8" rx="4" fill="#dde8f3"/>`).join('')}<circle cx="440" cy="495" r="10" fill="#3fae68"/>`,
      },
    ],
  },
  {
    name: 'Bathroom renewal week',
    shop: 'Siam Tile & Bath',
    status: 'closed',
    description: 'October renovation week: tiles, sanitary ware and showers in one bathroom. Ended and closed.',
    startsAt: '2026-10-01T00:00:00+07:00',
    endsAt: '2026-10-31T23:59:00+07:00',
    title: 'Your bathroom, renewed',
    line: 'Toilets, basins, showers and tiles in one place',
    palette: { wall: '#f6efe4', floor: '#9ea3a8', ink: '#6b4f2a', accent: '#c98b4b' },
    backdrop: `${Array.from({ length: 11 }, (_, i) => `<line x1="${i * 120}" y1="220" x2="${i * 120}" y2="620" stroke="#e6dccb" stroke-width="3"/>`).join('')}
${Array.from({ length: 4 }, (_, i) => `<line x1="0" y1="${260 + i * 100}" x2="1200" y2="${260 + i * 100}" stroke="#e6dccb" stroke-width="3"/>`).join('')}
<rect x="540" y="140" width="200" height="170" rx="14" fill="#dfe9ef" stroke="#c9b79c" stroke-width="6"/>`,
    items: [
      {
        product: 'Toilet',
        label: 'One-piece toilet',
        box: [120, 410, 210, 245],
        svg: `<rect x="130" y="420" width="90" height="140" rx="14" fill="#ffffff" stroke="#cfc6b8" stroke-width="4"/>
<path d="M150 560H320Q320 640 240 645H190Q150 640 150 600Z" fill="#ffffff" stroke="#cfc6b8" stroke-width="4"/><ellipse cx="245" cy="565" rx="75" ry="14" fill="#f1ede6"/>`,
      },
      {
        product: 'Wash Basin',
        label: 'Countertop basin',
        box: [480, 330, 320, 100],
        svg: `<rect x="480" y="390" width="320" height="36" rx="6" fill="#8a6a45"/><ellipse cx="640" cy="382" rx="110" ry="30" fill="#ffffff" stroke="#cfc6b8" stroke-width="4"/>
<rect x="630" y="334" width="12" height="34" rx="4" fill="#9aa3ab"/><rect x="630" y="334" width="40" height="10" rx="4" fill="#9aa3ab"/>`,
      },
      {
        product: 'Rain Shower',
        label: 'Rain shower set',
        box: [900, 60, 200, 380],
        svg: `<rect x="1080" y="80" width="14" height="350" fill="#9aa3ab"/><rect x="990" y="80" width="100" height="12" fill="#9aa3ab"/>
<ellipse cx="990" cy="100" rx="85" ry="22" fill="#c3cad1"/>${[0, 1, 2, 3, 4, 5].map((i) => `<line x1="${925 + i * 26}" y1="128" x2="${925 + i * 26}" y2="${230 + (i % 2) * 30}" stroke="#9cc9ee" stroke-width="4" stroke-dasharray="10 12"/>`).join('')}`,
      },
      {
        product: 'Floor Tile',
        label: 'Matte grey floor tile',
        box: [40, 680, 360, 100],
        svg: `<rect x="40" y="680" width="360" height="100" fill="#8c9196"/>${[1, 2].map((i) => `<line x1="${40 + i * 120}" y1="680" x2="${40 + i * 120}" y2="780" stroke="#7a7f84" stroke-width="3"/>`).join('')}`,
      },
    ],
  },
];

function draw(s: Scene): string {
  const p = s.palette;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="${W}" height="${H}" fill="${p.wall}"/><rect y="620" width="${W}" height="${H - 620}" fill="${p.floor}"/>
${s.backdrop}
${s.items.map((i) => i.svg).join('\n')}
${text(60, 100, s.title, 46, p.ink, 600)}${text(60, 146, s.line, 26, p.ink)}<rect x="60" y="166" width="120" height="8" rx="4" fill="${p.accent}"/>
</svg>`;
}

const fraction = (v: number, of: number) => (v / of).toFixed(6);

/** Runs inside the demo seed's transaction, after the products and shops are seeded. */
export async function seedCampaignDemo(
  tx: Tx,
  opts: { storage: Storage; referenceDate: Date; adminId: number },
): Promise<void> {
  const ref = opts.referenceDate.getTime();
  for (const [n, s] of SCENES.entries()) {
    const svg = draw(s);
    const png = await renderPng(svg);
    const stem = createHash('sha256').update(`campaign ${s.name}`).update('\0').update(svg).digest('hex').slice(0, 32);
    const image = await storeFile(opts.storage, png, {
      kinds: ['image'],
      originalName: `campaign-${n + 1}.png`,
      name: stem,
    });
    const createdAt = new Date(ref - (40 - n * 10) * DAY);
    const [campaign] = await tx
      .insert(t.campaigns)
      .values({
        name: s.name,
        description: s.description,
        imageUrl: image.url,
        imageWidth: W,
        imageHeight: H,
        startsAt: new Date(s.startsAt),
        endsAt: s.endsAt ? new Date(s.endsAt) : null,
        timezone: 'Asia/Bangkok',
        status: s.status,
        closedAt: s.status === 'closed' ? new Date(ref - 20 * DAY) : null,
        closedBy: s.status === 'closed' ? opts.adminId : null,
        createdBy: opts.adminId,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: t.campaigns.id });

    const [shop] = await tx.select({ id: t.shops.id }).from(t.shops).where(eq(t.shops.name, s.shop));
    const approved = (namePart: string) =>
      tx
        .select({ id: t.products.id })
        .from(t.products)
        .where(
          and(
            eq(t.products.shopId, shop.id),
            eq(t.products.approvalStatus, 'approved'),
            ilike(t.products.name, `%${namePart}%`),
          ),
        )
        .orderBy(asc(t.products.id))
        .limit(1);
    for (const item of s.items) {
      // The drawn item's product as the shop sells it (approved); none approved: the item gets no hotspot.
      const [product] = await approved(item.product);
      if (!product) continue;
      const [x, y, w, h] = item.box;
      await tx.insert(t.campaignHotspots).values({
        campaignId: campaign.id,
        productId: product.id,
        x: fraction(x, W),
        y: fraction(y, H),
        width: fraction(w, W),
        height: fraction(h, H),
        label: item.label,
        createdAt,
      });
    }
  }
}
