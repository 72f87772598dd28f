/**
 * Placing a back-office order (channel "back office"), in ONE transaction: the idempotency key's lock
 * and look-up (the same key answers the order it placed), the products locked and read again (on
 * sale, one shop, stock), shipping quoted, the order and its items written, stock taken, the coupon
 * redeemed, then the totals compared with what the customer was shown — a changed price or total
 * answers 409 with the new total and nothing is kept. Order counters follow through triggers.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderItems, orders, products, shops, users, type OrderAddress } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { fieldError, HttpError, type FieldError } from '../../lib/errors.js';
import type { Tx } from '../../lib/sql.js';
import { redeemCoupon } from '../coupons/redeem.js';
import { notifyNewOrder } from '../notifications/notices.js';
import { getSetting } from '../settings/registry.js';
import { quoteShipping } from '../settings/shipping.js';
import { addEvent } from '../orders/service.js';
import { said } from '../orders/events.js';
import { charged, districtOf, priceLines, subtotalOf, weightOf, type PricedLine } from './catalogue.js';
import { bangkokDay, deliveryDays } from './delivery.js';
import { endedFlashSale } from './pricing.js';

export const PAYMENT_METHODS = ['transfer', 'cod'] as const;

export interface AddressInput {
  name: string;
  phone: string;
  email?: string | null;
  address: string;
  subdistrict?: string | null;
  districtId: number;
}

export interface PlaceInput {
  idempotencyKey: string;
  items: { productId: number; quantity: number; price: number; colors?: string[] }[];
  billing: AddressInput;
  transportType: string;
  paymentMethod: (typeof PAYMENT_METHODS)[number];
  couponCode?: string | null;
  /** The total the customer was shown and agreed to. */
  expectedTotal: number;
}

export interface Placed {
  orderId: number;
  orderNo: string;
  shopId: number;
  shopName: string;
  status: string;
  channel: string;
  itemCount: number;
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  couponCode: string | null;
  createdAt: string;
}

const thb = (v: number) => `${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} THB`;
const cents = (v: number) => Math.round(v * 100);
const money = (v: number) => Math.round(v * 100) / 100;

/** The name the timeline gives the person placing the order: first and last name, else the username. */
async function nameOf(tx: Tx, user: AuthUser): Promise<string> {
  const [u] = await tx
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, user.id));
  return [u?.first, u?.last].filter(Boolean).join(' ').trim() || user.username;
}

/** A phone number's digits, +66 read as 0 (400 naming `billing.phone` otherwise). */
function phoneDigits(raw: string): string {
  let digits = raw.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+66')) digits = `0${digits.slice(3)}`;
  if (!/^\d{9,15}$/.test(digits))
    throw fieldError('billing.phone', 'billing.phone must be a phone number of 9 to 15 digits');
  return digits;
}

async function answerOf(q: Db | Tx, orderId: number): Promise<Placed> {
  const [o] = await q
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      shopId: orders.shopId,
      shopName: shops.name,
      status: orders.status,
      channel: orders.channel,
      itemCount: orders.itemCount,
      subtotal: orders.subtotal,
      discount: orders.discount,
      shipping: orders.shippingFee,
      total: orders.total,
      createdAt: orders.createdAt,
      couponCode: sql<
        string | null
      >`(select c.code from coupon_redemptions r join coupon_codes c on c.id = r.code_id where r.order_id = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(eq(orders.id, orderId));
  return {
    orderId: o.id,
    orderNo: o.orderNo,
    shopId: o.shopId,
    shopName: o.shopName,
    status: o.status,
    channel: o.channel,
    itemCount: o.itemCount,
    subtotal: Number(o.subtotal),
    discount: Number(o.discount),
    shipping: Number(o.shipping),
    total: Number(o.total),
    couponCode: o.couponCode,
    createdAt: o.createdAt.toISOString(),
  };
}

/** The same key again (a double click, a retry): the order it placed, when it asked for the same items. */
async function replay(tx: Tx, orderId: number, input: PlaceInput): Promise<Placed> {
  const items = await tx
    .select({ productId: orderItems.productId, qty: orderItems.qty })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId));
  const same = (xs: { productId: number | null; qty: number }[]) =>
    xs
      .map((x) => `${x.productId}:${x.qty}`)
      .sort()
      .join(',');
  const answer = await answerOf(tx, orderId);
  if (same(items) !== same(input.items.map((i) => ({ productId: i.productId, qty: i.quantity })))) {
    const message = `This idempotency key already placed order ${answer.orderNo} with other items; start a new checkout for another order.`;
    throw new HttpError(409, message, [{ field: 'idempotencyKey', message }]);
  }
  return answer;
}

function checkStock(lines: PricedLine[]) {
  const short = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.stock < l.quantity);
  if (!short.length) return;
  const errors: FieldError[] = short.map(({ l, i }) => ({
    field: `items.${i}.quantity`,
    message:
      l.stock === 0
        ? `${l.name} is sold out.`
        : `Only ${l.stock} of ${l.name} ${l.stock === 1 ? 'is' : 'are'} left; the order asks for ${l.quantity}.`,
  }));
  throw new HttpError(
    409,
    `${errors.map((e) => e.message).join(' ')} Change the cart and place the order again.`,
    errors,
  );
}

function checkColors(lines: PricedLine[], input: PlaceInput, colorOf: Map<number, string | null>) {
  input.items.forEach((it, i) => {
    const own = colorOf.get(it.productId);
    const wrong = (it.colors ?? []).filter((c) => c !== own);
    if (wrong.length) {
      throw fieldError(
        `items.${i}.colors`,
        `${lines[i].name} comes in ${own ?? 'no colour choice'}, not ${wrong.join(', ')}.`,
      );
    }
  });
}

/**
 * Places the order (see the file comment). 201 answer: the order; the same key again → the same
 * answer. Errors: 400 naming the field (product not on sale, mixed shops, quantity above the
 * setting, colour, district, no rate for the transport type, coupon), 409 (stock, a changed price or
 * total — with the new total —, a key reused for other items).
 */
export async function placeOrder(db: Db, user: AuthUser, input: PlaceInput): Promise<Placed> {
  return db.transaction(async (tx) => {
    // One key, one order: a second request with the key waits here, then finds the first one's order.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${input.idempotencyKey}`}, 0))`);
    const [existing] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.idempotencyKey, input.idempotencyKey));
    if (existing) return replay(tx, existing.id, input);

    const maxQuantity = await getSetting(tx, 'checkoutMaxQuantity');
    input.items.forEach((it, i) => {
      if (it.quantity > maxQuantity) {
        throw fieldError(
          `items.${i}.quantity`,
          `items.${i}.quantity may be at most ${maxQuantity} (the most units of one product a back-office order takes)`,
        );
      }
    });
    const lines = await priceLines(tx, input.items, true);
    const colorRows = await tx
      .execute(
        sql`select p.id, c.code from products p left join master_data c on c.id = p.color_id where p.id in ${lines.map((l) => l.productId)}`,
      )
      .then((r) => (r as unknown as { rows: { id: number; code: string | null }[] }).rows);
    checkColors(lines, input, new Map(colorRows.map((r) => [Number(r.id), r.code])));
    checkStock(lines);

    const place = await districtOf(tx, input.billing.districtId, 'billing.districtId');
    const phone = phoneDigits(input.billing.phone);
    const email = input.billing.email?.trim().toLowerCase() || null;
    const subtotal = subtotalOf(lines);
    const rate = await quoteShipping(tx, {
      provinceId: place.provinceId,
      weightKg: weightOf(lines),
      transportType: input.transportType,
    });
    const shipping = charged(rate.price, subtotal, await getSetting(tx, 'freeShippingFrom'));
    const days = await deliveryDays(tx, rate.zone, weightOf(lines));

    const [{ id }] = await tx
      .execute(sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const now = new Date();
    const orderNo = `BO${String(now.getUTCFullYear() % 100).padStart(2, '0')}${String(now.getUTCMonth() + 1).padStart(2, '0')}${String(id).padStart(6, '0')}`;
    const address: OrderAddress = {
      name: input.billing.name.trim(),
      phone,
      address: input.billing.address.trim(),
      subdistrict: input.billing.subdistrict?.trim() || null,
      districtId: place.districtId,
      district: place.district,
      provinceId: place.provinceId,
      province: place.province,
      zipcode: place.zipcode,
    };
    await tx.insert(orders).values({
      id,
      shopId: lines[0].shopId,
      orderNo,
      customerName: address.name,
      customerPhone: phone,
      customerEmail: email,
      channel: 'back office',
      status: 'pending_payment',
      shipment: 'delivery',
      paymentMethod: input.paymentMethod,
      itemCount: lines.length,
      subtotal: subtotal.toFixed(2),
      discount: '0',
      shippingFee: shipping.toFixed(2),
      total: money(subtotal + shipping).toFixed(2),
      shippingAddress: address,
      billingAddress: address,
      transportType: input.transportType,
      carrierName: rate.transportTypeName,
      shippingRate: rate.price.toFixed(2),
      expectedDeliveryFrom: days ? bangkokDay(now, days.minDays) : null,
      expectedDeliveryTo: days ? bangkokDay(now, days.maxDays) : null,
      idempotencyKey: input.idempotencyKey,
      createdBy: user.id,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        orderId: id,
        productId: l.productId,
        productCode: l.code,
        productName: l.name,
        qty: l.quantity,
        unitPrice: l.price.toFixed(2),
        listPrice: l.promotion ? l.listPrice.toFixed(2) : null,
        promotion: l.promotion,
        amount: l.amount.toFixed(2),
      })),
    );
    await addEvent(tx, {
      orderId: id,
      kind: 'placed',
      text: said('placedAtCheckout', { by: await nameOf(tx, user), transportType: input.transportType }),
      actorId: user.id,
    });
    for (const l of lines) {
      // The rows are locked and their stock checked above; the condition keeps stock from going below 0 whatever happens.
      const taken = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${l.quantity}` })
        .where(and(eq(products.id, l.productId), sql`${products.stock} >= ${l.quantity}`))
        .returning({ id: products.id });
      if (!taken.length) checkStock([{ ...l, stock: 0 }]);
    }

    let discount = 0;
    if (input.couponCode?.trim()) {
      try {
        const r = await redeemCoupon(tx, {
          code: input.couponCode,
          orderId: id,
          customer: email ?? phone,
          subtotal,
          actorId: user.id,
        });
        discount = r.discount;
      } catch (err) {
        // The coupon's reasons name `code`; this body calls it couponCode.
        if (err instanceof HttpError && err.errors?.some((e) => e.field === 'code')) {
          throw new HttpError(
            err.statusCode,
            err.message,
            err.errors.map((e) => (e.field === 'code' ? { ...e, field: 'couponCode' } : e)),
          );
        }
        throw err;
      }
    }
    const total = money(subtotal - discount + shipping);
    if (discount)
      await tx
        .update(orders)
        .set({ discount: discount.toFixed(2), total: total.toFixed(2) })
        .where(eq(orders.id, id));

    // What the customer was shown: every price, then the total. Any difference undoes everything above.
    const repriced = input.items
      .map((it, i) => ({ it, l: lines[i], i }))
      .filter(({ it, l }) => cents(it.price) !== cents(l.price));
    if (repriced.length || cents(total) !== cents(input.expectedTotal)) {
      const errors: FieldError[] = [];
      for (const { l, it, i } of repriced) {
        // A price the cart showed below today's: a flash sale that gave it and has stopped selling since.
        const ended = it.price < l.price ? await endedFlashSale(tx, l.productId, it.price) : undefined;
        errors.push({
          field: `items.${i}.price`,
          message: ended
            ? `The flash sale on ${l.name} has ended; it now costs ${thb(l.price)} (the cart showed ${thb(it.price)}).`
            : `${l.name} now costs ${thb(l.price)} (the cart showed ${thb(it.price)}).`,
        });
      }
      const why = repriced.length
        ? errors.map((e) => e.message).join(' ')
        : `Shipping is ${thb(shipping)} and the discount ${thb(discount)} now.`;
      const message = `The total is now ${thb(total)}, not ${thb(input.expectedTotal)}. ${why} Show the customer the new total and place the order again.`;
      throw new HttpError(409, message, [
        ...errors,
        { field: 'expectedTotal', message: `The total is now ${thb(total)}.` },
      ]);
    }

    const answer = await answerOf(tx, id);
    await audit(tx, {
      actorId: user.id,
      action: 'order.create',
      entity: 'order',
      entityId: id,
      after: {
        ...answer,
        items: lines.map((l, i) => ({
          productId: l.productId,
          qty: l.quantity,
          unitPrice: l.price,
          colors: input.items[i].colors ?? [],
        })),
        transportType: input.transportType,
        paymentMethod: input.paymentMethod,
        rateId: rate.rateId,
      },
    });
    // The shop's suppliers hear of the order once it commits (their bell, in real time).
    await notifyNewOrder(tx, id);
    return answer;
  });
}
