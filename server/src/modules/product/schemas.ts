/**
 * Answers of the product reads the screens build on (docs/api/products.md): a product row of the lists and
 * one product. Documented field by field so the front end's generated types follow them.
 */
import { CHANNELS, PRODUCT_STATES } from '../../db/schema.js';
import { dateTime, listResponse, nullableDateTime, nullableString, writeResponse } from '../../lib/schemas.js';
import { masterItem } from '../masterdata/schemas.js';
import { job } from '../outbox/schemas.js';
import { JOB_STATES } from '../outbox/service.js';

const int = { type: 'integer' } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const nullableNumber = { type: ['number', 'null'] } as const;
const strings = { type: 'array', items: { type: 'string' } } as const;
const str = { type: 'string' } as const;

const summaryProperties = {
  id: int,
  shopId: int,
  shopName: { type: 'string' },
  code: { type: 'string' },
  name: { type: 'string' },
  price: { type: 'number' },
  compareAtPrice: {
    ...nullableNumber,
    description: 'Regular price before the discount, shown struck through; null = not discounted',
  },
  imageUrl: nullableString,
  brandId: nullableInt,
  brandName: nullableString,
  level1Id: nullableInt,
  level1Name: nullableString,
  level2Id: nullableInt,
  level2Name: nullableString,
  approvalStatus: { type: 'string', enum: PRODUCT_STATES },
  rejectReason: nullableString,
  online: { type: 'boolean' },
  isNew: { type: 'boolean' },
  submittedAt: nullableDateTime,
  approvedAt: nullableDateTime,
  createdAt: dateTime,
  updatedAt: dateTime,
} as const;

/** A row of the product lists (productlist, productapprovelist, newproductlist). */
export const productSummary = {
  type: 'object',
  properties: summaryProperties,
  required: Object.keys(summaryProperties),
} as const;
export const productList = listResponse(productSummary);

const detailProperties = {
  ...summaryProperties,
  description: nullableString,
  unitId: nullableInt,
  warrantyId: nullableInt,
  colorId: nullableInt,
  width: nullableNumber,
  length: nullableNumber,
  height: nullableNumber,
  dimensionUnitId: nullableInt,
  weight: nullableNumber,
  weightUnitId: nullableInt,
  volume: nullableNumber,
  volumeUnitId: nullableInt,
  shippingTypeId: nullableInt,
  tisId: nullableInt,
  youtubeUrl: nullableString,
  searchTags: strings,
  keyHighlights: strings,
  imageEditStatus: { type: 'string', enum: ['none', 'requested', 'in_progress', 'done'] },
  version: int,
} as const;

/** One product with its content fields and the version an edit sends back (getproduct, getnewproduct). */
export const productDetail = {
  type: 'object',
  properties: { data: { type: 'object', properties: detailProperties, required: Object.keys(detailProperties) } },
  required: ['data'],
} as const;

const masters = { type: 'array', items: masterItem } as const;
const dataOf = (fields: Record<string, unknown>) =>
  ({
    type: 'object',
    properties: { data: { type: 'object', properties: fields, required: Object.keys(fields) } },
    required: ['data'],
  }) as const;

const shops = {
  type: 'array',
  items: { type: 'object', properties: { id: int, name: str }, required: ['id', 'name'] },
} as const;
/** A sales channel a product can be shown or hidden in. */
const channel = {
  type: 'object',
  properties: { code: { type: 'string', enum: CHANNELS.map((c) => c.code) }, name: str },
  required: ['code', 'name'],
} as const;
const channels = { type: 'array', items: channel } as const;

/** The product list's filter choices: the caller's shops, the catalogue masters and the sales channels. */
export const listMasters = dataOf({
  shops,
  brands: masters,
  level1: masters,
  level2: masters,
  statuses: masters,
  channels,
});

/** The product form's choices, one master list each. */
export const editMasters = dataOf(
  Object.fromEntries(
    [
      'brands',
      'level1',
      'level2',
      'units',
      'warranties',
      'unitDimensions',
      'weightUnits',
      'volumeUnits',
      'colors',
      'shippingTypes',
      'tisProducts',
    ].map((k) => [k, masters]),
  ),
);

const closedRow = (fields: Record<string, unknown>) =>
  ({ type: 'object', properties: fields, required: Object.keys(fields) }) as const;

/** A product's images, videos or audio files in order (imageproduct, listvideo, getaudiolist). */
export const mediaList = listResponse(
  closedRow({
    id: int,
    productId: int,
    kind: { type: 'string', enum: ['image', 'video', 'audio'] },
    url: { type: 'string' },
    mime: { type: 'string' },
    size: int,
    originalName: { type: 'string' },
    sort: int,
    createdAt: dateTime,
  }),
);

/** A product's price changes, newest first. */
export const priceHistory = listResponse(
  closedRow({
    id: int,
    oldPrice: { type: 'number' },
    newPrice: { type: 'number' },
    reason: nullableString,
    changedBy: nullableString,
    changedAt: dateTime,
  }),
);

/** A product's audit log, newest first: the record before and after each change. */
export const auditTrail = listResponse(
  closedRow({
    id: int,
    action: { type: 'string' },
    actorId: nullableInt,
    actorName: nullableString,
    before: { description: 'The record before (any JSON)' },
    after: { description: 'The record after (any JSON)' },
    createdAt: dateTime,
  }),
);

/** A product's outbox jobs with their delivery state (`kind` is the job's topic). */
const { topic, ...delivery } = job.properties;
export const productJobs = listResponse(
  closedRow({
    ...delivery,
    kind: topic,
    entity: { type: 'string', enum: ['product'] },
    entityId: int,
  }),
);

/** GP (ERP) items; `status`: active (in GP), or the state of the job creating it (queued, sending, failed, dead). */
export const gpItems = listResponse(
  closedRow({
    id: int,
    itemCode: { type: 'string' },
    name: { type: 'string' },
    uom: { type: 'string' },
    cost: { type: 'number' },
    productId: nullableInt,
    status: { type: 'string', description: 'active, or the state of the job creating the item' },
  }),
);

/** GP purchase orders of a product's item, newest first (`status` as GP names it). */
export const gpOrders = listResponse(
  closedRow({
    id: int,
    poNo: { type: 'string' },
    itemCode: { type: 'string' },
    qty: int,
    cost: { type: 'number' },
    status: { type: 'string' },
    orderedAt: dateTime,
  }),
);

/** Installation service rates, by category or product. */
export const installRateList = listResponse(
  closedRow({
    id: int,
    name: { type: 'string' },
    level1Id: nullableInt,
    level1Name: nullableString,
    productId: nullableInt,
    productCode: nullableString,
    price: { type: 'number' },
    status: { type: 'string', enum: ['active', 'inactive'] },
    updatedAt: dateTime,
  }),
);

/** A master-data entry a product refers to, or null. */
const masterRef = {
  type: ['object', 'null'],
  properties: { id: int, code: { type: 'string' }, name: { type: 'string' } },
  required: ['id', 'code', 'name'],
} as const;

/** What a product's shipping is computed from, with its units as master entries and the courier volumetric weight (cm³ / 5000). */
export const shippingConfig = dataOf({
  productId: int,
  shippingTypeId: nullableInt,
  shippingType: masterRef,
  width: nullableNumber,
  length: nullableNumber,
  height: nullableNumber,
  dimensionUnit: masterRef,
  weight: nullableNumber,
  weightUnit: masterRef,
  volume: nullableNumber,
  volumeUnit: masterRef,
  volumetricWeightKg: nullableNumber,
});

/** Products with whether each sales channel shows them (`visible`: channel code → shown). */
export const visibilityList = listResponse(
  closedRow({
    id: int,
    code: { type: 'string' },
    name: { type: 'string' },
    shopName: { type: 'string' },
    imageUrl: nullableString,
    approvalStatus: { type: 'string', enum: PRODUCT_STATES },
    online: { type: 'boolean' },
    visible: {
      type: 'object',
      additionalProperties: { type: 'boolean' },
      description: 'Channel code → shown in that channel',
    },
  }),
);

/** A product's image edit log, newest first. */
export const imageEditLog = listResponse(
  closedRow({
    id: int,
    productId: int,
    imageId: nullableInt,
    action: { type: 'string' },
    note: nullableString,
    status: nullableString,
    actorName: nullableString,
    createdAt: dateTime,
  }),
);

/** The sales channels of the visibility screen (getmasterdatavisible). */
export const channelList = listResponse(channel);

/** The visibility screen's filter choices: the caller's shops, brands, categories and the sales channels. */
export const visibilityFilters = dataOf({ shops, brands: masters, level1: masters, channels });

/** A TIS certificate of a product; `status` is the state of the send_tis job carrying it (outbox/mirrors.ts). */
const certificateFields = {
  id: int,
  productId: int,
  tisId: int,
  tisCode: str,
  tisName: str,
  url: str,
  mime: str,
  size: int,
  status: { type: 'string', enum: [...JOB_STATES] },
  createdAt: dateTime,
} as const;
export const certificateList = listResponse(closedRow(certificateFields));
export const certificateOne = dataOf(certificateFields);

/** The active attributes with their items, for the product's attribute picker. */
export const featureAttributes = listResponse(
  closedRow({
    id: int,
    name: str,
    iconUrl: nullableString,
    items: { type: 'array', items: closedRow({ id: int, name: str, sort: int }) },
  }),
);

/** The attributes a product has, with the chosen item (null: none chosen). */
export const productAttributes = listResponse(
  closedRow({
    attributeId: int,
    name: str,
    iconUrl: nullableString,
    itemId: nullableInt,
    itemName: nullableString,
    status: { type: 'boolean', enum: [true], description: 'Always true: a row is an attribute the product has' },
  }),
);

/** A product's search tags. */
export const searchTags = dataOf({ id: int, tags: strings });

/** A product's YouTube link and the video id read from it (both null: no link). */
export const youtubeLink = dataOf({ id: int, youtubeUrl: nullableString, youtubeId: nullableString });

/** A product's image urls in order; the cover is the first image (null: no image). */
export const imagePaths = dataOf({ productId: int, coverUrl: nullableString, paths: strings });

/** Whether a product code is taken in the shop, and by which product. */
export const codeCheck = dataOf({
  exists: { type: 'boolean' },
  product: {
    type: ['object', 'null'],
    properties: { id: int, code: str, name: str },
    required: ['id', 'code', 'name'],
  },
});

/** Rooms of the visualiser, or tile sizes (master entries). */
export const masterItems = listResponse(masterItem);

const placementFields = { id: int, roomId: int, roomName: str, sizeId: int, sizeName: str } as const;

/** Products placed in rooms, newest first. */
export const roomPlacements = listResponse(
  closedRow({
    ...placementFields,
    productId: int,
    productCode: str,
    productName: str,
    createdAt: dateTime,
  }),
);

/** A tile product with its tile size (null: not set) and the rooms it is placed in. */
export const tileDetail = dataOf({
  productId: int,
  code: str,
  name: str,
  imageUrl: nullableString,
  size: { ...masterItem, type: ['object', 'null'] },
  rooms: { type: 'array', items: closedRow(placementFields) },
});

/** Key highlights built from the product record (generatekeyhighlight; stored only when asked to save). */
export const generatedHighlights = {
  ...writeResponse(closedRow({ keyHighlights: strings })),
  required: ['status', 'message', 'data'],
} as const;
