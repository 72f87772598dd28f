/**
 * Campaigns with hotspots (docs/api/campaign.md): drafts with a window, an image with its pixel size,
 * hotspots in image-relative coordinates on approved products, activation, the storefront widget, closing
 * (final), optimistic versions, audit rows, and admin-only access.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { expectFieldError as fieldError, ok, type Res } from '../support/answers.js';
import { auditLog, campaignHotspots, campaigns, products } from '../../server/src/db/schema.js';
import { uploadsDir } from '../../server/src/lib/uploads.js';
import { multipartPayload, samples } from './product-files.js';
import { png } from '../support/png.js';

type Hotspot = {
  id: number;
  campaignId: number;
  productId: number;
  x: number;
  y: number;
  width: number;
  height: number;
  label: string | null;
  product: { id: number; name: string; approved: boolean };
};
type Campaign = {
  id: number;
  name: string;
  description: string | null;
  status: string;
  version: number;
  imageUrl: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  startsAt: string;
  endsAt: string | null;
  timezone: string;
  hotspotCount: number;
  hotspots: Hotspot[];
};

const PR = '/api/promotion';
const V2 = '/api/v2/campaigns';
const DAY = 86_400_000;

describe.each(dbKinds())('campaigns with hotspots (%s)', (kind) => {
  let t: TestApp;
  let approved: number[];
  let pending: number;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    approved = (
      await t.app.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.approvalStatus, 'approved'))
        .orderBy(asc(products.id))
        .limit(3)
    ).map((p) => p.id);
    [{ id: pending }] = await t.app.db
      .select({ id: products.id })
      .from(products)
      .where(ne(products.approvalStatus, 'approved'))
      .limit(1);
  });
  afterAll(async () => {
    await t?.close();
  });
  const expectFieldError = (res: Res, status: number, field: string) =>
    fieldError(res, field, { status, named: status === 400 });

  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    user = 'admin',
  ): Promise<Res> => t.app.inject({ method, url, payload, headers: await t.headers(user) });
  const expectConflict = (res: Res, words: RegExp) => {
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(words);
  };
  const iso = (ms: number) => new Date(ms).toISOString();
  /** A window that is live now (yesterday to a month ahead). */
  const liveWindow = () => ({
    startsAt: iso(Date.now() - DAY),
    endsAt: iso(Date.now() + 30 * DAY),
    timezone: 'Asia/Bangkok',
  });

  const create = async (name = 'Rainy season deals', window: object = liveWindow()) =>
    ok<{ status: number; message: string; data: Campaign }>(
      await call('POST', `${PR}/createcampaign`, { name, ...window }),
    ).data;
  const read = async (id: number) => ok<Campaign>(await call('GET', `${V2}/${id}`));
  const upload = async (
    id: number,
    version: number,
    file: Buffer = png(1200, 800),
    fields: Record<string, string> = {},
  ) => {
    const { payload, headers } = await multipartPayload([
      { name: 'version', value: String(version) },
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'file', file, filename: 'scene.png' },
    ]);
    return t.app.inject({
      method: 'POST',
      url: `${V2}/${id}/image`,
      payload,
      headers: { ...headers, ...(await t.headers('admin')) },
    }) as Promise<Res>;
  };
  const addHotspot = (campaignId: number, rect: object, productId = approved[0]) =>
    call('POST', `${PR}/createhotspot`, { campaignId, productId, ...rect });
  /** A draft with its image (1200×800) and one hotspot. */
  const ready = async (window: object = liveWindow()) => {
    const c = await create('Ready campaign', window);
    const withImage = ok<Campaign>(await upload(c.id, c.version));
    const h = ok<{ data: Hotspot }>(await addHotspot(c.id, { x: 0.1, y: 0.2, width: 0.3, height: 0.25 })).data;
    return { ...withImage, hotspot: h };
  };
  const auditOf = async (entity: string, entityId: number) =>
    (
      await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
        .orderBy(asc(auditLog.id))
    ).map((a) => a.action);
  const stored = (url: string) => join(uploadsDir(t.app.config.dataDir), url.replace(/^\/uploads\//, ''));

  describe('creating and editing a campaign', () => {
    it('creates a draft with its window (stored in UTC with its zone), trims the name, audits it', async () => {
      const res = await call('POST', `${PR}/createcampaign`, {
        name: '  Year-end lighting  ',
        description: 'Lamps for every room',
        startsAt: '2026-12-01T09:00:00+07:00',
        endsAt: '2026-12-31T23:59:00+07:00',
        timezone: 'Asia/Bangkok',
      });
      const body = ok<{ status: number; message: string; data: Campaign }>(res);
      expect(body).toMatchObject({ status: 200, message: 'Campaign created.' });
      expect(body.data).toMatchObject({
        name: 'Year-end lighting',
        description: 'Lamps for every room',
        status: 'draft',
        version: 1,
        imageUrl: null,
        imageWidth: null,
        startsAt: '2026-12-01T02:00:00.000Z',
        endsAt: '2026-12-31T16:59:00.000Z',
        timezone: 'Asia/Bangkok',
        hotspotCount: 0,
        hotspots: [],
      });
      expect(await auditOf('campaign', body.data.id)).toEqual(['create']);
      expect(await read(body.data.id)).toEqual(body.data);
    });

    it('refuses a bad name, window or field with 400 naming it, and stores nothing', async () => {
      const [{ n: before }] = await t.app.db.select({ n: count() }).from(campaigns);
      const base = { name: 'Probe', ...liveWindow() };
      expectFieldError(await call('POST', `${PR}/createcampaign`, { ...base, name: '   ' }), 400, 'name');
      expectFieldError(await call('POST', `${PR}/createcampaign`, { ...base, endsAt: base.startsAt }), 400, 'endsAt');
      expectFieldError(
        await call('POST', `${PR}/createcampaign`, { ...base, timezone: 'Mars/Olympus' }),
        400,
        'timezone',
      );
      expectFieldError(await call('POST', `${PR}/createcampaign`, { ...base, startsAt: 'next week' }), 400, 'startsAt');
      expectFieldError(await call('POST', `${PR}/createcampaign`, { ...base, status: 'active' }), 400, 'status');
      const { endsAt: _missing, ...noEnd } = base;
      expectFieldError(await call('POST', `${PR}/createcampaign`, noEnd), 400, 'endsAt');
      const [{ n: after }] = await t.app.db.select({ n: count() }).from(campaigns);
      expect(after).toBe(before);
    });

    it('changes the window (the parts sent, checked against the stored ones) with the version read', async () => {
      const c = await create();
      // Midnight in Bangkok two months ahead: stored as the UTC instant seven hours earlier.
      const endsAt = `${iso(Date.now() + 60 * DAY).slice(0, 10)}T00:00:00+07:00`;
      const moved = ok<{ data: Campaign }>(
        await call('POST', `${PR}/setdatecampaign`, { id: c.id, version: 1, endsAt }),
      ).data;
      expect(moved).toMatchObject({ version: 2, startsAt: c.startsAt, endsAt: iso(Date.parse(endsAt)) });
      expect(moved.endsAt).toMatch(/T17:00:00\.000Z$/);
      expectFieldError(
        await call('POST', `${PR}/setdatecampaign`, {
          id: c.id,
          version: 2,
          endsAt: iso(Date.parse(c.startsAt) - DAY),
        }),
        400,
        'endsAt',
      );
      expectFieldError(await call('POST', `${PR}/setdatecampaign`, { id: c.id, version: 2 }), 400, 'startsAt');
      expectFieldError(
        await call('POST', `${PR}/setdatecampaign`, { id: c.id, version: 1, endsAt: null }),
        409,
        'version',
      );
      const open = ok<{ data: Campaign }>(
        await call('POST', `${PR}/setdatecampaign`, { id: c.id, version: 2, endsAt: null }),
      ).data;
      expect(open).toMatchObject({ version: 3, endsAt: null });
      expect(await auditOf('campaign', c.id)).toEqual(['create', 'set_window', 'set_window']);
      expect(ok(await call('POST', `${PR}/setdatecampaign`, { id: 999999, version: 1, endsAt: null }), 404)).toEqual({
        status: 404,
        message: 'Campaign not found',
      });
    });

    it('changes the name and description with PATCH; a stale version is a 409 naming version and changes nothing', async () => {
      const c = await create('Old name');
      const changed = ok<Campaign>(
        await call('PATCH', `${V2}/${c.id}`, { version: 1, name: ' New name ', description: 'Now with words' }),
      );
      expect(changed).toMatchObject({ name: 'New name', description: 'Now with words', version: 2 });
      expectFieldError(await call('PATCH', `${V2}/${c.id}`, { version: 1, name: 'Lost update' }), 409, 'version');
      expect(await read(c.id)).toMatchObject({ name: 'New name', version: 2 });
      expect(ok<Campaign>(await call('PATCH', `${V2}/${c.id}`, { version: 2, description: '' }))).toMatchObject({
        description: null,
        version: 3,
      });
      expectFieldError(await call('PATCH', `${V2}/${c.id}`, { version: 3 }), 400, 'body');
      expectFieldError(
        await call('PATCH', `${V2}/${c.id}`, { version: 3, imageUrl: '/uploads/image/x.png' }),
        400,
        'imageUrl',
      );
      expect(await auditOf('campaign', c.id)).toEqual(['create', 'update', 'update']);
    });

    it('of two edits made on one version at once, one wins and the other gets 409', async () => {
      const c = await create();
      const [a, b] = await Promise.all([
        call('PATCH', `${V2}/${c.id}`, { version: 1, name: 'First' }),
        call('POST', `${PR}/setdatecampaign`, { id: c.id, version: 1, endsAt: null }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect((await read(c.id)).version).toBe(2);
      expect(await auditOf('campaign', c.id)).toHaveLength(2);
    });
  });

  describe('the image', () => {
    it('stores an uploaded image with its pixel size, bumps the version and removes the replaced file', async () => {
      const c = await create();
      const first = ok<Campaign>(await upload(c.id, 1, png(640, 360)));
      expect(first).toMatchObject({ imageWidth: 640, imageHeight: 360, version: 2 });
      expect(first.imageUrl).toMatch(/^\/uploads\/image\/[0-9a-f]{32}\.png$/);
      expect(existsSync(stored(first.imageUrl!))).toBe(true);
      const second = ok<Campaign>(await upload(c.id, 2, png(1200, 800)));
      expect(second).toMatchObject({ imageWidth: 1200, imageHeight: 800, version: 3 });
      expect(existsSync(stored(second.imageUrl!))).toBe(true);
      expect(existsSync(stored(first.imageUrl!))).toBe(false);
      expect(await auditOf('campaign', c.id)).toEqual(['create', 'image', 'image']);
    });

    it('refuses a stale version, a file that is not an image, an unknown field, and keeps nothing of them', async () => {
      const c = await create();
      const files = () => new Set(readdirSync(join(uploadsDir(t.app.config.dataDir), 'image')));
      const before = files();
      expectFieldError(await upload(c.id, 5), 409, 'version');
      expectFieldError(await upload(c.id, 1, samples.pdf()), 415, 'file');
      expectFieldError(await upload(c.id, 1, png(10, 10), { note: 'x' }), 400, 'note');
      expect(files()).toEqual(before);
      expect(await read(c.id)).toMatchObject({ imageUrl: null, version: 1 });
      expect(ok(await upload(999999, 1), 404)).toEqual({ status: 404, message: 'Campaign not found' });
    });
  });

  describe('hotspots', () => {
    it('need the image first', async () => {
      const c = await create();
      expectFieldError(await addHotspot(c.id, { x: 0.1, y: 0.1, width: 0.2, height: 0.2 }), 409, 'campaignId');
    });

    it('are stored relative to the image, link an approved product and are audited', async () => {
      const c = await ready();
      expect(c.hotspot).toMatchObject({
        campaignId: c.id,
        productId: approved[0],
        x: 0.1,
        y: 0.2,
        width: 0.3,
        height: 0.25,
        label: null,
        product: { id: approved[0], approved: true },
      });
      const edge = ok<{ data: Hotspot }>(
        await addHotspot(c.id, { x: 0.75, y: 0.5, width: 0.25, height: 0.5, label: ' Lamp ' }, approved[1]),
      ).data;
      expect(edge).toMatchObject({ x: 0.75, y: 0.5, width: 0.25, height: 0.5, label: 'Lamp' });
      const detail = await read(c.id);
      expect(detail.hotspots.map((h) => h.id)).toEqual([c.hotspot.id, edge.id]);
      expect(detail.hotspotCount).toBe(2);
      // Hotspots are not the campaign's row: its version stays.
      expect(detail.version).toBe(c.version);
      expect(await auditOf('campaign_hotspot', edge.id)).toEqual(['create']);
    });

    it('refuses a rectangle outside the image or without a size, and a product that is not approved or not there (400 naming the field)', async () => {
      const c = await ready();
      const rect = { x: 0.1, y: 0.1, width: 0.2, height: 0.2 };
      expectFieldError(await addHotspot(c.id, { ...rect, x: 0.9, width: 0.2 }), 400, 'width');
      expectFieldError(await addHotspot(c.id, { ...rect, y: 0.85, height: 0.2 }), 400, 'height');
      expectFieldError(await addHotspot(c.id, { ...rect, width: 0 }), 400, 'width');
      expectFieldError(await addHotspot(c.id, { ...rect, height: 0.0000001 }), 400, 'height');
      expectFieldError(await addHotspot(c.id, { ...rect, x: 1.2 }), 400, 'x');
      expectFieldError(await addHotspot(c.id, { ...rect, y: -0.1 }), 400, 'y');
      expectFieldError(await addHotspot(c.id, rect, pending), 400, 'productId');
      expectFieldError(await addHotspot(c.id, rect, 999999), 400, 'productId');
      expectFieldError(await call('POST', `${PR}/createhotspot`, { campaignId: c.id, ...rect }), 400, 'productId');
      expect(ok(await addHotspot(999999, rect), 404)).toEqual({ status: 404, message: 'Campaign not found' });
      expect((await read(c.id)).hotspotCount).toBe(1);
    });

    it('move, resize, relink and relabel with PATCH, the rectangle checked as a whole; delete answers the hotspot', async () => {
      const c = await ready();
      const url = `${V2}/${c.id}/hotspots/${c.hotspot.id}`;
      expect(ok<Hotspot>(await call('PATCH', url, { x: 0.5, y: 0.6 }))).toMatchObject({
        x: 0.5,
        y: 0.6,
        width: 0.3,
        height: 0.25,
      });
      expect(ok<Hotspot>(await call('PATCH', url, { width: 0.5, height: 0.4 }))).toMatchObject({
        x: 0.5,
        y: 0.6,
        width: 0.5,
        height: 0.4,
      });
      // 0.5 + 0.5 = 1 is the right edge exactly; a move further right would leave the image.
      expectFieldError(await call('PATCH', url, { x: 0.6 }), 400, 'width');
      expectFieldError(await call('PATCH', url, { height: 0.5 }), 400, 'height');
      expectFieldError(await call('PATCH', url, { productId: pending }), 400, 'productId');
      expect(ok<Hotspot>(await call('PATCH', url, { productId: approved[2], label: 'Pendant' }))).toMatchObject({
        productId: approved[2],
        label: 'Pendant',
        product: { id: approved[2] },
      });
      expectFieldError(await call('PATCH', url, {}), 400, 'body');
      const other = await ready();
      expect(ok(await call('PATCH', `${V2}/${other.id}/hotspots/${c.hotspot.id}`, { x: 0 }), 404)).toEqual({
        status: 404,
        message: 'Hotspot not found',
      });
      expect(ok(await call('DELETE', `${V2}/${other.id}/hotspots/${c.hotspot.id}`), 404)).toEqual({
        status: 404,
        message: 'Hotspot not found',
      });
      expect(ok<Hotspot>(await call('DELETE', url))).toMatchObject({ id: c.hotspot.id, x: 0.5, width: 0.5 });
      expect((await read(c.id)).hotspots).toEqual([]);
      expect(await auditOf('campaign_hotspot', c.hotspot.id)).toEqual([
        'create',
        'update',
        'update',
        'update',
        'delete',
      ]);
    });

    it('keep six decimals and an edge at exactly 1', async () => {
      const c = await ready();
      const h = ok<{ data: Hotspot }>(
        await addHotspot(c.id, { x: 1 / 3, y: 0.1234564, width: 2 / 3, height: 0.5 }),
      ).data;
      expect(h).toMatchObject({ x: 0.333333, y: 0.123456, width: 0.666667, height: 0.5 });
      const [row] = await t.app.db.select().from(campaignHotspots).where(eq(campaignHotspots.id, h.id));
      expect(Number(row.x) + Number(row.width)).toBeCloseTo(1, 9);
    });
  });

  describe('status: draft → active → closed', () => {
    it('activates a draft with its image and a hotspot, and only then', async () => {
      const c = await create();
      expectFieldError(await call('POST', `${V2}/${c.id}/activate`, { version: 1 }), 409, 'imageUrl');
      ok(await upload(c.id, 1));
      expectFieldError(await call('POST', `${V2}/${c.id}/activate`, { version: 2 }), 409, 'hotspots');
      ok(await addHotspot(c.id, { x: 0, y: 0, width: 1, height: 1 }));
      expectFieldError(await call('POST', `${V2}/${c.id}/activate`, { version: 1 }), 409, 'version');
      expect(ok<Campaign>(await call('POST', `${V2}/${c.id}/activate`, { version: 2 }))).toMatchObject({
        status: 'active',
        version: 3,
      });
      expectConflict(await call('POST', `${V2}/${c.id}/activate`, { version: 3 }), /already active/);
      expect(await auditOf('campaign', c.id)).toEqual(['create', 'image', 'activate']);
    });

    it('does not activate a campaign whose window has ended', async () => {
      const c = await ready({ startsAt: iso(Date.now() - 10 * DAY), endsAt: iso(Date.now() - DAY), timezone: 'UTC' });
      expectFieldError(await call('POST', `${V2}/${c.id}/activate`, { version: c.version }), 409, 'endsAt');
      expect((await read(c.id)).status).toBe('draft');
    });

    it('keeps at least one hotspot on an active campaign', async () => {
      const c = await ready();
      ok(await call('POST', `${V2}/${c.id}/activate`, { version: c.version }));
      expectConflict(await call('DELETE', `${V2}/${c.id}/hotspots/${c.hotspot.id}`), /at least one hotspot/);
      const second = ok<{ data: Hotspot }>(await addHotspot(c.id, { x: 0.5, y: 0.5, width: 0.1, height: 0.1 })).data;
      ok(await call('DELETE', `${V2}/${c.id}/hotspots/${c.hotspot.id}`));
      expect((await read(c.id)).hotspots.map((h) => h.id)).toEqual([second.id]);
    });

    it('closing is final: every change is refused with 409 and nothing changes', async () => {
      const c = await ready();
      const activated = ok<Campaign>(await call('POST', `${V2}/${c.id}/activate`, { version: c.version }));
      const closed = ok<{ message: string; data: Campaign }>(
        await call('POST', `${PR}/closecampaign`, { id: c.id, version: activated.version }),
      );
      expect(closed.message).toBe('Campaign closed.');
      expect(closed.data).toMatchObject({ status: 'closed', version: activated.version + 1 });
      expect(closed.data.hotspots).toHaveLength(1);
      const v = closed.data.version;
      const attempts = [
        await call('POST', `${PR}/closecampaign`, { id: c.id, version: v }),
        await call('POST', `${V2}/${c.id}/activate`, { version: v }),
        await call('POST', `${PR}/setdatecampaign`, { id: c.id, version: v, endsAt: null }),
        await call('PATCH', `${V2}/${c.id}`, { version: v, name: 'Reopened?' }),
        await upload(c.id, v),
        await addHotspot(c.id, { x: 0.5, y: 0.5, width: 0.1, height: 0.1 }),
        await call('PATCH', `${V2}/${c.id}/hotspots/${c.hotspot.id}`, { x: 0.5 }),
        await call('DELETE', `${V2}/${c.id}/hotspots/${c.hotspot.id}`),
      ];
      for (const res of attempts) expectConflict(res, /closed/);
      expect(await read(c.id)).toEqual(closed.data);
      expect(await auditOf('campaign', c.id)).toEqual(['create', 'image', 'activate', 'close']);
      expect(ok(await call('GET', `${PR}/widgethotspot?id=${c.id}`), 404)).toEqual({
        status: 404,
        message: 'Campaign not found',
      });
    });

    it('a close and a hotspot drawn at once: the hotspot lands before the close or is refused after it', async () => {
      const c = await ready();
      const [closing, drawing] = await Promise.all([
        call('POST', `${PR}/closecampaign`, { id: c.id, version: c.version }),
        addHotspot(c.id, { x: 0.6, y: 0.6, width: 0.1, height: 0.1 }),
      ]);
      expect(closing.statusCode).toBe(200);
      const after = await read(c.id);
      expect(after.status).toBe('closed');
      expect(after.hotspotCount).toBe(drawing.statusCode === 200 ? 2 : 1);
      if (drawing.statusCode !== 200) expectConflict(drawing, /closed/);
    });
  });

  describe('the storefront widget', () => {
    it('answers a live campaign: image with its size, hotspots with product and link; products no longer approved are left out', async () => {
      const c = await ready();
      const extra = ok<{ data: Hotspot }>(
        await addHotspot(c.id, { x: 0.6, y: 0.6, width: 0.2, height: 0.2, label: 'Fan' }, approved[1]),
      ).data;
      const live = ok<Campaign>(await call('POST', `${V2}/${c.id}/activate`, { version: c.version }));
      const { data } = ok<{ data: any }>(await call('GET', `${PR}/widgethotspot?id=${c.id}`));
      expect(data).toMatchObject({
        id: c.id,
        imageUrl: live.imageUrl,
        imageWidth: 1200,
        imageHeight: 800,
        startsAt: live.startsAt,
        endsAt: live.endsAt,
        live: true,
      });
      const [p1] = await t.app.db.select().from(products).where(eq(products.id, approved[1]));
      expect(data.hotspots[1]).toEqual({
        id: extra.id,
        x: 0.6,
        y: 0.6,
        width: 0.2,
        height: 0.2,
        label: 'Fan',
        product: {
          id: p1.id,
          name: p1.name,
          price: Number(p1.price),
          compareAtPrice: p1.compareAtPrice === null ? null : Number(p1.compareAtPrice),
          imageUrl: p1.imageUrl,
          link: `/products/${p1.id}`,
        },
      });
      await t.app.db.update(products).set({ approvalStatus: 'pending' }).where(eq(products.id, approved[1]));
      try {
        const again = ok<{ data: any }>(await call('GET', `${PR}/widgethotspot?id=${c.id}`)).data;
        expect(again.hotspots.map((h: { id: number }) => h.id)).toEqual([c.hotspot.id]);
        // The editor still sees it, marked.
        expect((await read(c.id)).hotspots.find((h) => h.id === extra.id)?.product.approved).toBe(false);
      } finally {
        await t.app.db.update(products).set({ approvalStatus: 'approved' }).where(eq(products.id, approved[1]));
      }
    });

    it('is not there (404) for a draft or a campaign outside its window; the preview answers them with live false', async () => {
      const draft = await ready();
      expect(ok(await call('GET', `${PR}/widgethotspot?id=${draft.id}`), 404)).toEqual({
        status: 404,
        message: 'Campaign not found',
      });
      expect(
        ok<{ data: any }>(await call('GET', `${PR}/widgethotspot?id=${draft.id}&preview=true`)).data,
      ).toMatchObject({ id: draft.id, live: false, hotspots: [{ id: draft.hotspot.id }] });

      const later = await ready({ startsAt: iso(Date.now() + 5 * DAY), endsAt: null, timezone: 'Asia/Bangkok' });
      ok(await call('POST', `${V2}/${later.id}/activate`, { version: later.version }));
      expect(ok(await call('GET', `${PR}/widgethotspot?id=${later.id}`), 404)).toEqual({
        status: 404,
        message: 'Campaign not found',
      });
      expect(ok<{ data: any }>(await call('GET', `${PR}/widgethotspot?id=${later.id}&preview=true`)).data.live).toBe(
        false,
      );

      const bare = await create();
      expectFieldError(await call('GET', `${PR}/widgethotspot?id=${bare.id}&preview=true`), 409, 'imageUrl');
      expect(ok(await call('GET', `${PR}/widgethotspot?id=999999&preview=true`), 404)).toEqual({
        status: 404,
        message: 'Campaign not found',
      });
    });
  });

  describe('the list', () => {
    it('pages, searches by name, filters by status and counts hotspots; the total in x-total-count', async () => {
      const a = await ready();
      ok(await call('PATCH', `${V2}/${a.id}`, { version: a.version, name: 'Zebra-stripe tiles' }));
      const b = await create('zebra-stripe lamps');
      const found = await call('GET', `${V2}?q=ZEBRA-stripe&_sort=name&_order=asc`);
      expect(found.headers['x-total-count']).toBe('2');
      expect(ok<Campaign[]>(found).map((c) => [c.name, c.hotspotCount])).toEqual([
        ['zebra-stripe lamps', 0],
        ['Zebra-stripe tiles', 1],
      ]);

      const all = await call('GET', `${V2}?_start=0&_end=2`);
      const [{ n }] = await t.app.db.select({ n: count() }).from(campaigns);
      expect(all.headers['x-total-count']).toBe(String(n));
      // Newest first unless sorted.
      expect(ok<Campaign[]>(all).map((c) => c.id)).toEqual([b.id, a.id]);

      const closed = ok<Campaign[]>(await call('GET', `${V2}?status=closed`));
      const [{ n: closedCount }] = await t.app.db
        .select({ n: count() })
        .from(campaigns)
        .where(eq(campaigns.status, 'closed'));
      expect(closed.length).toBe(closedCount);
      expect(closed.every((c) => c.status === 'closed')).toBe(true);
      const drafts = ok<Campaign[]>(await call('GET', `${V2}?status=draft&status=active&q=zebra`));
      expect(drafts.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());

      expectFieldError(await call('GET', `${V2}?shopId=1`), 400, 'shopId');
      expectFieldError(await call('GET', `${V2}?status=open`), 400, 'status.0');
      expectFieldError(await call('GET', `${V2}?_start=0&_end=101`), 400, '_end');
      expectFieldError(await call('GET', `${V2}?_order=desc`), 400, '_order');
      expect(ok(await call('GET', `${V2}/999999`), 404)).toEqual({ status: 404, message: 'Campaign not found' });
    });
  });

  describe('access', () => {
    it("is the admin's only: the editor and suppliers get 403 on reads and writes, and nothing changes", async () => {
      const c = await ready();
      for (const user of ['editor', 'supplier1']) {
        for (const [method, url, payload] of [
          ['GET', V2],
          ['GET', `${V2}/${c.id}`],
          ['GET', `${PR}/widgethotspot?id=${c.id}&preview=true`],
          ['POST', `${PR}/createcampaign`, { name: 'Probe', ...liveWindow() }],
          ['POST', `${PR}/closecampaign`, { id: c.id, version: c.version }],
          ['PATCH', `${V2}/${c.id}/hotspots/${c.hotspot.id}`, { x: 0.5 }],
          ['DELETE', `${V2}/${c.id}/hotspots/${c.hotspot.id}`],
        ] as ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][]) {
          const res = await call(method, url, payload, user);
          expect(res.statusCode, `${user} ${method} ${url}`).toBe(403);
        }
      }
      expect(await read(c.id)).toMatchObject({
        status: 'draft',
        version: c.version,
        hotspots: [{ id: c.hotspot.id, x: 0.1 }],
      });
    });
  });

  describe('demo data', () => {
    it('has drawn campaigns in every status with hotspots on approved products', async () => {
      const demo = await t.app.db
        .select()
        .from(campaigns)
        .where(
          inArray(campaigns.name, [
            'Living room lighting makeover',
            'Cool down for the hot season',
            'Bathroom renewal week',
          ]),
        );
      expect(demo.map((c) => c.status).sort()).toEqual(['active', 'closed', 'draft']);
      for (const c of demo) {
        expect(existsSync(stored(c.imageUrl!)), c.name).toBe(true);
        expect([c.imageWidth, c.imageHeight]).toEqual([1200, 800]);
        const spots = await t.app.db
          .select({ x: campaignHotspots.x, width: campaignHotspots.width, status: products.approvalStatus })
          .from(campaignHotspots)
          .innerJoin(products, eq(products.id, campaignHotspots.productId))
          .where(eq(campaignHotspots.campaignId, c.id));
        expect(spots.length, c.name).toBeGreaterThanOrEqual(3);
        for (const s of spots) {
          expect(s.status).toBe('approved');
          expect(Number(s.x) + Number(s.width)).toBeLessThanOrEqual(1);
        }
      }
    });
  });
});
