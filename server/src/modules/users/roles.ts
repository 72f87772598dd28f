/**
 * Roles and their menus (docs/api/users.md). A role's granted menu paths (`role_menus`) are both its
 * navConfig and its permissions: the guard admits a route for the holders of the menu paths of the
 * screens that list it. A change drops every cached auth record, so the role's accounts see and may call
 * the new menus from their next request. The admin role holds everything and is never changed; a menu
 * item with `roles` (e.g. the audit log) goes only to those roles.
 */
import type { FastifyInstance } from 'fastify';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { menuItems, roleMenus, roles, users } from '../../db/schema.js';
import { invalidateAuth } from '../../auth/context.js';
import { assertMayGrant, auditRefusals } from './privilege.js';
import { MENU_CATALOGUE } from '../menu/catalogue.js';
import { conflict, fieldConflict, fieldError, HttpError, notFound } from '../../lib/errors.js';
import type { Tx } from '../../lib/sql.js';
import { restResource, type WriteContext } from '../../rest/resource.js';

type Area = 'admin' | 'supplier';

export interface Role {
  id: number;
  code: string;
  name: string;
  area: Area;
  builtin: boolean;
  editable: boolean;
  userCount: number;
  menuCount: number;
}
export interface RoleDetail extends Role {
  menus: string[];
  version: string;
}

const roleColumns = {
  id: roles.id,
  code: roles.code,
  name: roles.name,
  area: roles.area,
  builtin: roles.builtin,
  // Spelled out: drizzle leaves a column of a one-table select unqualified, and "id" would be the subquery's.
  userCount: sql<number>`(select count(*)::int from users u where u.role_id = "roles"."id")`,
  menuCount: sql<number>`(select count(*)::int from role_menus rm where rm.role_id = "roles"."id")`,
};
/** The menu paths a role holds, in menu order. */
const roleMenuPaths = sql<string[]>`array(
  select mi.path from role_menus rm join menu_items mi on mi.id = rm.menu_item_id
  where rm.role_id = "roles"."id" order by mi.sort, mi.path)`;
/** A short fingerprint of what a role grants: sent back with a change, a different one means someone else changed it. */
const roleVersion = sql<string>`left(md5("roles"."name" || E'\n' || coalesce((
  select string_agg(mi.path, E'\n' order by mi.path collate "C") from role_menus rm
  join menu_items mi on mi.id = rm.menu_item_id where rm.role_id = "roles"."id"), '')), 16)`;
const toRole = (r: Omit<Role, 'editable' | 'area'> & { area: string }): Role => ({
  ...r,
  area: r.area as Area,
  editable: r.code !== 'admin',
});

export async function listRoles(db: Db, area?: Area) {
  const rows = await db
    .select(roleColumns)
    .from(roles)
    .where(area ? eq(roles.area, area) : undefined)
    .orderBy(sql`${roles.builtin} desc`, asc(roles.name), asc(roles.id));
  return { items: rows.map(toRole) };
}

async function menusOf(q: Db | Tx, roleId: number) {
  const rows = await q
    .select({ path: menuItems.path })
    .from(roleMenus)
    .innerJoin(menuItems, eq(menuItems.id, roleMenus.menuItemId))
    .where(eq(roleMenus.roleId, roleId))
    .orderBy(asc(menuItems.sort), asc(menuItems.path));
  return rows.map((r) => r.path);
}

export async function roleDetail(q: Db | Tx, roleId: number): Promise<RoleDetail> {
  const [row] = await q.select(roleColumns).from(roles).where(eq(roles.id, roleId));
  if (!row) throw notFound('Role');
  const [{ version }] = await q.select({ version: roleVersion }).from(roles).where(eq(roles.id, roleId));
  return { ...toRole(row), menus: await menusOf(q, roleId), version };
}

/** The menu of an area as a tree: sections with their leaves, in menu order. */
export async function menuTree(db: Db, area: Area) {
  const rows = await db
    .select()
    .from(menuItems)
    .where(eq(menuItems.area, area))
    .orderBy(asc(menuItems.sort), asc(menuItems.id));
  const sections = rows
    .filter((r) => !r.parentPath)
    .map((r) => ({
      path: r.path,
      title: r.title,
      group: r.groupKey,
      icon: r.icon,
      onlyFor: r.roles ?? null,
      children: rows
        .filter((c) => c.parentPath === r.path)
        .map((c) => ({ path: c.path, title: c.title, onlyFor: c.roles ?? r.roles ?? null })),
    }));
  return { items: sections };
}

/** Leaves that go with another menu path (`Leaf.heldWith`): leaf → that path. */
const HELD_WITH = new Map(MENU_CATALOGUE.filter((m) => m.heldWith).map((m) => [m.path, m.heldWith!]));

/**
 * The paths to grant: each a menu item of the role's area that the role may hold; a leaf brings its section
 * (a leaf shows only under its section); a path brings the leaves held with it, and such a leaf comes only
 * with its path. Refused with 400 naming `menus`.
 */
async function grantable(q: Db | Tx, role: { code: string; area: string }, asked: string[]) {
  const sent = new Set(asked);
  const paths = [
    ...asked.filter((p) => !HELD_WITH.has(p)),
    ...[...HELD_WITH].filter(([, path]) => sent.has(path)).map(([leaf]) => leaf),
  ];
  if (!paths.length) return [];
  const rows = await q.select().from(menuItems).where(eq(menuItems.area, role.area));
  const byPath = new Map(rows.map((r) => [r.path, r]));
  const out = new Set<string>();
  for (const p of paths) {
    const item = byPath.get(p);
    if (!item)
      throw fieldError(
        'menus',
        `menus: ${p} is not a menu of the ${role.area === 'supplier' ? 'supplier' : 'staff'} area`,
      );
    const parent = item.parentPath ? byPath.get(item.parentPath) : undefined;
    const only = item.roles ?? parent?.roles;
    if (only && !only.includes(role.code)) throw fieldError('menus', `menus: ${p} is only for ${only.join(', ')}`);
    out.add(p);
    if (parent) out.add(parent.path);
  }
  return rows.filter((r) => out.has(r.path));
}

async function grant(tx: Tx, roleId: number, paths: string[]) {
  await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  if (!paths.length) return;
  const items = await tx.select({ id: menuItems.id }).from(menuItems).where(inArray(menuItems.path, paths));
  await tx.insert(roleMenus).values(items.map((m) => ({ roleId, menuItemId: m.id })));
}

const nameTaken = (name: string) =>
  new HttpError(409, `A role named ${name} already exists.`, [
    { field: 'name', message: 'name is already used by another role' },
  ]);

async function assertFreeName(tx: Tx, name: string, roleId?: number) {
  const [taken] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(sql`lower(${roles.name}) = ${name.toLowerCase()}`);
  if (taken && taken.id !== roleId) throw nameTaken(name);
}

/** A code from the name (latin letters and digits), unique; `staff-role-<n>` when the name has none. */
async function codeFor(tx: Tx, name: string) {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'staff-role';
  const taken = new Set((await tx.select({ code: roles.code }).from(roles)).map((r) => r.code));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

const cleanName = (name: string) => {
  const v = name.trim().replace(/\s+/g, ' ');
  if (v.length < 2) throw fieldError('name', 'name must be at least 2 characters');
  return v;
};

const STALE = 'This role was changed by someone else since you opened it. Reload it and try again.';

type Body = Record<string, unknown>;

/**
 * A write of a staff role, checked: the name cleaned and free (a built-in role keeps its own), the admin role
 * never changed, the version read sent back (another change since is a 409 on `version`), the menus each a staff
 * menu the role may hold (a leaf brings its section) and, before and after, within the caller's own rights.
 * Answers the body to store: the name, the code of a new role, the menus with their sections.
 */
async function prepareRole(body: Body, { user, op, tx, current }: WriteContext): Promise<Body> {
  if (op === 'create') {
    const name = cleanName(body.name as string);
    await assertFreeName(tx, name);
    const code = await codeFor(tx, name);
    const menus = (await grantable(tx, { code, area: 'admin' }, (body.menus as string[] | undefined) ?? [])).map(
      (m) => m.path,
    );
    assertMayGrant(user, { code, area: 'admin', name, menus }, 'create');
    return { name, code, area: 'admin', builtin: false, menus };
  }
  const role = current as {
    id: number;
    code: string;
    name: string;
    builtin: boolean;
    menus: string[];
    version: string;
  };
  if (role.code === 'admin') throw conflict('The administrator role always holds every menu; it cannot be changed.');
  const rights = { code: role.code, area: 'admin', name: role.name };
  // A role holding more than the caller is not theirs to change, not even to take menus away.
  assertMayGrant(user, { ...rights, menus: role.menus }, 'edit');
  if (body.version !== role.version) throw fieldConflict('version', STALE);
  const out: Body = {};
  const name = body.name === undefined ? role.name : cleanName(body.name as string);
  if (name !== role.name) {
    if (role.builtin) throw fieldError('name', 'A built-in role keeps its name.');
    await assertFreeName(tx, name, role.id);
    out.name = name;
  }
  if (body.menus !== undefined) {
    out.menus = (await grantable(tx, rights, body.menus as string[])).map((m) => m.path);
    assertMayGrant(user, { ...rights, name, menus: out.menus as string[] }, 'edit');
  }
  return out;
}

/**
 * The staff roles as a REST resource (`/api/v2/roles`, owner none, staff roles only), the one the generated
 * roles screen reads: a role's name, its menus (both its navConfig and its permissions, in `role_menus`) and
 * the version to send back with a change. Built-in roles keep their names and are never deleted, the admin
 * role is never changed, a role some account holds is not deleted; a refusal of the rule "a user manager
 * grants at most what they hold" is written to the audit log. A change drops every cached auth record, so the
 * role's accounts see and may call the new menus from their next request.
 */
export function roleResource(app: FastifyInstance) {
  const { db } = app;
  restResource(app, {
    name: 'roles',
    label: 'Role',
    table: roles,
    id: roles.id,
    owner: 'none',
    scope: eq(roles.area, 'admin'),
    tags: ['users'],
    audit: { entity: 'role' },
    defaultSort: { field: 'name', order: 'asc' },
    fields: {
      name: {
        column: roles.name,
        schema: { type: 'string', title: 'Name' },
        write: { type: 'string', minLength: 2, maxLength: 60, title: 'Name' },
        filter: ['like'],
        sort: true,
      },
      code: { column: roles.code, schema: { type: 'string', title: 'Code' } },
      builtin: { column: roles.builtin, schema: { type: 'boolean', title: 'Built-in' }, filter: ['eq'], sort: true },
      userCount: {
        column: sql<number>`(select count(*)::int from users u where u.role_id = "roles"."id")`,
        schema: { type: 'integer', title: 'Accounts' },
        sort: true,
      },
      menus: {
        column: roleMenuPaths,
        schema: { type: 'array', items: { type: 'string' }, title: 'Menus' },
        write: {
          type: 'array',
          maxItems: 200,
          uniqueItems: true,
          items: { type: 'string', minLength: 1, maxLength: 200 },
          title: 'Menus',
          description: 'Menu paths (getlistMenuNew); a leaf brings its section',
        },
        optional: true,
      },
      version: {
        column: roleVersion,
        schema: { type: 'string', title: 'Version', 'x-token': true },
        write: {
          type: 'string',
          minLength: 1,
          maxLength: 64,
          'x-token': true,
          description: 'As read: another change since answers 409',
        },
        updateOnly: true,
      },
    },
    prepare: prepareRole,
    afterWrite: async (row, body, { tx }) => {
      if (body.menus !== undefined) await grant(tx, row.id as number, body.menus as string[]);
    },
    beforeDelete: async (row, { tx }) => {
      if (row.builtin) throw conflict('A built-in role cannot be deleted.');
      // Lock the role's accounts against a concurrent role change to it.
      const holders = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.roleId, row.id as number))
        .for('update');
      if (holders.length)
        throw conflict(`${holders.length} account(s) still have this role. Give them another role first.`);
    },
    onDuplicate: (body) => nameTaken(String(body.name)),
    around: async (attempt, run) => {
      const answer = await auditRefusals(
        db,
        attempt.user,
        {
          action: attempt.op,
          entity: 'role',
          entityId: attempt.id ?? null,
          detail: { name: attempt.body?.name, menus: attempt.body?.menus },
        },
        run,
      );
      // Every account of the role sees and may call the new menus from its next request.
      if (attempt.op === 'update') await invalidateAuth(db);
      return answer;
    },
  });
}
