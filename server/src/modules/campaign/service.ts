/**
 * Campaigns with hotspots (docs/api/campaign.md): a campaign is an image shown inside a window, with
 * rectangles on it (hotspots) that link to approved products. Hotspots are stored relative to the
 * image (fractions 0–1 of its width and height), so they land on the same spot at any display size.
 *
 * Status: draft → active (`activate`: an image and at least one hotspot) → closed (final). Every write
 * locks the campaign's row first and checks its state there, so a write racing `closecampaign` is
 * either applied before it or refused after it. Writes that edit the campaign row (window, name,
 * description, image, activate, close) take the `version` the person read and bump it.
 */
import { readFile } from 'node:fs/promises';
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { campaignHotspots, campaigns, products, shops } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldConflict, fieldError, HttpError, notFound } from '../../lib/errors.js';
import { MAX_PAGE } from '../../rest/resource.js';
import { containing, type Tx } from '../../lib/sql.js';
import { imagePixelSize, intField, removeStored, UPLOAD_LIMITS, withUpload } from '../../lib/uploads.js';
import { checkWindow, windowState, type WindowInput } from '../../lib/window.js';

type Q = Db | Tx;
type CampaignRow = typeof campaigns.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const CLOSED = 'This campaign is closed; a closed campaign cannot be changed or reopened.';

function cleanName(value: string): string {
  const name = value.trim();
  if (!name) throw fieldError('name', 'name must not be empty');
  return name;
}
const cleanText = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

// ---------- reading ----------

const campaignFields = {
  id: campaigns.id,
  name: campaigns.name,
  description: campaigns.description,
  imageUrl: campaigns.imageUrl,
  imageWidth: campaigns.imageWidth,
  imageHeight: campaigns.imageHeight,
  startsAt: campaigns.startsAt,
  endsAt: campaigns.endsAt,
  timezone: campaigns.timezone,
  status: campaigns.status,
  closedAt: campaigns.closedAt,
  version: campaigns.version,
  createdAt: campaigns.createdAt,
  updatedAt: campaigns.updatedAt,
  // Qualified by hand: drizzle writes a select field's column without its table, which a subquery would misread.
  hotspotCount: sql<number>`(select count(*)::int from campaign_hotspots h where h.campaign_id = campaigns.id)`,
};

type CampaignRead = {
  [K in keyof typeof campaignFields]: K extends 'hotspotCount' ? number : CampaignRow[K & keyof CampaignRow];
};

const toCampaign = (r: CampaignRead) => ({
  ...r,
  hotspotCount: Number(r.hotspotCount),
  startsAt: r.startsAt.toISOString(),
  endsAt: iso(r.endsAt),
  closedAt: iso(r.closedAt),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const hotspotFields = {
  id: campaignHotspots.id,
  campaignId: campaignHotspots.campaignId,
  productId: campaignHotspots.productId,
  x: campaignHotspots.x,
  y: campaignHotspots.y,
  width: campaignHotspots.width,
  height: campaignHotspots.height,
  label: campaignHotspots.label,
  code: products.code,
  productName: products.name,
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  productImage: products.imageUrl,
  approvalStatus: products.approvalStatus,
  shopName: shops.name,
};

const hotspotsWhere = (q: Q, where: SQL) =>
  q
    .select(hotspotFields)
    .from(campaignHotspots)
    .innerJoin(products, eq(products.id, campaignHotspots.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(where)
    .orderBy(asc(campaignHotspots.id));

type HotspotRead = Awaited<ReturnType<typeof hotspotsWhere>>[number];

const toHotspot = (h: HotspotRead) => ({
  id: h.id,
  campaignId: h.campaignId,
  productId: h.productId,
  x: Number(h.x),
  y: Number(h.y),
  width: Number(h.width),
  height: Number(h.height),
  label: h.label,
  product: {
    id: h.productId,
    code: h.code,
    name: h.productName,
    price: Number(h.price),
    imageUrl: h.productImage,
    shopName: h.shopName,
    approved: h.approvalStatus === 'approved',
  },
});

async function readCampaign(q: Q, id: number) {
  const [row] = await q.select(campaignFields).from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw notFound('Campaign');
  return toCampaign(row);
}

export async function getCampaign(q: Q, id: number) {
  const campaign = await readCampaign(q, id);
  const hotspots = await hotspotsWhere(q, eq(campaignHotspots.campaignId, id));
  return { ...campaign, hotspots: hotspots.map(toHotspot) };
}

export interface ListQuery {
  _start?: number;
  _end?: number;
  _sort?: 'createdAt' | 'startsAt' | 'name' | 'id';
  _order?: 'asc' | 'desc';
  q?: string;
  status?: string[];
}

// Names sort as people read them, whatever the database's collation does with case.
const SORTS = {
  createdAt: campaigns.createdAt,
  startsAt: campaigns.startsAt,
  name: sql`lower(${campaigns.name})`,
  id: campaigns.id,
} as const;

export async function listCampaigns(db: Db, query: ListQuery) {
  const offset = query._start ?? 0;
  const end = query._end ?? offset + MAX_PAGE;
  if (end < offset) throw fieldError('_end', '_end must not be less than _start');
  if (end - offset > MAX_PAGE) throw fieldError('_end', `_end may be at most ${MAX_PAGE} after _start`);
  if (query._order && !query._sort) throw fieldError('_order', '_order needs _sort');
  const search = query.q?.trim();
  const where = and(
    search ? ilike(campaigns.name, containing(search)) : undefined,
    query.status?.length ? inArray(campaigns.status, query.status) : undefined,
  );
  const order = query._sort
    ? [(query._order === 'desc' ? desc : asc)(SORTS[query._sort]), (query._order === 'desc' ? desc : asc)(campaigns.id)]
    : [desc(campaigns.createdAt), desc(campaigns.id)];
  const [{ total }] = await db.select({ total: count() }).from(campaigns).where(where);
  const found =
    end === offset
      ? []
      : await db
          .select(campaignFields)
          .from(campaigns)
          .where(where)
          .orderBy(...order)
          .limit(end - offset)
          .offset(offset);
  return { rows: found.map((r) => toCampaign(r)), total };
}

// ---------- the widget ----------

/** A storefront path of a product, where a hotspot takes the shopper. */
export const productLink = (productId: number) => `/products/${productId}`;

/**
 * What a storefront widget needs: the image with its pixel size and the hotspots on approved products.
 * Only an active campaign inside its window is there for a widget (404 otherwise); `preview` (the
 * editor's) answers any campaign with an image, saying whether it is live.
 */
export async function widget(db: Db, id: number, preview: boolean) {
  const c = await readCampaign(db, id);
  const live =
    c.status === 'active' &&
    windowState({ startsAt: new Date(c.startsAt), endsAt: c.endsAt ? new Date(c.endsAt) : null }) === 'live';
  if (!preview && !live) throw notFound('Campaign');
  if (!c.imageUrl || !c.imageWidth || !c.imageHeight)
    throw fieldConflict('imageUrl', 'This campaign has no image yet; upload one to preview it.');
  const hotspots = await hotspotsWhere(
    db,
    and(eq(campaignHotspots.campaignId, id), eq(products.approvalStatus, 'approved'))!,
  );
  return {
    data: {
      id: c.id,
      name: c.name,
      description: c.description,
      imageUrl: c.imageUrl,
      imageWidth: c.imageWidth,
      imageHeight: c.imageHeight,
      startsAt: c.startsAt,
      endsAt: c.endsAt,
      timezone: c.timezone,
      live,
      hotspots: hotspots.map((h) => ({
        id: h.id,
        x: Number(h.x),
        y: Number(h.y),
        width: Number(h.width),
        height: Number(h.height),
        label: h.label,
        product: {
          id: h.productId,
          name: h.productName,
          price: Number(h.price),
          compareAtPrice: h.compareAtPrice === null ? null : Number(h.compareAtPrice),
          imageUrl: h.productImage,
          link: productLink(h.productId),
        },
      })),
    },
  };
}

// ---------- writing the campaign ----------

const audited = (c: CampaignRow) => ({
  name: c.name,
  description: c.description,
  imageUrl: c.imageUrl,
  imageWidth: c.imageWidth,
  imageHeight: c.imageHeight,
  startsAt: c.startsAt,
  endsAt: c.endsAt,
  timezone: c.timezone,
  status: c.status,
  version: c.version,
});

/** The campaign's row, locked until the transaction ends: every write of one campaign runs one after the other. */
async function lockCampaign(tx: Tx, id: number): Promise<CampaignRow> {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
  if (!row) throw notFound('Campaign');
  return row;
}

export interface CreateInput extends WindowInput {
  name: string;
  description?: string | null;
}

export async function createCampaign(db: Db, user: AuthUser, input: CreateInput) {
  const name = cleanName(input.name);
  const window = checkWindow(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(campaigns)
      .values({ name, description: cleanText(input.description), ...window, status: 'draft', createdBy: user.id })
      .returning();
    await audit(tx, { actorId: user.id, action: 'create', entity: 'campaign', entityId: row.id, after: audited(row) });
    return getCampaign(tx, row.id);
  });
}

/**
 * One edit of a campaign's row: locked, refused when closed or when `version` is not the stored one,
 * changed by `make` (which may refuse it), version bumped, audited. Answers the campaign as it is now
 * and the row as it was.
 */
async function editCampaign(
  db: Db,
  user: AuthUser,
  id: number,
  version: number,
  action: string,
  make: (current: CampaignRow, tx: Tx) => Promise<Partial<CampaignRow>> | Partial<CampaignRow>,
) {
  return db.transaction(async (tx) => {
    const current = await lockCampaign(tx, id);
    if (current.status === 'closed') throw conflict(CLOSED);
    if (current.version !== version) {
      throw fieldConflict(
        'version',
        `The campaign changed meanwhile (version ${current.version} is current); reload it and try again.`,
      );
    }
    const values = await make(current, tx);
    const [after] = await tx
      .update(campaigns)
      .set({ ...values, version: current.version + 1, updatedAt: new Date() })
      .where(eq(campaigns.id, id))
      .returning();
    await audit(tx, {
      actorId: user.id,
      action,
      entity: 'campaign',
      entityId: id,
      before: audited(current),
      after: audited(after),
    });
    return { campaign: await getCampaign(tx, id), before: current };
  });
}

export interface WindowBody extends WindowInput {
  id: number;
  version: number;
}

export async function setWindow(db: Db, user: AuthUser, body: WindowBody) {
  const { id, version, ...input } = body;
  if (input.startsAt === undefined && input.endsAt === undefined && input.timezone === undefined) {
    throw fieldError('startsAt', 'Send startsAt, endsAt or timezone: the parts of the window to change');
  }
  return (await editCampaign(db, user, id, version, 'set_window', (c) => checkWindow(input, c))).campaign;
}

export interface CampaignPatch {
  version: number;
  name?: string;
  description?: string | null;
}

export async function updateCampaign(db: Db, user: AuthUser, id: number, patch: CampaignPatch) {
  if (patch.name === undefined && patch.description === undefined)
    throw fieldError('body', 'Send name or description to change');
  const values: Partial<CampaignRow> = {};
  if (patch.name !== undefined) values.name = cleanName(patch.name);
  if (patch.description !== undefined) values.description = cleanText(patch.description);
  return (await editCampaign(db, user, id, patch.version, 'update', () => values)).campaign;
}

export async function activateCampaign(db: Db, user: AuthUser, id: number, version: number) {
  return (
    await editCampaign(db, user, id, version, 'activate', async (c, tx) => {
      if (c.status === 'active') throw conflict('This campaign is already active.');
      if (!c.imageUrl) throw fieldConflict('imageUrl', 'Upload the campaign image before activating it.');
      const [{ n }] = await tx.select({ n: count() }).from(campaignHotspots).where(eq(campaignHotspots.campaignId, id));
      if (n === 0)
        throw fieldConflict('hotspots', 'Draw at least one hotspot on the image before activating the campaign.');
      if (windowState(c) === 'expired')
        throw fieldConflict('endsAt', "The campaign's window has ended; set a later end before activating it.");
      return { status: 'active' };
    })
  ).campaign;
}

export async function closeCampaign(db: Db, user: AuthUser, id: number, version: number) {
  return (
    await editCampaign(db, user, id, version, 'close', () => ({
      status: 'closed',
      closedAt: new Date(),
      closedBy: user.id,
    }))
  ).campaign;
}

/**
 * `POST /api/v2/campaigns/{id}/image`: one image in `file` and the `version` read. A campaign that does
 * not exist is refused before the upload is read; a refused write removes the stored file again, and a
 * replaced image's file goes once the new one is committed.
 */
export async function storeImage(db: Db, user: AuthUser, id: number, req: FastifyRequest) {
  await readCampaign(db, id);
  const { campaign, before } = await withUpload(req, { kinds: ['image'] }, async ({ fields, file }) => {
    const unknown = Object.keys(fields).find((f) => f !== 'version');
    if (unknown) throw fieldError(unknown, `${unknown} is not an allowed field; send version and the file`);
    const version = intField(fields, 'version');
    const size = imagePixelSize(await readFile(file.path));
    if (!size) {
      const message = `file must be ${UPLOAD_LIMITS.image.words}; its size could not be read from it`;
      throw new HttpError(415, message, [{ field: 'file', message }]);
    }
    return editCampaign(db, user, id, version, 'image', () => ({
      imageUrl: file.url,
      imageWidth: size.width,
      imageHeight: size.height,
    }));
  });
  if (before.imageUrl && before.imageUrl !== campaign.imageUrl) await removeStored(req.server.storage, before.imageUrl);
  return campaign;
}

// ---------- hotspots ----------

/** Coordinates are stored with six decimals; the rules are checked on those millionths, free of float drift. */
const MICRO = 1_000_000;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A hotspot's rectangle as stored: inside the image (x + width ≤ 1, y + height ≤ 1) with a size, else
 * 400 naming the field. Values arrive within 0–1 (the body schema).
 */
export function checkRect(r: Rect): Record<keyof Rect, string> {
  const m = {
    x: Math.round(r.x * MICRO),
    y: Math.round(r.y * MICRO),
    width: Math.round(r.width * MICRO),
    height: Math.round(r.height * MICRO),
  };
  if (m.width <= 0) throw fieldError('width', "width must be more than 0 (a fraction of the image's width)");
  if (m.height <= 0) throw fieldError('height', "height must be more than 0 (a fraction of the image's height)");
  if (m.x + m.width > MICRO)
    throw fieldError('width', "x + width must be at most 1: the hotspot must end inside the image's right edge");
  if (m.y + m.height > MICRO)
    throw fieldError('height', "y + height must be at most 1: the hotspot must end inside the image's bottom edge");
  const text = (v: number) => (v / MICRO).toFixed(6);
  return { x: text(m.x), y: text(m.y), width: text(m.width), height: text(m.height) };
}

async function assertApprovedProduct(tx: Tx, productId: number) {
  const [p] = await tx.select({ status: products.approvalStatus }).from(products).where(eq(products.id, productId));
  if (!p) throw fieldError('productId', `productId ${productId} is not a product; pick one from the product list`);
  if (p.status !== 'approved')
    throw fieldError('productId', `productId must be an approved product; product ${productId} is ${p.status}`);
}

/** A hotspot write: the campaign locked and open; its `updatedAt` marks the change. */
async function editHotspots<T>(db: Db, campaignId: number, write: (c: CampaignRow, tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const c = await lockCampaign(tx, campaignId);
    if (c.status === 'closed') throw conflict(CLOSED);
    const out = await write(c, tx);
    await tx.update(campaigns).set({ updatedAt: new Date() }).where(eq(campaigns.id, campaignId));
    return out;
  });
}

const oneHotspot = async (tx: Tx, campaignId: number, hotspotId: number) => {
  const [h] = await hotspotsWhere(
    tx,
    and(eq(campaignHotspots.id, hotspotId), eq(campaignHotspots.campaignId, campaignId))!,
  );
  if (!h) throw notFound('Hotspot');
  return toHotspot(h);
};

const auditedHotspot = (h: ReturnType<typeof toHotspot>) => ({
  campaignId: h.campaignId,
  productId: h.productId,
  x: h.x,
  y: h.y,
  width: h.width,
  height: h.height,
  label: h.label,
});

export interface HotspotInput extends Rect {
  campaignId: number;
  productId: number;
  label?: string | null;
}

export async function createHotspot(db: Db, user: AuthUser, input: HotspotInput) {
  const rect = checkRect(input);
  return editHotspots(db, input.campaignId, async (c, tx) => {
    if (!c.imageUrl) throw fieldConflict('campaignId', 'Upload the campaign image before drawing hotspots on it.');
    await assertApprovedProduct(tx, input.productId);
    const [row] = await tx
      .insert(campaignHotspots)
      .values({ campaignId: c.id, productId: input.productId, ...rect, label: cleanText(input.label) })
      .returning({ id: campaignHotspots.id });
    const created = await oneHotspot(tx, c.id, row.id);
    await audit(tx, {
      actorId: user.id,
      action: 'create',
      entity: 'campaign_hotspot',
      entityId: row.id,
      after: auditedHotspot(created),
    });
    return created;
  });
}

export type HotspotPatch = Partial<Rect> & { productId?: number; label?: string | null };

/** Move, resize, relink or relabel: the fields sent over the stored ones, checked as a whole. */
export async function updateHotspot(
  db: Db,
  user: AuthUser,
  campaignId: number,
  hotspotId: number,
  patch: HotspotPatch,
) {
  return editHotspots(db, campaignId, async (_c, tx) => {
    const before = await oneHotspot(tx, campaignId, hotspotId);
    const rect = checkRect({
      x: patch.x ?? before.x,
      y: patch.y ?? before.y,
      width: patch.width ?? before.width,
      height: patch.height ?? before.height,
    });
    if (patch.productId !== undefined && patch.productId !== before.productId)
      await assertApprovedProduct(tx, patch.productId);
    await tx
      .update(campaignHotspots)
      .set({
        ...rect,
        productId: patch.productId ?? before.productId,
        label: patch.label === undefined ? before.label : cleanText(patch.label),
      })
      .where(eq(campaignHotspots.id, hotspotId));
    const after = await oneHotspot(tx, campaignId, hotspotId);
    await audit(tx, {
      actorId: user.id,
      action: 'update',
      entity: 'campaign_hotspot',
      entityId: hotspotId,
      before: auditedHotspot(before),
      after: auditedHotspot(after),
    });
    return after;
  });
}

export async function deleteHotspot(db: Db, user: AuthUser, campaignId: number, hotspotId: number) {
  return editHotspots(db, campaignId, async (c, tx) => {
    const before = await oneHotspot(tx, campaignId, hotspotId);
    if (c.status === 'active') {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(campaignHotspots)
        .where(eq(campaignHotspots.campaignId, campaignId));
      if (n <= 1)
        throw conflict(
          'An active campaign keeps at least one hotspot; draw another one before deleting this one, or close the campaign.',
        );
    }
    await tx.delete(campaignHotspots).where(eq(campaignHotspots.id, hotspotId));
    await audit(tx, {
      actorId: user.id,
      action: 'delete',
      entity: 'campaign_hotspot',
      entityId: hotspotId,
      before: auditedHotspot(before),
    });
    return before;
  });
}
