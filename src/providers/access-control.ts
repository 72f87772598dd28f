import type { AccessControlProvider } from "@refinedev/core";
import { endpointsOf, findResource } from "../resources";
import { REST_RESOURCES } from "../api/resources";
import type { RestResourceDoc } from "../api/resource-doc";
import type { ResourceMeta } from "../resources/types";
import { grantedPaths, isSupplier, readNavConfig, readUser } from "./session-store";

/**
 * A screen is reachable when it is built and its menu path is granted by the stored navConfig.
 * The server enforces the same grant; this only shapes the menu and the 403 page.
 */
export function canOpen(meta: Partial<ResourceMeta> | undefined, granted: string[], role?: string): boolean {
  if (!meta || meta.built !== true || !meta.menuPath) return false;
  // The own account: every signed-in user of its area, no grant needed.
  if (meta.everyone) return role !== undefined && meta.area === (isSupplier(role) ? "supplier" : "admin");
  return granted.includes(meta.menuPath);
}

type Item = { meta?: Partial<ResourceMeta>; identifier?: string; name?: string } & Partial<Record<string, unknown>>;
const PAGES = new Set(["list", "create", "edit", "show"]);

/** Whether the screen offers the action: a page for it, or (delete) a remove endpoint the screen may call. */
function offers(item: Item, resource: string, action: string): boolean {
  if (PAGES.has(action)) return typeof item[action] === "string";
  if (action !== "delete") return true;
  // A generated screen deletes through its REST resource, when the resource serves delete.
  const generated = item.meta?.generated;
  if (typeof generated === "string")
    return (
      (REST_RESOURCES as Record<string, RestResourceDoc>)[generated]?.verbs.includes("delete") === true &&
      (item.meta?.endpoints ?? []).includes(`/api/v2/${generated}`)
    );
  const remove = endpointsOf(resource).remove;
  return !!remove && (item.meta?.endpoints ?? []).includes(remove.path);
}

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    // Refine passes the resource without its routes: look the screen up by its identifier.
    const given = params?.resource as Item | undefined;
    const key = given?.identifier ?? given?.name ?? resource;
    const item = key ? (findResource(key) as Item | undefined) : undefined;
    const meta = item?.meta;
    const granted = grantedPaths(readNavConfig(), readUser()?.role);
    if (!item || !meta) return { can: false, reason: "errors.forbidden" };
    if (meta.built !== true) return { can: false, reason: "errors.notBuilt" };
    if (!canOpen(meta, granted, readUser()?.role)) return { can: false, reason: "errors.forbidden" };
    return offers(item, item.identifier ?? item.name ?? "", action)
      ? { can: true }
      : { can: false, reason: "errors.notOffered" };
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    // Answers depend on who is signed in; never reuse one across a sign-out.
    queryOptions: { staleTime: 0, gcTime: 0 },
  },
};
