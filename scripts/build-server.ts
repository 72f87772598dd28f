/**
 * `npm run build:server` (part of `npm run build`): the API server as one ES module, server/build/main.js, which
 * `npm start` and `npm run serve` run with plain node. Loading one file instead of ~200 TypeScript files through
 * tsx and hundreds of package files through Node's resolver is most of what a start spends before it opens the
 * database. The file sits two folders below the checkout, like server/src/*.ts, so paths the code resolves from
 * its own location (the checkout's root: migrations, the modules folder, dist/) are the same.
 */
import { build } from 'esbuild';

/** Packages that stay imports, resolved from node_modules at run time. */
const EXTERNAL = [
  // Load files that sit beside their own code (PGlite's wasm and data, the docs UI's static files).
  '@electric-sql/pglite',
  '@fastify/swagger-ui',
  // Native addons.
  '@node-rs/argon2',
  '@resvg/resvg-js',
  'pg-native',
  // Imported only when needed (a bucket, the demo seed): as imports they cost nothing until then.
  '@aws-sdk/client-s3',
  '@faker-js/faker',
];

await build({
  entryPoints: ['server/src/main.ts'],
  outfile: 'server/build/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: EXTERNAL,
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
