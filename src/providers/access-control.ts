import type { AccessControlProvider } from "@refinedev/core";
import { findResource } from "../resources";
import type { ResourceMeta } from "../resources/types";
import { grantedPaths, readNavConfig, readUser } from "./session-store";

/**
 * A screen is reachable when it is built and its menu path is granted by the stored navConfig.
 * The server enforces the same grant; this only shapes the menu and the 403 page.
 */
export function canOpen(meta: Partial<ResourceMeta> | undefined, granted: string[]): boolean {
  if (!meta || meta.built !== true || !meta.menuPath) return false;
  return granted.includes(meta.menuPath);
}

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, params }) => {
    const item = params?.resource as { meta?: Partial<ResourceMeta>; identifier?: string; name?: string } | undefined;
    const meta = item?.meta ?? (resource ? findResource(resource)?.meta : undefined);
    const granted = grantedPaths(readNavConfig(), readUser()?.role);
    if (!meta) return { can: false, reason: "errors.forbidden" };
    if (meta.built !== true) return { can: false, reason: "errors.notBuilt" };
    return canOpen(meta, granted) ? { can: true } : { can: false, reason: "errors.forbidden" };
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    // Answers depend on who is signed in; never reuse one across a sign-out.
    queryOptions: { staleTime: 0, gcTime: 0 },
  },
};
