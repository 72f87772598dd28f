import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from '../../server/src/config.js';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate, buildPostgresTemplate, dropDatabase, PGLITE_TEMPLATE_FILE, TEST_DATA_DIR, TMP_DIR } from '../support/db.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: { baseUrl: string; name: string } | null;
  }
}

/** Hash of everything that shapes the seeded database: server code, migrations, PGlite version. */
function templateKey(): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(p).update(readFileSync(p));
    }
  };
  walk(resolve(repoRoot, 'server/src'));
  walk(resolve(repoRoot, 'server/drizzle'));
  h.update(readFileSync(resolve(repoRoot, 'node_modules/@electric-sql/pglite/package.json')));
  return h.digest('hex');
}

/** Migrate + seed once; every test file clones the result (PGlite tarball, PostgreSQL template DB). */
export default async function setup(project: TestProject) {
  mkdirSync(TMP_DIR, { recursive: true });
  const baseUrl = process.env.TEST_DATABASE_URL;
  const pgName = `sc_template_${process.pid}`;
  // The PGlite template is reused across runs while the server code is unchanged (saves a cold initdb).
  const key = templateKey();
  const keyFile = `${PGLITE_TEMPLATE_FILE}.key`;
  // The template's demo pictures live in TEST_DATA_DIR: without them it is rebuilt (the seed stores them again).
  const fresh = existsSync(PGLITE_TEMPLATE_FILE) && existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key
    && existsSync(join(TEST_DATA_DIR, 'uploads', 'image'));
  const [blob] = await Promise.all([
    fresh ? Promise.resolve(null) : buildPgliteTemplate(),
    baseUrl ? buildPostgresTemplate(baseUrl, pgName) : Promise.resolve(),
  ]);
  if (blob) {
    writeFileSync(PGLITE_TEMPLATE_FILE, Buffer.from(await blob.arrayBuffer()));
    writeFileSync(keyFile, key);
  }
  project.provide('pgliteTemplate', PGLITE_TEMPLATE_FILE);
  project.provide('pgTemplate', baseUrl ? { baseUrl, name: pgName } : null);
  return async () => {
    if (baseUrl) await dropDatabase(baseUrl, pgName);
  };
}
