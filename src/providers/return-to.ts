const SIGN_IN_PAGES = /^\/(supplier\/)?(login|register)(\/|\?|$)/;
const ROOTS = new Set(["/", "/supplier"]);

/**
 * Where a sign-in page sends the user once signed in: the page they asked for (`?to=`), when it
 * is a path inside this app. Anything else (another site, a sign-in page) is ignored.
 */
export function returnTo(search: string): string | null {
  const to = new URLSearchParams(search).get("to");
  if (!to || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return null;
  return SIGN_IN_PAGES.test(to) ? null : to;
}

/** The query a sign-in page is opened with: the page to come back to, and whether the session expired. */
export function signInQuery(from: string | null, expired: boolean): string {
  const q = new URLSearchParams();
  if (from && !ROOTS.has(from) && !SIGN_IN_PAGES.test(from)) q.set("to", from);
  if (expired) q.set("expired", "1");
  const s = q.toString();
  return s ? `?${s}` : "";
}

export const sessionExpiredIn = (search: string) => new URLSearchParams(search).get("expired") === "1";
