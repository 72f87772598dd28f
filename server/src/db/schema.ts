// One schema, one file per domain; drizzle-kit reads this barrel.
export * from './schema/core.js';
export * from './schema/masterdata.js';
export * from './schema/products.js';
export * from './schema/orders.js';
export * from './schema/outbox.js';
