import { Navigate, useLocation } from "react-router";
import { signInQuery } from "../providers/return-to";
import { sessionEndedBy } from "../providers/session-store";

/**
 * A signed-out visit to an area's screen goes to that area's sign-in page, which comes back here
 * once signed in (and says so when the session had expired).
 */
export function LoginRedirect() {
  const { pathname, search } = useLocation();
  const login = pathname.startsWith("/supplier") ? "/supplier/login" : "/login";
  return <Navigate to={login + signInQuery(pathname + search, sessionEndedBy() === "expired")} replace />;
}
