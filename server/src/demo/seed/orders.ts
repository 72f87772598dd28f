/**
 * Order master data (every start, idempotent) and the demo order details: items of real products,
 * addresses, branches, timeline, slips, POs, transfers, claims. Deterministic (own PRNG, fixed dates).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import * as t from '../../db/schema.js';
import { said, type EventText } from '../../modules/orders/events.js';
import { type Tx } from '../../lib/sql.js';
import { mulberry32 } from './products.js';

/** An event's message and its code and values, as the order_events columns. */
const words = (t: EventText) => ({ message: t.message, data: t.data });

const M = (code: string, name: string, nameTh: string, attrs: Record<string, unknown> = {}) => ({
  code,
  name,
  nameTh,
  attrs,
});

export const ORDER_MASTER: Record<string, ReturnType<typeof M>[]> = {
  orderstatus: [
    M('pending_payment', 'Pending payment', 'รอชำระเงิน', { color: 'orange' }),
    M('paid', 'Paid', 'ชำระเงินแล้ว', { color: 'blue' }),
    M('preparing', 'Preparing', 'กำลังจัดเตรียม', { color: 'geekblue' }),
    M('ready_to_ship', 'Ready to ship', 'พร้อมจัดส่ง', { color: 'cyan' }),
    M('shipped', 'Shipped', 'จัดส่งแล้ว', { color: 'purple' }),
    M('delivered', 'Delivered', 'ส่งถึงแล้ว', { color: 'green' }),
    M('completed', 'Completed', 'สำเร็จ', { color: 'success' }),
    M('cancelled', 'Cancelled', 'ยกเลิก', { color: 'red' }),
  ],
  orderchannel: [
    M('web', 'Website', 'เว็บไซต์'),
    M('mobile app', 'Mobile app', 'แอปมือถือ'),
    M('line', 'LINE', 'ไลน์'),
    M('branch', 'Branch', 'สาขา'),
    M('back office', 'Back office', 'หลังบ้าน'),
  ],
  ordershipment: [
    M('delivery', 'Home delivery', 'จัดส่งถึงบ้าน'),
    M('pickup', 'Pick up at branch', 'รับที่สาขา'),
    M('install', 'Delivery with installation', 'จัดส่งพร้อมติดตั้ง'),
  ],
  transporttype: [
    M('kerry', 'Kerry Express', 'เคอรี่ เอ็กซ์เพรส'),
    M('flash', 'Flash Express', 'แฟลช เอ็กซ์เพรส'),
    M('thaipost', 'Thailand Post EMS', 'ไปรษณีย์ไทย EMS'),
    M('jt', 'J&T Express', 'เจแอนด์ที เอ็กซ์เพรส'),
    M('own_truck', 'Store truck', 'รถขนส่งของร้าน'),
  ],
  collecttype: [
    M('cod', 'Cash on delivery', 'เก็บเงินปลายทาง'),
    M('prepaid', 'Prepaid', 'ชำระล่วงหน้า'),
    M('branch', 'Pay at branch', 'ชำระที่สาขา'),
  ],
  transportratetime: [
    M('express', 'Express (1 day)', 'ด่วน (1 วัน)', { minDays: 1, maxDays: 1 }),
    M('standard', 'Standard (2–3 days)', 'มาตรฐาน (2–3 วัน)', { minDays: 2, maxDays: 3 }),
    M('bulky', 'Bulky items (3–7 days)', 'สินค้าชิ้นใหญ่ (3–7 วัน)', { minDays: 3, maxDays: 7 }),
  ],
  bank: [
    M('KBANK', 'Kasikornbank', 'ธนาคารกสิกรไทย'),
    M('SCB', 'Siam Commercial Bank', 'ธนาคารไทยพาณิชย์'),
    M('BBL', 'Bangkok Bank', 'ธนาคารกรุงเทพ'),
    M('KTB', 'Krungthai Bank', 'ธนาคารกรุงไทย'),
    M('BAY', 'Bank of Ayudhya (Krungsri)', 'ธนาคารกรุงศรีอยุธยา'),
    M('TTB', 'TMBThanachart Bank', 'ธนาคารทหารไทยธนชาต'),
    M('GSB', 'Government Savings Bank', 'ธนาคารออมสิน'),
  ],
  claim: [
    M('damaged', 'Damaged in transit', 'เสียหายระหว่างขนส่ง', { kind: 'claim' }),
    M('defective', 'Defective / does not work', 'ชำรุด / ใช้งานไม่ได้', { kind: 'claim' }),
    M('missing_parts', 'Missing parts', 'อะไหล่ไม่ครบ', { kind: 'claim' }),
    M('wrong_item', 'Wrong item delivered', 'ได้รับสินค้าผิด', { kind: 'return' }),
    M('changed_mind', 'Changed mind (within 7 days)', 'เปลี่ยนใจ (ภายใน 7 วัน)', { kind: 'return' }),
    M('wrong_size', 'Wrong size / colour', 'ขนาดหรือสีไม่ตรง', { kind: 'return' }),
  ],
};

const PROVINCES: [string, string, string, [string, string, string][]][] = [
  [
    'BKK',
    'Bangkok',
    'กรุงเทพมหานคร',
    [
      ['Bang Rak', 'บางรัก', '10500'],
      ['Chatuchak', 'จตุจักร', '10900'],
      ['Bang Kapi', 'บางกะปิ', '10240'],
      ['Lat Phrao', 'ลาดพร้าว', '10230'],
      ['Bang Na', 'บางนา', '10260'],
    ],
  ],
  [
    'NBI',
    'Nonthaburi',
    'นนทบุรี',
    [
      ['Mueang Nonthaburi', 'เมืองนนทบุรี', '11000'],
      ['Pak Kret', 'ปากเกร็ด', '11120'],
      ['Bang Yai', 'บางใหญ่', '11140'],
    ],
  ],
  [
    'PTE',
    'Pathum Thani',
    'ปทุมธานี',
    [
      ['Thanyaburi', 'ธัญบุรี', '12110'],
      ['Khlong Luang', 'คลองหลวง', '12120'],
    ],
  ],
  [
    'CMI',
    'Chiang Mai',
    'เชียงใหม่',
    [
      ['Mueang Chiang Mai', 'เมืองเชียงใหม่', '50000'],
      ['Hang Dong', 'หางดง', '50230'],
      ['San Sai', 'สันทราย', '50210'],
    ],
  ],
  [
    'KKN',
    'Khon Kaen',
    'ขอนแก่น',
    [
      ['Mueang Khon Kaen', 'เมืองขอนแก่น', '40000'],
      ['Ban Phai', 'บ้านไผ่', '40110'],
    ],
  ],
  [
    'CBI',
    'Chon Buri',
    'ชลบุรี',
    [
      ['Mueang Chon Buri', 'เมืองชลบุรี', '20000'],
      ['Bang Lamung (Pattaya)', 'บางละมุง', '20150'],
      ['Si Racha', 'ศรีราชา', '20110'],
    ],
  ],
  [
    'PKT',
    'Phuket',
    'ภูเก็ต',
    [
      ['Mueang Phuket', 'เมืองภูเก็ต', '83000'],
      ['Kathu', 'กะทู้', '83120'],
    ],
  ],
  [
    'SKA',
    'Songkhla',
    'สงขลา',
    [
      ['Hat Yai', 'หาดใหญ่', '90110'],
      ['Mueang Songkhla', 'เมืองสงขลา', '90000'],
    ],
  ],
  [
    'NMA',
    'Nakhon Ratchasima',
    'นครราชสีมา',
    [
      ['Mueang Nakhon Ratchasima', 'เมืองนครราชสีมา', '30000'],
      ['Pak Chong', 'ปากช่อง', '30130'],
    ],
  ],
];

const BRANCHES: [string, string, string, string, string, string][] = [
  ['BR-BKK-RAMA9', 'Rama 9', 'พระราม 9', 'BKK', '99 Rama IX Rd, Huai Khwang, Bangkok 10310', '02-111-0901'],
  ['BR-BKK-BANGNA', 'Bang Na', 'บางนา', 'BKK', '1091 Bang Na-Trat Rd, Bang Na, Bangkok 10260', '02-111-0902'],
  [
    'BR-NBI-RATTANA',
    'Rattanathibet',
    'รัตนาธิเบศร์',
    'NBI',
    '68/1 Rattanathibet Rd, Mueang Nonthaburi 11000',
    '02-111-0903',
  ],
  ['BR-PTE-RANGSIT', 'Rangsit', 'รังสิต', 'PTE', '94 Phahonyothin Rd, Thanyaburi, Pathum Thani 12110', '02-111-0904'],
  [
    'BR-CMI-MEECHOK',
    'Chiang Mai Meechok',
    'เชียงใหม่ มีโชค',
    'CMI',
    '200 Chiang Mai–Lampang Rd, Mueang Chiang Mai 50000',
    '053-111-905',
  ],
  ['BR-KKN-MITRA', 'Khon Kaen', 'ขอนแก่น', 'KKN', '45 Mittraphap Rd, Mueang Khon Kaen 40000', '043-111-906'],
  ['BR-CBI-PATTAYA', 'Pattaya', 'พัทยา', 'CBI', '333 Sukhumvit Rd, Bang Lamung, Chon Buri 20150', '038-111-907'],
  ['BR-PKT-CHALONG', 'Phuket Chalong', 'ภูเก็ต ฉลอง', 'PKT', '18 Chao Fa West Rd, Mueang Phuket 83000', '076-111-908'],
  ['BR-SKA-HATYAI', 'Hat Yai', 'หาดใหญ่', 'SKA', '1 Kanjanavanich Rd, Hat Yai, Songkhla 90110', '074-111-909'],
];

/** Reference rows every install needs (idempotent: runs at every start). */
export async function ensureOrderMasterData(db: Db): Promise<void> {
  const rows = Object.entries(ORDER_MASTER).flatMap(([kind, list]) =>
    list.map((m, i) => ({ kind, code: m.code, name: m.name, nameTh: m.nameTh, sort: (i + 1) * 10, attrs: m.attrs })),
  );
  await db.insert(t.orderMasterData).values(rows).onConflictDoNothing();
  await db
    .insert(t.provinces)
    .values(PROVINCES.map(([code, name, nameTh]) => ({ code, name, nameTh })))
    .onConflictDoNothing();
  const [{ n }] = (
    (await db.execute(sql`select count(*)::int as n from districts`)) as unknown as { rows: { n: number }[] }
  ).rows;
  if (Number(n) === 0) {
    const prov = await db.select().from(t.provinces);
    const pid = new Map(prov.map((p) => [p.code, p.id]));
    await db
      .insert(t.districts)
      .values(
        PROVINCES.flatMap(([code, , , ds]) =>
          ds.map(([name, nameTh, zipcode]) => ({ provinceId: pid.get(code)!, name, nameTh, zipcode })),
        ),
      );
    await db
      .insert(t.branches)
      .values(
        BRANCHES.map(([code, name, nameTh, p, address, phone]) => ({
          code,
          name,
          nameTh,
          provinceId: pid.get(p)!,
          address,
          phone,
        })),
      )
      .onConflictDoNothing();
  }
}

const STREETS = [
  'Sukhumvit',
  'Phahonyothin',
  'Ratchadaphisek',
  'Lat Phrao',
  'Rama IV',
  'Charoen Krung',
  'Ngam Wong Wan',
  'Srinakarin',
  'Bang Na-Trat',
  'Chaeng Watthana',
];
const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * Fills in the demo orders seeded by seed.ts (rows exist, ids ascending): refines statuses along the
 * state machine, writes items of the shop's real products, addresses, branch, timeline, slips, POs,
 * transfers, claims and contact notes. Runs inside the demo seed's transaction.
 */
export async function seedOrderDemo(
  tx: Tx,
  ref: Date,
  staff: { adminId: number; ownerByShop: Map<number, number | undefined> },
) {
  const rand = mulberry32(5_2026_11);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const ordersRows = await tx.select().from(t.orders).orderBy(t.orders.id);
  const productRows = await tx
    .select({
      id: t.products.id,
      shopId: t.products.shopId,
      code: t.products.code,
      name: t.products.name,
      price: t.products.price,
    })
    .from(t.products)
    .orderBy(t.products.id);
  const byShop = new Map<number, typeof productRows>();
  for (const p of productRows) byShop.set(p.shopId, [...(byShop.get(p.shopId) ?? []), p]);
  const branches = await tx.select().from(t.branches).orderBy(t.branches.id);
  const districts = (await tx.execute(
    sql`select d.id, d.name, d.zipcode, p.id as province_id, p.name as province from districts d join provinces p on p.id = d.province_id order by d.id`,
  )) as unknown as { rows: { id: number; name: string; zipcode: string; province_id: number; province: string }[] };
  const banks = ORDER_MASTER.bank.map((b) => b.code);
  const carriers = ORDER_MASTER.transporttype.map((b) => b.code);

  const items: (typeof t.orderItems.$inferInsert & { _order: number })[] = [];
  const events: (typeof t.orderEvents.$inferInsert)[] = [];
  const slips: (typeof t.paymentSlips.$inferInsert)[] = [];
  const contacts: (typeof t.orderContacts.$inferInsert)[] = [];
  const updates: { id: number; set: Partial<typeof t.orders.$inferInsert> }[] = [];
  const flow = ['pending_payment', 'paid', 'preparing', 'ready_to_ship', 'shipped', 'delivered', 'completed'];

  for (const o of ordersRows) {
    const products = byShop.get(o.shopId) ?? [];
    const actor = (rand() < 0.5 ? staff.ownerByShop.get(o.shopId) : undefined) ?? staff.adminId;
    const age = (ref.getTime() - o.createdAt.getTime()) / DAY;
    // Refine the foundation's coarse statuses into the full state machine.
    let status = o.status;
    if (status === 'paid' && age > 1) status = pick(['paid', 'preparing', 'ready_to_ship']);
    if (status === 'delivered' && age > 21) status = rand() < 0.75 ? 'completed' : 'delivered';
    const chosen = new Set<number>();
    const lines: { p: (typeof products)[number]; qty: number }[] = [];
    for (let k = int(1, 3); k > 0 && products.length; k--) {
      const p = pick(products);
      if (chosen.has(p.id)) continue;
      chosen.add(p.id);
      lines.push({ p, qty: rand() < 0.7 ? 1 : int(2, 4) });
    }
    const subtotal = lines.reduce((s, l) => s + Number(l.p.price) * l.qty, 0);
    const discount = rand() < 0.2 ? Math.round(subtotal * 0.05) : 0;
    const redeemPoints = rand() < 0.15 ? int(1, 20) * 50 : 0;
    const shippingFee = subtotal >= 1500 ? 0 : 60;
    const total = subtotal - discount - redeemPoints / 10 + shippingFee;
    const fromBranch = o.channel === 'branch' || rand() < 0.12;
    const branch = fromBranch ? pick(branches) : null;
    const d = pick(districts.rows);
    const phone = `0${pick(['6', '8', '9'])}${String(int(0, 99_999_999)).padStart(8, '0')}`;
    const address = {
      name: o.customerName,
      phone,
      address: `${int(1, 999)}/${int(1, 99)} ${pick(STREETS)} Rd`,
      subdistrict: null,
      districtId: Number(d.id),
      district: d.name,
      provinceId: Number(d.province_id),
      province: d.province,
      zipcode: d.zipcode,
    };
    const paymentMethod = pick(['transfer', 'transfer', 'card', 'cod']);
    const idx = status === 'cancelled' ? int(0, 3) : flow.indexOf(status);
    const at = (step: number) =>
      new Date(
        Math.min(ref.getTime() - HOUR, o.createdAt.getTime() + step * (age > 10 ? 1.5 : 0.3) * DAY + int(0, 8) * HOUR),
      );
    const set: Partial<typeof t.orders.$inferInsert> = {
      status,
      customerPhone: phone,
      customerEmail:
        rand() < 0.6
          ? `${
              o.customerName
                .split(' ')[0]
                .toLowerCase()
                .replace(/[^a-z]/g, '') || 'customer'
            }${int(1, 999)}@example.com`
          : null,
      branchId: branch?.id ?? null,
      shipment: branch ? 'pickup' : rand() < 0.1 ? 'install' : 'delivery',
      paymentMethod,
      itemCount: lines.length,
      subtotal: subtotal.toFixed(2),
      discount: discount.toFixed(2),
      shippingFee: shippingFee.toFixed(2),
      total: total.toFixed(2),
      redeemPoints,
      redeemRestored: status === 'cancelled' && redeemPoints > 0 && rand() < 0.5,
      shippingAddress: address,
      billingAddress: address,
      updatedAt: at(idx),
    };
    // Timeline: one event per step the order went through.
    for (let s = 1; s <= idx && flow[s]; s++) {
      events.push({
        orderId: o.id,
        kind: s === 1 ? 'slip' : s === 4 ? 'shipping' : 'status',
        fromStatus: flow[s - 1],
        toStatus: flow[s],
        actorId: actor,
        createdAt: at(s),
        ...words(s === 1 ? said('paymentConfirmed') : said('status', { from: flow[s - 1], to: flow[s] })),
      });
    }
    if (idx >= 1) set.paidAt = at(1);
    if (idx >= 4 && status !== 'cancelled') {
      set.shippedAt = at(4);
      set.transportType = branch ? 'own_truck' : pick(carriers);
      set.trackingNo = `TH${String(int(10_000_000, 99_999_999))}${pick(['A', 'B', 'C'])}`;
    }
    if (idx >= 5 && status !== 'cancelled') set.deliveredAt = at(5);
    if (idx >= 6 && status !== 'cancelled') set.completedAt = at(6);
    if (status === 'cancelled') {
      set.cancelReason = pick([
        'Customer asked to cancel',
        'Out of stock',
        'Payment not received in time',
        'Duplicate order',
      ]);
      set.cancelledAt = at(idx + 1);
      events.push({
        orderId: o.id,
        kind: 'status',
        fromStatus: flow[idx],
        toStatus: 'cancelled',
        actorId: actor,
        createdAt: at(idx + 1),
        ...words(said('status', { from: flow[idx], to: 'cancelled', reason: set.cancelReason })),
      });
    }
    updates.push({ id: o.id, set });
    const itemsReady = idx >= 3 && status !== 'cancelled';
    for (const l of lines) {
      items.push({
        _order: o.id,
        orderId: o.id,
        productId: l.p.id,
        productCode: l.p.code,
        productName: l.p.name,
        qty: l.qty,
        unitPrice: l.p.price,
        amount: (Number(l.p.price) * l.qty).toFixed(2),
        ready: itemsReady || (status === 'preparing' && rand() < 0.4),
        readyAt: itemsReady ? at(3) : null,
        readyBy: itemsReady ? actor : null,
      });
    }
    // Slips: bank transfers get a slip; pending ones wait for approval.
    if (paymentMethod === 'transfer' && (idx >= 1 || status === 'pending_payment')) {
      const approved = idx >= 1;
      if (status === 'pending_payment' || approved || rand() < 0.5) {
        slips.push({
          orderId: o.id,
          shopId: o.shopId,
          bankCode: pick(banks),
          amount: total.toFixed(2),
          transferredAt: new Date(o.createdAt.getTime() + int(1, 20) * HOUR),
          imageUrl: null,
          status: approved ? 'approved' : 'pending',
          uploadedBy: actor,
          reviewedBy: approved ? staff.adminId : null,
          reviewedAt: approved ? at(1) : null,
          createdAt: new Date(o.createdAt.getTime() + int(1, 20) * HOUR),
        });
      }
    }
    if (rand() < 0.12) {
      contacts.push({
        orderId: o.id,
        channel: pick(['phone', 'line', 'email']),
        actorId: actor,
        createdAt: at(Math.max(1, idx)),
        note: pick([
          'Confirmed delivery address and time window',
          'Customer asked for the tax invoice',
          'Told the customer the item ships tomorrow',
          'Customer will pick up on Saturday',
        ]),
      });
    }
  }

  // Apply in bulk: one UPDATE from a VALUES list (the counters follow through the trigger).
  for (let i = 0; i < updates.length; i += 200) {
    const chunk = updates.slice(i, i + 200);
    await tx.execute(sql`update orders o set
        status = v.status, customer_phone = v.phone, customer_email = v.email, branch_id = v.branch_id::int, shipment = v.shipment,
        payment_method = v.pm, item_count = v.ic::int, subtotal = v.subtotal::numeric, discount = v.discount::numeric, shipping_fee = v.fee::numeric,
        total = v.total::numeric, redeem_points = v.rp::int, redeem_restored = v.rr::boolean, shipping_address = v.addr::jsonb, billing_address = v.addr::jsonb,
        transport_type = v.tt, tracking_no = v.tn, cancel_reason = v.cr, paid_at = v.pa::timestamptz, shipped_at = v.sa::timestamptz,
        delivered_at = v.da::timestamptz, completed_at = v.ca::timestamptz, cancelled_at = v.xa::timestamptz, updated_at = v.ua::timestamptz
      from (values ${sql.join(
        chunk.map(
          ({
            id,
            set: s,
          }) => sql`(${id}::int, ${s.status}, ${s.customerPhone}, ${s.customerEmail ?? null}, ${s.branchId ?? null}, ${s.shipment},
        ${s.paymentMethod}, ${s.itemCount}, ${s.subtotal}, ${s.discount}, ${s.shippingFee}, ${s.total}, ${s.redeemPoints}, ${s.redeemRestored}, ${JSON.stringify(s.shippingAddress)},
        ${s.transportType ?? null}, ${s.trackingNo ?? null}, ${s.cancelReason ?? null}, ${s.paidAt?.toISOString() ?? null}, ${s.shippedAt?.toISOString() ?? null},
        ${s.deliveredAt?.toISOString() ?? null}, ${s.completedAt?.toISOString() ?? null}, ${s.cancelledAt?.toISOString() ?? null}, ${(s.updatedAt as Date).toISOString()})`,
        ),
        sql`, `,
      )})
        as v(id, status, phone, email, branch_id, shipment, pm, ic, subtotal, discount, fee, total, rp, rr, addr, tt, tn, cr, pa, sa, da, ca, xa, ua)
      where o.id = v.id`);
  }
  const itemRows = items.map(({ _order, ...rest }) => rest);
  const inserted: { id: number; orderId: number; qty: number }[] = [];
  for (let i = 0; i < itemRows.length; i += 500) {
    inserted.push(
      ...(await tx
        .insert(t.orderItems)
        .values(itemRows.slice(i, i + 500))
        .returning({ id: t.orderItems.id, orderId: t.orderItems.orderId, qty: t.orderItems.qty })),
    );
  }
  for (let i = 0; i < events.length; i += 500) await tx.insert(t.orderEvents).values(events.slice(i, i + 500));
  if (slips.length) await tx.insert(t.paymentSlips).values(slips);
  if (contacts.length) await tx.insert(t.orderContacts).values(contacts);

  // POs, transfers and claims on some orders.
  const finalStatus = new Map(updates.map((u) => [u.id, u.set.status!]));
  const itemsByOrder = new Map<number, typeof inserted>();
  for (const it of inserted) itemsByOrder.set(it.orderId, [...(itemsByOrder.get(it.orderId) ?? []), it]);
  let poSeq = 0;
  let trSeq = 0;
  let clSeq = 0;
  for (const o of ordersRows) {
    const st = finalStatus.get(o.id)!;
    const its = itemsByOrder.get(o.id) ?? [];
    if (!its.length) continue;
    if (['preparing', 'ready_to_ship', 'shipped', 'delivered', 'completed'].includes(st) && rand() < 0.15) {
      poSeq += 1;
      const status = st === 'preparing' ? pick(['requested', 'issued']) : 'issued';
      const createdAt = new Date(o.createdAt.getTime() + 2 * DAY);
      const [po] = await tx
        .insert(t.purchaseOrders)
        .values({
          poNo: `PO${String(900000 + poSeq).padStart(8, '0')}`,
          orderId: o.id,
          shopId: o.shopId,
          status,
          trackingNo: status === 'issued' ? `GP-${o.id}-${poSeq}` : null,
          createdBy: staff.adminId,
          createdAt,
          updatedAt: createdAt,
          issuedAt: status === 'issued' ? createdAt : null,
        })
        .returning({ id: t.purchaseOrders.id, poNo: t.purchaseOrders.poNo });
      await tx.insert(t.purchaseOrderItems).values(its.map((i) => ({ poId: po.id, orderItemId: i.id, qty: i.qty })));
      await tx.insert(t.orderEvents).values({
        orderId: o.id,
        kind: 'po',
        refId: po.id,
        actorId: staff.adminId,
        createdAt,
        ...words(said(status === 'issued' ? 'poIssued' : 'poRequested', { poNo: po.poNo, count: its.length })),
      });
    }
    if (['paid', 'preparing'].includes(st) && rand() < 0.2) {
      trSeq += 1;
      const [a, b] = [pick(branches), pick(branches)];
      if (a.id !== b.id) {
        const createdAt = new Date(o.createdAt.getTime() + DAY);
        const [tr] = await tx
          .insert(t.stockTransfers)
          .values({
            transferNo: `TR${String(900000 + trSeq).padStart(8, '0')}`,
            orderId: o.id,
            shopId: o.shopId,
            fromBranchId: a.id,
            toBranchId: b.id,
            status: pick(['requested', 'requested', 'cleared']),
            createdBy: staff.adminId,
            createdAt,
            updatedAt: createdAt,
          })
          .returning({ id: t.stockTransfers.id, no: t.stockTransfers.transferNo });
        await tx
          .insert(t.stockTransferItems)
          .values(its.map((i) => ({ transferId: tr.id, orderItemId: i.id, qty: i.qty })));
        await tx.insert(t.orderEvents).values({
          orderId: o.id,
          kind: 'transfer',
          refId: tr.id,
          actorId: staff.adminId,
          createdAt,
          ...words(said('transferRequested', { transferNo: tr.no })),
        });
      }
    }
    if (['delivered', 'completed'].includes(st) && rand() < 0.08) {
      clSeq += 1;
      const reason = pick(ORDER_MASTER.claim);
      const kind = reason.attrs.kind as string;
      const createdAt = new Date(Math.min(ref.getTime() - DAY, o.createdAt.getTime() + 9 * DAY));
      const [c] = await tx
        .insert(t.orderClaims)
        .values({
          claimNo: `${kind === 'return' ? 'RT' : 'CL'}${String(900000 + clSeq).padStart(8, '0')}`,
          kind,
          orderId: o.id,
          orderItemId: its[0].id,
          shopId: o.shopId,
          reasonCode: reason.code,
          qty: 1,
          description: `${reason.name}: reported by the customer after delivery.`,
          status: pick(['filed', 'reviewing', 'approved', 'resolved', 'rejected']),
          createdBy: staff.adminId,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: t.orderClaims.id, no: t.orderClaims.claimNo });
      await tx.insert(t.orderEvents).values({
        orderId: o.id,
        kind: 'claim',
        refId: c.id,
        actorId: staff.adminId,
        createdAt,
        ...words(said('claimFiled', { kind, claimNo: c.no })),
      });
    }
  }
}
