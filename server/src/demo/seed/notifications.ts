/**
 * Demo notifications: messages staff sent over the last weeks (with each recipient's copy, some read),
 * one cancelled and one scheduled for the first Songkran after the running sales end. Fixed texts and no PRNG: it shifts no other demo data.
 * Recipients are written by the delivery worker's own `deliver`, so they follow the same audience rules.
 * The orders still waiting on their shop come with the "new order" notice each shop's suppliers got.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import * as t from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';
import { ensureNotifyCategories } from '../../modules/notifications/categories.js';
import { notifyNewOrder } from '../../modules/notifications/notices.js';
import { RUNNING_DAYS } from './running.js';
import { deliver } from '../../modules/notifications/worker.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface DemoMessage {
  title: string;
  body: string;
  category: string;
  link: string | null;
  audience: 'all' | { shop: string } | { role: string };
  /** Days before the reference date it was sent (negative: scheduled ahead), or a time worked out from that date. */
  at: number | ((referenceDate: Date) => Date);
  status: 'sent' | 'cancelled' | 'scheduled';
  /** Who has read it. */
  readBy?: string[];
}

/**
 * Songkran (10 April, 9:00 Bangkok) after the demo's running sales end: still ahead, the furthest scheduled message,
 * for as long as anything in the demo runs.
 */
function songkranAfterRunning(referenceDate: Date): Date {
  const end = referenceDate.getTime() + RUNNING_DAYS * DAY;
  const inYear = (year: number) => new Date(`${year}-04-10T09:00:00+07:00`);
  const year = new Date(end).getUTCFullYear();
  return inYear(year).getTime() > end ? inYear(year) : inYear(year + 1);
}

const MESSAGES: DemoMessage[] = [
  {
    title: 'Welcome to the new Seller Center',
    body: 'Orders, products, storefronts and reports now live in one place. Take a minute to check your shop profile and contact details so customers can reach you.',
    category: 'system',
    link: null,
    audience: 'all',
    at: 21,
    status: 'sent',
    readBy: ['admin', 'editor', 'supplier1', 'supplier2'],
  },
  {
    title: 'Year-end sale: send your offers by 30 November',
    body: 'The marketplace year-end sale runs 1–31 December. Lighting, air conditioners and bathroom ranges get home-page placement. Send your discounted prices and stock before 30 November.',
    category: 'promotion',
    link: '/supplier/brandshop',
    audience: { role: 'supplier' },
    at: 6,
    status: 'sent',
    readBy: ['supplier2'],
  },
  {
    title: 'Free installation week for ceiling lamps',
    body: 'Customers buying ceiling lamps over ฿2,000 from 1 to 7 December get installation in Bangkok and Nonthaburi at no charge. Please keep stock of your best sellers ready.',
    category: 'order',
    link: '/supplier/dashboard',
    audience: { shop: 'HomePro Lighting' },
    at: 2,
    status: 'sent',
  },
  {
    title: 'December banner calendar is open',
    body: 'Book home-page and category banner slots for December. Slots for the first week of the year-end sale fill first.',
    category: 'promotion',
    link: '/admin/banners/bannermanagement',
    audience: { role: 'editor' },
    at: 1,
    status: 'sent',
    readBy: ['editor'],
  },
  {
    title: 'Flash sale: air purifiers for PM2.5 season',
    body: 'Air purifiers at up to 35% off for 48 hours. Replaced by the year-end sale message.',
    category: 'promotion',
    link: null,
    audience: { role: 'supplier' },
    at: -3,
    status: 'cancelled',
  },
  {
    title: 'Songkran sale: air conditioners up to 25% off',
    body: 'Our Songkran sale starts on 10 April. Inverter air conditioners, fans and coolers up to 25% off, with free delivery nationwide. Stay cool this holiday!',
    category: 'promotion',
    link: null,
    audience: 'all',
    at: songkranAfterRunning,
    status: 'scheduled',
  },
];

export async function seedNotificationDemo(tx: Tx, opts: { referenceDate: Date; adminId: number }): Promise<void> {
  await ensureNotifyCategories(tx);
  const shopRows = await tx.select({ id: t.shops.id, name: t.shops.name }).from(t.shops);
  const roleRows = await tx.select({ id: t.roles.id, code: t.roles.code }).from(t.roles);
  for (const [i, d] of MESSAGES.entries()) {
    const at =
      typeof d.at === 'function'
        ? d.at(opts.referenceDate)
        : new Date(opts.referenceDate.getTime() - d.at * DAY + i * HOUR);
    const audience = d.audience === 'all' ? 'all' : 'shop' in d.audience ? 'shop' : 'role';
    const shopName = typeof d.audience === 'object' && 'shop' in d.audience ? d.audience.shop : null;
    const roleCode = typeof d.audience === 'object' && 'role' in d.audience ? d.audience.role : null;
    const [msg] = await tx
      .insert(t.notificationMessages)
      .values({
        title: d.title,
        body: d.body,
        category: d.category,
        link: d.link,
        audience,
        audienceShopId: shopName ? shopRows.find((s) => s.name === shopName)!.id : null,
        audienceRoleId: roleCode ? roleRows.find((r) => r.code === roleCode)!.id : null,
        scheduledAt: at,
        timezone: 'Asia/Bangkok',
        status: d.status === 'cancelled' ? 'cancelled' : 'scheduled',
        createdBy: opts.adminId,
        createdAt: new Date(Math.min(at.getTime(), opts.referenceDate.getTime()) - DAY),
      })
      .returning();
    if (d.status !== 'sent') continue;
    await deliver(tx, msg, at);
    if (d.readBy?.length) {
      const readers = await tx.select({ id: t.users.id }).from(t.users).where(inArray(t.users.username, d.readBy));
      await tx
        .update(t.notificationRecipients)
        .set({ readAt: new Date(at.getTime() + 3 * HOUR) })
        .where(
          and(
            eq(t.notificationRecipients.messageId, msg.id),
            inArray(
              t.notificationRecipients.userId,
              readers.map((u) => u.id),
            ),
          ),
        );
    }
  }
  // Orders still waiting on their shop (payment pending or paid): its suppliers were told as each came in.
  const waiting = await tx
    .select({ id: t.orders.id, createdAt: t.orders.createdAt })
    .from(t.orders)
    .where(inArray(t.orders.status, ['pending_payment', 'paid']))
    .orderBy(asc(t.orders.createdAt), asc(t.orders.id));
  for (const o of waiting) await notifyNewOrder(tx, o.id, o.createdAt);
}
