import { Navigate, useLocation } from "react-router";

/** A signed-out visit to an area's screen goes to that area's sign-in page. */
export function LoginRedirect() {
  const { pathname } = useLocation();
  return <Navigate to={pathname.startsWith("/supplier") ? "/supplier/login" : "/login"} replace />;
}
