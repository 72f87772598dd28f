import { Authenticated, Refine } from "@refinedev/core";
import { UnsavedChangesNotifier } from "@refinedev/react-router";
import { App as AntdApp } from "antd";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Route, Routes } from "react-router";
import { Shell } from "./components/layout/chunk";
import { Guard } from "./components/Guard";
import { PageLoading } from "./components/PageLoading";
import { ShellBreadcrumb } from "./components/layout/Breadcrumb";
import { LoginRedirect } from "./components/LoginRedirect";
import { accessControlProvider } from "./providers/access-control";
import { trackCalls } from "./providers/activity";
import { authProvider } from "./providers/auth";
import { dataProvider } from "./providers/data";
import { shouldRetry } from "./providers/http-shared";
import { i18nProvider } from "./providers/i18n";
import { MAIN_TOASTS, useNotificationProvider } from "./providers/notification";
import { pages, resourceKey, resources, routeTable } from "./resources";
import { DocumentTitle } from "./components/layout/DocumentTitle";
import { REST_PROVIDER, restDataProvider } from "./providers/rest";
import { restoreStyles } from "./providers/style-cache";
import { routerProvider } from "./providers/router";

const NotFound = lazy(() => import("./components/errors/not-found"));

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

// A signed-in load renders once this chunk is in (main.tsx): the saved styles are back before Ant Design's first.
restoreStyles();

// In-flight API calls feed the route progress bar.
const dataProviders = { default: trackCalls(dataProvider), [REST_PROVIDER]: trackCalls(restDataProvider) };

/**
 * Everything behind sign-in: Refine, the registry's routes and the shell. A chunk of its own, so
 * the sign-in pages load none of it.
 */
export default function RefineRoot() {
  const { t } = useTranslation();
  return (
    // Duplicates are suppressed by the notification provider.
    <AntdApp notification={MAIN_TOASTS}>
      <Refine
        routerProvider={routerProvider}
        dataProvider={dataProviders}
        authProvider={authProvider}
        accessControlProvider={accessControlProvider}
        i18nProvider={i18nProvider}
        notificationProvider={useNotificationProvider}
        resources={resources}
        options={{
          reactQuery: { clientConfig: { defaultOptions: { queries: { retry: shouldRetry } } } },
          syncWithLocation: true,
          warnWhenUnsavedChanges: true,
          disableTelemetry: true,
          title: { text: t("app.name") },
          breadcrumb: <ShellBreadcrumb />,
        }}
      >
        <Routes>
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
        <UnsavedChangesNotifier />
        <DocumentTitle />
      </Refine>
    </AntdApp>
  );
}
