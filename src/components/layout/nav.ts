import type { NavGroup, NavItem } from "../../providers/session-store";

/** Longest menu path that prefixes the current URL, so detail pages keep their item lit. */
export function selectedKey(pathname: string, paths: string[]): string | undefined {
  return paths.filter((p) => pathname === p || pathname.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0];
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
