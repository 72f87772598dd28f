import {
  pgTable,
  serial,
  integer,
  text,
  boolean,
  numeric,
  jsonb,
  uniqueIndex,
  index,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { shops, users } from './core.js';
import { attributeItems, attributes, masterData } from './masterdata.js';

/** A product's approval states, in the order a product goes through them. */
export const PRODUCT_STATES = ['draft', 'pending', 'approved', 'rejected', 'resubmitted'] as const;
/** The sales channels a product can be shown in or hidden from (product_visibility.channel). */
export const CHANNELS: { code: string; name: string }[] = [
  { code: 'web', name: 'Website' },
  { code: 'app', name: 'Mobile app' },
  { code: 'line', name: 'LINE shop' },
  { code: 'branch', name: 'Branch kiosk' },
];

const master = (name: string) => integer(name).references(() => masterData.id);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    /** The regular price before the shop's discount ("was" price); null = not discounted. Always above `price`. */
    compareAtPrice: numeric('compare_at_price', { precision: 12, scale: 2 }),
    /** Units on hand for back-office orders (checkout); never below 0. */
    stock: integer('stock').notNull().default(0),
    imageUrl: text('image_url'),
    /** draft | pending | approved | rejected | resubmitted (docs/api/products.md) */
    approvalStatus: text('approval_status').notNull().default('draft'),
    online: boolean('online').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    description: text('description'),
    brandId: master('brand_id'),
    level1Id: master('level1_id'),
    level2Id: master('level2_id'),
    unitId: master('unit_id'),
    warrantyId: master('warranty_id'),
    colorId: master('color_id'),
    width: numeric('width', { precision: 10, scale: 2 }),
    length: numeric('length', { precision: 10, scale: 2 }),
    height: numeric('height', { precision: 10, scale: 2 }),
    dimensionUnitId: master('dimension_unit_id'),
    weight: numeric('weight', { precision: 10, scale: 3 }),
    weightUnitId: master('weight_unit_id'),
    volume: numeric('volume', { precision: 10, scale: 3 }),
    volumeUnitId: master('volume_unit_id'),
    shippingTypeId: master('shipping_type_id'),
    tisId: master('tis_id'),
    tileSizeId: master('tile_size_id'),
    youtubeUrl: text('youtube_url'),
    searchTags: jsonb('search_tags').$type<string[]>().notNull().default([]),
    keyHighlights: jsonb('key_highlights').$type<string[]>().notNull().default([]),
    /** none | requested | in_progress | done — the staff photo-retouch workflow */
    imageEditStatus: text('image_edit_status').notNull().default('none'),
    rejectReason: text('reject_reason'),
    /** Created through the supplier new-product flow. */
    isNew: boolean('is_new').notNull().default(false),
    submittedAt: ts('submitted_at'),
    approvedAt: ts('approved_at'),
    approvedBy: integer('approved_by').references(() => users.id),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('products_shop_code').on(t.shopId, t.code),
    index('products_shop').on(t.shopId),
    index('products_approval').on(t.approvalStatus),
    index('products_created').on(t.createdAt),
  ],
);

/** Images, videos and audio of a product, in display order. */
export const productMedia = pgTable(
  'product_media',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    url: text('url').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('product_media_product').on(t.productId, t.kind, t.sort)],
);

export const productPriceHistory = pgTable(
  'product_price_history',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    oldPrice: numeric('old_price', { precision: 12, scale: 2 }).notNull(),
    newPrice: numeric('new_price', { precision: 12, scale: 2 }).notNull(),
    reason: text('reason'),
    changedBy: integer('changed_by').references(() => users.id),
    changedAt: ts('changed_at').notNull().defaultNow(),
  },
  (t) => [index('product_price_history_product').on(t.productId, t.changedAt)],
);

/** Visibility per sales channel (web, app, line, branch); a missing row means visible. */
export const productVisibility = pgTable(
  'product_visibility',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    visible: boolean('visible').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.channel] })],
);

export const productAttributes = pgTable(
  'product_attributes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').references(() => attributeItems.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.attributeId] })],
);

export const productImageEditLog = pgTable(
  'product_image_edit_log',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    imageId: integer('image_id'),
    action: text('action').notNull(),
    note: text('note'),
    status: text('status'),
    actorId: integer('actor_id').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('product_image_edit_log_product').on(t.productId, t.createdAt)],
);

/** TIS certificates attached to a product; sending them out is an outbox job. */
export const productTisDocs = pgTable(
  'product_tis_docs',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tisId: integer('tis_id')
      .notNull()
      .references(() => masterData.id),
    url: text('url').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** The state of its send_tis job: queued, sending, sent, failed, dead (outbox/mirrors.ts). */
    status: text('status').notNull().default('queued'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('product_tis_docs_product').on(t.productId)],
);

/** Virtual room visualiser: a tile/flooring product placed in a room at a size. */
export const productRooms = pgTable(
  'product_rooms',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => masterData.id),
    sizeId: integer('size_id')
      .notNull()
      .references(() => masterData.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_rooms_product_room').on(t.productId, t.roomId)],
);

export const installRates = pgTable('install_rates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  level1Id: integer('level1_id').references(() => masterData.id),
  productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  /** The regular price before the shop's discount ("was" price); null = not discounted. Always above `price`. */
  compareAtPrice: numeric('compare_at_price', { precision: 12, scale: 2 }),
  /** Units on hand for back-office orders (checkout); never below 0. */
  stock: integer('stock').notNull().default(0),
  status: text('status').notNull().default('active'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** GP (ERP) item master mirror and purchase orders. */
export const gpItems = pgTable(
  'gp_items',
  {
    id: serial('id').primaryKey(),
    itemCode: text('item_code').notNull().unique(),
    name: text('name').notNull(),
    uom: text('uom').notNull(),
    cost: numeric('cost', { precision: 12, scale: 2 }).notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** active = in GP; otherwise the state of the job creating it: queued, sending, failed, dead (outbox/mirrors.ts) */
    status: text('status').notNull().default('active'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('gp_items_product').on(t.productId)],
);

export const gpPurchaseOrders = pgTable(
  'gp_purchase_orders',
  {
    id: serial('id').primaryKey(),
    poNo: text('po_no').notNull(),
    gpItemId: integer('gp_item_id')
      .notNull()
      .references(() => gpItems.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
    cost: numeric('cost', { precision: 12, scale: 2 }).notNull(),
    status: text('status').notNull(),
    orderedAt: ts('ordered_at').notNull(),
  },
  (t) => [index('gp_purchase_orders_item').on(t.gpItemId, t.orderedAt)],
);
