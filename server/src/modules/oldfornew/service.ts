/**
 * Trade-in campaigns (docs/api/oldfornew.md): a customer hands in an old appliance and buys an eligible
 * product for less — a percent or a fixed THB discount, never above a product's price — inside a window.
 * `active` → `closed`; closing is final. Writes lock the campaign row and check the `updatedAt` the
 * person read, so an edit from a stale read answers 409 instead of undoing someone else's change.
 */
import {
  and,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oldForNewCampaigns, oldForNewProducts, products, shops } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { fieldError, HttpError, notFound } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import { containing, type Tx } from '../../lib/sql.js';
import { checkWindow, type WindowInput } from '../../lib/window.js';
import { NAME_MAX, PERCENT, type DiscountType, type StatusFilter } from './schemas.js';

const iso = (d: Date) => d.toISOString();
const round2 = (n: number) => Math.round(n * 100) / 100;
const STALE = 'This campaign changed meanwhile; reload it and make your change again.';
const CLOSED = 'This campaign is closed; closing is final, so it cannot change any more.';
const c = oldForNewCampaigns;

/** What a customer pays for the product when trading in. */
export function tradeInPrice(price: number, type: DiscountType, value: number): number {
  return round2(Math.max(0, type === 'percent' ? (price * (100 - value)) / 100 : price - value));
}

// ---------- reads ----------

function statusCondition(status: StatusFilter): SQL {
  const now = sql`now()`;
  const active = eq(c.status, 'active');
  switch (status) {
    case 'active':
      return active;
    case 'closed':
      return eq(c.status, 'closed');
    case 'scheduled':
      return and(active, gt(c.startsAt, now))!;
    case 'expired':
      return and(active, isNotNull(c.endsAt), lte(c.endsAt, now))!;
    case 'live':
      return and(active, lte(c.startsAt, now), or(isNull(c.endsAt), gt(c.endsAt, now)))!;
  }
}

const campaignFields = {
  id: c.id,
  name: c.name,
  discountType: c.discountType,
  discountValue: c.discountValue,
  startsAt: c.startsAt,
  endsAt: c.endsAt,
  timezone: c.timezone,
  status: c.status,
  createdBy: c.createdBy,
  createdByName: sql<
    string | null
  >`(select u.first_name || ' ' || u.last_name from users u where u.id = old_for_new_campaigns.created_by)`,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
};
const selectCampaigns = (tx: Db | Tx) => tx.select(campaignFields).from(c);
type CampaignRow = Awaited<ReturnType<typeof selectCampaigns>>[number];

async function productsOf(tx: Db | Tx, campaignIds: number[]) {
  if (!campaignIds.length) return [];
  const rows = await tx
    .select({
      campaignId: oldForNewProducts.campaignId,
      id: products.id,
      code: products.code,
      name: products.name,
      imageUrl: products.imageUrl,
      shopName: shops.name,
      approvalStatus: products.approvalStatus,
      price: products.price,
    })
    .from(oldForNewProducts)
    .innerJoin(products, eq(products.id, oldForNewProducts.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(inArray(oldForNewProducts.campaignId, campaignIds))
    .orderBy(products.name, products.id);
  return rows.map((r) => ({ ...r, price: Number(r.price) }));
}

function toCampaign(r: CampaignRow, all: Awaited<ReturnType<typeof productsOf>>) {
  const value = Number(r.discountValue);
  const type = r.discountType as DiscountType;
  const own = all
    .filter((p) => p.campaignId === r.id)
    .map(({ campaignId: _c, ...p }) => ({ ...p, tradeInPrice: tradeInPrice(p.price, type, value) }));
  return {
    ...r,
    discountValue: value,
    startsAt: iso(r.startsAt),
    endsAt: r.endsAt ? iso(r.endsAt) : null,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    productCount: own.length,
    products: own,
  };
}

async function readCampaign(tx: Db | Tx, id: number) {
  const [row] = await selectCampaigns(tx).where(eq(c.id, id));
  if (!row) throw notFound('Trade-in campaign');
  return toCampaign(row, await productsOf(tx, [id]));
}

export interface ListQuery {
  page: number;
  limit: number;
  search?: string;
  status?: StatusFilter;
}

export async function listCampaigns(db: Db, q: ListQuery) {
  const s = q.search?.trim();
  const where = and(s ? ilike(c.name, containing(s)) : undefined, q.status ? statusCondition(q.status) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(c).where(where);
  const rows = await selectCampaigns(db)
    .where(where)
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const all = await productsOf(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toCampaign(r, all)), total, maxpage: maxpage(total, q.limit) };
}

// ---------- writes ----------

function cleanName(value: string): string {
  const name = value.trim();
  if (!name) throw fieldError('name', `name must have 1–${NAME_MAX} characters besides spaces`);
  return name;
}

/** 400 naming `productIds` unless every one of `ids` is an approved product. */
async function assertApproved(tx: Tx, ids: number[]) {
  if (!ids.length) return;
  const found = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.approvalStatus, 'approved')));
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  if (missing.length)
    throw fieldError(
      'productIds',
      `productIds must be approved products; not approved or not found: ${missing.join(', ')}`,
    );
}

/** 400 naming `discountValue`: a percent of 1–90, or a fixed THB amount not above any product's price. */
async function checkDiscount(tx: Tx, type: DiscountType, value: number, productIds: number[]): Promise<number> {
  const amount = round2(value);
  if (type === 'percent') {
    if (amount < PERCENT.min || amount > PERCENT.max)
      throw fieldError('discountValue', `discountValue must be ${PERCENT.min}–${PERCENT.max} for a percent discount`);
    return amount;
  }
  if (amount <= 0) throw fieldError('discountValue', 'discountValue must be more than ฿0 for a fixed discount');
  const prices = await tx
    .select({ code: products.code, price: products.price })
    .from(products)
    .where(inArray(products.id, productIds));
  const below = prices.filter((p) => Number(p.price) < amount);
  if (below.length) {
    const names = below.map((p) => `${p.code} (฿${Number(p.price).toFixed(2)})`).join(', ');
    throw fieldError(
      'discountValue',
      `discountValue ฿${amount.toFixed(2)} is above the price of ${names}; a trade-in discount never exceeds the product's price`,
    );
  }
  return amount;
}

export interface CampaignInput extends WindowInput {
  name: string;
  discountType: DiscountType;
  discountValue: number;
  productIds: number[];
}

export async function createCampaign(db: Db, user: AuthUser, input: CampaignInput) {
  const name = cleanName(input.name);
  const window = checkWindow(input);
  return db.transaction(async (tx) => {
    await assertApproved(tx, input.productIds);
    const discountValue = await checkDiscount(tx, input.discountType, input.discountValue, input.productIds);
    const [row] = await tx
      .insert(c)
      .values({
        name,
        discountType: input.discountType,
        discountValue: discountValue.toFixed(2),
        ...window,
        createdBy: user.id,
        updatedAt: new Date(),
      })
      .returning({ id: c.id });
    await tx.insert(oldForNewProducts).values(input.productIds.map((productId) => ({ campaignId: row.id, productId })));
    const created = await readCampaign(tx, row.id);
    await audit(tx, {
      actorId: user.id,
      action: 'create',
      entity: 'old_for_new_campaign',
      entityId: row.id,
      after: created,
    });
    return created;
  });
}

/** The campaign row locked, refused when closed (409) or when `updatedAt` is not the one stored (409 naming it). */
async function lockCampaign(tx: Tx, id: number, readAt?: string) {
  const [row] = await tx.select().from(c).where(eq(c.id, id)).for('update');
  if (!row) throw notFound('Trade-in campaign');
  if (row.status === 'closed') throw new HttpError(409, CLOSED);
  if (readAt !== undefined && Date.parse(readAt) !== row.updatedAt.getTime())
    throw new HttpError(409, STALE, [{ field: 'updatedAt', message: STALE }]);
  return row;
}

export interface CampaignEdit extends Partial<CampaignInput> {
  id: number;
  updatedAt: string;
}

export async function editCampaign(db: Db, user: AuthUser, input: CampaignEdit) {
  const { id, updatedAt, ...changes } = input;
  if (!Object.keys(changes).length) throw fieldError('body', 'Send at least one change besides id and updatedAt');
  const name = changes.name !== undefined ? cleanName(changes.name) : undefined;
  return db.transaction(async (tx) => {
    const current = await lockCampaign(tx, id, updatedAt);
    const window = checkWindow(changes, current);
    const before = await readCampaign(tx, id);
    const productIds = changes.productIds ?? before.products.map((p) => p.id);
    const type = changes.discountType ?? (current.discountType as DiscountType);
    let discountValue = Number(current.discountValue);
    if (changes.productIds)
      await assertApproved(
        tx,
        productIds.filter((p) => !before.products.some((b) => b.id === p)),
      );
    // The discount is checked again when it or the products change; a name or window edit leaves it alone.
    if (changes.discountType !== undefined || changes.discountValue !== undefined || changes.productIds) {
      discountValue = await checkDiscount(tx, type, changes.discountValue ?? discountValue, productIds);
    }
    await tx
      .update(c)
      .set({
        ...(name !== undefined ? { name } : {}),
        discountType: type,
        discountValue: discountValue.toFixed(2),
        ...window,
        updatedAt: new Date(),
      })
      .where(eq(c.id, id));
    if (changes.productIds) {
      await tx
        .delete(oldForNewProducts)
        .where(and(eq(oldForNewProducts.campaignId, id), notInArray(oldForNewProducts.productId, productIds)));
      await tx
        .insert(oldForNewProducts)
        .values(productIds.map((productId) => ({ campaignId: id, productId })))
        .onConflictDoNothing();
    }
    const after = await readCampaign(tx, id);
    await audit(tx, {
      actorId: user.id,
      action: 'update',
      entity: 'old_for_new_campaign',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

export async function closeCampaign(db: Db, user: AuthUser, input: { id: number; updatedAt?: string }) {
  return db.transaction(async (tx) => {
    await lockCampaign(tx, input.id, input.updatedAt);
    await tx.update(c).set({ status: 'closed', updatedAt: new Date() }).where(eq(c.id, input.id));
    const after = await readCampaign(tx, input.id);
    await audit(tx, {
      actorId: user.id,
      action: 'close',
      entity: 'old_for_new_campaign',
      entityId: input.id,
      before: { status: 'active' },
      after: { status: 'closed', updatedAt: after.updatedAt },
    });
    return after;
  });
}
