import { pgTable, serial, integer, text, numeric, boolean, jsonb, index } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { users } from './core.js';

/**
 * A shipping rate: a price for parcels of one weight band (kg, from inclusive, to exclusive; no end =
 * and heavier) to one zone by one transport type. Bands of one zone and type never overlap.
 */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: serial('id').primaryKey(),
    /** A code of the shipping zones (master data). */
    zone: text('zone').notNull(),
    /** A code of `mastertransporttype`. */
    transportType: text('transport_type').notNull(),
    weightFrom: numeric('weight_from', { precision: 10, scale: 3 }).notNull(),
    weightTo: numeric('weight_to', { precision: 10, scale: 3 }),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('shipping_rates_zone_type').on(t.zone, t.transportType, t.weightFrom)],
);

/** Typed settings read by the code that uses them (`configcontrol`): default language, currency, deadlines. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
