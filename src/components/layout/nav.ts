import type { NavGroup, NavItem } from "../../providers/session-store";

/** Longest menu path that prefixes the current URL, so detail pages keep their item lit. */
export function selectedKey(pathname: string, paths: string[]): string | undefined {
  return paths
    .filter((p) => pathname === p || pathname.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The menu items from the top of the menu down to `path`. */
export function navChain(nav: NavGroup[], path: string | undefined): NavItem[] {
  if (!path) return [];
  const walk = (items: NavItem[], trail: NavItem[]): NavItem[] | undefined => {
    for (const item of items) {
      const next = [...trail, item];
      if (item.path === path) return next;
      const found = item.children && walk(item.children, next);
      if (found) return found;
    }
    return undefined;
  };
  for (const group of nav) {
    const items = walk(group.items, []);
    if (items) return items;
  }
  return [];
}

/** Menu leaves in order: the screens a user can open from the menu. */
export function navLeaves(nav: NavGroup[]): { group: NavGroup; item: NavItem; icon?: string }[] {
  const out: { group: NavGroup; item: NavItem; icon?: string }[] = [];
  const walk = (group: NavGroup, items: NavItem[], icon?: string) =>
    items.forEach((item) => {
      if (item.children?.length) walk(group, item.children, item.icon ?? icon);
      else out.push({ group, item, icon: item.icon ?? icon });
    });
  nav.forEach((group) => walk(group, group.items));
  return out;
}
