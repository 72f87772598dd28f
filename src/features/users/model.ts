import type { Answer, ItemOf } from "../../api";
import { users } from "./endpoints";
import { callsOf, screenPath } from "../../resources/calls";

type U = "/api/user";

export type UserSummary = ItemOf<`${U}/getlistusermangement`>;
export type Area = UserSummary["area"];
export type UserStatus = UserSummary["status"];
/** A staff account with its shops and invitation state (`invitation`: is its last link still valid). */
export type StaffUser = Answer<"/api/v2/staff-users/{id}">;

/** A role, to choose for an account. */
export type Role = ItemOf<`${U}/getuserroles`>;
/** A section of the staff menu with its leaves: what a role can be granted (the roles screen's tree). */
export type MenuNode = ItemOf<`${U}/getlistMenuNew`>;

/** `url` (`/set-password?token=…`) is shown once: only its hash is kept. */
export type PasswordLink = Answer<"/api/v2/staff-users/{id}/password-link", "post">;

export const STATUSES: UserStatus[] = ["active", "disabled"];
export const NAME_MAX = 100;
export const PHONE_PATTERN = /^[+0-9 -]{6,20}$/;

/** The REST resources under /api/v2 (the `rest` data provider). */
export const REST = { staff: "staff-users", account: "my-account" } as const;
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
export const roleLabel = (
  t: (key: string, fallback?: string) => string,
  role: { role?: string; code?: string; roleName?: string; name?: string; builtin?: boolean },
) => {
  const code = role.code ?? role.role ?? "";
  const name = role.name ?? role.roleName ?? code;
  return ["admin", "editor", "supplier"].includes(code) ? t(`roles.${code}`, name) : name;
};
