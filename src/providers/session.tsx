import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { isTokenValid } from "./auth";
import {
  grantedPaths,
  isSupplier,
  readNavConfig,
  readToken,
  readUser,
  sessionVersion,
  subscribeSession,
  visibleNav,
  type NavGroup,
  type SessionUser,
} from "./session-store";

export interface AuthContextValue {
  isAuthenticated: boolean;
  user: SessionUser | null;
  /** The menu as this user may see it (items with `roles` filtered). */
  navConfig: NavGroup[];
  granted: string[];
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const version = useSyncExternalStore(subscribeSession, sessionVersion);
  const value = useMemo<AuthContextValue>(() => {
    const user = readUser();
    const nav = readNavConfig();
    return {
      isAuthenticated: isTokenValid(readToken()),
      user,
      navConfig: visibleNav(nav, user?.role),
      granted: grantedPaths(nav, user?.role),
    };
    // `version` is the store's change signal: re-read storage when it moves.
  }, [version]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuthContext(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuthContext context must be use inside AuthProvider");
  return context;
}

export interface Session {
  user: SessionUser | null;
  /** The signed-in supplier's shops; `[]` for staff. */
  shops: SessionUser["shops"];
  supplier: boolean;
}

/** The signed-in user and their shops, for screens: no screen reads the session storage itself. */
export function useSession(): Session {
  const version = useSyncExternalStore(subscribeSession, sessionVersion);
  return useMemo(() => {
    const user = readUser();
    return { user, shops: Array.isArray(user?.shops) ? user.shops : [], supplier: isSupplier(user?.role) };
    // `version` is the store's change signal.
  }, [version]);
}
