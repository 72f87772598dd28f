import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { auditLog, outboxJobs, productPriceHistory, products, shops } from '../../server/src/db/schema.js';
import { multipartPayload, samples } from './product-files.js';

describe.each(dbKinds())('products (%s)', (kind) => {
  let t: TestApp;
  let lighting: number; // supplier1
  let coolair: number; // supplier2
  let own: typeof products.$inferSelect; // supplier1's approved product
  let foreign: typeof products.$inferSelect; // supplier2's
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    const s = await t.app.db.select().from(shops);
    lighting = s.find((x) => x.name === 'HomePro Lighting')!.id;
    coolair = s.find((x) => x.name === 'CoolAir Climate Solutions')!.id;
    [own] = await t.app.db
      .select()
      .from(products)
      .where(and(eq(products.shopId, lighting), eq(products.approvalStatus, 'approved'), eq(products.isNew, false)))
      .limit(1);
    [foreign] = await t.app.db.select().from(products).where(eq(products.shopId, coolair)).limit(1);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (user: string, url: string) => t.app.inject({ url, headers: await t.headers(user) });
  const post = async (user: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: await t.headers(user) });
  const upload = async (user: string, url: string, parts: Parameters<typeof multipartPayload>[0]) => {
    const { payload, headers } = await multipartPayload(parts);
    return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(await t.headers(user)) } });
  };
  const P = '/api/product';

  it('serves master data from tables', async () => {
    for (const name of [
      'masterproductlevel1',
      'masterbrand',
      'masterproductunit',
      'masterwarranty',
      'masterunitdimension',
      'masterweightunit',
      'mastervolumeunit',
      'mastercolor',
      'masterproductstatus',
      'mastershippingtype',
      'mastertisproduct',
      'masterfeedback',
    ]) {
      const res = await get('supplier1', `/api/masterdata/${name}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.json().items.length, name).toBeGreaterThan(1);
    }
    const brands = (await get('admin', '/api/masterdata/masterbrand?search=daik')).json();
    expect(brands.items.map((b: { name: string }) => b.name)).toEqual(['Daikin']);
    const l1 = (await get('admin', '/api/masterdata/masterproductlevel1')).json().items;
    const l2 = (await get('admin', `/api/masterdata/masterproductlevel2?level1Id=${l1[0].id}`)).json().items;
    expect(l2.length).toBeGreaterThan(1);
    expect(l2.every((x: { parentId: number }) => x.parentId === l1[0].id)).toBe(true);
    expect((await get('editor', '/api/masterdata/masterbrand')).statusCode).toBe(403);
    const edit = (await get('supplier1', `${P}/masterproductedit`)).json().data;
    expect(Object.keys(edit)).toContain('weightUnits');
    const filters = (await get('supplier1', `${P}/masterproduct`)).json().data;
    expect(filters.shops).toEqual([{ id: lighting, name: 'HomePro Lighting' }]);
  });

  it('lists with filters, scope and sorting; exports CSV of the filter', async () => {
    const all = (await get('admin', `${P}/productlist?limit=100`)).json();
    const [{ n }] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(all.total).toBe(n);
    const mine = (await get('supplier1', `${P}/productlist?limit=100`)).json();
    expect(mine.items.every((p: { shopId: number }) => p.shopId === lighting)).toBe(true);
    expect((await get('supplier1', `${P}/productlist?shopId=${coolair}`)).json()).toEqual({
      status: 404,
      message: 'Shop not found',
    });
    const pending = (
      await get('admin', `${P}/productlist?approvalStatus=pending&online=false&sort=price&order=asc&limit=100`)
    ).json();
    expect(pending.items.every((p: { approvalStatus: string }) => p.approvalStatus === 'pending')).toBe(true);
    const prices = pending.items.map((p: { price: number }) => p.price);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const daikin = (await get('admin', `${P}/productlist?search=daikin&limit=100`)).json();
    expect(daikin.total).toBeGreaterThan(0);
    const csv = await get('admin', `${P}/exportcsv?search=daikin`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(/^code,name,shop,brand/);
    expect(lines).toHaveLength(daikin.total + 1);
    expect((await get('supplier1', `${P}/exportcsv`)).body).not.toMatch(/CoolAir/);
    expect((await get('admin', `${P}/productlist?colour=red`)).statusCode).toBe(400);
  });

  it("answers 404 with no data for another shop's product, image and new product", async () => {
    for (const url of [
      `getproduct?id=${foreign.id}`,
      `imageproduct?id=${foreign.id}`,
      `getnewproduct?id=${foreign.id}`,
      `auditlog?id=${foreign.id}`,
      `getTis?id=${foreign.id}`,
    ]) {
      const res = await get('supplier1', `${P}/${url}`);
      expect(res.statusCode, url).toBe(404);
      expect(Object.keys(res.json()).sort()).toEqual(['message', 'status']);
    }
    const edit = await post('supplier1', `${P}/editproduct`, {
      id: foreign.id,
      version: foreign.version,
      name: 'Hijack',
    });
    expect(edit.statusCode).toBe(404);
    const up = await upload('supplier1', `${P}/uploadimageproduct`, [
      { name: 'id', value: String(foreign.id) },
      { name: 'file', file: samples.png(), filename: 'x.png' },
    ]);
    expect(up.statusCode).toBe(404);
    const [after] = await t.app.db.select().from(products).where(eq(products.id, foreign.id));
    expect(after.name).toBe(foreign.name);
    expect(after.imageUrl).toBe(foreign.imageUrl);
  });

  it('forbids suppliers approval, online and visibility', async () => {
    for (const [url, body] of [
      ['approveproduct', { id: own.id }],
      ['unapproveproduct', { id: own.id, reason: 'x' }],
      ['updateOpenOnline', { id: own.id }],
      ['updateCloseOnline', { id: own.id }],
      ['productonline', { ids: [own.id], online: true }],
      ['updatastatusvisible', { id: own.id, channel: 'web', visible: false }],
      ['syncproduct', { id: own.id }],
    ] as const) {
      expect((await post('supplier1', `${P}/${url}`, body)).statusCode, url).toBe(403);
    }
  });

  it('runs a new product through the state machine with media, and audits every step', async () => {
    const code = `HPL-N${kind.length}01`;
    expect((await get('supplier1', `${P}/searchproductcode?code=${code}&shopId=${lighting}`)).json().data).toEqual({
      exists: false,
      product: null,
    });
    const created = await post('supplier1', `${P}/createnewproduct`, {
      shopId: lighting,
      code,
      name: 'Philips LED Panel 60x60 40W',
      price: 1290,
    });
    expect(created.statusCode).toBe(200);
    const p = created.json().data;
    expect(p).toMatchObject({ approvalStatus: 'draft', isNew: true, online: false, version: 1 });
    expect(
      (await post('supplier1', `${P}/createnewproduct`, { shopId: lighting, code, name: 'Again', price: 1 }))
        .statusCode,
    ).toBe(409);
    expect(
      (await get('supplier1', `${P}/searchproductcode?code=${code.toLowerCase()}&shopId=${lighting}`)).json().data
        .exists,
    ).toBe(true);
    expect(
      (await post('supplier1', `${P}/createnewproduct`, { shopId: coolair, code: 'X1', name: 'x', price: 1 }))
        .statusCode,
    ).toBe(404);

    // Two images, reordered.
    const imgs = [];
    for (const rgb of [
      [1, 2, 3],
      [4, 5, 6],
    ] as [number, number, number][]) {
      const r = await upload('supplier1', `${P}/uploadimageproduct`, [
        { name: 'id', value: String(p.id) },
        { name: 'file', file: samples.png(rgb), filename: 'p.png' },
      ]);
      expect(r.statusCode, r.body).toBe(200);
      imgs.push(r.json().data);
    }
    const wrong = await upload('supplier1', `${P}/uploadimageproduct`, [
      { name: 'id', value: String(p.id) },
      { name: 'file', file: samples.pdf(), filename: 'p.png' },
    ]);
    expect(wrong.statusCode).toBe(415);
    const sorted = await post('supplier1', `${P}/sortimgnewproduct`, { id: p.id, imageIds: [imgs[1].id, imgs[0].id] });
    expect(sorted.json().data.map((m: { id: number }) => m.id)).toEqual([imgs[1].id, imgs[0].id]);
    expect((await post('supplier1', `${P}/sortimgnewproduct`, { id: p.id, imageIds: [imgs[1].id] })).statusCode).toBe(
      400,
    );
    expect((await get('supplier1', `${P}/getnewproduct?id=${p.id}`)).json().data.imageUrl).toBe(imgs[1].url);
    expect((await t.app.inject({ url: imgs[1].url })).statusCode).toBe(200);

    // Edit with version; stale version → 409.
    const e1 = await post('supplier1', `${P}/editnewproduct`, {
      id: p.id,
      version: 1,
      price: 1190,
      description: 'Slim panel',
    });
    expect(e1.json().data).toMatchObject({ price: 1190, version: 2 });
    expect((await post('supplier1', `${P}/editnewproduct`, { id: p.id, version: 1, name: 'Stale' })).statusCode).toBe(
      409,
    );
    expect(
      (await post('supplier1', `${P}/editnewproduct`, { id: p.id, version: 2, brandId: 999999 })).json().errors[0]
        .field,
    ).toBe('brandId');

    // Illegal transitions from draft.
    expect((await post('admin', `${P}/approveproduct`, { id: p.id })).statusCode).toBe(409);
    expect((await post('admin', `${P}/updateOpenOnline`, { id: p.id })).statusCode).toBe(409);
    expect((await post('admin', `${P}/unapproveproduct`, { id: p.id, reason: 'no' })).statusCode).toBe(409);
    expect((await post('supplier1', `${P}/synctopurchase`, { id: p.id })).statusCode).toBe(409);

    // draft → pending → rejected → resubmitted → approved → online → closed.
    expect((await post('supplier1', `${P}/submitproduct`, { id: p.id })).json().data.approvalStatus).toBe('pending');
    expect((await post('supplier1', `${P}/submitproduct`, { id: p.id })).statusCode).toBe(409);
    const queue = (await get('admin', `${P}/productapprovelist?limit=100`)).json();
    expect(queue.items.some((x: { id: number }) => x.id === p.id)).toBe(true);
    expect(
      queue.items.every((x: { approvalStatus: string }) => ['pending', 'resubmitted'].includes(x.approvalStatus)),
    ).toBe(true);
    // By submitted date: oldest first by default (the product just submitted is last), newest first on request.
    const submitted = (items: { submittedAt: string }[]) => items.map((x) => x.submittedAt);
    expect(submitted(queue.items)).toEqual([...submitted(queue.items)].sort());
    expect(queue.items.at(-1).id).toBe(p.id);
    const newest = (await get('admin', `${P}/productapprovelist?limit=100&sort=submittedAt&order=desc`)).json();
    expect(newest.items[0].id).toBe(p.id);
    expect(submitted(newest.items)).toEqual([...submitted(newest.items)].sort().reverse());
    const badSort = await get('admin', `${P}/productapprovelist?sort=name`);
    expect(badSort.statusCode).toBe(400);
    expect((await post('admin', `${P}/unapproveproduct`, { id: p.id, reason: '  ' })).statusCode).toBe(400);
    const rej = await post('admin', `${P}/unapproveproduct`, { id: p.id, reason: 'Add a photo of the back label.' });
    expect(rej.json().data).toMatchObject({
      approvalStatus: 'rejected',
      rejectReason: 'Add a photo of the back label.',
    });
    expect((await get('supplier1', `${P}/getnewproduct?id=${p.id}`)).json().data.rejectReason).toBe(
      'Add a photo of the back label.',
    );
    expect((await post('admin', `${P}/approveproduct`, { id: p.id })).statusCode).toBe(409);
    expect((await post('supplier1', `${P}/submitproduct`, { id: p.id })).json().data.approvalStatus).toBe(
      'resubmitted',
    );
    const ok = await post('admin', `${P}/approveproduct`, { id: p.id });
    expect(ok.json().data).toMatchObject({ approvalStatus: 'approved', rejectReason: null });
    expect((await post('supplier1', `${P}/submitproduct`, { id: p.id })).statusCode).toBe(409);
    expect(
      (await post('supplier1', `${P}/editnewproduct`, { id: p.id, version: ok.json().data.version, price: 5 }))
        .statusCode,
    ).toBe(409);
    expect((await post('admin', `${P}/updateCloseOnline`, { id: p.id })).statusCode).toBe(409);
    expect((await post('admin', `${P}/updateOpenOnline`, { id: p.id })).json().data.online).toBe(true);
    expect((await post('admin', `${P}/updateOpenOnline`, { id: p.id })).statusCode).toBe(409);
    const mine = (await get('supplier1', `${P}/productlist?approvalStatus=approved&online=true&limit=100`)).json();
    expect(mine.items.some((x: { id: number }) => x.id === p.id)).toBe(true);
    expect((await post('admin', `${P}/updateCloseOnline`, { id: p.id })).json().data.online).toBe(false);

    // Sync to purchasing: an outbox row, queued.
    const job = (await post('supplier1', `${P}/synctopurchase`, { id: p.id })).json().data;
    expect(job).toMatchObject({ kind: 'product.sync_to_purchase', status: 'queued', entityId: p.id });
    const [row] = await t.app.db.select().from(outboxJobs).where(eq(outboxJobs.id, job.id));
    expect(row.status).toBe('queued');
    expect((await get('supplier1', `${P}/jobs?id=${p.id}`)).json().items[0].id).toBe(job.id);

    // Audit trail of every step, readable on the product page.
    const log = (await get('supplier1', `${P}/auditlog?id=${p.id}&limit=100`)).json();
    expect(log.items.map((a: { action: string }) => a.action).reverse()).toEqual([
      'create',
      'add_image',
      'add_image',
      'sort_images',
      'edit',
      'submit',
      'reject',
      'submit',
      'approve',
      'open_online',
      'close_online',
      'queue_synctopurchase',
    ]);
    const approve = log.items.find((a: { action: string }) => a.action === 'approve');
    expect(approve).toMatchObject({
      actorName: 'Somchai Wattanakul',
      before: { approvalStatus: 'resubmitted' },
      after: { approvalStatus: 'approved' },
    });

    // New-product report and its CSV.
    const report = (
      await get('admin', `${P}/newproductlist?shopId=${lighting}&dateFrom=2026-11-01&dateTo=2099-12-31&limit=100`)
    ).json();
    expect(report.items.some((x: { id: number }) => x.id === p.id)).toBe(true);
    expect(report.items.every((x: { isNew: boolean }) => x.isNew)).toBe(true);
    const csv = (
      await get('admin', `${P}/exportnewproductcsv?shopId=${lighting}&dateFrom=2026-11-01&dateTo=2099-12-31`)
    ).body;
    expect(csv).toContain(code);

    // Delete an image: the row and the file go.
    const del = await post('supplier1', `${P}/deleteimgnewproduct`, { id: p.id, imageId: imgs[1].id });
    expect(del.json().data.map((m: { id: number }) => m.id)).toEqual([imgs[0].id]);
    expect((await t.app.inject({ url: imgs[1].url })).statusCode).toBe(404);
    expect((await post('supplier1', `${P}/deleteimgnewproduct`, { id: p.id, imageId: imgs[1].id })).statusCode).toBe(
      404,
    );
  });

  it('lets exactly one of two concurrent approvals win', async () => {
    const [p] = await t.app.db.select().from(products).where(eq(products.approvalStatus, 'pending')).limit(1);
    const [a, b] = await Promise.all([
      post('admin', `${P}/approveproduct`, { id: p.id }),
      post('admin', `${P}/approveproduct`, { id: p.id }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, p.id), eq(auditLog.action, 'approve')));
    expect(audits).toHaveLength(1);
  });

  it('bulk online is all or nothing', async () => {
    const rows = await t.app.db.select().from(products).where(eq(products.shopId, coolair));
    const approvedOff = rows.filter((r) => r.approvalStatus === 'approved' && !r.online).slice(0, 2);
    const draft = rows.find((r) => r.approvalStatus === 'draft' || r.approvalStatus === 'pending')!;
    const bad = await post('admin', `${P}/productonline`, {
      ids: [...approvedOff.map((r) => r.id), draft.id],
      online: true,
    });
    expect(bad.statusCode).toBe(409);
    expect(bad.json().message).toContain(draft.code);
    const still = await t.app.db.select().from(products).where(eq(products.id, approvedOff[0].id));
    expect(still[0].online).toBe(false);
    const good = await post('admin', `${P}/productonline`, { ids: approvedOff.map((r) => r.id), online: true });
    expect(good.json().data.changed.sort()).toEqual(approvedOff.map((r) => r.id).sort());
  });

  it('sets and clears the regular price shown struck through, which stays above the price', async () => {
    const [p] = await t.app.db.select().from(products).where(eq(products.shopId, coolair)).limit(1);
    const price = Number(p.price);
    const below = await post('supplier2', `${P}/changeprice`, { id: p.id, price, compareAtPrice: price });
    expect(below.statusCode).toBe(400);
    expect(below.json().errors[0].field).toBe('compareAtPrice');
    const set = await post('supplier2', `${P}/changeprice`, { id: p.id, price, compareAtPrice: price + 100 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ price, compareAtPrice: price + 100 });
    // A new price at or above the kept regular price would show a discount that is not one.
    const over = await post('supplier2', `${P}/changeprice`, { id: p.id, price: price + 100 });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].field).toBe('compareAtPrice');
    const cleared = await post('supplier2', `${P}/changeprice`, { id: p.id, price, compareAtPrice: null });
    expect(cleared.json().data.compareAtPrice).toBeNull();
    expect((await post('supplier2', `${P}/changeprice`, { id: p.id, price, compareAtPrice: null })).statusCode).toBe(
      409,
    );
  });

  it('changes price with history, tags, YouTube, attributes, key highlights, shipping, visibility', async () => {
    const cp = await post('supplier1', `${P}/changeprice`, { id: own.id, price: 199, reason: 'Cost change' });
    expect(cp.json().data.price).toBe(199);
    const hist = await t.app.db.select().from(productPriceHistory).where(eq(productPriceHistory.productId, own.id));
    expect(hist.some((h) => Number(h.newPrice) === 199 && Number(h.oldPrice) === Number(own.price))).toBe(true);
    expect((await get('supplier1', `${P}/pricehistory?id=${own.id}`)).json().items[0]).toMatchObject({
      newPrice: 199,
      reason: 'Cost change',
    });
    expect(
      (await post('supplier1', `${P}/changetagsearch`, { id: own.id, tags: ['LED', 'led', ' bulb '] })).json().data
        .tags,
    ).toEqual(['led', 'bulb']);
    expect((await get('supplier1', `${P}/gettagsearchproduct?id=${own.id}`)).json().data.tags).toEqual(['led', 'bulb']);
    expect(
      (await post('supplier1', `${P}/setlinkyoutubeproduct`, { id: own.id, url: 'https://evil.example/x' })).statusCode,
    ).toBe(400);
    const yt = await post('supplier1', `${P}/setlinkyoutubeproduct`, {
      id: own.id,
      url: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(yt.json().data.youtubeId).toBe('dQw4w9WgXcQ');
    expect((await get('supplier1', `${P}/getlinkyoutubeproduct?id=${own.id}`)).json().data.youtubeUrl).toBe(
      'https://youtu.be/dQw4w9WgXcQ',
    );
    const feats = (await get('supplier1', `${P}/getfeatureattribute`)).json().items;
    const material = feats.find((f: { name: string }) => f.name === 'Material');
    const set = await post('supplier1', `${P}/updatestatusattribute`, {
      id: own.id,
      attributeId: material.id,
      itemId: material.items[1].id,
      status: true,
    });
    expect(
      set
        .json()
        .data.items.some(
          (a: { attributeId: number; itemName: string }) =>
            a.attributeId === material.id && a.itemName === material.items[1].name,
        ),
    ).toBe(true);
    expect((await get('supplier1', `${P}/getdatatableattribute?id=${own.id}`)).json().items.length).toBeGreaterThan(0);
    expect(
      (
        await post('supplier1', `${P}/updatestatusattribute`, {
          id: own.id,
          attributeId: material.id,
          itemId: feats[0].items[0].id,
          status: true,
        })
      ).statusCode,
    ).toBe(400);
    const kh = await post('supplier1', `${P}/generatekeyhighlight`, { id: own.id, save: true });
    expect(kh.json().data.keyHighlights.join(' ')).toContain(`Material: ${material.items[1].name}`);
    expect((await get('supplier1', `${P}/getproduct?id=${own.id}`)).json().data.keyHighlights).toEqual(
      kh.json().data.keyHighlights,
    );
    const ship = (await get('supplier1', `${P}/getconfigshipping?id=${own.id}`)).json().data;
    expect(ship.shippingType).not.toBeNull();
    expect(ship.volumetricWeightKg).toBeGreaterThan(0);
    expect((await get('admin', `${P}/getmasterdatavisible`)).json().items.map((c: { code: string }) => c.code)).toEqual(
      ['web', 'app', 'line', 'branch'],
    );
    // The demo seed hides some products in some channels: only the line channel may change.
    const shown = (await get('admin', `${P}/getDatavisible?search=${encodeURIComponent(own.code)}&limit=100`))
      .json()
      .items.find((x: { id: number }) => x.id === own.id).visible;
    const v = await post('admin', `${P}/updatastatusvisible`, { id: own.id, channel: 'line', visible: false });
    expect(v.json().data.visible).toEqual({ ...shown, line: false });
    const hidden = (await get('admin', `${P}/getDatavisible?channel=line&limit=100`)).json();
    expect(hidden.items.some((x: { id: number }) => x.id === own.id)).toBe(true);
    expect((await get('admin', `${P}/getfilspacailfeature`)).json().data.channels).toHaveLength(4);
  });

  it('stores media, TIS certificates (queued), image edit log, rooms', async () => {
    const vid = await upload('supplier1', `${P}/uploadvideo`, [
      { name: 'id', value: String(own.id) },
      { name: 'file', file: samples.mp4(), filename: 'demo.mp4' },
    ]);
    expect(vid.json().data).toMatchObject({ kind: 'video', mime: 'video/mp4' });
    expect(
      (
        await upload('supplier1', `${P}/uploadvideo`, [
          { name: 'id', value: String(own.id) },
          { name: 'file', file: samples.png(), filename: 'demo.mp4' },
        ])
      ).statusCode,
    ).toBe(415);
    expect((await get('supplier1', `${P}/listvideo?id=${own.id}`)).json().total).toBe(1);
    expect((await post('supplier1', `${P}/deletevideo`, { id: own.id, videoId: vid.json().data.id })).statusCode).toBe(
      200,
    );
    const au = await upload('supplier1', `${P}/saveaudio`, [
      { name: 'id', value: String(own.id) },
      { name: 'file', file: samples.mp3(), filename: 'a.mp3' },
    ]);
    expect(au.json().data.kind).toBe('audio');
    expect((await get('supplier1', `${P}/getaudiolist?id=${own.id}`)).json().total).toBe(1);
    expect((await post('supplier1', `${P}/deleteaudio`, { id: own.id, audioId: au.json().data.id })).statusCode).toBe(
      200,
    );

    const tis = (await get('supplier1', '/api/masterdata/mastertisproduct')).json().items[0];
    const sent = await upload('supplier1', `${P}/senttis`, [
      { name: 'id', value: String(own.id) },
      { name: 'tisId', value: String(tis.id) },
      { name: 'file', file: samples.pdf(), filename: 'cert.pdf' },
    ]);
    expect(sent.statusCode, sent.body).toBe(200);
    const { certificate, job } = sent.json().data;
    expect(job.status).toBe('queued');
    expect(certificate).toMatchObject({ tisCode: tis.code, status: 'queued', mime: 'application/pdf' });
    expect((await get('supplier1', `${P}/getTis?id=${own.id}`)).json().items[0].id).toBe(certificate.id);
    expect((await get('supplier1', `${P}/getImageTis?id=${certificate.id}`)).json().data.url).toBe(certificate.url);
    expect((await get('supplier2', `${P}/getImageTis?id=${certificate.id}`)).statusCode).toBe(404);
    expect((await post('supplier2', `${P}/deleteTis`, { id: certificate.id })).statusCode).toBe(404);
    expect((await post('supplier1', `${P}/deleteTis`, { id: certificate.id })).statusCode).toBe(200);

    const st = await post('admin', `${P}/insertStatusEditImage`, {
      id: own.id,
      status: 'requested',
      note: 'Remove background',
    });
    expect(st.json().data.imageEditStatus).toBe('requested');
    await post('admin', `${P}/insertLogEditimage`, { id: own.id, action: 'retouch', note: 'Colour balance' });
    const log = (await get('supplier1', `${P}/getEditImgaePgage?id=${own.id}`)).json();
    expect(log.items.map((l: { action: string }) => l.action)).toEqual(['retouch', 'status']);
    const paths = (await get('supplier1', `${P}/pathimageproduct?id=${own.id}`)).json().data;
    expect(paths).toMatchObject({ productId: own.id, coverUrl: own.imageUrl });
    expect(paths.paths[0]).toBe(own.imageUrl);

    const rooms = (await get('supplier2', `${P}/masterrooms`)).json().items;
    const sizes = (await get('supplier2', `${P}/mastersize`)).json().items;
    const placed = await post('supplier2', `${P}/createproductroom`, {
      id: foreign.id,
      roomId: rooms[4].id,
      sizeId: sizes[0].id,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(
      (await post('supplier2', `${P}/createproductroom`, { id: foreign.id, roomId: rooms[4].id, sizeId: sizes[0].id }))
        .statusCode,
    ).toBe(409);
    expect(
      (await get('supplier2', `${P}/ditailproducttile?id=${foreign.id}`))
        .json()
        .data.rooms.some((r: { id: number }) => r.id === placed.json().data.id),
    ).toBe(true);
    expect((await get('supplier2', `${P}/listproductvirtualroom?id=${foreign.id}`)).json().total).toBeGreaterThan(0);
    expect((await post('supplier1', `${P}/deleteproductroom`, { id: placed.json().data.id })).statusCode).toBe(404);
    expect((await post('supplier2', `${P}/deleteproductroom`, { id: placed.json().data.id })).statusCode).toBe(200);
  });

  it('queues syncs and GP requests in the outbox, never done', async () => {
    for (const name of ['syncproduct', 'syncchangeproduct', 'gpproductsync']) {
      const r = await post('admin', `${P}/${name}`, { id: own.id });
      expect(r.json().data.status, name).toBe('queued');
    }
    const gp = (await get('admin', `${P}/searchgp?search=GP`)).json();
    expect(gp.total).toBeGreaterThan(0);
    const withoutGp = await t.app.db.execute(
      sql`select p.id from products p where p.approval_status = 'approved' and not exists (select 1 from gp_items g where g.product_id = p.id) limit 1`,
    );
    const pid = Number(((withoutGp as unknown as { rows: { id: number }[] }).rows ?? withoutGp)[0].id);
    const c = await post('admin', `${P}/creategp`, { id: pid });
    expect(c.json().data).toMatchObject({
      item: { status: 'queued' },
      job: { status: 'queued', kind: 'product.create_gp_item' },
    });
    expect((await post('admin', `${P}/creategp`, { id: pid })).statusCode).toBe(409);
    const pos = (await get('admin', `${P}/getgppos?id=${gp.items[0].productId}`)).json();
    expect(pos).toHaveProperty('items');
    const jobs = await t.app.db
      .select()
      .from(outboxJobs)
      .where(sql`${outboxJobs.topic} like 'product.%'`);
    expect(jobs.every((j) => j.status === 'queued')).toBe(true);
  });

  it('manages install rates and the attribute master', async () => {
    const rates = (await get('admin', `${P}/productinstallrate?status=active&limit=100`)).json();
    expect(rates.total).toBeGreaterThan(3);
    const r = rates.items[0];
    expect(
      (await post('admin', `${P}/setstatusinstallrate`, { id: r.id, status: 'inactive' })).json().data.status,
    ).toBe('inactive');
    expect((await post('admin', `${P}/setstatusinstallrate`, { id: r.id, status: 'inactive' })).statusCode).toBe(409);
    expect((await get('supplier1', `${P}/productinstallrate`)).statusCode).toBe(403);

    const M = '/api/masterdata';
    const c = await post('admin', `${M}/createattribute`, { name: 'Plug type', items: ['Type A', 'Type C'] });
    const attr = c.json().data;
    expect(attr.items.map((i: { name: string }) => i.name)).toEqual(['Type A', 'Type C']);
    expect((await post('admin', `${M}/createattribute`, { name: 'plug TYPE' })).statusCode).toBe(409);
    const e = await post('admin', `${M}/editattribute`, {
      id: attr.id,
      name: 'Plug',
      items: [{ id: attr.items[1].id, name: 'Type C' }, { name: 'Type G' }, { id: attr.items[0].id, name: 'Type A' }],
    });
    expect(e.json().data.items.map((i: { name: string }) => i.name)).toEqual(['Type C', 'Type G', 'Type A']);
    expect((await post('admin', `${M}/attributestatus`, { id: attr.id, status: 'inactive' })).json().data.status).toBe(
      'inactive',
    );
    expect(
      (await get('admin', `${M}/masterattribute?status=inactive&limit=100`))
        .json()
        .items.some((a: { id: number }) => a.id === attr.id),
    ).toBe(true);
    expect((await post('admin', `${M}/deleteattributeitem`, { id: attr.items[0].id })).json().data.items).toHaveLength(
      2,
    );
    const icon = await upload('admin', `${M}/attributeicon`, [
      { name: 'id', value: String(attr.id) },
      { name: 'file', file: samples.png(), filename: 'i.png' },
    ]);
    expect(icon.json().data.iconUrl).toMatch(/^\/uploads\/image\//);
    expect((await post('supplier1', `${M}/createattribute`, { name: 'Nope' })).statusCode).toBe(403);
    expect((await post('admin', `${M}/deleteattribute`, { id: attr.id })).statusCode).toBe(200);
    expect((await post('admin', `${M}/deleteattribute`, { id: attr.id })).statusCode).toBe(404);
  });
});
