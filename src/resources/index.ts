import { SCREENS } from "../../contract/screens";
import type { EndpointMap, ResourceModule } from "./types";
import { toResource, type ResourceDecl } from "./define";
import { generatedPages } from "../components/kit/generated/pages";

/** Every domain's resource module, found by its place: src/features/<domain>/resource.ts (default export). */
export const modules: ResourceModule[] = Object.values(
  import.meta.glob<ResourceModule>("../features/*/resource.ts", { eager: true, import: "default" }),
);

/**
 * Every built screen's pages, by resource key and action: a generated screen's from the kit (no page code),
 * the others from their feature modules.
 */
export const pages = Object.assign(
  Object.fromEntries(SCREENS.filter((s) => s.generated).map((s) => [s.id, generatedPages(s)])),
  ...modules.map((m) => m.pages ?? {}),
) as NonNullable<ResourceModule["pages"]>;

/** Every screen of the route table, built or not. */
export const resources: ResourceDecl[] = SCREENS.map(toResource);

export const resourceKey = (r: ResourceDecl) => r.identifier ?? r.name;

/** The module owning a resource, found by identifier first, then by Refine name. */
export function findModule(resource: string, registry: ResourceModule[] = modules): ResourceModule | undefined {
  return (
    registry.find((m) => m.resources.some((r) => r.identifier === resource)) ??
    registry.find((m) => m.name === resource || m.resources.some((r) => r.name === resource))
  );
}

/** A resource's endpoint map: its module's, with the resource's own entries layered over it. */
export function endpointsOf(resource: string, registry: ResourceModule[] = modules): EndpointMap {
  const module = findModule(resource, registry);
  if (!module) throw new Error(`No resource module for "${resource}"`);
  const own = module.resourceEndpoints?.[resource];
  if (!own) return module.endpoints;
  return { ...module.endpoints, ...own, actions: { ...module.endpoints.actions, ...own.actions } };
}

export function findResource(resource: string, all: ResourceDecl[] = resources): ResourceDecl | undefined {
  return all.find((r) => r.identifier === resource) ?? all.find((r) => r.name === resource);
}

export type RouteAction = "list" | "create" | "edit" | "show";
export const ROUTE_ACTIONS: RouteAction[] = ["list", "create", "edit", "show"];

export interface RouteEntry {
  path: string;
  resource: ResourceDecl;
  /** A page action, or `redirect` for a section root that opens its first screen. */
  action: RouteAction | "redirect";
  redirectTo?: string;
}

const pathOf = (r: ResourceDecl, action: RouteAction) => {
  const value = r[action];
  return typeof value === "string" ? value : undefined;
};

/**
 * Every path of the route table: each resource's action paths, plus each section root
 * (`meta.root` or the menuPath, when no screen sits there) redirecting to the section's first list.
 */
export function routeTable(list: ResourceDecl[] = resources): RouteEntry[] {
  const entries: RouteEntry[] = [];
  for (const r of list) {
    for (const action of ROUTE_ACTIONS) {
      const path = pathOf(r, action);
      if (path) entries.push({ path, resource: r, action });
    }
  }
  const taken = new Set(entries.map((e) => e.path));
  for (const r of list) {
    const root = typeof r.meta.root === "string" ? r.meta.root : r.meta.menuPath;
    const target = pathOf(r, "list");
    if (!taken.has(root) && target) {
      taken.add(root);
      entries.push({ path: root, resource: r, action: "redirect", redirectTo: target });
    }
  }
  return entries;
}
