import type { AuthProvider } from "@refinedev/core";
import { jwtDecode } from "jwt-decode";
import type { Answer } from "../api";
import { errorMessage, errorStatus } from "./http-shared";
import { signInQuery } from "./return-to";

// The HTTP client (axios) is fetched on the first call, keeping it out of the sign-in page's first load.
const api = () => import("./http");
import {
  clearSession,
  isSupplier,
  navLeaves,
  readNavConfig,
  readToken,
  readUser,
  storeSession,
  visibleNav,
  type NavGroup,
  type SessionUser,
} from "./session-store";

export type TypeLogin = "staff" | "supplier";

export interface LoginParams {
  users: string;
  password: string;
  typeLogin: TypeLogin;
}

export interface RegisterParams {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Seconds since the epoch at which the token stops being valid, or null when unreadable. */
export function tokenExpiry(token: string | null): number | null {
  if (!token) return null;
  try {
    const { exp } = jwtDecode<{ exp?: number }>(token);
    return typeof exp === "number" ? exp : null;
  } catch {
    return null;
  }
}

export function isTokenValid(token: string | null, now = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 > now;
}

/** Root a role returns to when its session ends: each root then shows its own login page. */
export const rootFor = (role: string | undefined | null) => (isSupplier(role) ? "/supplier" : "/");
export const loginPathFor = (role: string | undefined | null) => (isSupplier(role) ? "/supplier/login" : "/login");

/** First screen of the menu: the first granted item without children. */
export function homePath(nav: NavGroup[], role: string | undefined): string | undefined {
  return navLeaves(visibleNav(nav, role))[0]?.item.path;
}

// setTimeout overflows above 2^31-1 ms (~24.8 days); long tokens re-arm in steps.
const MAX_DELAY = 2_147_483_647;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

export function cancelExpiryTimer() {
  if (expiryTimer !== undefined) clearTimeout(expiryTimer);
  expiryTimer = undefined;
}

/** The page being looked at, to come back to after signing in again. */
const here = () => window.location.pathname + window.location.search;

/**
 * Arms the timer that ends the session at the token's `exp`: it clears the stored session and
 * sends a supplier to `/supplier`, anyone else to `/` (whose sign-in page then says the session
 * expired and comes back to the page being looked at).
 */
export function scheduleExpiry(
  token: string,
  role: string | undefined,
  redirect: (url: string) => void = (url) => window.location.assign(url),
) {
  cancelExpiryTimer();
  const exp = tokenExpiry(token);
  if (exp === null) return;
  const arm = () => {
    const delay = exp * 1000 - Date.now();
    expiryTimer = setTimeout(
      () => {
        if (exp * 1000 > Date.now()) return arm();
        expiryTimer = undefined;
        // Already ended (a 401 from a request at exp, a sign-out): the app has sent the user on, keeping the page.
        if (readToken() !== token) return;
        const target = rootFor(role) + signInQuery(here(), true);
        clearSession("expired");
        redirect(target);
      },
      Math.max(0, Math.min(delay, MAX_DELAY)),
    );
  };
  arm();
}

/** Re-arms the expiry timer for a session restored from storage on page load. */
export function resumeSession() {
  const token = readToken();
  if (isTokenValid(token)) scheduleExpiry(token!, readUser()?.role);
}

/**
 * The server ended the account's other sessions and answered this one a fresh token (own password change,
 * sign out everywhere else): it replaces the stored one, which the server refuses from now on.
 */
export function renewToken(token: string) {
  const user = readUser();
  if (!user) return;
  storeSession(token, user, readNavConfig());
  scheduleExpiry(token, user.role);
}

/** Where a sign-up whose e-mail and password do not sign in goes: the supplier sign-in page, saying why. */
export const SIGNUP_RECEIVED = "/supplier/login?signup=1";

const failure = (message: string) => ({ success: false, error: { name: "LoginError", message } });

function startSession(token: string, user: SessionUser, navConfig: NavGroup[]) {
  storeSession(token, user, navConfig);
  scheduleExpiry(token, user.role);
  const home = homePath(navConfig, user.role);
  return { success: true, redirectTo: home ?? rootFor(user.role) };
}

export const authProvider: AuthProvider = {
  login: async ({ users, password, typeLogin }: LoginParams) => {
    try {
      const { post } = await api();
      const body = await post<Answer<"/api/account/login", "post">>("/api/account/login", {
        users,
        password,
        typeLogin,
      });
      if (body?.status !== 200 || !body.accessToken) return failure(errorMessage(body));
      return startSession(body.accessToken, body.user, body.navConfig ?? []);
    } catch (error) {
      return failure(errorMessage(error));
    }
  },

  register: async ({ email, password, firstName, lastName }: RegisterParams) => {
    try {
      const { post } = await api();
      // The server answers a new and an already registered e-mail alike (200): signing in tells a new account.
      const body = await post<Answer<"/api/account/register", "post">>("/api/account/register", {
        email,
        password,
        firstName,
        lastName,
      });
      if (body?.status !== 200) return failure(errorMessage(body));
    } catch (error) {
      return failure(errorMessage(error));
    }
    const signedIn = await authProvider.login({ users: email, password, typeLogin: "supplier" } satisfies LoginParams);
    return signedIn.success ? signedIn : { success: true, redirectTo: SIGNUP_RECEIVED };
  },

  logout: async () => {
    const role = readUser()?.role;
    cancelExpiryTimer();
    clearSession();
    return { success: true, redirectTo: loginPathFor(role) };
  },

  check: async () => {
    if (isTokenValid(readToken())) return { authenticated: true };
    const role = readUser()?.role;
    const expired = readToken() !== null;
    clearSession(expired ? "expired" : null);
    const supplierArea = window.location.pathname.startsWith("/supplier");
    return {
      authenticated: false,
      logout: true,
      redirectTo: (supplierArea || isSupplier(role) ? "/supplier/login" : "/login") + signInQuery(here(), expired),
    };
  },

  /**
   * A 401 means the token broke mid-session: the session ends at once, and the app (not Refine)
   * sends the user to sign in, saying it expired and keeping the page to come back to.
   */
  onError: async (error) => {
    if (errorStatus(error) === 401) clearSession("expired");
    return {};
  },

  getIdentity: async () => {
    const user = readUser();
    if (!user) return null;
    return { ...user, name: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username };
  },

  getPermissions: async () => {
    const role = readUser()?.role;
    return role ? [role] : [];
  },
};
