import { existsSync, readFileSync, statSync } from "node:fs";
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
  css?: string[];
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
  /** The build's brotli file (server/src/lib/precompress.ts): what a browser gets on the wire. */
  const brotli = (file: string) => {
    const br = path.join(DIST, `${file}.br`);
    // A file too small to shrink is sent as it is.
    return statSync(existsSync(br) ? br : path.join(DIST, file)).size;
  };

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
  const htmlFiles = [
    ...html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"|<link rel="modulepreload"[^>]*href="\/([^"]+)"/g),
  ].map((m) => m[1] ?? m[2]);

  function firstLoad(route: string) {
    const files = new Set(htmlFiles);
    for (const key of closure(["index.html", ...ROUTES[route]])) files.add(manifest[key].file);
    const js = [...files].filter((f) => f.endsWith(".js"));
    return {
      files: js,
      bytes: js.reduce((sum, f) => sum + gzipped(f), 0),
      brotli: js.reduce((sum, f) => sum + brotli(f), 0),
    };
  }

  it("index.html's own scripts are the manifest's entry graph", () => {
    const entry = closure(["index.html"]);
    const expected = [...entry].map((k) => manifest[k].file);
    expect(htmlFiles.sort()).toEqual(expected.sort());
  });

  it(`/login loads at most ${LOGIN_BUDGET / KB} KB of gzipped JavaScript`, () => {
    const { files, bytes, brotli } = firstLoad("/login");
    console.log(
      `first load /login: ${(bytes / KB).toFixed(1)} KB gzip, ${(brotli / KB).toFixed(1)} KB brotli on the wire, in ${files.length} files`,
    );
    expect(bytes).toBeLessThanOrEqual(LOGIN_BUDGET);
  });

  it("ships every script and style precompressed, brotli and gzip, each smaller than the file", () => {
    const assets = Object.values(manifest)
      .flatMap((c) => [c.file, ...(c.css ?? [])])
      .filter((f) => /\.(js|css)$/.test(f));
    expect(assets.length).toBeGreaterThan(0);
    for (const file of new Set([...assets, "index.html"])) {
      const size = statSync(path.join(DIST, file)).size;
      for (const ext of [".br", ".gz"]) {
        // A tiny file may not shrink: the build then leaves it as it is.
        if (size < 256 && !existsSync(path.join(DIST, file + ext))) continue;
        expect(statSync(path.join(DIST, file + ext)).size, file + ext).toBeLessThan(size);
      }
    }
  });

  it("the sign-in page loads neither Refine's shell nor the signed-in pages", () => {
    const login = closure(["index.html", "src/pages/auth/login.tsx"]);
    for (const lazy of [
      "src/RefineRoot.tsx",
      "src/components/layout/Shell.tsx",
      "src/features/dashboard/DashboardView.tsx",
    ]) {
      expect(login.has(lazy)).toBe(false);
    }
    // Heavy widgets stay in chunks of their own, loaded where used.
    expect(manifest["src/features/dashboard/OrdersChart.tsx"]).toBeDefined();
    expect(Object.keys(manifest).some((k) => k.includes("RichTextEditor"))).toBe(true);
  });

  it.each(["/admin/dashboard", "/admin/orders/list"])("reports the first load of %s", (route) => {
    const { files, bytes, brotli } = firstLoad(route);
    console.log(
      `first load ${route}: ${(bytes / KB).toFixed(1)} KB gzip, ${(brotli / KB).toFixed(1)} KB brotli, in ${files.length} files`,
    );
    expect(bytes).toBeGreaterThan(firstLoad("/login").bytes);
  });
});
