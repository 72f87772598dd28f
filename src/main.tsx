import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import App from "./App";
import { homePath, isTokenValid, resumeSession } from "./providers/auth";
import { loadAllStrings } from "./providers/i18n";
import { readNavConfig, readToken, readUser } from "./providers/session-store";

// A session restored from storage still ends at its token's exp.
resumeSession();

/** Pages that render without Refine (App.tsx): nothing to start ahead for them. */
const SIGNED_OUT = ["/login", "/supplier/login", "/supplier/register", "/set-password"];

/**
 * A signed-in load asks for all of its code and strings in one wave: Refine, the shell and the route loader
 * (which starts the page's chunk and first reads), instead of each waiting for the one before to render.
 */
function startSignedIn() {
  if (!isTokenValid(readToken())) return;
  let { pathname, search } = window.location;
  if (SIGNED_OUT.includes(pathname)) return;
  // An area's root opens the user's first screen (App.tsx's Root).
  if (pathname === "/" || pathname === "/supplier") {
    pathname = homePath(readNavConfig(), readUser()?.role) ?? pathname;
    search = "";
  }
  const started = [
    loadAllStrings(),
    import("./RefineRoot"),
    import("./components/layout/Shell"),
    import("./preload").then((m) => m.preloadRoute(pathname, search)),
  ];
  // A chunk that fails here is asked for again where it renders, which shows the failure.
  for (const loading of started) loading.catch(() => undefined);
}
startSignedIn();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
