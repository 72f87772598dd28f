/**
 * Notifications the system sends to one person when something happens (audience `user`): a supplier
 * hears that its product was approved or rejected and that an order arrived for its shop; staff who may
 * act on it hear of an uploaded payment slip or a filed claim. Each is called inside the transaction of
 * the change it tells of, so it is sent exactly when that change commits, and never without it.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { notificationMessages as m, notificationRecipients as r } from '../../db/schema.js';
import { accessFor } from '../../auth/access.js';
import type { Tx } from '../../lib/sql.js';
import { recordDeliveries } from './stream.js';

/**
 * A notice: its English text, and its kind (`template`) with the values in it, so the bell shows it in the
 * reader's language (public/locales/<lng>/notifications.json, `notifications.notices.<template>`).
 */
export interface Notice {
  title: string;
  body: string;
  category: string;
  link: string | null;
  template: string;
  params: Record<string, string | number>;
}

const rows = <T>(tx: Tx, query: ReturnType<typeof sql>) => queryRows<T>(tx, query);
const baht = (amount: string | number) =>
  `฿${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One message per user (audience `user`), delivered at `at`: their copy, its stream event, the doorbell. */
export async function notifyUsers(
  tx: Tx,
  userIds: readonly number[],
  notice: Notice,
  at = new Date(),
): Promise<number[]> {
  const to = [...new Set(userIds)];
  if (!to.length) return [];
  const messages = await tx
    .insert(m)
    .values(
      to.map((userId) => ({
        title: clip(notice.title, 120),
        body: clip(notice.body, 2000),
        category: notice.category,
        link: notice.link,
        template: notice.template,
        params: notice.params,
        audience: 'user',
        audienceUserId: userId,
        scheduledAt: at,
        status: 'sent',
        sentAt: at,
        recipientCount: 1,
        createdAt: at,
      })),
    )
    .returning({ id: m.id, userId: m.audienceUserId });
  const copies = messages.map((x) => ({ messageId: x.id, userId: x.userId! }));
  await tx.insert(r).values(copies.map((c) => ({ ...c, deliveredAt: at })));
  await recordDeliveries(tx, copies);
  return messages.map((x) => x.id);
}

/** The active users linked to a shop (its supplier accounts). */
async function shopUsers(tx: Tx, shopId: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    tx,
    sql`
    select u.id from users u join user_shops us on us.user_id = u.id
    where us.shop_id = ${shopId} and u.status = 'active' order by u.id`,
  );
  return found.map((x) => Number(x.id));
}

/** Active staff who may call `endpoint` (admins, and roles holding a menu of a screen that lists it), but not `except`. */
async function staffWhoMay(tx: Tx, endpoint: string, except: number | null): Promise<number[]> {
  const access = accessFor(endpoint);
  const menus = typeof access === 'object' ? access.menu : [];
  const granted = menus.length
    ? sql`exists (select 1 from role_menus rm join menu_items mi on mi.id = rm.menu_item_id
        where rm.role_id = ro.id and mi.path in (${sql.join(
          menus.map((p) => sql`${p}`),
          sql`, `,
        )}))`
    : sql`false`;
  const found = await rows<{ id: number }>(
    tx,
    sql`
    select u.id from users u join roles ro on ro.id = u.role_id
    where u.status = 'active' and ro.area = 'admin' and (ro.code = 'admin' or ${granted})
      and u.id <> ${except ?? 0}
    order by u.id`,
  );
  return found.map((x) => Number(x.id));
}

/** A new order for a shop: its suppliers are told. Checkout calls this in the transaction that creates the order. */
export async function notifyNewOrder(tx: Tx, orderId: number, at = new Date()): Promise<void> {
  const [o] = await rows<{ shop_id: number; order_no: string; customer_name: string; total: string }>(
    tx,
    sql`select shop_id, order_no, customer_name, total from orders where id = ${orderId}`,
  );
  if (!o) throw new Error(`notifyNewOrder: order ${orderId} does not exist`);
  await notifyUsers(
    tx,
    await shopUsers(tx, Number(o.shop_id)),
    {
      title: `New order ${o.order_no}`,
      body: `${o.customer_name} placed order ${o.order_no} for ${baht(o.total)}. Prepare the items and confirm the shipment from your orders.`,
      category: 'order',
      link: '/supplier/dashboard',
      template: 'newOrder',
      params: { orderNo: o.order_no, customer: o.customer_name, amount: Number(o.total) },
    },
    at,
  );
}

/** A product approved or rejected (its state after the change): the shop's suppliers are told, with the reason. */
export async function notifyProductReviewed(tx: Tx, productId: number): Promise<void> {
  const [p] = await rows<{
    shop_id: number;
    code: string;
    name: string;
    approval_status: string;
    reject_reason: string | null;
  }>(tx, sql`select shop_id, code, name, approval_status, reject_reason from products where id = ${productId}`);
  if (!p || (p.approval_status !== 'approved' && p.approval_status !== 'rejected')) return;
  const approved = p.approval_status === 'approved';
  await notifyUsers(
    tx,
    await shopUsers(tx, Number(p.shop_id)),
    approved
      ? {
          title: `Product approved: ${p.name}`,
          body: `${p.code} ${p.name} was approved. You can now put it online from your product list.`,
          category: 'product',
          link: `/supplier/product/${productId}`,
          template: 'productApproved',
          params: { code: p.code, name: p.name },
        }
      : {
          title: `Product not approved: ${p.name}`,
          body: `${p.code} ${p.name} was not approved. Reason: ${p.reject_reason ?? '—'} Fix it and submit it again.`,
          category: 'product',
          link: `/supplier/product/${productId}`,
          template: 'productRejected',
          params: { code: p.code, name: p.name, reason: p.reject_reason ?? '—' },
        },
  );
}

/** A payment slip uploaded: staff who approve slips are told (not the uploader). */
export async function notifySlipUploaded(tx: Tx, slipId: number, uploaderId: number): Promise<void> {
  const [s] = await rows<{ order_no: string; amount: string }>(
    tx,
    sql`select o.order_no, s.amount from payment_slips s join orders o on o.id = s.order_id where s.id = ${slipId}`,
  );
  if (!s) throw new Error(`notifySlipUploaded: slip ${slipId} does not exist`);
  await notifyUsers(tx, await staffWhoMay(tx, '/api/order/approveslip', uploaderId), {
    title: `Payment slip to check: ${s.order_no}`,
    body: `A transfer slip of ${baht(s.amount)} was uploaded for order ${s.order_no}. Check it against the bank statement and approve or reject it.`,
    category: 'order',
    link: '/admin/orders/listslip',
    template: 'slipUploaded',
    params: { orderNo: s.order_no, amount: Number(s.amount) },
  });
}

/** A claim or return filed: staff who decide claims are told (not the person who filed it). */
export async function notifyClaimFiled(tx: Tx, claimId: number, filerId: number): Promise<void> {
  const [c] = await rows<{ claim_no: string; kind: string; qty: number; product_name: string; order_no: string }>(
    tx,
    sql`
    select c.claim_no, c.kind, c.qty, i.product_name, o.order_no from order_claims c
    join order_items i on i.id = c.order_item_id join orders o on o.id = c.order_id where c.id = ${claimId}`,
  );
  if (!c) throw new Error(`notifyClaimFiled: claim ${claimId} does not exist`);
  const what = c.kind === 'return' ? 'Return' : 'Claim';
  await notifyUsers(tx, await staffWhoMay(tx, '/api/order/setclaimorder', filerId), {
    title: `${what} ${c.claim_no} filed on order ${c.order_no}`,
    body: `${what} of ${c.qty} × ${c.product_name} on order ${c.order_no}. Review it and accept or reject it.`,
    category: 'order',
    link:
      c.kind === 'return'
        ? `/admin/orders/productclaim/product-return-detail/${claimId}`
        : `/admin/orders/productclaim/product-claim-detail/${claimId}/view`,
    template: c.kind === 'return' ? 'returnFiled' : 'claimFiled',
    params: { claimNo: c.claim_no, orderNo: c.order_no, qty: Number(c.qty), product: c.product_name },
  });
}
