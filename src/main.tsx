import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import App from "./App";
import "./providers/thai-font.css";
import { RefineRoot } from "./chunks";
import { Shell } from "./components/layout/chunk";
import { homePath, isTokenValid, resumeSession } from "./providers/auth";
import { readNavConfig, readToken, readUser } from "./providers/session-store";

// A session restored from storage still ends at its token's exp.
resumeSession();

/** Pages that render without Refine (App.tsx): nothing to start ahead for them. */
const SIGNED_OUT = ["/login", "/supplier/login", "/supplier/register", "/set-password"];

/** How long a signed-in load may wait for its chunks before it renders its loading state instead. */
const FIRST_RENDER_WAIT = 600;

/**
 * A signed-in load asks for all of its code and strings in one wave: Refine, the shell and the route loader
 * (which starts the page's chunk and first reads), instead of each waiting for the one before to render.
 * Answers when they are in (a failed one included: it is asked for again where it renders, which shows the failure).
 */
function startSignedIn(): Promise<unknown> | undefined {
  if (!isTokenValid(readToken())) return;
  let { pathname, search } = window.location;
  if (SIGNED_OUT.includes(pathname)) return;
  // An area's root opens the user's first screen (App.tsx's Root).
  if (pathname === "/" || pathname === "/supplier") {
    pathname = homePath(readNavConfig(), readUser()?.role) ?? pathname;
    search = "";
  }
  const started = [
    RefineRoot.preload(),
    Shell.preload(),
    import("./preload").then((m) => m.preloadRoute(pathname, search)),
  ];
  return Promise.all(started.map((loading) => loading.catch(() => undefined)));
}

const render = () =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// Rendered once the chunks are in, nothing suspends: React holds content back until 300 ms after a loading fallback
// appeared, so a fallback shown for a moment cost a warm reload a third of its time. A slow network sees it.
const signedIn = startSignedIn();
if (signedIn) void Promise.race([signedIn, new Promise((r) => setTimeout(r, FIRST_RENDER_WAIT))]).then(render);
else render();
