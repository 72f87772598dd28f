import { lazy, Suspense, type ReactNode } from "react";
import { BrowserRouter, Navigate, Route, Routes, useLocation } from "react-router";
import { RefineRoot } from "./chunks";
import { LoginRedirect } from "./components/LoginRedirect";
import { PageLoading } from "./components/PageLoading";
import { homePath } from "./providers/auth";
import { AuthProvider, useAuthContext } from "./providers/session";
import { isSupplier } from "./providers/session-store";
import { returnTo } from "./providers/return-to";
import { SettingsProvider } from "./providers/settings-context";

const LoginPage = lazy(() => import("./pages/auth/login"));
const RegisterPage = lazy(() => import("./pages/auth/register"));
const SetPasswordPage = lazy(() => import("./pages/auth/set-password"));

/** `/` and `/supplier`: the area's login page when signed out, else the first granted screen. */
function Root({ area }: { area: "staff" | "supplier" }) {
  const { isAuthenticated, user, navConfig } = useAuthContext();
  // The query carries the page to come back to (after a session expired) on to the sign-in page.
  const { search } = useLocation();
  if (!isAuthenticated) return <Navigate to={(area === "supplier" ? "/supplier/login" : "/login") + search} replace />;
  return <Navigate to={homePath(navConfig, user?.role) ?? "/404"} replace />;
}

/** Sign-in pages send an already signed-in user on to their menu. */
function SignedOutOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, user } = useAuthContext();
  const { search } = useLocation();
  if (isAuthenticated)
    return <Navigate to={returnTo(search) ?? (isSupplier(user?.role) ? "/supplier" : "/")} replace />;
  return children;
}

/** Everything else needs a session; without one, straight to sign-in without loading Refine. */
function SignedIn() {
  const { isAuthenticated } = useAuthContext();
  return isAuthenticated ? <RefineRoot /> : <LoginRedirect />;
}

export default function App() {
  return (
    // Without transitions a lazy page shows its Suspense fallback, which the route progress bar watches.
    <BrowserRouter useTransitions={false}>
      <AuthProvider>
        <Suspense fallback={<PageLoading fullPage />}>
          <SettingsProvider>
            <Suspense fallback={<PageLoading fullPage />}>
              <Routes>
                <Route path="/" element={<Root area="staff" />} />
                <Route path="/supplier" element={<Root area="supplier" />} />
                <Route
                  path="/login"
                  element={
                    <SignedOutOnly>
                      <LoginPage typeLogin="staff" />
                    </SignedOutOnly>
                  }
                />
                <Route
                  path="/supplier/login"
                  element={
                    <SignedOutOnly>
                      <LoginPage typeLogin="supplier" />
                    </SignedOutOnly>
                  }
                />
                <Route
                  path="/supplier/register"
                  element={
                    <SignedOutOnly>
                      <RegisterPage />
                    </SignedOutOnly>
                  }
                />
                {/* A one-time link from an administrator: open whether or not someone is signed in here. */}
                <Route path="/set-password" element={<SetPasswordPage />} />
                <Route path="*" element={<SignedIn />} />
              </Routes>
            </Suspense>
          </SettingsProvider>
        </Suspense>
      </AuthProvider>
    </BrowserRouter>
  );
}
