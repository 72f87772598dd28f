import { lazy, type ReactNode } from "react";
import { canOpen } from "../providers/access-control";
import { useAuthContext } from "../providers/session";
import type { ResourceMeta } from "../resources/types";
// The 403 page is only needed on a refusal; keep it out of the first load.
const Forbidden = lazy(() => import("./errors/forbidden"));

/**
 * Renders a screen only when the signed-in user's navConfig grants it; a typed URL to anything
 * else gets the 403 page. Same rule as the access-control provider, read synchronously from the
 * session so it follows sign-in and sign-out at once.
 */
export function Guard({ meta, children }: { meta: ResourceMeta; children: ReactNode }) {
  const { granted, user } = useAuthContext();
  return canOpen(meta, granted, user?.role) ? children : <Forbidden />;
}
