/**
 * Catalogue master data (every install) and the product side of the demo data (demo only).
 * Its own PRNG, so adding catalogue data never shifts the orders/blog demo data.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import * as t from '../../db/schema.js';
import { CHANNELS } from '../../db/schema/products.js';
import { type Tx } from '../../lib/sql.js';

type M = { code: string; name: string; parent?: string; extra?: Record<string, unknown> };

const LEVELS: Record<string, [string, [string, RegExp][]]> = {
  Lighting: [
    'lighting',
    [
      ['LED Bulbs & Tubes', /bulb|tube/i],
      ['Ceiling & Pendant Lamps', /ceiling|pendant|downlight|track/i],
      ['Outdoor & Solar Lighting', /outdoor|solar|garden light/i],
      ['Lamps & Strips', /./],
    ],
  ],
  'Air Conditioning': [
    'air',
    [
      ['Air Conditioners', /air conditioner/i],
      ['Fans', /fan/i],
      ['Air Purifiers & Dehumidifiers', /purifier|dehumid/i],
      ['Air Coolers', /./],
    ],
  ],
  'Tiles & Bathroom': [
    'tile',
    [
      ['Floor & Wall Tiles', /tile(?! adhesive)/i],
      ['Sanitary Ware', /toilet|basin(?! mixer)/i],
      ['Faucets & Showers', /faucet|shower|mixer/i],
      ['Tile Tools & Adhesives', /adhesive/i],
      ['Bathroom Furniture', /./],
    ],
  ],
  'Home Essentials': [
    'home',
    [
      ['Power & Hand Tools', /drill|tool|roller/i],
      ['Ladders & Storage', /ladder|shelf|storage|box/i],
      ['Furniture', /cabinet|chair|table/i],
      ['Paint', /paint/i],
      ['Hardware & Electrical', /lock|cord/i],
      ['Garden', /garden|hose/i],
      ['Curtains & Decor', /./],
    ],
  ],
};

const BRANDS = [
  'Philips',
  'Panasonic',
  'Lamptan',
  'Osram',
  'EVE Lighting',
  'Hi-Tek',
  'Daikin',
  'Mitsubishi Electric',
  'Carrier',
  'Samsung',
  'LG',
  'Hatari',
  'Sharp',
  'Cotto',
  'SCG',
  'Duragres',
  'Campana',
  'American Standard',
  'Karat',
  'HomeBase Pro',
  'HomeBase',
  'Spacio',
  'Stanley',
  'Bosch',
  'Makita',
  'TOA',
  'Beger',
];

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

function masterRows(): (M & { type: string })[] {
  const rows: (M & { type: string })[] = [];
  const add = (type: string, items: M[]) => items.forEach((m) => rows.push({ type, ...m }));
  add(
    'level1',
    Object.entries(LEVELS).map(([name, [code]]) => ({ code, name })),
  );
  add(
    'level2',
    Object.entries(LEVELS).flatMap(([, [code, subs]]) =>
      subs.map(([name]) => ({ code: `${code}_${slug(name)}`, name, parent: code })),
    ),
  );
  add(
    'brand',
    BRANDS.map((name) => ({ code: slug(name), name })),
  );
  add(
    'unit',
    ['Piece', 'Set', 'Box', 'Pack', 'Roll', 'Sheet', 'Square metre', 'Metre', 'Bag'].map((name) => ({
      code: slug(name),
      name,
    })),
  );
  add(
    'warranty',
    [
      ['none', 'No warranty'],
      ['m6', '6 months'],
      ['y1', '1 year'],
      ['y2', '2 years'],
      ['y3', '3 years'],
      ['y5', '5 years (compressor)'],
      ['y10', '10 years'],
    ].map(([code, name]) => ({ code, name })),
  );
  add(
    'unit_dimension',
    [
      ['mm', 'Millimetre'],
      ['cm', 'Centimetre'],
      ['m', 'Metre'],
      ['in', 'Inch'],
    ].map(([code, name]) => ({ code, name })),
  );
  add(
    'weight_unit',
    [
      ['g', 'Gram'],
      ['kg', 'Kilogram'],
    ].map(([code, name]) => ({ code, name })),
  );
  add(
    'volume_unit',
    [
      ['ml', 'Millilitre'],
      ['l', 'Litre'],
      ['m3', 'Cubic metre'],
    ].map(([code, name]) => ({ code, name })),
  );
  add(
    'color',
    [
      ['white', 'White', '#FFFFFF'],
      ['black', 'Black', '#000000'],
      ['grey', 'Grey', '#8C8C8C'],
      ['silver', 'Silver', '#C0C0C0'],
      ['chrome', 'Chrome', '#DBE2E9'],
      ['beige', 'Beige', '#E8DCC4'],
      ['oak', 'Oak', '#B08A5B'],
      ['blue', 'Blue', '#1F6FEB'],
    ].map(([code, name, hex]) => ({ code, name, extra: { hex } })),
  );
  add(
    'product_status',
    [
      ['draft', 'Draft'],
      ['pending', 'Pending approval'],
      ['approved', 'Approved'],
      ['rejected', 'Rejected'],
      ['resubmitted', 'Resubmitted'],
    ].map(([code, name]) => ({ code, name })),
  );
  add(
    'shipping_type',
    [
      ['parcel', 'Parcel (courier)'],
      ['bulky', 'Bulky item (truck)'],
      ['install', 'Delivery with installation'],
      ['pickup', 'Pick up at branch'],
      ['supplier', 'Shipped by supplier'],
    ].map(([code, name]) => ({ code, name })),
  );
  add(
    'tis',
    [
      ['tis_1955', 'TIS 1955-2551 Lighting equipment (EMC)'],
      ['tis_2134', 'TIS 2134-2553 Inverter air conditioners'],
      ['tis_37', 'TIS 37-2529 Ceramic tiles'],
      ['tis_792', 'TIS 792-2554 Sanitary ware'],
      ['tis_11', 'TIS 11-2553 PVC insulated cables'],
      ['tis_1195', 'TIS 1195-2561 Household electrical appliances (safety)'],
      ['tis_2513', 'TIS 2513-2553 Flush toilets (water saving)'],
    ].map(([code, name]) => ({ code, name })),
  );
  add(
    'feedback',
    [
      ['images', 'Images are missing or do not meet the photo guidelines'],
      ['price', 'Price looks wrong for this product'],
      ['category', 'Wrong category'],
      ['tis', 'TIS certificate required for this category'],
      ['description', 'Description incomplete or copied'],
      ['duplicate', 'Duplicate of an existing product'],
    ].map(([code, name]) => ({ code, name })),
  );
  add(
    'room',
    [
      ['living', 'Living room'],
      ['bathroom', 'Bathroom'],
      ['kitchen', 'Kitchen'],
      ['bedroom', 'Bedroom'],
      ['terrace', 'Terrace'],
    ].map(([code, name]) => ({ code, name })),
  );
  add(
    'tile_size',
    [
      [30, 30],
      [30, 60],
      [60, 60],
      [60, 120],
      [20, 120],
      [80, 80],
    ].map(([w, l]) => ({ code: `${w}x${l}`, name: `${w} x ${l} cm`, extra: { widthCm: w, lengthCm: l } })),
  );
  return rows;
}

/** Idempotent: inserts master data that is missing (every start, demo or not). */
export async function ensureCatalogueMasterData(db: Db): Promise<void> {
  const rows = masterRows();
  await db
    .insert(t.masterData)
    .values(
      rows
        .filter((r) => !r.parent)
        .map((r, i) => ({
          type: r.type,
          code: r.code,
          name: r.name,
          extra: r.extra ?? null,
          sort: (i + 1) * 10,
        })),
    )
    .onConflictDoNothing();
  const children = rows.filter((r) => r.parent);
  if (!children.length) return;
  const parents = await db
    .select({ id: t.masterData.id, code: t.masterData.code })
    .from(t.masterData)
    .where(eq(t.masterData.type, 'level1'));
  const pid = new Map(parents.map((p) => [p.code, p.id]));
  await db
    .insert(t.masterData)
    .values(
      children.map((r, i) => ({
        type: r.type,
        code: r.code,
        name: r.name,
        parentId: pid.get(r.parent!) ?? null,
        sort: (i + 1) * 10,
      })),
    )
    .onConflictDoNothing();
}

const ATTRIBUTES: [string, string[]][] = [
  ['Energy label', ['No. 5 (1 star)', 'No. 5 (2 stars)', 'No. 5 (3 stars)', 'Not labelled']],
  ['Inverter', ['Yes', 'No']],
  ['Light colour', ['Daylight 6500K', 'Cool white 4000K', 'Warm white 3000K', 'RGB']],
  ['Surface finish', ['Matte', 'Glossy', 'Textured', 'Polished']],
  ['Water saving', ['Yes', 'No']],
  ['Material', ['Stainless steel', 'Aluminium', 'Ceramic', 'Porcelain', 'Plastic', 'Wood']],
  ['Installation', ['Included', 'Available at extra cost', 'Self install']],
];

/** A small seeded PRNG: the same numbers on every run; every demo seed draws from its own. */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const REJECT_REASONS = [
  'Images are missing or do not meet the photo guidelines: please add a front photo on a white background.',
  'TIS certificate required for this category: attach TIS 1955-2551.',
  'Price looks wrong for this product: please check the price per box.',
  'Description incomplete: add dimensions and what is in the box.',
];

/** Demo catalogue data on the seeded products (same transaction as the rest of the demo seed). */
export async function seedProductDemo(
  tx: Tx,
  opts: { referenceDate: Date; adminId: number; categoryOf: (shopId: number) => string },
): Promise<void> {
  const rand = mulberry32(4_2026_11);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const DAY = 86_400_000;
  const ref = opts.referenceDate.getTime();

  const master = await tx.select().from(t.masterData);
  const byType = (type: string) => master.filter((m) => m.type === type);
  const byCode = (type: string, code: string) => master.find((m) => m.type === type && m.code === code)!;

  const attrRows = await tx
    .insert(t.attributes)
    .values(
      ATTRIBUTES.map(([name], i) => ({
        name,
        status: i === ATTRIBUTES.length - 1 ? 'inactive' : 'active',
        createdAt: new Date(ref - 200 * DAY),
        updatedAt: new Date(ref - 200 * DAY),
      })),
    )
    .returning();
  const items = await tx
    .insert(t.attributeItems)
    .values(
      ATTRIBUTES.flatMap(([, names], i) => names.map((name, sort) => ({ attributeId: attrRows[i].id, name, sort }))),
    )
    .returning();
  const itemOf = (attr: string, name: string) => {
    const a = attrRows.find((r) => r.name === attr)!;
    return { attributeId: a.id, itemId: items.find((x) => x.attributeId === a.id && x.name === name)!.id };
  };

  const rows = await tx.select().from(t.products).orderBy(t.products.id);
  const brands = byType('brand').sort((a, b) => b.name.length - a.name.length);
  const productAttrs: { productId: number; attributeId: number; itemId: number }[] = [];
  const visibility: { productId: number; channel: string; visible: boolean }[] = [];
  const history: (typeof t.productPriceHistory.$inferInsert)[] = [];
  const rooms: (typeof t.productRooms.$inferInsert)[] = [];
  const newPerShop = new Map<number, number>();

  // Newest products first, so the new-product submissions are the recent ones.
  for (const p of [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)) {
    const category = opts.categoryOf(p.shopId);
    const [l1code, subs] = LEVELS[category];
    const brand = brands.find((b) => p.name.startsWith(`${b.name} `));
    const item = brand ? p.name.slice(brand.name.length + 1) : p.name;
    const [l2name] = subs.find(([, re]) => re.test(item))!;
    const isAir = /air conditioner/i.test(item);
    const isTile = l1code === 'tile' && /tile(?! adhesive)/i.test(item);
    const big = Number(p.price) > 5000;
    const w = isTile ? Number(/(\d+)x(\d+)/.exec(item)?.[1] ?? 60) : int(10, big ? 90 : 40);
    const l = isTile ? Number(/(\d+)x(\d+)/.exec(item)?.[2] ?? 60) : int(10, big ? 80 : 40);

    const isNewCount = newPerShop.get(p.shopId) ?? 0;
    const supplierShop = category !== 'Home Essentials';
    const isNew = supplierShop && isNewCount < 3;
    if (isNew) newPerShop.set(p.shopId, isNewCount + 1);
    let approvalStatus = p.approvalStatus;
    if (isNew) approvalStatus = ['pending', 'draft', 'rejected'][isNewCount];
    else if (approvalStatus === 'rejected' && rand() < 0.3) approvalStatus = 'resubmitted';
    const createdAt = isNew ? new Date(ref - (isNewCount * 6 + int(1, 5)) * DAY) : p.createdAt;
    const submittedAt = approvalStatus === 'draft' ? null : new Date(createdAt.getTime() + DAY / 4);
    const tags = [
      ...new Set([
        brand?.name.toLowerCase(),
        ...item
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter((x) => x.length > 3)
          .slice(0, 3),
        l1code,
      ]),
    ].filter((x): x is string => !!x);

    await tx
      .update(t.products)
      .set({
        description: `${p.name}. ${
          isAir
            ? 'Energy-saving inverter compressor, quiet operation and fast cooling for Thai weather.'
            : isTile
              ? 'Durable porcelain body, easy to clean, suitable for floors and walls.'
              : 'Quality product for everyday use at home, backed by the manufacturer warranty.'
        }`,
        brandId: brand?.id ?? null,
        level1Id: byCode('level1', l1code).id,
        level2Id: byCode('level2', `${l1code}_${slug(l2name)}`).id,
        unitId: byCode(
          'unit',
          isTile ? 'box' : /set|kit/i.test(item) ? 'set' : /adhesive|paint/i.test(item) ? 'bag' : 'piece',
        ).id,
        warrantyId: byCode('warranty', isAir ? 'y5' : isTile ? 'none' : big ? 'y2' : pick(['m6', 'y1', 'y1', 'y2'])).id,
        colorId: pick(byType('color')).id,
        width: String(w),
        length: String(l),
        height: String(isTile ? 1 : int(5, big ? 120 : 40)),
        dimensionUnitId: byCode('unit_dimension', 'cm').id,
        weight: String(isTile ? 28.5 : big ? int(8, 60) : int(1, 60) / 10),
        weightUnitId: byCode('weight_unit', 'kg').id,
        volume: null,
        volumeUnitId: null,
        shippingTypeId: byCode('shipping_type', isAir ? 'install' : big || isTile ? 'bulky' : 'parcel').id,
        tisId: isAir
          ? byCode('tis', 'tis_2134').id
          : isTile
            ? byCode('tis', 'tis_37').id
            : l1code === 'lighting'
              ? byCode('tis', 'tis_1955').id
              : null,
        tileSizeId: isTile ? (byType('tile_size').find((s) => s.code === `${w}x${l}`)?.id ?? null) : null,
        searchTags: tags,
        keyHighlights: brand
          ? [`Genuine ${brand.name} product`, isAir ? 'Inverter: saves up to 40% electricity' : `Size ${w} x ${l} cm`]
          : [],
        approvalStatus,
        online: approvalStatus === 'approved' ? p.online : false,
        rejectReason: approvalStatus === 'rejected' || approvalStatus === 'resubmitted' ? pick(REJECT_REASONS) : null,
        isNew,
        createdAt,
        updatedAt: new Date(Math.max(createdAt.getTime(), p.updatedAt.getTime())),
        submittedAt,
        approvedAt: approvalStatus === 'approved' ? new Date((submittedAt ?? createdAt).getTime() + DAY) : null,
        approvedBy: approvalStatus === 'approved' ? opts.adminId : null,
      })
      .where(eq(t.products.id, p.id));

    if (isAir)
      productAttrs.push(
        { productId: p.id, ...itemOf('Inverter', /inverter/i.test(item) ? 'Yes' : 'No') },
        { productId: p.id, ...itemOf('Energy label', pick(['No. 5 (1 star)', 'No. 5 (2 stars)', 'No. 5 (3 stars)'])) },
      );
    if (l1code === 'lighting')
      productAttrs.push({
        productId: p.id,
        ...itemOf(
          'Light colour',
          /rgb/i.test(item) ? 'RGB' : /warm/i.test(item) ? 'Warm white 3000K' : 'Daylight 6500K',
        ),
      });
    if (isTile)
      productAttrs.push(
        {
          productId: p.id,
          ...itemOf('Surface finish', /matte/i.test(item) ? 'Matte' : /glossy/i.test(item) ? 'Glossy' : 'Polished'),
        },
        { productId: p.id, ...itemOf('Material', 'Porcelain') },
      );
    if (/toilet|shower|faucet|mixer/i.test(item))
      productAttrs.push({ productId: p.id, ...itemOf('Water saving', 'Yes') });

    if (rand() < 0.15) visibility.push({ productId: p.id, channel: pick(CHANNELS).code, visible: false });
    if (approvalStatus === 'approved' && rand() < 0.25) {
      const oldPrice = Math.round(Number(p.price) * (1 + int(5, 15) / 100));
      history.push({
        productId: p.id,
        oldPrice: String(oldPrice),
        newPrice: p.price,
        reason: pick(['Year-end promotion', 'Supplier cost change', 'Price match']),
        changedBy: opts.adminId,
        changedAt: new Date(ref - int(5, 60) * DAY),
      });
    }
    if (isTile)
      for (const room of ['living', 'bathroom', 'kitchen', 'terrace'].filter(() => rand() < 0.5)) {
        const size = byType('tile_size').find((s) => s.code === `${w}x${l}`) ?? byCode('tile_size', '60x60');
        rooms.push({
          productId: p.id,
          roomId: byCode('room', room).id,
          sizeId: size.id,
          createdAt: new Date(ref - int(1, 90) * DAY),
        });
      }
  }
  if (productAttrs.length) await tx.insert(t.productAttributes).values(productAttrs);
  if (visibility.length) await tx.insert(t.productVisibility).values(visibility).onConflictDoNothing();
  if (history.length) await tx.insert(t.productPriceHistory).values(history);
  if (rooms.length) await tx.insert(t.productRooms).values(rooms);

  // Install rates: per category for appliances, plus a few per product.
  const airL1 = byCode('level1', 'air').id;
  const air = rows.filter((r) => /air conditioner/i.test(r.name)).slice(0, 4);
  await tx.insert(t.installRates).values(
    [
      {
        name: 'Air conditioner installation up to 12,000 BTU (4 m pipe)',
        level1Id: airL1,
        price: '2500',
        status: 'active',
      },
      {
        name: 'Air conditioner installation 18,000–24,000 BTU (4 m pipe)',
        level1Id: airL1,
        price: '3500',
        status: 'active',
      },
      { name: 'Air conditioner cleaning service', level1Id: airL1, price: '600', status: 'active' },
      { name: 'Ceiling fan installation', level1Id: airL1, price: '700', status: 'inactive' },
      {
        name: 'Ceiling lamp installation',
        level1Id: byCode('level1', 'lighting').id,
        price: '400',
        status: 'active',
      },
      { name: 'Floor tiling per m² (labour)', level1Id: byCode('level1', 'tile').id, price: '250', status: 'active' },
      { name: 'Toilet installation', level1Id: byCode('level1', 'tile').id, price: '1200', status: 'active' },
      ...air.map((p) => ({
        name: `Installation: ${p.name}`,
        productId: p.id,
        level1Id: airL1,
        price: String(/18,000/.test(p.name) ? 3500 : 2800),
        status: 'active',
      })),
    ].map((r) => ({ ...r, updatedAt: new Date(ref - int(1, 120) * DAY) })),
  );

  // GP (ERP) items for most approved products, with purchase orders.
  const approved = await tx
    .select({ id: t.products.id, code: t.products.code, name: t.products.name, price: t.products.price })
    .from(t.products)
    .where(eq(t.products.approvalStatus, 'approved'))
    .orderBy(t.products.id);
  const gp = await tx
    .insert(t.gpItems)
    .values(
      approved
        .filter(() => rand() < 0.8)
        .map((p) => ({
          itemCode: `GP${p.code.replace('-', '')}`,
          name: p.name.toUpperCase().slice(0, 60),
          uom: 'EA',
          cost: (Number(p.price) * 0.72).toFixed(2),
          productId: p.id,
          status: 'active',
          createdAt: new Date(ref - int(30, 300) * DAY),
        })),
    )
    .returning();
  let po = 0;
  const pos = gp.flatMap((g) =>
    Array.from({ length: int(0, 3) }, () => {
      po += 1;
      const orderedAt = new Date(ref - int(1, 170) * DAY);
      const ym = `${orderedAt.getUTCFullYear() % 100}${String(orderedAt.getUTCMonth() + 1).padStart(2, '0')}`;
      return {
        poNo: `PO${ym}-${String(po).padStart(5, '0')}`,
        gpItemId: g.id,
        qty: int(2, 60),
        cost: g.cost,
        status:
          orderedAt.getTime() > ref - 10 * DAY ? pick(['open', 'confirmed']) : pick(['received', 'received', 'closed']),
        orderedAt,
      };
    }),
  );
  if (pos.length) await tx.insert(t.gpPurchaseOrders).values(pos);
}
