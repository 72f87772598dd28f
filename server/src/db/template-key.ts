/**
 * The version of what shapes a prepared database (demo/template.ts): a hash of the server code, the migrations, the
 * screens table and the lockfile. The server bundle (`npm run build:server`) carries the hash of the sources it was
 * built from, so its start reads no source file; run from the sources (tsx) it is computed from the checkout.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from '../root.js';

const SOURCES = ['server/src', 'server/drizzle', 'contract', 'package-lock.json'];

/** Set by the bundler to the sources' hash at build time; undefined when the code runs from the sources. */
declare const __TEMPLATE_KEY__: string | undefined;

/** Hash of everything that shapes the seeded database, as it is in the checkout now. */
export function sourcesKey(): string {
  const h = createHash('sha256');
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    if (statSync(p).isDirectory()) for (const name of readdirSync(p).sort()) walk(join(p, name));
    else h.update(p.slice(repoRoot.length)).update('\0').update(readFileSync(p));
  };
  for (const s of SOURCES) walk(resolve(repoRoot, s));
  return h.digest('hex').slice(0, 24);
}

/** Hash of everything that shapes the seeded database: the bundle's build-time one, else the checkout's. */
export function templateKey(): string {
  return typeof __TEMPLATE_KEY__ === 'string' ? __TEMPLATE_KEY__ : sourcesKey();
}
