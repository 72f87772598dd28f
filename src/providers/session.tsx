import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { isTokenValid } from "./auth";
import { TOKEN_KEY } from "./http-shared";
import {
  grantedPaths,
  isSupplier,
  NAV_KEY,
  parseNavConfig,
  parseUser,
  subscribeSession,
  USER_KEY,
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

/** One entry of the stored session, as its text: a write that leaves the text as it was re-renders nothing. */
const useStored = (key: string) => useSyncExternalStore(subscribeSession, () => localStorage.getItem(key));

export function AuthProvider({ children }: { children: ReactNode }) {
  const token = useStored(TOKEN_KEY);
  const storedUser = useStored(USER_KEY);
  const storedNav = useStored(NAV_KEY);
  const value = useMemo<AuthContextValue>(() => {
    const user = parseUser(storedUser);
    const nav = parseNavConfig(storedNav);
    return {
      isAuthenticated: isTokenValid(token),
      user,
      navConfig: visibleNav(nav, user?.role),
      granted: grantedPaths(nav, user?.role),
    };
  }, [token, storedUser, storedNav]);
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
  const storedUser = useStored(USER_KEY);
  return useMemo(() => {
    const user = parseUser(storedUser);
    return { user, shops: Array.isArray(user?.shops) ? user.shops : [], supplier: isSupplier(user?.role) };
  }, [storedUser]);
}
