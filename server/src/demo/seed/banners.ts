/**
 * Marketplace banners: the banner types with the pixel size their images must have and the pages each
 * appears on (master data, kept when present), then the demo banners, drawn as SVG at their type's size,
 * rendered to PNG (render.ts, cached per machine) and stored as image uploads. Windows are fixed around
 * the seed's reference date: most banners live, one scheduled, one expired, one switched off.
 * Fixed texts and no PRNG: it shifts no other demo data.
 */
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import * as t from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';
import { storeFile } from '../../lib/uploads.js';
import type { Storage } from '../../lib/storage.js';
import { FONT_FAMILY, renderPng } from './render.js';
import { RUNNING_DAYS } from './running.js';

const DAY = 86_400_000;

interface TypeDef {
  code: string;
  name: string;
  width: number;
  height: number;
  menus: { code: string; name: string }[] | 'categories';
}

const HOME = { code: 'home', name: 'Home page' };

const BANNER_TYPES: TypeDef[] = [
  { code: 'home_hero', name: 'Home hero', width: 1920, height: 600, menus: [HOME] },
  { code: 'home_strip', name: 'Home strip', width: 1200, height: 300, menus: [HOME, { code: 'cart', name: 'Cart' }] },
  // One page per level-1 category of the catalogue.
  { code: 'category_top', name: 'Category top', width: 1200, height: 300, menus: 'categories' },
  { code: 'popup', name: 'Pop-up', width: 600, height: 600, menus: [HOME] },
  { code: 'app_splash', name: 'App splash', width: 1080, height: 1920, menus: [{ code: 'app', name: 'Mobile app' }] },
];

interface Palette {
  dark: string;
  light: string;
  accent: string;
}
const PALETTES: Record<string, Palette> = {
  air: { dark: '#0b4f86', light: '#e3f1fc', accent: '#38a3e8' },
  lighting: { dark: '#7a4b00', light: '#fff1cc', accent: '#f5a623' },
  tile: { dark: '#6b4f2a', light: '#f6efe4', accent: '#c98b4b' },
  home: { dark: '#1f6b3a', light: '#e6f5eb', accent: '#3fae68' },
  sale: { dark: '#8a1538', light: '#fde8ee', accent: '#e8457a' },
};

type Window = 'live' | 'live-ending' | 'scheduled' | 'expired' | 'off';
interface DemoBanner {
  type: string;
  menu: string;
  title: string;
  line: string;
  palette: keyof typeof PALETTES;
  link: string | null;
  window: Window;
}

const DEMO: DemoBanner[] = [
  {
    type: 'home_hero',
    menu: 'home',
    title: 'Cool season sale: inverter air conditioners from ฿11,900',
    line: 'Free installation in Bangkok and nearby provinces',
    palette: 'air',
    link: '/promotion/cool-season',
    window: 'live-ending',
  },
  {
    type: 'home_hero',
    menu: 'home',
    title: 'Light up every room for less',
    line: 'LED bulbs, downlights and smart lamps',
    palette: 'lighting',
    link: '/category/lighting',
    window: 'live',
  },
  {
    type: 'home_hero',
    menu: 'home',
    title: 'Marble-look tiles, porcelain strength',
    line: 'Free samples delivered to your door',
    palette: 'tile',
    link: '/category/tile',
    window: 'live',
  },
  {
    type: 'home_hero',
    menu: 'home',
    title: 'Year-end sale 2027: up to 40% off',
    line: 'Appliances, lighting and tiles, 1–31 December',
    palette: 'sale',
    link: '/promotion/year-end-2027',
    window: 'scheduled',
  },
  {
    type: 'home_hero',
    menu: 'home',
    title: 'Rainy season deals on dehumidifiers',
    line: 'Keep your home dry from ฿4,990',
    palette: 'air',
    link: '/promotion/rainy-season',
    window: 'expired',
  },
  {
    type: 'home_hero',
    menu: 'home',
    title: 'Songkran water savers',
    line: 'Dual-flush toilets and low-flow showers',
    palette: 'tile',
    link: null,
    window: 'off',
  },
  {
    type: 'home_strip',
    menu: 'home',
    title: 'Free delivery on orders over ฿1,500',
    line: 'Bangkok and vicinity, 2–3 days',
    palette: 'home',
    link: '/help/delivery',
    window: 'live',
  },
  {
    type: 'home_strip',
    menu: 'home',
    title: 'Installation by certified technicians',
    line: 'Air conditioners, lamps and water heaters',
    palette: 'air',
    link: '/services/installation',
    window: 'live',
  },
  {
    type: 'home_strip',
    menu: 'cart',
    title: 'Add ฿300 more for free delivery',
    line: 'Tile adhesive, bulbs and storage boxes',
    palette: 'home',
    link: '/deals/add-on',
    window: 'live',
  },
  {
    type: 'category_top',
    menu: 'lighting',
    title: 'Smart bulbs from ฿399',
    line: 'Dim and colour every room from your phone',
    palette: 'lighting',
    link: '/category/lighting/smart',
    window: 'live',
  },
  {
    type: 'category_top',
    menu: 'air',
    title: 'Breathe easy through PM2.5 season',
    line: 'Air purifiers for rooms up to 45 m²',
    palette: 'air',
    link: '/category/air/purifiers',
    window: 'live',
  },
  {
    type: 'category_top',
    menu: 'tile',
    title: 'Bathroom renovation week',
    line: 'Toilets, basins and showers in one order',
    palette: 'tile',
    link: '/category/tile/bathroom',
    window: 'live',
  },
  {
    type: 'category_top',
    menu: 'home',
    title: 'Tools and storage for every home',
    line: 'HomeBase essentials at everyday prices',
    palette: 'home',
    link: '/category/home',
    window: 'live',
  },
  {
    type: 'popup',
    menu: 'home',
    title: 'Extra 5% off in the app',
    line: 'Scan to download Seller Center Home',
    palette: 'sale',
    link: '/app',
    window: 'live',
  },
  {
    type: 'app_splash',
    menu: 'app',
    title: 'Everything for your home',
    line: 'Appliances, lighting, tiles and tools',
    palette: 'home',
    link: null,
    window: 'live',
  },
];

/** Each kind of window around the reference date, in Bangkok time as marketing enters them. */
function windowOf(kind: Window, ref: number): { startsAt: Date; endsAt: Date | null; active: boolean } {
  switch (kind) {
    case 'live':
      return { startsAt: new Date(ref - 45 * DAY), endsAt: null, active: true };
    case 'live-ending':
      return { startsAt: new Date(ref - 10 * DAY), endsAt: new Date(ref + RUNNING_DAYS * DAY), active: true };
    case 'scheduled':
      return {
        startsAt: new Date('2027-12-01T00:00:00+07:00'),
        endsAt: new Date('2027-12-31T23:59:00+07:00'),
        active: true,
      };
    case 'expired':
      return {
        startsAt: new Date('2026-08-01T00:00:00+07:00'),
        endsAt: new Date('2026-10-31T23:59:00+07:00'),
        active: true,
      };
    case 'off':
      return { startsAt: new Date(ref - 30 * DAY), endsAt: null, active: false };
  }
}

// ——— drawings ———

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
/** A little generous estimate of Kanit's advance, so a squeezed line never overflows. */
const advance = (s: string, size: number) =>
  [...s].reduce(
    (w, ch) => w + (ch === ' ' ? 0.27 : /[A-Z0-9฿]/.test(ch) ? 0.66 : /[il.,:'’]/.test(ch) ? 0.3 : 0.57),
    0,
  ) * size;

function text(
  x: number,
  y: number,
  s: string,
  o: { size: number; weight?: number; fill: string; anchor?: 'middle'; max: number; opacity?: number },
) {
  const squeeze = advance(s, o.size) > o.max ? ` textLength="${o.max}" lengthAdjust="spacingAndGlyphs"` : '';
  return (
    `<text x="${x}" y="${y}" font-family="${FONT_FAMILY}" font-size="${o.size}" font-weight="${o.weight ?? 400}" fill="${o.fill}"` +
    `${o.anchor ? ` text-anchor="${o.anchor}"` : ''}${o.opacity !== undefined ? ` opacity="${o.opacity}"` : ''}${squeeze}>${esc(s)}</text>`
  );
}

/** Words into at most three lines of `max` width (the last squeezed if it still does not fit). */
function lines(s: string, size: number, max: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of s.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (!line || advance(next, size) <= max || out.length === 2) line = next;
    else {
      out.push(line);
      line = word;
    }
  }
  return [...out, line];
}

/**
 * A banner of any size: title, one line and the marketplace's name in a pill, beside (wide) or above
 * (square, tall) rings of the palette's colours. Sizes scale with the shorter side.
 */
function drawBanner(b: DemoBanner, width: number, height: number): string {
  const p = PALETTES[b.palette];
  const wide = width / height >= 2;
  const unit = Math.min(width, height);
  const pad = Math.round(unit * (wide ? 0.12 : 0.09));
  const textWidth = wide ? Math.round(width * 0.58) : width - 2 * pad;
  const tall = height > width;
  const titleSize = Math.round(unit * (wide ? 0.12 : tall ? 0.1 : 0.085));
  const lineSize = Math.round(titleSize * 0.55);
  const title = lines(b.title, titleSize, textWidth);
  const top = wide
    ? Math.round(height / 2 - ((title.length - 1) * titleSize * 1.15) / 2 - lineSize * 0.6)
    : Math.round(height * 0.55);
  const ringX = wide ? Math.round(width * 0.84) : Math.round(width / 2);
  const ringY = wide ? Math.round(height / 2) : Math.round(height * (tall ? 0.28 : 0.24));
  const ring = Math.round(unit * (wide ? 0.42 : tall ? 0.32 : 0.2));
  const pill = Math.round(lineSize * 1.6);
  const brand = 'Seller Center Home';
  const pillY = wide ? height - pad * 0.6 - pill : top + title.length * titleSize * 1.15 + lineSize * 1.6;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="${p.dark}"/>
${[1, 0.74, 0.5].map((r, i) => `<circle cx="${ringX}" cy="${ringY}" r="${Math.round(ring * r)}" fill="${i === 2 ? p.light : p.accent}" opacity="${i === 2 ? 0.95 : 0.25 + i * 0.2}"/>`).join('')}
${text(ringX, ringY + Math.round(ring * 0.14), b.palette === 'sale' ? '%' : '฿', { size: Math.round(ring * 0.45), weight: 600, fill: p.dark, anchor: 'middle', max: ring })}
${title.map((l, i) => text(pad, top + Math.round(i * titleSize * 1.15), l, { size: titleSize, weight: 600, fill: '#ffffff', max: textWidth })).join('')}
${text(pad, top + Math.round((title.length - 1) * titleSize * 1.15 + lineSize * 1.7), b.line, { size: lineSize, fill: '#ffffff', opacity: 0.88, max: textWidth })}
<rect x="${pad}" y="${Math.round(pillY)}" width="${Math.round(advance(brand, lineSize * 0.8) + pill)}" height="${pill}" rx="${Math.round(pill / 2)}" fill="${p.accent}"/>
${text(pad + Math.round(pill / 2), Math.round(pillY + pill * 0.68), brand, { size: Math.round(lineSize * 0.8), weight: 500, fill: '#ffffff', max: textWidth })}
</svg>`;
}

/**
 * Runs inside the demo seed's transaction, after the catalogue master data exists (category pages).
 * Types and pages already there are kept; the demo banners are added to an empty banners table only.
 */
export async function seedBannerDemo(
  tx: Tx,
  opts: { storage: Storage; referenceDate: Date; adminId: number },
): Promise<void> {
  const categories = await tx
    .select({ code: t.masterData.code, name: t.masterData.name })
    .from(t.masterData)
    .where(eq(t.masterData.type, 'level1'))
    .orderBy(asc(t.masterData.sort), asc(t.masterData.id));
  await tx
    .insert(t.bannerTypes)
    .values(
      BANNER_TYPES.map((d, i) => ({
        code: d.code,
        name: d.name,
        width: d.width,
        height: d.height,
        sort: (i + 1) * 10,
      })),
    )
    .onConflictDoNothing();
  const types = await tx.select().from(t.bannerTypes);
  const typeOf = (code: string) => types.find((x) => x.code === code)!;
  await tx
    .insert(t.bannerTypeMenus)
    .values(
      BANNER_TYPES.flatMap((d) =>
        (d.menus === 'categories' ? categories : d.menus).map((m, i) => ({
          typeId: typeOf(d.code).id,
          code: m.code,
          name: m.name,
          sort: (i + 1) * 10,
        })),
      ),
    )
    .onConflictDoNothing();
  const menus = await tx.select().from(t.bannerTypeMenus);
  const menuOf = (typeId: number, code: string) => menus.find((m) => m.typeId === typeId && m.code === code)!;

  if ((await tx.select({ id: t.banners.id }).from(t.banners).limit(1)).length) return;
  const ref = opts.referenceDate.getTime();
  const slug = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const files = await Promise.all(
    DEMO.map(async (b) => {
      const { width, height } = typeOf(b.type);
      const svg = drawBanner(b, width, height);
      const name = createHash('sha256')
        .update(`marketplace banner ${b.type} ${b.menu} ${b.title}`)
        .update('\0')
        .update(svg)
        .digest('hex')
        .slice(0, 32);
      return storeFile(opts.storage, await renderPng(svg), {
        kinds: ['image'],
        originalName: `${slug(b.title)}.png`,
        name,
      });
    }),
  );
  const placed = new Map<number, number>();
  await tx.insert(t.banners).values(
    DEMO.map((b, i) => {
      const type = typeOf(b.type);
      const menu = menuOf(type.id, b.menu);
      const position = placed.get(menu.id) ?? 0;
      placed.set(menu.id, position + 1);
      const created = new Date(ref - (60 - i) * DAY);
      return {
        typeId: type.id,
        menuId: menu.id,
        title: b.title,
        imageUrl: files[i].url,
        imageWidth: type.width,
        imageHeight: type.height,
        link: b.link,
        position,
        ...windowOf(b.window, ref),
        timezone: 'Asia/Bangkok',
        createdBy: opts.adminId,
        createdAt: created,
        updatedAt: created,
      };
    }),
  );
}
