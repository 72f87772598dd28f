import { pgTable, serial, integer, text, boolean, jsonb, primaryKey, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ts } from './columns.js';

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  // 'admin' area = staff back office; 'supplier' area = supplier portal
  area: text('area').notNull(),
  builtin: boolean('builtin').notNull().default(false),
});

export const menuItems = pgTable('menu_items', {
  id: serial('id').primaryKey(),
  path: text('path').notNull().unique(),
  parentPath: text('parent_path'),
  groupKey: text('group_key').notNull(),
  title: text('title').notNull(),
  icon: text('icon'),
  area: text('area').notNull(),
  sort: integer('sort').notNull().default(0),
  // shown as `roles` in navConfig (e.g. the admin-only route table)
  roles: jsonb('roles').$type<string[] | null>(),
});

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuItemId: integer('menu_item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuItemId] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    status: text('status').notNull().default('active'),
    createdAt: ts('created_at').notNull().defaultNow(),
    // Staff employee data (the user-settings screen): code, department, position, phone; a code of `usertypemaster`.
    phone: text('phone'),
    employeeCode: text('employee_code'),
    department: text('department'),
    position: text('position'),
    userType: text('user_type'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * Tokens carry the generation they were issued at (`gen`); a token of an older one is refused. Raised when
     * the account's sessions must end: password changed or reset, signed out everywhere, role or status changed.
     */
    tokenGeneration: integer('token_generation').notNull().default(0),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
  ],
);

/** SHOP_KINDS: a supplier's brand shop, or one of the marketplace's own house brands. */
export const SHOP_KINDS = ['supplier', 'housebrand'] as const;
/** pending (new from sign-up, awaiting staff review) → active | rejected; a rejected shop may be approved later. */
export const SHOP_STATUSES = ['pending', 'active', 'rejected'] as const;

export const shops = pgTable(
  'shops',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('active'),
    createdAt: ts('created_at').notNull().defaultNow(),
    // The storefront profile a shopper sees.
    description: text('description'),
    logoUrl: text('logo_url'),
    coverUrl: text('cover_url'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    /** Staff's reason when the shop was rejected (shown to the supplier). */
    reviewNote: text('review_note'),
    reviewedAt: ts('reviewed_at'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    /** Optimistic version of the profile: a save read at an older version is refused (409). */
    version: integer('version').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('shops_kind_status').on(t.kind, t.status)],
);

export const userShops = pgTable(
  'user_shops',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.shopId] })],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity').on(t.entity, t.entityId),
    index('audit_log_created').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_actor_created').on(t.actorId, t.createdAt.desc()),
  ],
);

/** A one-time password-set link for an invited staff user (only its hash is kept). */
/**
 * One row per token issued (its `jti`): who, from which device and address, when. A session is active while
 * its token has not expired and its generation is the account's current one; ended rows are kept (ended_at).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    index('sessions_user_active')
      .on(t.userId)
      .where(sql`${t.endedAt} is null`),
  ],
);

export const passwordTokens = pgTable('password_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** invite | reset */
  purpose: text('purpose').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});
