import { readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import LongestFirst from "./tests/sequencer.js";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { precompressDir } from "./server/src/lib/precompress.js";
import { englishDefaults } from "./build/english-defaults.js";
import { localeBundles } from "./build/locale-bundles.js";

/** Translation namespaces: one file per domain in the English folder; "common" first. */
const namespaces = readdirSync("public/locales/en")
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -5))
  .sort((a, b) => (a === "common" ? -1 : b === "common" ? 1 : a.localeCompare(b)));

/** Brotli and gzip siblings of the built text files, served by Accept-Encoding (server/src/lib/delivery.ts). */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "precompress",
    apply: "build",
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    // closeBundle: after the public folder (locales) is copied too.
    closeBundle: async () => void (await precompressDir(outDir)),
  };
}

export default defineConfig({
  plugins: [react(), precompress(), englishDefaults(), localeBundles()],
  define: { __NAMESPACES__: JSON.stringify(namespaces) },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/health": "http://localhost:3000", "/uploads": "http://localhost:3000" },
  },
  // The manifest lets the bundle-budget test walk the real chunk graph of a route.
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 1500, manifest: true },
  test: {
    globals: true,
    reporters: ["default", "./tests/summary-reporter.ts"],
    sequence: { sequencer: LongestFirst },
    // Vitest's default (one fewer than the cores) runs one file at a time on 2 cores, though a server test waits on its
    // database much of the time; each worker's test apps have their own uploads folder (tests/support/db.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "jsdom",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/unit/setup.ts"],
          // Screens rendered in jsdom while the server project loads both cores take seconds, not milliseconds (20 s
          // timed out with other work on the machine); a passing test never waits for this.
          testTimeout: 60_000,
          // Externalised, @refinedev/react-router would load its own react-router copy (no <Router> context).
          server: { deps: { inline: [/@refinedev\/react-router/] } },
          // Node loads antd's CommonJS build (lib/): the app's one import of an antd internal must be that copy too.
          alias: { "antd/es/form/context": "antd/lib/form/context" },
        },
      },
      {
        test: {
          name: "server",
          globals: true,
          environment: "node",
          include: ["tests/server/**/*.test.ts"],
          globalSetup: ["tests/server/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
          // A worker keeps the server's modules and PGlite's compiled engine from one file to the next (10 files: 45 s
          // isolated, 27 s not): each file builds its own apps on their own databases, and what the server keeps per
          // process (prepared statement texts, when a session was last marked seen) is not tied to one app.
          isolate: false,
        },
      },
      {
        test: {
          name: "e2e",
          globals: true,
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 90_000,
          // A shared 2-core machine: a real browser needs more than the default 1 s to settle.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 180_000,
          // Files run side by side, as many as the other projects' workers: each file starts its own server on its
          // own copy of the demo database and its own Chromium (tests/e2e/browser.ts), so none sees another's writes.
          pool: "forks",
          // After the unit and server projects: a browser competing with PGlite for 2 cores misses its timings.
          sequence: { groupOrder: 1 },
          // As in the server project: a worker keeps the server's modules, Playwright and PGlite's engine between files.
          isolate: false,
        },
      },
    ],
  },
});
