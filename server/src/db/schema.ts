// One schema, one file per domain; drizzle-kit reads this barrel.
export * from './schema/core.js';
export * from './schema/masterdata.js';
export * from './schema/products.js';
export * from './schema/blogs.js';
export * from './schema/orders.js';
export * from './schema/outbox.js';
export * from './schema/saved-views.js';
export * from './schema/brandshop.js';
export * from './schema/kanban.js';
export * from './schema/taskboard.js';
export * from './schema/banners.js';
export * from './schema/campaigns.js';
export * from './schema/homecategories.js';
export * from './schema/promotions.js';
export * from './schema/reports.js';
export * from './schema/settings.js';
export * from './schema/apps.js';
