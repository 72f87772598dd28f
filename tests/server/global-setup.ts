import { mkdirSync, writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate, buildPostgresTemplate, dropDatabase, PGLITE_TEMPLATE_FILE, TMP_DIR } from '../support/db.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: { baseUrl: string; name: string } | null;
  }
}

/** Migrate + seed once; every test file clones the result (PGlite tarball, PostgreSQL template DB). */
export default async function setup(project: TestProject) {
  mkdirSync(TMP_DIR, { recursive: true });
  const baseUrl = process.env.TEST_DATABASE_URL;
  const pgName = `sc_template_${process.pid}`;
  const [blob] = await Promise.all([
    buildPgliteTemplate(),
    baseUrl ? buildPostgresTemplate(baseUrl, pgName) : Promise.resolve(),
  ]);
  writeFileSync(PGLITE_TEMPLATE_FILE, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteTemplate', PGLITE_TEMPLATE_FILE);
  project.provide('pgTemplate', baseUrl ? { baseUrl, name: pgName } : null);
  return async () => {
    if (baseUrl) await dropDatabase(baseUrl, pgName);
  };
}
