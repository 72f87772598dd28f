import { users } from "./resource";
import { callsOf, screenPath } from "../../resources/calls";

export type Area = "admin" | "supplier";
export type UserStatus = "active" | "disabled";

export interface UserSummary {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  roleId: number;
  role: string;
  roleName: string;
  area: Area;
  status: UserStatus;
  employeeCode: string | null;
  department: string | null;
  position: string | null;
  userType: string | null;
  /** An invited account that has set no password yet: is its last link still valid. */
  invitation: "pending" | "expired" | null;
  shops: { id: number; name: string }[];
  createdAt: string;
  updatedAt: string;
}

export interface Role {
  id: number;
  code: string;
  name: string;
  area: Area;
  builtin: boolean;
  /** Its menus may be changed (every role but admin). */
  editable: boolean;
  userCount: number;
  menuCount: number;
}

export interface RoleDetail extends Role {
  menus: string[];
  version: string;
}

export interface MenuLeaf {
  path: string;
  title: string;
  onlyFor: string[] | null;
}
export interface MenuNode extends MenuLeaf {
  group: string;
  icon: string | null;
  children: MenuLeaf[];
}

export interface PasswordLink {
  /** `/set-password?token=…`: shown once, only its hash is kept. */
  url: string;
  expiresAt: string;
  purpose: "invite" | "reset";
}

export const STATUSES: UserStatus[] = ["active", "disabled"];
export const NAME_MAX = 100;
export const PHONE_PATTERN = /^[+0-9 -]{6,20}$/;

/** The REST resources under /api/v2 (the `rest` data provider). */
export const REST = { staff: "staff-users", roles: "roles", account: "my-account" } as const;
export const restUrl = (path: string) => `/api/v2/${path}`;

export const { readCall, writeCall } = callsOf(users);

export const RESOURCE = users.name;
export const userPaths = {
  list: () => screenPath("setting-user", "list"),
  create: () => screenPath("setting-user", "create"),
  edit: (id: number | string) => screenPath("setting-user", "edit", id),
};

export const fullName = (u: { firstName: string; lastName: string; username?: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.username || "";

/** The full address of a one-time link, to copy and send to its owner. */
export const linkAddress = (link: PasswordLink) => `${window.location.origin}${link.url}`;

/** A role's words: built-in roles have translated labels, roles made on this screen their own name. */
export const roleLabel = (t: (key: string, fallback?: string) => string, role: { role?: string; code?: string; roleName?: string; name?: string; builtin?: boolean }) => {
  const code = role.code ?? role.role ?? "";
  const name = role.name ?? role.roleName ?? code;
  return ["admin", "editor", "supplier"].includes(code) ? t(`roles.${code}`, name) : name;
};
