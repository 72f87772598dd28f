/**
 * /api/product/* — catalogue, approval, media, new products (contract: docs/api/products.md).
 * Access comes from the table of screens (contract/screens.ts); suppliers are scoped to their own shops (auth/shop-scope.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { errorResponses, id, money, multipartDoc, pageQuery } from '../../lib/schemas.js';
import { intField, removeStored, withUpload } from '../../lib/uploads.js';
import { masterList } from '../masterdata/service.js';
import { CHANNELS, PRODUCT_STATES } from '../../db/schema.js';
import * as svc from './service.js';
import * as attributes from './attributes.js';
import * as certificates from './certificates.js';
import * as content from './content.js';
import * as gp from './gp.js';
import * as installRates from './install-rates.js';
import * as media from './media.js';
import * as rooms from './rooms.js';
import * as shipping from './shipping.js';
import * as visibility from './visibility.js';
import {
  auditTrail,
  certificateList,
  certificateOne,
  channelList,
  codeCheck,
  editMasters,
  featureAttributes,
  generatedHighlights,
  gpItems,
  gpOrders,
  imageEditLog,
  imagePaths,
  installRateList,
  listMasters,
  masterItems,
  mediaList,
  priceHistory,
  productAttributes,
  productDetail,
  productJobs,
  productList,
  roomPlacements,
  searchTags,
  shippingConfig,
  tileDetail,
  visibilityFilters,
  visibilityList,
  youtubeLink,
} from './schemas.js';
import { ok } from '../../lib/sql.js';
import { routesOf } from '../../lib/route.js';
import { sendCsv, type ExportQuery } from '../../lib/csv-export.js';
import { outboxSettings } from '../outbox/config.js';
import { isConfigured } from '../outbox/service.js';

const written = {
  type: 'object',
  properties: { status: { type: 'integer' }, message: { type: 'string' }, data: {} },
  required: ['status', 'message'],
} as const;

const nullableId = { type: ['integer', 'null'], minimum: 1 } as const;
const nullableNum = { type: ['number', 'null'], minimum: 0, maximum: 1e7 } as const;
const price = money({ positive: true });
const bool = { type: 'boolean' } as const;
const text = (max: number, min = 0) => ({ type: 'string', minLength: min, maxLength: max }) as const;
const date = { type: 'string', format: 'date' } as const;
const ids = { type: 'array', minItems: 1, maxItems: 500, uniqueItems: true, items: id } as const;

const listFilters = {
  search: text(200),
  shopId: id,
  brandId: id,
  level1Id: id,
  level2Id: id,
  approvalStatus: { type: 'string', enum: PRODUCT_STATES },
  online: bool,
  isNew: bool,
  sort: { type: 'string', enum: ['createdAt', 'updatedAt', 'name', 'code', 'price'] },
  order: { type: 'string', enum: ['asc', 'desc'] },
};
const newFilters = {
  search: text(200),
  shopId: id,
  approvalStatus: { type: 'string', enum: PRODUCT_STATES },
  dateFrom: date,
  dateTo: date,
};

const editFields = {
  name: text(300, 1),
  description: { type: ['string', 'null'], maxLength: 10000 },
  brandId: nullableId,
  level1Id: nullableId,
  level2Id: nullableId,
  unitId: nullableId,
  warrantyId: nullableId,
  colorId: nullableId,
  width: nullableNum,
  length: nullableNum,
  height: nullableNum,
  dimensionUnitId: nullableId,
  weight: nullableNum,
  weightUnitId: nullableId,
  volume: nullableNum,
  volumeUnitId: nullableId,
  shippingTypeId: nullableId,
  tisId: nullableId,
  keyHighlights: { type: 'array', maxItems: 10, items: text(200, 1) },
};

// Sent as text/csv (a stream); documented so every route has a 200 schema.
const csvResponse = { type: 'string', description: 'CSV with a header row (text/csv; charset=utf-8, attachment)' };

export default async function productRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routesOf(app, '/api/product', { tags: ['product'], responses: { POST: written } });
  const outbox = outboxSettings(app.config.outbox);
  const q = <T>(req: FastifyRequest) => req.query as T;
  const b = <T>(req: FastifyRequest) => req.body as T;
  const u = requireUser;
  type IdQ = { id: number };
  type Page = { page: number; limit: number };

  // ---------- master data for the product screens ----------
  r.get('masterproduct', { summary: 'Filter options of the product list', response: listMasters }, async (req) => {
    const [brands, level1, level2, statuses] = await Promise.all(
      ['brand', 'level1', 'level2', 'product_status'].map((t) => masterList(db, t)),
    );
    return {
      data: { shops: await svc.visibleShops(db, u(req)), brands, level1, level2, statuses, channels: CHANNELS },
    };
  });
  r.get('masterproductedit', { summary: 'Master data of the product edit form', response: editMasters }, async () => {
    const types = [
      'brand',
      'level1',
      'level2',
      'unit',
      'warranty',
      'unit_dimension',
      'weight_unit',
      'volume_unit',
      'color',
      'shipping_type',
      'tis',
    ];
    const [
      brands,
      level1,
      level2,
      units,
      warranties,
      unitDimensions,
      weightUnits,
      volumeUnits,
      colors,
      shippingTypes,
      tisProducts,
    ] = await Promise.all(types.map((t) => masterList(db, t)));
    return {
      data: {
        brands,
        level1,
        level2,
        units,
        warranties,
        unitDimensions,
        weightUnits,
        volumeUnits,
        colors,
        shippingTypes,
        tisProducts,
      },
    };
  });

  // ---------- list, export, read, edit ----------
  r.get(
    'productlist',
    {
      summary: 'Products (admin: all shops; supplier: own shops)',
      query: { ...pageQuery, ...listFilters },
      response: productList,
    },
    async (req) => svc.listProducts(db, u(req), q(req)),
  );

  // Streamed through the shared export (lib/csv-export.ts); the columns as before.
  const csv = (reply: FastifyReply, filename: string, query: ExportQuery) =>
    sendCsv<Record<string, unknown>>(app, reply, {
      filename,
      query,
      columns: [
        ...['code', 'name', 'shop', 'brand', 'category', 'subcategory', 'price', 'approval', 'reject_reason'].map(
          (k) => ({ header: k, value: (r: Record<string, unknown>) => r[k] as string | null }),
        ),
        { header: 'online', value: (r) => (r.online ? 'online' : 'closed') },
        { header: 'new_product', value: (r) => (r.new_product ? 'yes' : 'no') },
        { header: 'created_at', value: (r) => r.created_at as string },
        { header: 'updated_at', value: (r) => r.updated_at as string },
      ],
    });
  r.get(
    'exportcsv',
    {
      summary: 'CSV of the product list with the same filters (streamed)',
      addition: true,
      query: listFilters,
      response: csvResponse,
    },
    async (req, reply) => csv(reply, 'products.csv', await svc.exportQuery(db, u(req), q(req))),
  );
  r.get(
    'exportnewproductcsv',
    { summary: 'CSV of the new-product report (streamed)', addition: true, query: newFilters, response: csvResponse },
    async (req, reply) =>
      csv(
        reply,
        'new-products.csv',
        await svc.exportQuery(db, u(req), { ...q<object>(req), isNew: true, sort: 'createdAt' }),
      ),
  );

  r.get(
    'getproduct',
    { summary: 'One product', query: { id }, required: ['id'], response: productDetail },
    async (req) => ({ data: await svc.getProduct(db, u(req), q<IdQ>(req).id) }),
  );
  r.post(
    'editproduct',
    {
      summary: 'Edit product content (version checked)',
      body: { id, version: id, ...editFields },
      required: ['id', 'version'],
    },
    async (req) => ok('Product saved.', await svc.editProduct(db, u(req), b(req))),
  );
  r.post(
    'changeprice',
    {
      summary: 'Change the price (kept in price history), and the regular price shown struck through beside it',
      body: {
        id,
        price,
        reason: text(200),
        compareAtPrice: {
          ...price,
          type: ['number', 'null'],
          description: 'Regular price before the discount, above the price; null clears it',
        },
      },
      required: ['id', 'price'],
    },
    async (req) => {
      const {
        id: pid,
        price: p,
        reason,
        compareAtPrice,
      } = b<{ id: number; price: number; reason?: string; compareAtPrice?: number | null }>(req);
      return ok('Price changed.', await svc.changePrice(db, u(req), pid, p, reason, compareAtPrice));
    },
  );
  r.get(
    'pricehistory',
    {
      summary: "A product's price history",
      addition: true,
      query: { id, ...pageQuery },
      required: ['id'],
      response: priceHistory,
    },
    async (req) => svc.priceHistory(db, u(req), q<IdQ>(req).id, q<Page>(req)),
  );
  r.get(
    'auditlog',
    {
      summary: "A product's audit log, newest first",
      addition: true,
      query: { id, ...pageQuery },
      required: ['id'],
      response: auditTrail,
    },
    async (req) => svc.auditTrail(db, u(req), q<IdQ>(req).id, q<Page>(req)),
  );
  r.get(
    'getconfigshipping',
    { summary: 'Shipping configuration of a product', query: { id }, required: ['id'], response: shippingConfig },
    async (req) => ({ data: await shipping.shippingConfig(db, u(req), q<IdQ>(req).id) }),
  );

  // ---------- approval and online ----------
  r.post(
    'submitproduct',
    {
      summary: 'Submit for approval (draft → pending, rejected → resubmitted)',
      addition: true,
      body: { id },
      required: ['id'],
    },
    async (req) => ok('Submitted for approval.', await svc.submitProduct(db, u(req), b<IdQ>(req).id)),
  );
  r.get(
    'productapprovelist',
    {
      summary: 'Approval queue (default: pending and resubmitted, by submitted date, oldest first)',
      query: {
        ...pageQuery,
        search: text(200),
        shopId: id,
        status: { type: 'string', enum: ['pending', 'resubmitted', 'rejected', 'approved'] },
        sort: { type: 'string', enum: ['submittedAt'] },
        order: { type: 'string', enum: ['asc', 'desc'] },
      },
      response: productList,
    },
    async (req) => {
      const { status, order, ...rest } = q<svc.ListQuery & { status?: svc.ApprovalStatus }>(req);
      return svc.listProducts(db, u(req), {
        ...rest,
        statuses: status ? [status] : ['pending', 'resubmitted'],
        sort: 'submittedAt',
        order: order ?? 'asc',
      });
    },
  );
  r.post(
    'approveproduct',
    {
      schema: {
        tags: ['product', 'addition'],
        'x-addition': true,
        summary: 'Approve one product ({id}) or several at once ({ids}, all or nothing) (addition)',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { id, ids },
          oneOf: [{ required: ['id'] }, { required: ['ids'] }],
        },
        response: { 200: written, ...errorResponses },
      },
    },
    async (req) => {
      const body = b<{ id?: number; ids?: number[] }>(req);
      if (body.ids) return ok(`${body.ids.length} product(s) approved.`, await svc.approveMany(db, u(req), body.ids));
      return ok('Product approved.', await svc.approveProduct(db, u(req), body.id!));
    },
  );
  r.post(
    'unapproveproduct',
    { summary: 'Reject with a reason', body: { id, reason: text(500, 1) }, required: ['id', 'reason'] },
    async (req) =>
      ok(
        'Product rejected.',
        await svc.unapproveProduct(db, u(req), b<IdQ>(req).id, b<{ reason: string }>(req).reason),
      ),
  );
  r.post(
    'updateOpenOnline',
    { summary: 'Put an approved product online', body: { id }, required: ['id'] },
    async (req) => ok('Product is online.', await svc.setOnline(db, u(req), b<IdQ>(req).id, true)),
  );
  r.post(
    'updateCloseOnline',
    { summary: 'Close a product (take it offline)', body: { id }, required: ['id'] },
    async (req) => ok('Product closed.', await svc.setOnline(db, u(req), b<IdQ>(req).id, false)),
  );
  r.post(
    'productonline',
    { summary: 'Bulk online / close (all or nothing)', body: { ids, online: bool }, required: ['ids', 'online'] },
    async (req) => {
      const { ids: list, online } = b<{ ids: number[]; online: boolean }>(req);
      return ok(
        online ? 'Products are online.' : 'Products closed.',
        await svc.setOnlineMany(db, u(req), list, online),
      );
    },
  );

  // ---------- visibility ----------
  r.get('getmasterdatavisible', { summary: 'Sales channels for visibility', response: channelList }, async () =>
    visibility.channels(),
  );
  r.get(
    'getDatavisible',
    {
      summary: 'Products with visibility per channel',
      query: {
        ...pageQuery,
        search: text(200),
        shopId: id,
        level1Id: id,
        channel: { type: 'string', enum: CHANNELS.map((c) => c.code) },
      },
      response: visibilityList,
    },
    async (req) => visibility.visibilityList(db, u(req), q(req)),
  );
  r.post(
    'updatastatusvisible',
    {
      summary: 'Show or hide a product in one channel',
      body: { id, channel: { type: 'string', enum: CHANNELS.map((c) => c.code) }, visible: bool },
      required: ['id', 'channel', 'visible'],
    },
    async (req) => {
      const { id: pid, channel, visible } = b<{ id: number; channel: string; visible: boolean }>(req);
      return ok(
        visible ? 'Product shown.' : 'Product hidden.',
        await visibility.setVisible(db, u(req), pid, channel, visible),
      );
    },
  );
  r.get(
    'getfilspacailfeature',
    { summary: 'Filter options of the visibility screen', response: visibilityFilters },
    async (req) => {
      const [brands, level1] = await Promise.all([masterList(db, 'brand'), masterList(db, 'level1')]);
      return { data: { shops: await svc.visibleShops(db, u(req)), brands, level1, channels: CHANNELS } };
    },
  );

  // ---------- outbox syncs ----------
  const sync = (name: 'syncproduct' | 'syncchangeproduct' | 'gpproductsync' | 'synctopurchase', summary: string) =>
    r.post(name, { summary, body: { id }, required: ['id'] }, async (req) =>
      ok('Queued: the outside system will pick this up.', await svc.queueSync(db, u(req), b<IdQ>(req).id, name)),
    );
  sync('syncproduct', 'Queue a full product sync to the storefront');
  sync('syncchangeproduct', 'Queue a sync of the changed fields');
  sync('gpproductsync', 'Queue a sync with GP (ERP)');
  sync('synctopurchase', 'Queue an approved new product for purchasing');
  r.get(
    'jobs',
    {
      summary: "A product's outbox jobs",
      addition: true,
      query: { id, ...pageQuery },
      required: ['id'],
      response: productJobs,
    },
    async (req) => {
      const found = await svc.productJobs(db, u(req), q<IdQ>(req).id, q<Page>(req));
      return {
        ...found,
        items: found.items.map((j) => ({
          ...j,
          configured: isConfigured(outbox, j.kind),
          maxAttempts: outbox.maxAttempts,
        })),
      };
    },
  );

  // ---------- media ----------
  const mediaWords = {
    image: 'a JPEG, PNG or WebP image (≤ 5 MB)',
    video: 'an MP4 video (≤ 100 MB)',
    audio: 'an MP3 or M4A file (≤ 20 MB)',
  };
  const uploadRoute = (name: string, kind: 'image' | 'video' | 'audio', summary: string, addition = false) =>
    r.post(
      name,
      {
        summary,
        multipart: multipartDoc({ id: { ...id, description: 'product id' } }, ['id'], {
          description: mediaWords[kind],
        }),
        addition,
      },
      async (req) => {
        const data = await withUpload(req, { kinds: [kind] }, async ({ fields, file }) =>
          media.addMedia(db, u(req), intField(fields, 'id'), kind, file),
        );
        return ok(`${kind[0].toUpperCase()}${kind.slice(1)} uploaded.`, data);
      },
    );
  uploadRoute('uploadimageproduct', 'image', 'Upload an image (multipart: id, file)', true);
  uploadRoute('uploadvideo', 'video', 'Upload a video (multipart: id, file)');
  uploadRoute('saveaudio', 'audio', 'Upload an audio file (multipart: id, file)');
  r.get(
    'imageproduct',
    { summary: "A product's images in order", query: { id }, required: ['id'], response: mediaList },
    async (req) => media.mediaOf(db, u(req), q<IdQ>(req).id, 'image'),
  );
  r.get(
    'listvideo',
    { summary: "A product's videos", query: { id }, required: ['id'], response: mediaList },
    async (req) => media.mediaOf(db, u(req), q<IdQ>(req).id, 'video'),
  );
  r.get(
    'getaudiolist',
    { summary: "A product's audio files", query: { id }, required: ['id'], response: mediaList },
    async (req) => media.mediaOf(db, u(req), q<IdQ>(req).id, 'audio'),
  );
  const removeMedia = async (req: FastifyRequest, kind: 'image' | 'video' | 'audio', mediaId: number) => {
    const r = await media.deleteMedia(db, u(req), b<IdQ>(req).id, kind, mediaId);
    // The file goes once its row is gone (deleting first could leave a row pointing at nothing).
    await removeStored(app.storage, r.removed.url);
    return r.items;
  };
  r.post(
    'deleteimageproduct',
    { summary: 'Delete an image', body: { id, imageId: id }, required: ['id', 'imageId'] },
    async (req) => ok('Image deleted.', await removeMedia(req, 'image', b<{ imageId: number }>(req).imageId)),
  );
  r.post(
    'deletevideo',
    { summary: 'Delete a video', body: { id, videoId: id }, required: ['id', 'videoId'] },
    async (req) => ok('Video deleted.', await removeMedia(req, 'video', b<{ videoId: number }>(req).videoId)),
  );
  r.post(
    'deleteaudio',
    { summary: 'Delete an audio file', body: { id, audioId: id }, required: ['id', 'audioId'] },
    async (req) => ok('Audio deleted.', await removeMedia(req, 'audio', b<{ audioId: number }>(req).audioId)),
  );
  const sortBody = { id, imageIds: { type: 'array', maxItems: 20, uniqueItems: true, items: id } };
  r.post(
    'sortimageproduct',
    { summary: 'Reorder images (all image ids, new order)', body: sortBody, required: ['id', 'imageIds'] },
    async (req) =>
      ok('Order saved.', await media.sortImages(db, u(req), b<IdQ>(req).id, b<{ imageIds: number[] }>(req).imageIds)),
  );
  r.get(
    'pathimageproduct',
    { summary: 'Image paths of a product', query: { id }, required: ['id'], response: imagePaths },
    async (req) => ({ data: await media.imagePaths(db, u(req), q<IdQ>(req).id) }),
  );
  r.get(
    'getEditImgaePgage',
    { summary: 'Image edit log', query: { id, ...pageQuery }, required: ['id'], response: imageEditLog },
    async (req) => media.imageEditLog(db, u(req), q<IdQ>(req).id, q<Page>(req)),
  );
  r.post(
    'insertLogEditimage',
    {
      summary: 'Add an image edit log entry',
      body: { id, imageId: nullableId, action: text(50, 1), note: { type: ['string', 'null'], maxLength: 500 } },
      required: ['id', 'action'],
    },
    async (req) => ok('Logged.', await media.logImageEdit(db, u(req), b(req))),
  );
  r.post(
    'insertStatusEditImage',
    {
      summary: 'Set the image edit status',
      body: {
        id,
        status: { type: 'string', enum: ['none', 'requested', 'in_progress', 'done'] },
        note: { type: ['string', 'null'], maxLength: 500 },
      },
      required: ['id', 'status'],
    },
    async (req) => ok('Image edit status saved.', await media.setImageEditStatus(db, u(req), b(req))),
  );
  // minLength 0: an empty url clears the link as null does (the blank rule would refuse it).
  r.post(
    'setlinkyoutubeproduct',
    {
      summary: 'Set or clear the YouTube link',
      body: { id, url: { type: ['string', 'null'], minLength: 0, maxLength: 300 } },
      required: ['id', 'url'],
    },
    async (req) =>
      ok('YouTube link saved.', await media.setYoutube(db, u(req), b<IdQ>(req).id, b<{ url: string | null }>(req).url)),
  );
  r.get(
    'getlinkyoutubeproduct',
    { summary: 'The YouTube link', query: { id }, required: ['id'], response: youtubeLink },
    async (req) => ({ data: await media.getYoutube(db, u(req), q<IdQ>(req).id) }),
  );

  // ---------- TIS ----------
  r.post(
    'senttis',
    {
      summary: 'Attach a TIS certificate and queue sending it (multipart: id, tisId, file)',
      multipart: multipartDoc(
        { id: { ...id, description: 'product id' }, tisId: { ...id, description: 'mastertisproduct id' } },
        ['id', 'tisId'],
        { description: 'The certificate: a PDF (≤ 10 MB) or an image (≤ 5 MB)' },
      ),
    },
    async (req) => {
      const data = await withUpload(req, { kinds: ['document', 'image'] }, async ({ fields, file }) =>
        certificates.sendTis(db, u(req), intField(fields, 'id'), intField(fields, 'tisId'), file),
      );
      return ok('TIS certificate queued for sending.', data);
    },
  );
  r.get(
    'getTis',
    { summary: "A product's TIS certificates", query: { id }, required: ['id'], response: certificateList },
    async (req) => certificates.listTis(db, u(req), q<IdQ>(req).id),
  );
  r.get(
    'getImageTis',
    { summary: 'One TIS certificate (id = certificate id)', query: { id }, required: ['id'], response: certificateOne },
    async (req) => ({ data: await certificates.getTisDoc(db, u(req), q<IdQ>(req).id) }),
  );
  r.post(
    'deleteTis',
    { summary: 'Delete a TIS certificate (id = certificate id)', body: { id }, required: ['id'] },
    async (req) => {
      const row = await certificates.deleteTis(db, u(req), b<IdQ>(req).id);
      await removeStored(app.storage, row.url);
      return ok('TIS certificate deleted.');
    },
  );

  // ---------- attributes, tags, key highlights ----------
  r.get(
    'getfeatureattribute',
    { summary: 'Active attributes with items (picker)', response: featureAttributes },
    async () => attributes.featureAttributes(db),
  );
  r.get(
    'getdatatableattribute',
    { summary: "A product's attributes", query: { id }, required: ['id'], response: productAttributes },
    async (req) => attributes.productAttributeTable(db, u(req), q<IdQ>(req).id),
  );
  r.post(
    'updatestatusattribute',
    {
      summary: 'Set (status true) or remove (false) an attribute of a product',
      body: { id, attributeId: id, itemId: nullableId, status: bool },
      required: ['id', 'attributeId', 'status'],
    },
    async (req) => ok('Attributes saved.', await attributes.setProductAttribute(db, u(req), b(req))),
  );
  r.get(
    'gettagsearchproduct',
    { summary: 'Search tags', query: { id }, required: ['id'], response: searchTags },
    async (req) => ({ data: await content.getTags(db, u(req), q<IdQ>(req).id) }),
  );
  r.post(
    'changetagsearch',
    {
      summary: 'Set the search tags',
      body: { id, tags: { type: 'array', maxItems: 30, items: text(50, 1) } },
      required: ['id', 'tags'],
    },
    async (req) =>
      ok('Tags saved.', await content.setTags(db, u(req), b<IdQ>(req).id, b<{ tags: string[] }>(req).tags)),
  );
  r.post(
    'generatekeyhighlight',
    {
      summary: 'Generate key highlights from the product data (save: store them)',
      body: { id, save: bool },
      required: ['id'],
      response: generatedHighlights,
    },
    async (req) =>
      ok(
        'Key highlights generated.',
        await content.generateKeyHighlights(db, u(req), b<IdQ>(req).id, b<{ save?: boolean }>(req).save ?? false),
      ),
  );

  // ---------- virtual rooms ----------
  r.get('masterrooms', { summary: 'Rooms of the visualiser', response: masterItems }, async () => {
    const items = await masterList(db, 'room');
    return { items, total: items.length, maxpage: 1 };
  });
  r.get('mastersize', { summary: 'Tile sizes', response: masterItems }, async () => {
    const items = await masterList(db, 'tile_size');
    return { items, total: items.length, maxpage: 1 };
  });
  r.get(
    'listproductvirtualroom',
    {
      summary: 'Products placed in rooms',
      query: { ...pageQuery, id, roomId: id, shopId: id },
      response: roomPlacements,
    },
    async (req) => rooms.listRooms(db, u(req), q(req)),
  );
  r.get(
    'ditailproducttile',
    { summary: 'Tile detail of a product with its rooms', query: { id }, required: ['id'], response: tileDetail },
    async (req) => ({ data: await rooms.tileDetail(db, u(req), q<IdQ>(req).id) }),
  );
  r.post(
    'createproductroom',
    {
      summary: 'Place a product in a room',
      body: { id, roomId: id, sizeId: id },
      required: ['id', 'roomId', 'sizeId'],
    },
    async (req) => ok('Placed in the room.', await rooms.createRoom(db, u(req), b(req))),
  );
  r.post(
    'deleteproductroom',
    { summary: 'Remove a room placement (id = placement id)', body: { id }, required: ['id'] },
    async (req) => {
      await rooms.deleteRoom(db, u(req), b<IdQ>(req).id);
      return ok('Removed from the room.');
    },
  );

  // ---------- GP ----------
  r.get(
    'searchgp',
    { summary: 'Search GP (ERP) items', query: { ...pageQuery, search: text(100) }, response: gpItems },
    async (req) => gp.searchGp(db, q(req)),
  );
  r.post(
    'creategp',
    { summary: 'Request a GP item for a product (queued)', body: { id }, required: ['id'] },
    async (req) => ok('GP item requested: queued for GP.', await gp.createGp(db, u(req), b<IdQ>(req).id)),
  );
  r.get(
    'getgppos',
    { summary: 'GP purchase orders of a product', query: { id, ...pageQuery }, required: ['id'], response: gpOrders },
    async (req) => gp.gpPos(db, u(req), q(req)),
  );

  // ---------- install rates ----------
  installRates.installRateResource(app);
  r.get(
    'productinstallrate',
    {
      summary: 'Install rates',
      query: {
        ...pageQuery,
        search: text(100),
        status: { type: 'string', enum: ['active', 'inactive'] },
        level1Id: id,
      },
      response: installRateList,
    },
    async (req) => installRates.listInstallRates(db, q(req)),
  );
  r.post(
    'setstatusinstallrate',
    {
      summary: 'Activate or deactivate an install rate',
      body: { id, status: { type: 'string', enum: ['active', 'inactive'] } },
      required: ['id', 'status'],
    },
    async (req) => {
      const { id: rid, status } = b<{ id: number; status: 'active' | 'inactive' }>(req);
      return ok(
        status === 'active' ? 'Install rate activated.' : 'Install rate deactivated.',
        await installRates.setInstallRateStatus(db, u(req), rid, status),
      );
    },
  );

  // ---------- new products ----------
  r.get(
    'newproductlist',
    {
      summary: 'New-product submissions (report: date range on creation)',
      query: { ...pageQuery, ...newFilters },
      response: productList,
    },
    async (req) => svc.listProducts(db, u(req), { ...q<svc.ListQuery>(req), isNew: true }),
  );
  r.get(
    'searchproductcode',
    {
      summary: 'Is a product code taken in the shop?',
      query: { code: text(50, 1), shopId: id },
      required: ['code', 'shopId'],
      response: codeCheck,
    },
    async (req) => {
      const { code, shopId } = q<{ code: string; shopId: number }>(req);
      return { data: await svc.searchProductCode(db, u(req), shopId, code) };
    },
  );
  r.post(
    'createnewproduct',
    {
      summary: 'Create a new product (draft)',
      body: {
        shopId: id,
        code: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9][A-Za-z0-9._/-]*$' },
        name: text(300, 1),
        price,
        description: { type: ['string', 'null'], maxLength: 10000 },
        brandId: nullableId,
        level1Id: nullableId,
        level2Id: nullableId,
        unitId: nullableId,
        warrantyId: nullableId,
      },
      required: ['shopId', 'code', 'name', 'price'],
    },
    async (req) => ok('New product created.', await svc.createNewProduct(db, u(req), b(req))),
  );
  r.get(
    'getnewproduct',
    { summary: 'One new product', query: { id }, required: ['id'], response: productDetail },
    async (req) => ({ data: await svc.getNewProduct(db, u(req), q<IdQ>(req).id) }),
  );
  r.post(
    'editnewproduct',
    {
      summary: 'Edit a new product (code and price while draft or rejected)',
      body: {
        id,
        version: id,
        ...editFields,
        price,
        code: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9][A-Za-z0-9._/-]*$' },
      },
      required: ['id', 'version'],
    },
    async (req) => ok('New product saved.', await svc.editProduct(db, u(req), b(req), { newProduct: true })),
  );
  const newOnly = async (req: FastifyRequest, pid: number) => {
    await svc.getNewProduct(db, u(req), pid);
  };
  r.get(
    'imgnewproduct',
    { summary: "A new product's images", query: { id }, required: ['id'], response: mediaList },
    async (req) => {
      await newOnly(req, q<IdQ>(req).id);
      return media.mediaOf(db, u(req), q<IdQ>(req).id, 'image');
    },
  );
  r.post(
    'deleteimgnewproduct',
    { summary: "Delete a new product's image", body: { id, imageId: id }, required: ['id', 'imageId'] },
    async (req) => {
      await newOnly(req, b<IdQ>(req).id);
      return ok('Image deleted.', await removeMedia(req, 'image', b<{ imageId: number }>(req).imageId));
    },
  );
  r.post(
    'sortimgnewproduct',
    { summary: "Reorder a new product's images", body: sortBody, required: ['id', 'imageIds'] },
    async (req) => {
      await newOnly(req, b<IdQ>(req).id);
      return ok(
        'Order saved.',
        await media.sortImages(db, u(req), b<IdQ>(req).id, b<{ imageIds: number[] }>(req).imageIds),
      );
    },
  );
}
