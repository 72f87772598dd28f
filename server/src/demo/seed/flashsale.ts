/**
 * Demo flash sales and coupon lines: a flash sale that ended (its report shows the orders placed in
 * its window), one closed early, one running and one scheduled for 12.12; a LINE welcome coupon batch
 * with redemptions on LINE orders and an air-conditioner batch not started yet. The orders they need
 * are inserted here, like the demo orders (order numbers SO<yymm>9<nnnn>, outside the main sequence).
 * Deterministic: its own PRNG, dates relative to the reference date; codes drawn from the PRNG.
 */
import { and, asc, eq } from 'drizzle-orm';
import * as t from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';
import { CODE_ALPHABET, RANDOM_LENGTH, insertCodes } from '../../modules/coupons/codes.js';
import { discountOf } from '../../modules/coupons/redeem.js';
import { mulberry32 } from './products.js';
import { RUNNING_DAYS } from './running.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

const CUSTOMERS: [string, string][] = [
  ['Napat Boonmee', '0812345601'],
  ['Siriporn Kaewmanee', '0891234502'],
  ['Thanakorn Saetang', '0865550103'],
  ['Wanida Inthanon', '0987770104'],
  ['Chaiwat Siriwong', '0823330105'],
  ['Orawan Thongchai', '0614440106'],
  ['Kittipong Jantarasri', '0956660107'],
  ['Pornthip Suwannarat', '0848880108'],
  ['Surasak Phromsuwan', '0839990109'],
  ['Kanokwan Chareonsuk', '0802220110'],
  ['Apinya Pattanapong', '0921110111'],
  ['Worawut Rattanakorn', '0873330112'],
];

/** A Bangkok wall-clock time as an instant. */
const bangkok = (iso: string) => new Date(`${iso}+07:00`);

export async function seedFlashsaleDemo(tx: Tx, ref: Date): Promise<void> {
  const rand = mulberry32(10_2026_12);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const [admin] = await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.username, 'admin'));
  let seq = 0;
  // Home deliveries go to a customer's address: a district of the master data, a street number.
  const districts = await tx
    .select({
      id: t.districts.id,
      name: t.districts.name,
      zipcode: t.districts.zipcode,
      provinceId: t.provinces.id,
      province: t.provinces.name,
    })
    .from(t.districts)
    .innerJoin(t.provinces, eq(t.provinces.id, t.districts.provinceId))
    .orderBy(asc(t.districts.id));
  const ym = (d: Date) => `${d.getUTCFullYear() % 100}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

  /** One delivered (or, when recent, paid) order of `lines`, paid at `unitPrice`s, less `discount`. */
  const order = async (
    shopId: number,
    createdAt: Date,
    lines: { p: typeof t.products.$inferSelect; qty: number; unitPrice: number }[],
    opts: {
      status?: string;
      channel?: string;
      discount?: (subtotal: number) => number;
      customer?: [string, string];
    } = {},
  ) => {
    const [name, phone] = opts.customer ?? CUSTOMERS[int(0, CUSTOMERS.length - 1)];
    const subtotal = lines.reduce((s, l) => s + l.unitPrice * l.qty, 0);
    const discount = opts.discount?.(subtotal) ?? 0;
    const shippingFee = subtotal >= 1500 ? 0 : 60;
    const status = opts.status ?? (ref.getTime() - createdAt.getTime() > 10 * DAY ? 'completed' : 'paid');
    seq += 1;
    // Drawn from the sequence, not the PRNG, so the coupon codes drawn later stay the same.
    const d = districts[(seq * 37) % districts.length];
    const address = {
      name,
      phone,
      address: `${((seq * 53) % 999) + 1}/${(seq % 97) + 1} Sukhumvit Rd`,
      subdistrict: null,
      districtId: d.id,
      district: d.name,
      provinceId: d.provinceId,
      province: d.province,
      zipcode: d.zipcode,
    };
    const [o] = await tx
      .insert(t.orders)
      .values({
        shopId,
        orderNo: `SO${ym(createdAt)}9${String(seq).padStart(4, '0')}`,
        customerName: name,
        customerPhone: phone,
        channel: opts.channel ?? (rand() < 0.6 ? 'web' : 'mobile app'),
        status,
        itemCount: lines.length,
        subtotal: subtotal.toFixed(2),
        discount: discount.toFixed(2),
        shippingFee: shippingFee.toFixed(2),
        total: (subtotal - discount + shippingFee).toFixed(2),
        // Paid online at checkout: the sale's window is short, no slip waits for review.
        paymentMethod: 'card',
        shippingAddress: address,
        billingAddress: address,
        paidAt: status === 'cancelled' ? null : new Date(createdAt.getTime() + HOUR),
        completedAt: status === 'completed' ? new Date(createdAt.getTime() + 6 * DAY) : null,
        deliveredAt: status === 'completed' ? new Date(createdAt.getTime() + 4 * DAY) : null,
        cancelledAt: status === 'cancelled' ? new Date(createdAt.getTime() + 2 * HOUR) : null,
        cancelReason: status === 'cancelled' ? 'Customer asked to cancel' : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: t.orders.id });
    await tx.insert(t.orderItems).values(
      lines.map((l) => ({
        orderId: o.id,
        productId: l.p.id,
        productCode: l.p.code,
        productName: l.p.name,
        qty: l.qty,
        unitPrice: l.unitPrice.toFixed(2),
        amount: (l.unitPrice * l.qty).toFixed(2),
        ready: status === 'completed',
      })),
    );
    return { id: o.id, subtotal, customer: phone };
  };

  // ----- flash sales: one product of each shop, the shop's first approved and online product of some price -----
  const shopRows = await tx.select().from(t.shops).orderBy(asc(t.shops.id));
  const productOf = async (shopName: string) => {
    const shop = shopRows.find((s) => s.name === shopName)!;
    const rows = await tx
      .select()
      .from(t.products)
      .where(
        and(eq(t.products.shopId, shop.id), eq(t.products.approvalStatus, 'approved'), eq(t.products.online, true)),
      )
      .orderBy(asc(t.products.id));
    return rows.find((p) => Number(p.price) >= 300) ?? rows[0];
  };
  const salePriceOf = (p: typeof t.products.$inferSelect, off: number) => {
    const x = Number(p.price) * (1 - off);
    return x >= 1000 ? Math.round(x / 100) * 100 - 10 : Math.max(9, Math.round(x / 10) * 10 - 1);
  };
  const sale = async (
    p: typeof t.products.$inferSelect,
    off: number,
    stockLimit: number,
    startsAt: Date,
    endsAt: Date,
    closedAt: Date | null = null,
  ) => {
    const salePrice = salePriceOf(p, off);
    const [row] = await tx
      .insert(t.flashSales)
      .values({
        productId: p.id,
        shopId: p.shopId,
        salePrice: salePrice.toFixed(2),
        normalPrice: Number(p.price).toFixed(2),
        stockLimit,
        startsAt,
        endsAt,
        timezone: 'Asia/Bangkok',
        status: closedAt ? 'closed' : 'scheduled',
        closedAt,
        createdBy: admin.id,
        createdAt: new Date(startsAt.getTime() - 5 * DAY),
      })
      .returning();
    return { ...row, price: salePrice };
  };
  const day = (offsetDays: number, time: string) =>
    bangkok(`${new Date(ref.getTime() + offsetDays * DAY).toISOString().slice(0, 10)}T${time}`);

  // Ended: a weekend sale three weeks ago; most of its 40 units sold, one order cancelled.
  const lamp = await productOf('HomePro Lighting');
  const past = await sale(lamp, 0.25, 40, day(-21, '10:00:00'), day(-19, '22:00:00'));
  for (let i = 0; i < 9; i++) {
    await order(
      lamp.shopId,
      new Date(past.startsAt.getTime() + (2 + i * 6) * HOUR),
      [{ p: lamp, qty: int(1, 5), unitPrice: past.price }],
      { status: i === 4 ? 'cancelled' : undefined },
    );
  }
  // Closed early: the supplier ran out of stock on the first evening.
  const shelf = await productOf('HomeBase Essentials');
  const closed = await sale(shelf, 0.2, 25, day(-10, '09:00:00'), day(-8, '21:00:00'), day(-10, '19:30:00'));
  for (let i = 0; i < 3; i++)
    await order(shelf.shopId, new Date(closed.startsAt.getTime() + (1 + i * 3) * HOUR), [
      { p: shelf, qty: int(1, 2), unitPrice: closed.price },
    ]);
  // Running: the air-conditioner sale.
  const aircon = await productOf('CoolAir Climate Solutions');
  const current = await sale(aircon, 0.15, 30, day(-1, '00:00:00'), day(RUNNING_DAYS, '23:59:00'));
  for (let i = 0; i < 4; i++)
    await order(aircon.shopId, new Date(current.startsAt.getTime() + (3 + i * 5) * HOUR), [
      { p: aircon, qty: 1, unitPrice: current.price },
    ]);
  // Scheduled: the 12.12 after the running sale ends.
  const tile = await productOf('Siam Tile & Bath');
  await sale(
    tile,
    0.3,
    60,
    bangkok(`${ref.getUTCFullYear() + 2}-12-12T00:00:00`),
    bangkok(`${ref.getUTCFullYear() + 2}-12-12T23:59:00`),
  );

  // ----- coupon lines -----
  const draw = () =>
    Array.from({ length: RANDOM_LENGTH }, () => CODE_ALPHABET[Math.floor(rand() * CODE_ALPHABET.length)]).join('');
  const batch = async (values: Omit<typeof t.couponBatches.$inferInsert, 'createdBy'>) => {
    const [b] = await tx
      .insert(t.couponBatches)
      .values({ ...values, createdBy: admin.id })
      .returning();
    await insertCodes(tx, b.id, b.prefix, b.codeCount, draw);
    return b;
  };
  const welcome = await batch({
    name: 'LINE OA welcome: 10% off your first order',
    prefix: 'WELCOME',
    discountType: 'percent',
    discountValue: '10',
    maxDiscount: '300.00',
    minSpend: '1000.00',
    codeCount: 200,
    usesPerCode: 1,
    usesPerCustomer: 1,
    startsAt: day(-30, '00:00:00'),
    endsAt: day(RUNNING_DAYS, '23:59:00'),
    timezone: 'Asia/Bangkok',
    createdAt: new Date(ref.getTime() - 31 * DAY),
  });
  await batch({
    name: 'Cool season air-con: 500 THB off',
    prefix: 'COOL500',
    discountType: 'fixed',
    discountValue: '500.00',
    maxDiscount: null,
    minSpend: '10000.00',
    codeCount: 100,
    usesPerCode: 1,
    usesPerCustomer: 1,
    startsAt: day(5, '00:00:00'),
    endsAt: day(RUNNING_DAYS, '23:59:00'),
    timezone: 'Asia/Bangkok',
    createdAt: new Date(ref.getTime() - 2 * DAY),
  });

  // Redemptions of the welcome batch: LINE orders over the last four weeks, one code and one customer each.
  const codes = await tx
    .select()
    .from(t.couponCodes)
    .where(eq(t.couponCodes.batchId, welcome.id))
    .orderBy(asc(t.couponCodes.id))
    .limit(12);
  const catalogue = await tx
    .select()
    .from(t.products)
    .where(and(eq(t.products.approvalStatus, 'approved'), eq(t.products.online, true)))
    .orderBy(asc(t.products.id));
  for (const [i, code] of codes.entries()) {
    let p = catalogue[int(0, catalogue.length - 1)];
    while (Number(p.price) < 600) p = catalogue[int(0, catalogue.length - 1)];
    const qty = Number(p.price) >= 1000 ? 1 : 2;
    const createdAt = new Date(ref.getTime() - int(1, 28) * DAY - int(0, 12) * HOUR);
    const discount = (subtotal: number) => discountOf(welcome, subtotal);
    const o = await order(p.shopId, createdAt, [{ p, qty, unitPrice: Number(p.price) }], {
      channel: 'line',
      discount,
      customer: CUSTOMERS[i],
    });
    await tx.update(t.couponCodes).set({ usedCount: 1 }).where(eq(t.couponCodes.id, code.id));
    await tx.insert(t.couponRedemptions).values({
      codeId: code.id,
      orderId: o.id,
      customer: o.customer,
      discount: discount(o.subtotal).toFixed(2),
      redeemedAt: createdAt,
    });
  }
}
