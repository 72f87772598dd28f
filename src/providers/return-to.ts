const SIGN_IN_PAGES = /^\/(supplier\/)?(login|register)(\/|\?|$)/;
const ROOTS = new Set(["/", "/supplier"]);

/** A C0 control or DEL: the URL parser drops tabs and newlines, so `/\t/evil.example` would be `//evil.example`. */
const hasControl = (text: string) =>
  Array.from(text).some((c) => {
    const code = c.charCodeAt(0);
    return code <= 0x1f || code === 0x7f;
  });

/**
 * Where a sign-in page sends the user once signed in: the page they asked for (`?to=`), when it is a path
 * inside this app. Anything else (another site in any spelling, a control character, a sign-in page) is
 * ignored, so the user lands on their home page: the router refuses to navigate off the app.
 */
export function returnTo(search: string, origin: string = window.location.origin): string | null {
  const to = new URLSearchParams(search).get("to");
  if (!to || !to.startsWith("/") || hasControl(to)) return null;
  let url: URL;
  try {
    url = new URL(to, origin);
  } catch {
    return null;
  }
  // `//host`, `/\host` and the like parse to another origin.
  if (url.origin !== origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return SIGN_IN_PAGES.test(path) ? null : path;
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

export const signupReceivedIn = (search: string) => new URLSearchParams(search).get("signup") === "1";
