import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { PARTS, partOf, type Part } from "../src/providers/locale-parts.js";

const ID = "virtual:locale-bundles";
const RESOLVED = `\0${ID}`;

/** The namespaces of one part of a language as one object: `{ orders: {...}, product: {...} }`. */
export function bundleOf(dir: string, part: Part): string {
  const bundle: Record<string, unknown> = {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const ns = file.slice(0, -5);
    if (partOf(ns) === part) bundle[ns] = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  }
  return JSON.stringify(bundle);
}

/**
 * `virtual:locale-bundles` exports `urls`: for each language of `public/locales/<lng>/`, the addresses of two files
 * holding its namespaces, `common` and `rest` (PARTS, src/providers/locale-parts.ts). A page asks for its language's
 * strings in one or two requests instead of one per namespace, and a sign-in page only for `common`; built, the
 * files are hashed assets (cached for a year, precompressed like the scripts). In the dev server they are made on
 * each request, so edited strings show at the next reload.
 */
export function localeBundles(root = "public/locales"): Plugin {
  const languages = () =>
    readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  let build = false;
  return {
    name: "locale-bundles",
    configResolved: (config) => void (build = config.command === "build"),
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const entries = languages().map((lng) => {
        const parts = PARTS.map((part) => {
          if (!build) return `${part}: ${JSON.stringify(`/@locale-bundles/${lng}/${part}.json`)}`;
          const ref = this.emitFile({
            type: "asset",
            name: `locales-${lng}-${part}.json`,
            source: bundleOf(path.join(root, lng), part),
          });
          return `${part}: import.meta.ROLLUP_FILE_URL_${ref}`;
        });
        return `${JSON.stringify(lng)}: {${parts.join(", ")}}`;
      });
      return `export const urls = {${entries.join(", ")}};`;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const m = /^\/@locale-bundles\/([\w-]+)\/(\w+)\.json$/.exec(req.url ?? "");
        if (!m || !languages().includes(m[1]) || !(PARTS as readonly string[]).includes(m[2])) return next();
        res.setHeader("content-type", "application/json; charset=utf-8");
        res.setHeader("cache-control", "no-cache");
        res.end(bundleOf(path.join(root, m[1]), m[2] as Part));
      });
    },
  };
}
