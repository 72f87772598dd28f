import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * First-load JavaScript per route, computed from the built files: the entry script that
 * index.html loads, its modulepreloads, and the static import graph of every chunk the route
 * renders on arrival (from Vite's manifest). Gzip at the default level, as a server would send it.
 */
const DIST = path.resolve(process.env.E2E_DIST ?? "dist");
const MANIFEST = path.join(DIST, ".vite/manifest.json");
const KB = 1024;
const LOGIN_BUDGET = 220 * KB;

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** Modules a route renders on first arrival (English UI: no locale chunk is needed). */
const ROUTES: Record<string, string[]> = {
  "/login": ["src/pages/auth/login.tsx"],
  "/admin/dashboard": [
    "src/RefineRoot.tsx",
    "src/components/layout/Shell.tsx",
    "src/features/dashboard/DashboardView.tsx",
    // The dashboard's chart is a lazy chunk, but it renders on arrival.
    "src/features/dashboard/OrdersChart.tsx",
  ],
  "/admin/orders/list": ["src/RefineRoot.tsx", "src/components/layout/Shell.tsx", "src/features/orders/OrderList.tsx"],
};

// Needs a build first (npm test runs it); a missing dist/ fails here rather than passing silently.
describe("bundle budget", () => {
  const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as Record<string, Chunk>;
  const html = readFileSync(path.join(DIST, "index.html"), "utf8");
  const gzipped = (file: string) => gzipSync(readFileSync(path.join(DIST, file))).length;

  const closure = (keys: string[], seen = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (seen.has(key)) continue;
      expect(manifest[key], `manifest entry ${key}`).toBeDefined();
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };

  /** Files index.html itself loads: its module script and modulepreload links. */
  const htmlFiles = [...html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"|<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map(
    (m) => m[1] ?? m[2],
  );

  function firstLoad(route: string) {
    const files = new Set(htmlFiles);
    for (const key of closure(["index.html", ...ROUTES[route]])) files.add(manifest[key].file);
    const js = [...files].filter((f) => f.endsWith(".js"));
    return { files: js, bytes: js.reduce((sum, f) => sum + gzipped(f), 0) };
  }

  it("index.html's own scripts are the manifest's entry graph", () => {
    const entry = closure(["index.html"]);
    const expected = [...entry].map((k) => manifest[k].file);
    expect(htmlFiles.sort()).toEqual(expected.sort());
  });

  it(`/login loads at most ${LOGIN_BUDGET / KB} KB of gzipped JavaScript`, () => {
    const { files, bytes } = firstLoad("/login");
    console.log(`first load /login: ${(bytes / KB).toFixed(1)} KB gzip in ${files.length} files`);
    expect(bytes).toBeLessThanOrEqual(LOGIN_BUDGET);
  });

  it("the sign-in page loads neither Refine's shell nor the signed-in pages", () => {
    const login = closure(["index.html", "src/pages/auth/login.tsx"]);
    for (const lazy of ["src/RefineRoot.tsx", "src/components/layout/Shell.tsx", "src/features/dashboard/DashboardView.tsx"]) {
      expect(login.has(lazy)).toBe(false);
    }
    // Heavy widgets stay in chunks of their own, loaded where used.
    expect(manifest["src/features/dashboard/OrdersChart.tsx"]).toBeDefined();
    expect(Object.keys(manifest).some((k) => k.includes("RichTextEditor"))).toBe(true);
  });

  it.each(["/admin/dashboard", "/admin/orders/list"])("reports the first load of %s", (route) => {
    const { files, bytes } = firstLoad(route);
    console.log(`first load ${route}: ${(bytes / KB).toFixed(1)} KB gzip in ${files.length} files`);
    expect(bytes).toBeGreaterThan(firstLoad("/login").bytes);
  });
});
