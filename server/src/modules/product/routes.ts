/**
 * /api/product/* — catalogue, approval, media, new products (contract: docs/api/products.md).
 * Access comes from the table of screens (contract/screens.ts); suppliers are scoped to their own shops (auth/shop-scope.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { requireUser } from '../../auth/guard.js';
import { closedObject, errorResponses, id, multipartDoc, pageQuery } from '../../lib/schemas.js';
import { intField, removeStored, withUpload } from '../../lib/uploads.js';
import { masterList } from '../masterdata/routes.js';
import { CHANNELS, PRODUCT_STATES } from '../../db/seed/products.js';
import * as svc from './service.js';
import * as x from './extras.js';


const any = { type: 'object', additionalProperties: true } as const;
const anyList = { type: 'object', properties: { items: { type: 'array', items: any }, total: { type: 'integer' }, maxpage: { type: 'integer' } }, required: ['items', 'total', 'maxpage'] } as const;
const one = { type: 'object', properties: { data: any }, required: ['data'] } as const;
const written = { type: 'object', properties: { status: { type: 'integer' }, message: { type: 'string' }, data: {} }, required: ['status', 'message'] } as const;

const nullableId = { type: ['integer', 'null'], minimum: 1 } as const;
const nullableNum = { type: ['number', 'null'], minimum: 0, maximum: 1e7 } as const;
const price = { type: 'number', exclusiveMinimum: 0, maximum: 1e9 } as const;
const bool = { type: 'boolean' } as const;
const text = (max: number, min = 0) => ({ type: 'string', minLength: min, maxLength: max } as const);
const date = { type: 'string', format: 'date' } as const;
const ids = { type: 'array', minItems: 1, maxItems: 500, uniqueItems: true, items: id } as const;

const listFilters = {
  search: text(200), shopId: id, brandId: id, level1Id: id, level2Id: id,
  approvalStatus: { type: 'string', enum: PRODUCT_STATES }, online: bool, isNew: bool,
  sort: { type: 'string', enum: ['createdAt', 'updatedAt', 'name', 'code', 'price'] }, order: { type: 'string', enum: ['asc', 'desc'] },
};
const newFilters = { search: text(200), shopId: id, approvalStatus: { type: 'string', enum: PRODUCT_STATES }, dateFrom: date, dateTo: date };

const editFields = {
  name: text(300, 1), description: { type: ['string', 'null'], maxLength: 10000 }, brandId: nullableId, level1Id: nullableId, level2Id: nullableId,
  unitId: nullableId, warrantyId: nullableId, colorId: nullableId, width: nullableNum, length: nullableNum, height: nullableNum,
  dimensionUnitId: nullableId, weight: nullableNum, weightUnitId: nullableId, volume: nullableNum, volumeUnitId: nullableId,
  shippingTypeId: nullableId, tisId: nullableId, keyHighlights: { type: 'array', maxItems: 10, items: text(200, 1) },
};

interface Def {
  summary: string; addition?: boolean;
  query?: Record<string, unknown>; body?: Record<string, unknown>; required?: string[]; multipart?: ReturnType<typeof multipartDoc>;
  response?: unknown;
}

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

// Sent as text/csv (the string goes out as-is); documented so every route has a 200 schema.
const csvResponse = { type: 'string', description: 'CSV with a header row (text/csv; charset=utf-8, attachment)' };

export async function productRoutes(app: FastifyInstance) {
  const { db } = app;
  const route = (method: 'GET' | 'POST', name: string, d: Def, handler: Handler) => {
    const schema: Record<string, unknown> = {
      tags: d.addition ? ['product', 'addition'] : ['product'], summary: d.addition ? `${d.summary} (addition)` : d.summary,
      response: { 200: d.response ?? (method === 'GET' ? anyList : written), ...errorResponses },
    };
    if (d.addition) schema['x-addition'] = true;
    if (method === 'GET') schema.querystring = closedObject(d.query ?? {}, d.required ?? []);
    else if (d.multipart) Object.assign(schema, d.multipart);
    else schema.body = closedObject(d.body ?? {}, d.required ?? []);
    app.route({ method, url: `/api/product/${name}`, schema, handler });
  };
  const q = <T>(req: FastifyRequest) => req.query as T;
  const b = <T>(req: FastifyRequest) => req.body as T;
  const u = requireUser;
  const ok = (message: string, data?: unknown) => (data === undefined ? { status: 200, message } : { status: 200, message, data });
  type IdQ = { id: number };
  type Page = { page: number; limit: number };

  // ---------- master data for the product screens ----------
  route('GET', 'masterproduct', { summary: 'Filter options of the product list', response: one }, async (req) => {
    const [brands, level1, level2, statuses] = await Promise.all(['brand', 'level1', 'level2', 'product_status'].map((t) => masterList(db, t)));
    return { data: { shops: await svc.visibleShops(db, u(req)), brands, level1, level2, statuses, channels: CHANNELS } };
  });
  route('GET', 'masterproductedit', { summary: 'Master data of the product edit form', response: one }, async () => {
    const types = ['brand', 'level1', 'level2', 'unit', 'warranty', 'unit_dimension', 'weight_unit', 'volume_unit', 'color', 'shipping_type', 'tis'];
    const [brands, level1, level2, units, warranties, unitDimensions, weightUnits, volumeUnits, colors, shippingTypes, tisProducts] =
      await Promise.all(types.map((t) => masterList(db, t)));
    return { data: { brands, level1, level2, units, warranties, unitDimensions, weightUnits, volumeUnits, colors, shippingTypes, tisProducts } };
  });

  // ---------- list, export, read, edit ----------
  route('GET', 'productlist', { summary: 'Products (admin: all shops; supplier: own shops)', query: { ...pageQuery, ...listFilters } },
    async (req) => svc.listProducts(db, u(req), q(req)));

  const csv = async (_req: FastifyRequest, reply: FastifyReply, filename: string, rows: svc.ProductSummary[]) => {
    const body = stringify(rows.map((r) => [r.code, r.name, r.shopName, r.brandName ?? '', r.level1Name ?? '', r.level2Name ?? '', r.price.toFixed(2),
      r.approvalStatus, r.rejectReason ?? '', r.online ? 'online' : 'closed', r.isNew ? 'yes' : 'no', r.createdAt, r.updatedAt]), {
      header: true,
      columns: ['code', 'name', 'shop', 'brand', 'category', 'subcategory', 'price', 'approval', 'reject_reason', 'online', 'new_product', 'created_at', 'updated_at'],
    });
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    // BOM so Excel reads Thai text as UTF-8.
    return `\uFEFF${body}`;
  };
  app.route({
    method: 'GET', url: '/api/product/exportcsv',
    schema: { tags: ['product', 'addition'], 'x-addition': true, summary: 'CSV of the product list with the same filters (addition)', querystring: closedObject(listFilters),
      response: { 200: csvResponse, ...errorResponses } } as never,
    handler: async (req, reply) => csv(req, reply, 'products.csv', await svc.exportRows(db, u(req), q(req))),
  });
  app.route({
    method: 'GET', url: '/api/product/exportnewproductcsv',
    schema: { tags: ['product', 'addition'], 'x-addition': true, summary: 'CSV of the new-product report (addition)', querystring: closedObject(newFilters),
      response: { 200: csvResponse, ...errorResponses } } as never,
    handler: async (req, reply) => csv(req, reply, 'new-products.csv', await svc.exportRows(db, u(req), { ...q<object>(req), isNew: true, sort: 'createdAt' })),
  });

  route('GET', 'getproduct', { summary: 'One product', query: { id }, required: ['id'], response: one },
    async (req) => ({ data: await svc.getProduct(db, u(req), q<IdQ>(req).id) }));
  route('POST', 'editproduct', { summary: 'Edit product content (version checked)', body: { id, version: id, ...editFields }, required: ['id', 'version'] },
    async (req) => ok('Product saved.', await svc.editProduct(db, u(req), b(req))));
  route('POST', 'changeprice', { summary: 'Change the price (kept in price history)', body: { id, price, reason: text(200) }, required: ['id', 'price'] },
    async (req) => { const { id: pid, price: p, reason } = b<{ id: number; price: number; reason?: string }>(req); return ok('Price changed.', await svc.changePrice(db, u(req), pid, p, reason)); });
  route('GET', 'pricehistory', { summary: "A product's price history", addition: true, query: { id, ...pageQuery }, required: ['id'] },
    async (req) => svc.priceHistory(db, u(req), q<IdQ>(req).id, q<Page>(req)));
  route('GET', 'auditlog', { summary: "A product's audit log, newest first", addition: true, query: { id, ...pageQuery }, required: ['id'] },
    async (req) => svc.auditTrail(db, u(req), q<IdQ>(req).id, q<Page>(req)));
  route('GET', 'getconfigshipping', { summary: 'Shipping configuration of a product', query: { id }, required: ['id'], response: one },
    async (req) => ({ data: await x.shippingConfig(db, u(req), q<IdQ>(req).id) }));

  // ---------- approval and online ----------
  route('POST', 'submitproduct', { summary: 'Submit for approval (draft → pending, rejected → resubmitted)', addition: true, body: { id }, required: ['id'] },
    async (req) => ok('Submitted for approval.', await svc.submitProduct(db, u(req), b<IdQ>(req).id)));
  route('GET', 'productapprovelist', {
    summary: 'Approval queue (default: pending and resubmitted, oldest first)',
    query: { ...pageQuery, search: text(200), shopId: id, status: { type: 'string', enum: ['pending', 'resubmitted', 'rejected', 'approved'] } },
  }, async (req) => {
    const { status, ...rest } = q<svc.ListQuery & { status?: svc.ApprovalStatus }>(req);
    return svc.listProducts(db, u(req), { ...rest, statuses: status ? [status] : ['pending', 'resubmitted'], sort: 'updatedAt', order: 'asc' });
  });
  app.route({
    method: 'POST', url: '/api/product/approveproduct',
    schema: {
      tags: ['product', 'addition'], 'x-addition': true, summary: 'Approve one product ({id}) or several at once ({ids}, all or nothing) (addition)',
      body: { type: 'object', additionalProperties: false, properties: { id, ids }, oneOf: [{ required: ['id'] }, { required: ['ids'] }] },
      response: { 200: written, ...errorResponses },
    },
    handler: async (req) => {
      const body = b<{ id?: number; ids?: number[] }>(req);
      if (body.ids) return ok(`${body.ids.length} product(s) approved.`, await svc.approveMany(db, u(req), body.ids));
      return ok('Product approved.', await svc.approveProduct(db, u(req), body.id!));
    },
  });
  route('POST', 'unapproveproduct', { summary: 'Reject with a reason', body: { id, reason: text(500, 1) }, required: ['id', 'reason'] },
    async (req) => ok('Product rejected.', await svc.unapproveProduct(db, u(req), b<IdQ>(req).id, b<{ reason: string }>(req).reason)));
  route('POST', 'updateOpenOnline', { summary: 'Put an approved product online', body: { id }, required: ['id'] },
    async (req) => ok('Product is online.', await svc.setOnline(db, u(req), b<IdQ>(req).id, true)));
  route('POST', 'updateCloseOnline', { summary: 'Close a product (take it offline)', body: { id }, required: ['id'] },
    async (req) => ok('Product closed.', await svc.setOnline(db, u(req), b<IdQ>(req).id, false)));
  route('POST', 'productonline', { summary: 'Bulk online / close (all or nothing)', body: { ids, online: bool }, required: ['ids', 'online'] },
    async (req) => { const { ids: list, online } = b<{ ids: number[]; online: boolean }>(req); return ok(online ? 'Products are online.' : 'Products closed.', await svc.setOnlineMany(db, u(req), list, online)); });

  // ---------- visibility ----------
  route('GET', 'getmasterdatavisible', { summary: 'Sales channels for visibility' }, async () => x.channels());
  route('GET', 'getDatavisible', {
    summary: 'Products with visibility per channel',
    query: { ...pageQuery, search: text(200), shopId: id, level1Id: id, channel: { type: 'string', enum: CHANNELS.map((c) => c.code) } },
  }, async (req) => x.visibilityList(db, u(req), q(req)));
  route('POST', 'updatastatusvisible', { summary: 'Show or hide a product in one channel', body: { id, channel: { type: 'string', enum: CHANNELS.map((c) => c.code) }, visible: bool }, required: ['id', 'channel', 'visible'] },
    async (req) => { const { id: pid, channel, visible } = b<{ id: number; channel: string; visible: boolean }>(req); return ok(visible ? 'Product shown.' : 'Product hidden.', await x.setVisible(db, u(req), pid, channel, visible)); });
  route('GET', 'getfilspacailfeature', { summary: 'Filter options of the visibility screen', response: one }, async (req) => {
    const [brands, level1] = await Promise.all([masterList(db, 'brand'), masterList(db, 'level1')]);
    return { data: { shops: await svc.visibleShops(db, u(req)), brands, level1, channels: CHANNELS } };
  });

  // ---------- outbox syncs ----------
  const sync = (name: 'syncproduct' | 'syncchangeproduct' | 'gpproductsync' | 'synctopurchase', summary: string) =>
    route('POST', name, { summary, body: { id }, required: ['id'] },
      async (req) => ok('Queued: the outside system will pick this up.', await svc.queueSync(db, u(req), b<IdQ>(req).id, name)));
  sync('syncproduct', 'Queue a full product sync to the storefront');
  sync('syncchangeproduct', 'Queue a sync of the changed fields');
  sync('gpproductsync', 'Queue a sync with GP (ERP)');
  sync('synctopurchase', 'Queue an approved new product for purchasing');
  route('GET', 'jobs', { summary: "A product's outbox jobs", addition: true, query: { id, ...pageQuery }, required: ['id'] },
    async (req) => svc.productJobs(db, u(req), q<IdQ>(req).id, q<Page>(req)));

  // ---------- media ----------
  const mediaWords = { image: 'a JPEG, PNG or WebP image (≤ 5 MB)', video: 'an MP4 video (≤ 100 MB)', audio: 'an MP3 or M4A file (≤ 20 MB)' };
  const uploadRoute = (name: string, kind: 'image' | 'video' | 'audio', summary: string, addition = false) =>
    route('POST', name, { summary, multipart: multipartDoc({ id: { ...id, description: 'product id' } }, ['id'], { description: mediaWords[kind] }), addition }, async (req) => {
      const data = await withUpload(req, { kinds: [kind] }, async ({ fields, file }) => x.addMedia(db, u(req), intField(fields, 'id'), kind, file));
      return ok(`${kind[0].toUpperCase()}${kind.slice(1)} uploaded.`, data);
    });
  uploadRoute('uploadimageproduct', 'image', 'Upload an image (multipart: id, file)', true);
  uploadRoute('uploadvideo', 'video', 'Upload a video (multipart: id, file)');
  uploadRoute('saveaudio', 'audio', 'Upload an audio file (multipart: id, file)');
  route('GET', 'imageproduct', { summary: "A product's images in order", query: { id }, required: ['id'] }, async (req) => x.mediaOf(db, u(req), q<IdQ>(req).id, 'image'));
  route('GET', 'listvideo', { summary: "A product's videos", query: { id }, required: ['id'] }, async (req) => x.mediaOf(db, u(req), q<IdQ>(req).id, 'video'));
  route('GET', 'getaudiolist', { summary: "A product's audio files", query: { id }, required: ['id'] }, async (req) => x.mediaOf(db, u(req), q<IdQ>(req).id, 'audio'));
  const removeMedia = async (req: FastifyRequest, kind: 'image' | 'video' | 'audio', mediaId: number) => {
    const r = await x.deleteMedia(db, u(req), b<IdQ>(req).id, kind, mediaId);
    // The file goes once its row is gone (deleting first could leave a row pointing at nothing).
    await removeStored(app.config.dataDir, r.removed.url);
    return r.items;
  };
  route('POST', 'deleteimageproduct', { summary: 'Delete an image', body: { id, imageId: id }, required: ['id', 'imageId'] },
    async (req) => ok('Image deleted.', await removeMedia(req, 'image', b<{ imageId: number }>(req).imageId)));
  route('POST', 'deletevideo', { summary: 'Delete a video', body: { id, videoId: id }, required: ['id', 'videoId'] },
    async (req) => ok('Video deleted.', await removeMedia(req, 'video', b<{ videoId: number }>(req).videoId)));
  route('POST', 'deleteaudio', { summary: 'Delete an audio file', body: { id, audioId: id }, required: ['id', 'audioId'] },
    async (req) => ok('Audio deleted.', await removeMedia(req, 'audio', b<{ audioId: number }>(req).audioId)));
  const sortBody = { id, imageIds: { type: 'array', maxItems: 20, uniqueItems: true, items: id } };
  route('POST', 'sortimageproduct', { summary: 'Reorder images (all image ids, new order)', body: sortBody, required: ['id', 'imageIds'] },
    async (req) => ok('Order saved.', await x.sortImages(db, u(req), b<IdQ>(req).id, b<{ imageIds: number[] }>(req).imageIds)));
  route('GET', 'pathimageproduct', { summary: 'Image paths of a product', query: { id }, required: ['id'], response: one },
    async (req) => ({ data: await x.imagePaths(db, u(req), q<IdQ>(req).id) }));
  route('GET', 'getEditImgaePgage', { summary: 'Image edit log', query: { id, ...pageQuery }, required: ['id'] },
    async (req) => x.imageEditLog(db, u(req), q<IdQ>(req).id, q<Page>(req)));
  route('POST', 'insertLogEditimage', { summary: 'Add an image edit log entry', body: { id, imageId: nullableId, action: text(50, 1), note: { type: ['string', 'null'], maxLength: 500 } }, required: ['id', 'action'] },
    async (req) => ok('Logged.', await x.logImageEdit(db, u(req), b(req))));
  route('POST', 'insertStatusEditImage', { summary: 'Set the image edit status', body: { id, status: { type: 'string', enum: ['none', 'requested', 'in_progress', 'done'] }, note: { type: ['string', 'null'], maxLength: 500 } }, required: ['id', 'status'] },
    async (req) => ok('Image edit status saved.', await x.setImageEditStatus(db, u(req), b(req))));
  route('POST', 'setlinkyoutubeproduct', { summary: 'Set or clear the YouTube link', body: { id, url: { type: ['string', 'null'], maxLength: 300 } }, required: ['id', 'url'] },
    async (req) => ok('YouTube link saved.', await x.setYoutube(db, u(req), b<IdQ>(req).id, b<{ url: string | null }>(req).url)));
  route('GET', 'getlinkyoutubeproduct', { summary: 'The YouTube link', query: { id }, required: ['id'], response: one },
    async (req) => ({ data: await x.getYoutube(db, u(req), q<IdQ>(req).id) }));

  // ---------- TIS ----------
  route('POST', 'senttis', {
    summary: 'Attach a TIS certificate and queue sending it (multipart: id, tisId, file)',
    multipart: multipartDoc({ id: { ...id, description: 'product id' }, tisId: { ...id, description: 'mastertisproduct id' } }, ['id', 'tisId'],
      { description: 'The certificate: a PDF (≤ 10 MB) or an image (≤ 5 MB)' }),
  }, async (req) => {
    const data = await withUpload(req, { kinds: ['document', 'image'] }, async ({ fields, file }) =>
      x.sendTis(db, u(req), intField(fields, 'id'), intField(fields, 'tisId'), file));
    return ok('TIS certificate queued for sending.', data);
  });
  route('GET', 'getTis', { summary: "A product's TIS certificates", query: { id }, required: ['id'] }, async (req) => x.listTis(db, u(req), q<IdQ>(req).id));
  route('GET', 'getImageTis', { summary: 'One TIS certificate (id = certificate id)', query: { id }, required: ['id'], response: one },
    async (req) => ({ data: await x.getTisDoc(db, u(req), q<IdQ>(req).id) }));
  route('POST', 'deleteTis', { summary: 'Delete a TIS certificate (id = certificate id)', body: { id }, required: ['id'] }, async (req) => {
    const row = await x.deleteTis(db, u(req), b<IdQ>(req).id);
    await removeStored(app.config.dataDir, row.url);
    return ok('TIS certificate deleted.');
  });

  // ---------- attributes, tags, key highlights ----------
  route('GET', 'getfeatureattribute', { summary: 'Active attributes with items (picker)' }, async () => x.featureAttributes(db));
  route('GET', 'getdatatableattribute', { summary: "A product's attributes", query: { id }, required: ['id'] }, async (req) => x.productAttributeTable(db, u(req), q<IdQ>(req).id));
  route('POST', 'updatestatusattribute', { summary: 'Set (status true) or remove (false) an attribute of a product', body: { id, attributeId: id, itemId: nullableId, status: bool }, required: ['id', 'attributeId', 'status'] },
    async (req) => ok('Attributes saved.', await x.setProductAttribute(db, u(req), b(req))));
  route('GET', 'gettagsearchproduct', { summary: 'Search tags', query: { id }, required: ['id'], response: one }, async (req) => ({ data: await x.getTags(db, u(req), q<IdQ>(req).id) }));
  route('POST', 'changetagsearch', { summary: 'Set the search tags', body: { id, tags: { type: 'array', maxItems: 30, items: text(50, 1) } }, required: ['id', 'tags'] },
    async (req) => ok('Tags saved.', await x.setTags(db, u(req), b<IdQ>(req).id, b<{ tags: string[] }>(req).tags)));
  route('POST', 'generatekeyhighlight', { summary: 'Generate key highlights from the product data (save: store them)', body: { id, save: bool }, required: ['id'] },
    async (req) => ok('Key highlights generated.', await x.generateKeyHighlights(db, u(req), b<IdQ>(req).id, b<{ save?: boolean }>(req).save ?? false)));

  // ---------- virtual rooms ----------
  route('GET', 'masterrooms', { summary: 'Rooms of the visualiser' }, async () => { const items = await masterList(db, 'room'); return { items, total: items.length, maxpage: 1 }; });
  route('GET', 'mastersize', { summary: 'Tile sizes' }, async () => { const items = await masterList(db, 'tile_size'); return { items, total: items.length, maxpage: 1 }; });
  route('GET', 'listproductvirtualroom', { summary: 'Products placed in rooms', query: { ...pageQuery, id, roomId: id, shopId: id } },
    async (req) => x.listRooms(db, u(req), q(req)));
  route('GET', 'ditailproducttile', { summary: 'Tile detail of a product with its rooms', query: { id }, required: ['id'], response: one },
    async (req) => ({ data: await x.tileDetail(db, u(req), q<IdQ>(req).id) }));
  route('POST', 'createproductroom', { summary: 'Place a product in a room', body: { id, roomId: id, sizeId: id }, required: ['id', 'roomId', 'sizeId'] },
    async (req) => ok('Placed in the room.', await x.createRoom(db, u(req), b(req))));
  route('POST', 'deleteproductroom', { summary: 'Remove a room placement (id = placement id)', body: { id }, required: ['id'] },
    async (req) => { await x.deleteRoom(db, u(req), b<IdQ>(req).id); return ok('Removed from the room.'); });

  // ---------- GP ----------
  route('GET', 'searchgp', { summary: 'Search GP (ERP) items', query: { ...pageQuery, search: text(100) } }, async (req) => x.searchGp(db, q(req)));
  route('POST', 'creategp', { summary: 'Request a GP item for a product (queued)', body: { id }, required: ['id'] },
    async (req) => ok('GP item requested: queued for GP.', await x.createGp(db, u(req), b<IdQ>(req).id)));
  route('GET', 'getgppos', { summary: "GP purchase orders of a product", query: { id, ...pageQuery }, required: ['id'] },
    async (req) => x.gpPos(db, u(req), q(req)));

  // ---------- install rates ----------
  route('GET', 'productinstallrate', { summary: 'Install rates', query: { ...pageQuery, search: text(100), status: { type: 'string', enum: ['active', 'inactive'] }, level1Id: id } },
    async (req) => x.listInstallRates(db, q(req)));
  route('POST', 'setstatusinstallrate', { summary: 'Activate or deactivate an install rate', body: { id, status: { type: 'string', enum: ['active', 'inactive'] } }, required: ['id', 'status'] },
    async (req) => { const { id: rid, status } = b<{ id: number; status: 'active' | 'inactive' }>(req); return ok(status === 'active' ? 'Install rate activated.' : 'Install rate deactivated.', await x.setInstallRateStatus(db, u(req), rid, status)); });

  // ---------- new products ----------
  route('GET', 'newproductlist', { summary: 'New-product submissions (report: date range on creation)', query: { ...pageQuery, ...newFilters } },
    async (req) => svc.listProducts(db, u(req), { ...q<svc.ListQuery>(req), isNew: true }));
  route('GET', 'searchproductcode', { summary: 'Is a product code taken in the shop?', query: { code: text(50, 1), shopId: id }, required: ['code', 'shopId'], response: one },
    async (req) => { const { code, shopId } = q<{ code: string; shopId: number }>(req); return { data: await svc.searchProductCode(db, u(req), shopId, code) }; });
  route('POST', 'createnewproduct', {
    summary: 'Create a new product (draft)',
    body: { shopId: id, code: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9][A-Za-z0-9._/-]*$' }, name: text(300, 1), price, description: { type: ['string', 'null'], maxLength: 10000 }, brandId: nullableId, level1Id: nullableId, level2Id: nullableId, unitId: nullableId, warrantyId: nullableId },
    required: ['shopId', 'code', 'name', 'price'],
  }, async (req) => ok('New product created.', await svc.createNewProduct(db, u(req), b(req))));
  route('GET', 'getnewproduct', { summary: 'One new product', query: { id }, required: ['id'], response: one },
    async (req) => ({ data: await svc.getNewProduct(db, u(req), q<IdQ>(req).id) }));
  route('POST', 'editnewproduct', {
    summary: 'Edit a new product (code and price while draft or rejected)',
    body: { id, version: id, ...editFields, price, code: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9][A-Za-z0-9._/-]*$' } }, required: ['id', 'version'],
  }, async (req) => ok('New product saved.', await svc.editProduct(db, u(req), b(req), { newProduct: true })));
  const newOnly = async (req: FastifyRequest, pid: number) => { await svc.getNewProduct(db, u(req), pid); };
  route('GET', 'imgnewproduct', { summary: "A new product's images", query: { id }, required: ['id'] },
    async (req) => { await newOnly(req, q<IdQ>(req).id); return x.mediaOf(db, u(req), q<IdQ>(req).id, 'image'); });
  route('POST', 'deleteimgnewproduct', { summary: "Delete a new product's image", body: { id, imageId: id }, required: ['id', 'imageId'] },
    async (req) => { await newOnly(req, b<IdQ>(req).id); return ok('Image deleted.', await removeMedia(req, 'image', b<{ imageId: number }>(req).imageId)); });
  route('POST', 'sortimgnewproduct', { summary: "Reorder a new product's images", body: sortBody, required: ['id', 'imageIds'] },
    async (req) => { await newOnly(req, b<IdQ>(req).id); return ok('Order saved.', await x.sortImages(db, u(req), b<IdQ>(req).id, b<{ imageIds: number[] }>(req).imageIds)); });
}
