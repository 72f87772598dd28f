import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { menuItems, roleMenus, roles } from '../../db/schema.js';
import { MENU_CATALOGUE, ROLE_CATALOGUE } from './catalogue.js';
import { invalidateAuth } from '../../auth/context.js';

export interface NavItem {
  title: string;
  path: string;
  icon?: string;
  roles?: string[];
  children?: NavItem[];
}
export interface NavGroup {
  subheader: string;
  items: NavItem[];
}

/**
 * Make the DB match the code catalogue. Built-in grants only for items inserted now. Only what differs is
 * written (every start runs this, and the catalogue rarely changes between two starts).
 */
export async function syncMenu(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(ROLE_CATALOGUE.map((r) => ({ ...r, builtin: true })))
    .onConflictDoNothing();
  const roleRows = await db.select({ id: roles.id, code: roles.code }).from(roles);
  const roleId = new Map(roleRows.map((r) => [r.code, r.id]));
  const existing = new Map(
    (
      await db
        .select({
          path: menuItems.path,
          parentPath: menuItems.parentPath,
          groupKey: menuItems.groupKey,
          title: menuItems.title,
          icon: menuItems.icon,
          area: menuItems.area,
          sort: menuItems.sort,
          roles: menuItems.roles,
        })
        .from(menuItems)
    ).map((r) => [r.path, r]),
  );
  let changed = false;

  for (const m of MENU_CATALOGUE) {
    const values = {
      path: m.path,
      parentPath: m.parent ?? null,
      groupKey: m.group,
      title: m.title,
      icon: m.icon ?? null,
      area: m.area,
      sort: m.sort,
      roles: m.roles ?? null,
    };
    const now = existing.get(m.path);
    if (now && JSON.stringify(now) === JSON.stringify(values)) continue;
    changed = true;
    const [row] = await db
      .insert(menuItems)
      .values(values)
      .onConflictDoUpdate({ target: menuItems.path, set: { ...values } })
      .returning({ id: menuItems.id });
    if (!now) {
      const grants = m.grants.map((code) => roleId.get(code)).filter((id): id is number => id !== undefined);
      // A screen split off another: the roles holding the other get it too.
      if (m.heldWith)
        for (const held of await db
          .select({ roleId: roleMenus.roleId })
          .from(roleMenus)
          .innerJoin(menuItems, eq(menuItems.id, roleMenus.menuItemId))
          .where(eq(menuItems.path, m.heldWith)))
          if (!grants.includes(held.roleId)) grants.push(held.roleId);
      if (grants.length) {
        await db
          .insert(roleMenus)
          .values(grants.map((rid) => ({ roleId: rid, menuItemId: row.id })))
          .onConflictDoNothing();
      }
    }
  }
  // Screens removed from the catalogue leave the menu (grants cascade).
  const gone = await db
    .delete(menuItems)
    .where(
      notInArray(
        menuItems.path,
        MENU_CATALOGUE.map((m) => m.path),
      ),
    )
    .returning({ id: menuItems.id });
  // Grants may have changed: cached auth records (menus) are stale.
  if (changed || gone.length) await invalidateAuth(db);
}

export async function grantedPaths(db: Db, roleCode: string): Promise<string[]> {
  const rows = await db
    .select({ path: menuItems.path })
    .from(menuItems)
    .innerJoin(roleMenus, eq(roleMenus.menuItemId, menuItems.id))
    .innerJoin(roles, eq(roles.id, roleMenus.roleId))
    .where(eq(roles.code, roleCode));
  return rows.map((r) => r.path);
}

/** navConfig for a role, from the role's grants in the DB. */
export async function buildNavConfig(db: Db, roleCode: string): Promise<NavGroup[]> {
  const rows = await db
    .select({
      path: menuItems.path,
      parentPath: menuItems.parentPath,
      groupKey: menuItems.groupKey,
      title: menuItems.title,
      icon: menuItems.icon,
      roles: menuItems.roles,
    })
    .from(menuItems)
    .innerJoin(roleMenus, eq(roleMenus.menuItemId, menuItems.id))
    .innerJoin(roles, and(eq(roles.id, roleMenus.roleId), eq(roles.code, roleCode)))
    .orderBy(asc(menuItems.sort), asc(menuItems.id));

  const toItem = (r: (typeof rows)[number]): NavItem => {
    const item: NavItem = { title: r.title, path: r.path };
    if (r.icon) item.icon = r.icon;
    if (r.roles?.length) item.roles = r.roles;
    return item;
  };
  const byPath = new Map<string, NavItem>();
  const groups: NavGroup[] = [];
  for (const r of rows.filter((x) => !x.parentPath)) {
    const item = toItem(r);
    byPath.set(r.path, item);
    let g = groups.find((x) => x.subheader === r.groupKey);
    if (!g) groups.push((g = { subheader: r.groupKey, items: [] }));
    g.items.push(item);
  }
  // A child shows only under a granted parent.
  for (const r of rows.filter((x) => x.parentPath)) {
    const parent = byPath.get(r.parentPath!);
    if (parent) (parent.children ??= []).push(toItem(r));
  }
  return groups;
}
