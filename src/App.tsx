import { Authenticated, Refine } from "@refinedev/core";
import { useNotificationProvider } from "@refinedev/antd";
import { RefineKbar, RefineKbarProvider } from "@refinedev/kbar";
import routerProvider, { DocumentTitleHandler, UnsavedChangesNotifier } from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import { lazy, Suspense, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BrowserRouter, Navigate, Route, Routes, useLocation } from "react-router";
import { Guard } from "./components/Guard";
import { PageLoading } from "./components/PageLoading";
import { accessControlProvider } from "./providers/access-control";
import { authProvider, homePath } from "./providers/auth";
import { dataProvider } from "./providers/data";
import { i18nProvider } from "./providers/i18n";
import { directionOf } from "./providers/languages";
import { useAntdLocale } from "./providers/locale";
import { AuthProvider, useAuthContext } from "./providers/session";
import { isSupplier } from "./providers/session-store";
import { pages } from "./pages/registry";
import { resourceKey, resources, routeTable } from "./resources";

const Shell = lazy(() => import("./components/layout/Shell"));
const LoginPage = lazy(() => import("./pages/auth/login"));
const RegisterPage = lazy(() => import("./pages/auth/register"));
const NotFound = lazy(() => import("./pages/errors/not-found"));

/**
 * Routes come from the registry: a path is routed only when its resource is built and has a
 * page for that action; anything else falls through to the 404 page.
 */
const appRoutes = routeTable(resources).flatMap((entry) => {
  const meta = entry.resource.meta;
  if (!meta.built) return [];
  if (entry.action === "redirect") {
    return [<Route key={entry.path} path={entry.path} element={<Navigate to={entry.redirectTo!} replace />} />];
  }
  const Page = pages[resourceKey(entry.resource)]?.[entry.action];
  if (!Page) return [];
  return [
    <Route
      key={entry.path}
      path={entry.path}
      element={
        <Guard meta={meta}>
          <Page />
        </Guard>
      }
    />,
  ];
});

/** `/` and `/supplier`: the area's login page when signed out, else the first granted screen. */
function Root({ area }: { area: "staff" | "supplier" }) {
  const { isAuthenticated, user, navConfig } = useAuthContext();
  if (!isAuthenticated) return <Navigate to={area === "supplier" ? "/supplier/login" : "/login"} replace />;
  return <Navigate to={homePath(navConfig, user?.role) ?? "/404"} replace />;
}

/** Sign-in pages send an already signed-in user on to their menu. */
function SignedOutOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, user } = useAuthContext();
  if (isAuthenticated) return <Navigate to={isSupplier(user?.role) ? "/supplier" : "/"} replace />;
  return children;
}

function LoginRedirect() {
  const { pathname } = useLocation();
  return <Navigate to={pathname.startsWith("/supplier") ? "/supplier/login" : "/login"} replace />;
}

function RefineApp() {
  const { t, i18n } = useTranslation();
  const direction = directionOf(i18n.resolvedLanguage);
  const locale = useAntdLocale(i18n.resolvedLanguage);
  return (
    <ConfigProvider direction={direction} locale={locale}>
      <AntdApp>
        <RefineKbarProvider>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            notificationProvider={useNotificationProvider}
            resources={resources}
            options={{
              syncWithLocation: true,
              warnWhenUnsavedChanges: true,
              disableTelemetry: true,
              title: { text: t("app.name") },
            }}
          >
            <Suspense fallback={<PageLoading fullPage />}>
              <Routes>
                <Route path="/" element={<Root area="staff" />} />
                <Route path="/supplier" element={<Root area="supplier" />} />
                <Route path="/login" element={<SignedOutOnly><LoginPage typeLogin="staff" /></SignedOutOnly>} />
                <Route path="/supplier/login" element={<SignedOutOnly><LoginPage typeLogin="supplier" /></SignedOutOnly>} />
                <Route path="/supplier/register" element={<SignedOutOnly><RegisterPage /></SignedOutOnly>} />
                <Route
                  element={
                    <Authenticated key="shell" fallback={<LoginRedirect />} loading={<PageLoading fullPage />}>
                      <Shell />
                    </Authenticated>
                  }
                >
                  {appRoutes}
                  <Route path="*" element={<NotFound />} />
                </Route>
              </Routes>
            </Suspense>
            <RefineKbar />
            <UnsavedChangesNotifier />
            <DocumentTitleHandler handler={({ autoGeneratedTitle }) => autoGeneratedTitle.replace("Refine", t("app.name"))} />
          </Refine>
        </RefineKbarProvider>
      </AntdApp>
    </ConfigProvider>
  );
}

export default function App() {
  return (
    <BrowserRouter>
      <AuthProvider>
        <Suspense fallback={<PageLoading fullPage />}>
          <RefineApp />
        </Suspense>
      </AuthProvider>
    </BrowserRouter>
  );
}
