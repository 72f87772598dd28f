/**
 * Roles and their menus (docs/api/users.md). A role's granted menu paths (`role_menus`) are both its
 * navConfig and its permissions: the guard admits a route for the holders of the menu paths of the
 * screens that list it. A change drops every cached auth record, so the role's accounts see and may call
 * the new menus from their next request. The admin role holds everything and is never changed; a menu
 * item with `roles` (e.g. the audit log) goes only to those roles.
 */
import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { menuItems, roleMenus, roles, users } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { invalidateAuth } from '../../auth/context.js';
import { assertMayGrant, auditRefusals } from './privilege.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, HttpError, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { Tx } from '../../lib/sql.js';

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

/** A short fingerprint of what a role grants: sent back with a change, a different one means someone else changed it. */
const versionOf = (name: string, menus: string[]) =>
  createHash('sha256')
    .update(`${name}\n${[...menus].sort().join('\n')}`)
    .digest('hex')
    .slice(0, 16);

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
  const menus = await menusOf(q, roleId);
  return { ...toRole(row), menus, version: versionOf(row.name, menus) };
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

/**
 * The paths to grant: each a menu item of the role's area that the role may hold; a leaf brings its section
 * (a leaf shows only under its section). Refused with 400 naming `menus`.
 */
async function grantable(q: Db | Tx, role: { code: string; area: string }, paths: string[]) {
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

async function grant(tx: Tx, roleId: number, items: { id: number }[]) {
  await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  if (items.length) await tx.insert(roleMenus).values(items.map((m) => ({ roleId, menuItemId: m.id })));
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

/** A new staff role with the menus sent. */
export async function createRole(db: Db, actor: AuthUser, input: { name: string; menus?: string[] }) {
  const name = cleanName(input.name);
  const attempt = {
    action: 'create',
    entity: 'role' as const,
    entityId: null,
    detail: { name, menus: input.menus ?? [] },
  };
  try {
    return await auditRefusals(db, actor, attempt, () =>
      db.transaction(async (tx) => {
        await assertFreeName(tx, name);
        const code = await codeFor(tx, name);
        const items = await grantable(tx, { code, area: 'admin' }, input.menus ?? []);
        assertMayGrant(actor, { code, area: 'admin', name, menus: items.map((m) => m.path) }, 'create');
        const [role] = await tx
          .insert(roles)
          .values({ code, name, area: 'admin', builtin: false })
          .returning({ id: roles.id });
        await grant(tx, role.id, items);
        await audit(tx, {
          actorId: actor.id,
          action: 'create',
          entity: 'role',
          entityId: role.id,
          after: { code, name, menus: items.map((m) => m.path).sort() },
        });
        return roleDetail(tx, role.id);
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(name);
    throw err;
  }
}

const STALE = 'This role was changed by someone else since you opened it. Reload it and try again.';

export async function updateRole(
  db: Db,
  actor: AuthUser,
  roleId: number,
  input: { version: string; name?: string; menus?: string[] },
) {
  const attempt = {
    action: 'update',
    entity: 'role' as const,
    entityId: roleId,
    detail: { name: input.name, menus: input.menus },
  };
  const detail = await auditRefusals(db, actor, attempt, () =>
    db.transaction(async (tx) => {
      const [role] = await tx.select().from(roles).where(eq(roles.id, roleId)).for('update');
      if (!role) throw notFound('Role');
      if (role.code === 'admin')
        throw conflict('The administrator role always holds every menu; it cannot be changed.');
      const before = { name: role.name, menus: await menusOf(tx, roleId) };
      // A role holding more than the caller is not theirs to change, not even to take menus away.
      assertMayGrant(actor, { ...role, menus: before.menus }, 'edit');
      if (input.version !== versionOf(before.name, before.menus))
        throw new HttpError(409, STALE, [{ field: 'version', message: STALE }]);
      const name = input.name === undefined ? role.name : cleanName(input.name);
      if (name !== role.name) {
        if (role.builtin) throw fieldError('name', 'A built-in role keeps its name.');
        await assertFreeName(tx, name, roleId);
        await tx.update(roles).set({ name }).where(eq(roles.id, roleId));
      }
      let menus = before.menus;
      if (input.menus !== undefined) {
        const items = await grantable(tx, role, input.menus);
        assertMayGrant(actor, { ...role, name, menus: items.map((m) => m.path) }, 'edit');
        await grant(tx, roleId, items);
        menus = await menusOf(tx, roleId);
      }
      await audit(tx, {
        actorId: actor.id,
        action: 'update',
        entity: 'role',
        entityId: roleId,
        before: { name: before.name, menus: [...before.menus].sort() },
        after: { name, menus: [...menus].sort() },
      });
      return roleDetail(tx, roleId);
    }),
  );
  // Every account of the role sees and may call the new menus from its next request.
  await invalidateAuth(db);
  return detail;
}

export async function deleteRole(db: Db, actor: AuthUser, roleId: number) {
  return db.transaction(async (tx) => {
    const [role] = await tx.select().from(roles).where(eq(roles.id, roleId)).for('update');
    if (!role) throw notFound('Role');
    if (role.builtin) throw conflict('A built-in role cannot be deleted.');
    const detail = await roleDetail(tx, roleId);
    // Lock the role's accounts against a concurrent role change to it.
    const holders = await tx.select({ id: users.id }).from(users).where(eq(users.roleId, roleId)).for('update');
    if (holders.length)
      throw conflict(`${holders.length} account(s) still have this role. Give them another role first.`);
    await tx.delete(roles).where(eq(roles.id, roleId));
    await audit(tx, {
      actorId: actor.id,
      action: 'delete',
      entity: 'role',
      entityId: roleId,
      before: { code: role.code, name: role.name, menus: detail.menus },
    });
    return detail;
  });
}
