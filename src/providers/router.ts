import {
  matchResourceFromRoute,
  QS_PARSE_DEPTH,
  ResourceContext,
  type ParseResponse,
  type RouterProvider,
} from "@refinedev/core";
import base from "@refinedev/react-router";
import qs from "qs";
import { useCallback, useContext } from "react";
import { matchPath, useLocation, useParams } from "react-router";

type Match = ReturnType<typeof matchResourceFromRoute>;

/**
 * Which resource and action a path is. Refine's own parse works it out in every component that reads the route
 * (dozens on a list screen, each walking every action route of ~170 resources): about a tenth of a list's first
 * render. The registry never changes while a page is open, so each path is matched once.
 */
const matches = new WeakMap<object, Map<string, Match>>();
function matchOf(pathname: string, resources: Parameters<typeof matchResourceFromRoute>[1]): Match {
  let byPath = matches.get(resources);
  if (!byPath) matches.set(resources, (byPath = new Map<string, Match>()));
  let match = byPath.get(pathname);
  if (!match) {
    match = matchResourceFromRoute(pathname, resources);
    // Ids make paths unbounded; a page sees a handful of them.
    if (byPath.size > 200) byPath.clear();
    byPath.set(pathname, match);
  }
  return match;
}

const asNumber = (value: unknown) =>
  typeof value === "string" && `${Number(value)}` === value ? Number(value) : value;

/** `@refinedev/react-router`'s parse, with each path matched once (same answer). */
function useParse() {
  let params: Record<string, string | undefined> = useParams();
  const { pathname, search } = useLocation();
  const { resources } = useContext(ResourceContext);
  const { resource, action, matchedRoute } = matchOf(pathname, resources);
  // Outside a <Route>, useParams is empty: read the ids from the matched resource route.
  if (Object.keys(params).length === 0 && matchedRoute) params = matchPath(matchedRoute, pathname)?.params ?? {};
  return useCallback((): ParseResponse => {
    const combined: Record<string, unknown> = {
      ...params,
      ...qs.parse(search, { ignoreQueryPrefix: true, depth: QS_PARSE_DEPTH }),
    };
    return {
      ...(resource && { resource }),
      ...(action && { action }),
      ...(params.id && { id: decodeURIComponent(params.id) }),
      pathname,
      params: {
        ...combined,
        currentPage: asNumber(combined.currentPage) as number | undefined,
        pageSize: asNumber(combined.pageSize) as number | undefined,
        to: combined.to ? decodeURIComponent(combined.to as string) : undefined,
      },
    };
  }, [pathname, search, params, resource, action]);
}

export const routerProvider: RouterProvider = { ...base, parse: useParse };
