import { pgTable, serial, integer, text, numeric, index } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { users } from './core.js';
import { products } from './products.js';
import { windowColumns } from './window.js';

/** CAMPAIGN_STATUSES: draft → active → closed; closing is final. */
export const CAMPAIGN_STATUSES = ['draft', 'active', 'closed'] as const;

/** A marketing campaign: a banner image with clickable hotspots, shown inside its window. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    ...windowColumns(),
    status: text('status').notNull().default('draft'),
    closedAt: ts('closed_at'),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('campaigns_status_starts').on(t.status, t.startsAt)],
);

/**
 * A clickable rectangle on a campaign image linking to a product. Stored relative to the image
 * (0–1 of its width and height), so it lands on the same spot at any display size.
 */
export const campaignHotspots = pgTable(
  'campaign_hotspots',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    x: numeric('x', { precision: 7, scale: 6 }).notNull(),
    y: numeric('y', { precision: 7, scale: 6 }).notNull(),
    width: numeric('width', { precision: 7, scale: 6 }).notNull(),
    height: numeric('height', { precision: 7, scale: 6 }).notNull(),
    label: text('label'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('campaign_hotspots_campaign').on(t.campaignId)],
);
