/**
 * `npm run build:server` (part of `npm run build`): the API server as one ES module, server/build/main.js, which
 * `npm start` and `npm run serve` run with plain node. Loading one file instead of ~200 TypeScript files through
 * tsx and hundreds of package files through Node's resolver is most of what a start spends before it opens the
 * database. The file sits two folders below the checkout, like server/src/*.ts, so paths the code resolves from
 * its own location (the checkout's root: migrations, the modules folder, dist/) are the same.
 */
import { readFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { sourcesKey } from '../server/src/db/template-key.js';

/** Packages that stay imports, resolved from node_modules at run time. */
const EXTERNAL = [
  // Loads files that sit beside its own code (PGlite's wasm and data).
  '@electric-sql/pglite',
  // Native addons.
  '@node-rs/argon2',
  '@resvg/resvg-js',
  'pg-native',
  // Imported only when needed (a bucket, the demo seed): as imports they cost nothing until then.
  '@aws-sdk/client-s3',
  '@faker-js/faker',
];

/**
 * The docs UI (@fastify/swagger-ui) is bundled: as an import of its own it loaded its own copies of @fastify/static,
 * yaml and their dependencies from node_modules, a tenth of a start. Its files find their static folder (the UI's
 * page, scripts and logo) by `__dirname`, which is the package's folder in node_modules, found at run time.
 */
const PACKAGE_DIRNAME = /node_modules\/@fastify\/swagger-ui\/.*\.js$/;
const packageDirname: Plugin = {
  name: 'package-dirname',
  setup(b) {
    b.onLoad({ filter: PACKAGE_DIRNAME }, async (args) => {
      const root = args.path.slice(0, args.path.indexOf('/node_modules/@fastify/swagger-ui/') + 1);
      const pkg = root + 'node_modules/@fastify/swagger-ui';
      const sub = relative(pkg, dirname(args.path));
      const dir = `require('node:path').join(require('node:path').dirname(require.resolve('@fastify/swagger-ui/package.json')), ${JSON.stringify(sub)})`;
      const text = await readFile(args.path, 'utf8');
      return { contents: text.replace(/\b__dirname\b/g, `(${dir})`), loader: 'js' };
    });
  },
};

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
  // The hash of the sources this bundle is built from (db/template-key.ts): a start reads no source file for it.
  define: { __TEMPLATE_KEY__: JSON.stringify(sourcesKey()) },
  plugins: [packageDirname],
  logLevel: 'warning',
});
