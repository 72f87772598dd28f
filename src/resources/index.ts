import type { ResourceModule } from "./types";
import type { ResourceDecl } from "./define";
import { dashboard } from "../features/dashboard/resource";
import { product } from "../features/product/resource";
import { orders } from "../features/orders/resource";
import { blog } from "../features/blogs/resource";
import { brandshop } from "./brandshop";
import { campaign } from "./campaign";
import { homecategory } from "./homecategory";
import { housebrand } from "./housebrand";
import { reports } from "./reports";
import { banners } from "./banners";
import { setting } from "./setting";
import { promotion } from "./promotion";
import { routes } from "../features/routes/resource";

/** Every domain of the route table. Adding a domain = one line here. */
export const modules: ResourceModule[] = [
  dashboard,
  product,
  orders,
  blog,
  brandshop,
  campaign,
  homecategory,
  housebrand,
  reports,
  banners,
  setting,
  promotion,
  routes,
];

export const resources: ResourceDecl[] = modules.flatMap((m) => m.resources);

export const resourceKey = (r: ResourceDecl) => r.identifier ?? r.name;

/** The module owning a resource, found by identifier first, then by Refine name. */
export function findModule(resource: string, registry: ResourceModule[] = modules): ResourceModule | undefined {
  return (
    registry.find((m) => m.resources.some((r) => r.identifier === resource)) ??
    registry.find((m) => m.name === resource || m.resources.some((r) => r.name === resource))
  );
}

export function findResource(resource: string, registry: ResourceModule[] = modules): ResourceDecl | undefined {
  const all = registry.flatMap((m) => m.resources);
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
