import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const ID = "virtual:locale-bundles";
const RESOLVED = `\0${ID}`;

/** Every namespace of one language as one object: `{ common: {...}, orders: {...} }`. */
export function bundleOf(dir: string): string {
  const bundle: Record<string, unknown> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    bundle[file.slice(0, -5)] = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  }
  return JSON.stringify(bundle);
}

/**
 * `virtual:locale-bundles` exports `urls`: for each language of `public/locales/<lng>/`, the address of one file
 * holding all its namespaces. A page then asks for its language's strings in one request instead of one per
 * namespace; built, the file is a hashed asset (cached for a year, precompressed like the scripts). In the dev
 * server the bundle is made on each request, so edited strings show at the next reload.
 */
export function localeBundles(root = "public/locales"): Plugin {
  const languages = () => readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  let build = false;
  return {
    name: "locale-bundles",
    configResolved: (config) => void (build = config.command === "build"),
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const entries = languages().map((lng) => {
        if (!build) return `${JSON.stringify(lng)}: ${JSON.stringify(`/@locale-bundles/${lng}.json`)}`;
        for (const file of readdirSync(path.join(root, lng))) this.addWatchFile(path.resolve(root, lng, file));
        const ref = this.emitFile({ type: "asset", name: `locales-${lng}.json`, source: bundleOf(path.join(root, lng)) });
        return `${JSON.stringify(lng)}: import.meta.ROLLUP_FILE_URL_${ref}`;
      });
      return `export const urls = {${entries.join(", ")}};`;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const m = /^\/@locale-bundles\/([\w-]+)\.json$/.exec(req.url ?? "");
        if (!m || !languages().includes(m[1])) return next();
        res.setHeader("content-type", "application/json; charset=utf-8");
        res.setHeader("cache-control", "no-cache");
        res.end(bundleOf(path.join(root, m[1])));
      });
    },
  };
}
