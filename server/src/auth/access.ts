/**
 * Route access rules, derived from the one table of screens (contract/screens.ts): a route is
 * callable by the holders of the menu paths of the built screens that list it. No route types its
 * own rule; a route the table does not name gets none, and the guard refuses to start.
 */
import { endpointGrants, PUBLIC_ENDPOINTS, signedInEndpoints } from '../../../contract/screens.js';
import type { Access } from './types.js';

const grants = endpointGrants();
const publicPaths = new Set(PUBLIC_ENDPOINTS);
// The own account (`everyone` screens) is callable by any signed-in user, like SIGNED_IN_ENDPOINTS.
const signedIn = new Set(signedInEndpoints());

/** `/api/v2/<resource>/...` routes share their resource's rule (`/api/v2/<resource>`). */
export function tablePath(url: string): string {
  const v2 = /^\/api\/v2\/[^/]+/.exec(url);
  return v2 ? v2[0] : url;
}

export function accessFor(url: string): Access | undefined {
  const path = tablePath(url);
  if (publicPaths.has(path)) return 'public';
  if (signedIn.has(path)) return 'user';
  const menus = grants.get(path);
  return menus ? { menu: menus } : undefined;
}
