import { TOKEN_KEY } from "./http-shared";

/** What the server sends about the signed-in user (foundation-api.md, Account). */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  /** The role's name (roles made on the user-settings screen have no translated label). */
  roleName?: string;
  /** `pending` while a new supplier's shop awaits the marketplace's review. */
  shops: { id: number; name: string; status?: string }[];
}

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

export const USER_KEY = "users";
export const NAV_KEY = "navConfig";
/** The server's tag of the signed-in user's grants, last seen (http.ts re-reads the menu when it changes). */
export const ACCESS_TAG_KEY = "accessTag";

function parseJson<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** The user and menu from their stored text (`localStorage`), for readers that hold the text itself. */
export const parseUser = (raw: string | null) => parseJson<SessionUser>(raw);
export const parseNavConfig = (raw: string | null) => parseJson<NavGroup[]>(raw) ?? [];

export const readToken = () => localStorage.getItem(TOKEN_KEY);
export const readUser = () => parseUser(localStorage.getItem(USER_KEY));
export const readNavConfig = () => parseNavConfig(localStorage.getItem(NAV_KEY));

// Components read the stored session through useSyncExternalStore; writes tell them to read it again.
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());
export const subscribeSession = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

// Why the last session ended, so the sign-in page can say so ("expired") after an in-app sign-out.
let endedBy: "expired" | null = null;
export const sessionEndedBy = () => endedBy;

export function storeSession(token: string, user: SessionUser, navConfig: NavGroup[]) {
  endedBy = null;
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  localStorage.setItem(NAV_KEY, JSON.stringify(navConfig));
  localStorage.removeItem(ACCESS_TAG_KEY);
  changed();
}

export function clearSession(reason: "expired" | null = null) {
  endedBy = reason;
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(NAV_KEY);
  localStorage.removeItem(ACCESS_TAG_KEY);
  changed();
}

export const isSupplier = (role: string | undefined | null) => role?.toLowerCase() === "supplier";

/** Items the role may see: an item with `roles` is shown only to those roles (case-insensitive). */
export function visibleItems(items: NavItem[], role: string | undefined): NavItem[] {
  const r = role?.toLowerCase();
  return items
    .filter((item) => !item.roles || item.roles.some((x) => x.toLowerCase() === r))
    .map((item) => (item.children ? { ...item, children: visibleItems(item.children, role) } : item));
}

export function visibleNav(nav: NavGroup[], role: string | undefined): NavGroup[] {
  return nav
    .map((group) => ({ ...group, items: visibleItems(group.items, role) }))
    .filter((group) => group.items.length > 0);
}

/** Every path the navConfig grants, children included, in menu order. */
export function grantedPaths(nav: NavGroup[], role: string | undefined): string[] {
  const out: string[] = [];
  const walk = (items: NavItem[]) =>
    items.forEach((item) => {
      out.push(item.path);
      if (item.children) walk(item.children);
    });
  visibleNav(nav, role).forEach((g) => walk(g.items));
  return out;
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
