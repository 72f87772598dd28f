import type { TestProject } from 'vitest/node';
import {
  buildPostgresTemplate,
  clearWorkerDataDirs,
  dropDatabase,
  ensurePgliteTemplate,
  PGLITE_TEMPLATE_FILE,
} from '../support/db.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: { baseUrl: string; name: string } | null;
  }
}

/** Migrate + seed once; every test file clones the result (PGlite tarball, PostgreSQL template DB). */
export default async function setup(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const pgName = `sc_template_${process.pid}`;
  clearWorkerDataDirs();
  await Promise.all([ensurePgliteTemplate(), baseUrl ? buildPostgresTemplate(baseUrl, pgName) : Promise.resolve()]);
  project.provide('pgliteTemplate', PGLITE_TEMPLATE_FILE);
  project.provide('pgTemplate', baseUrl ? { baseUrl, name: pgName } : null);
  return async () => {
    clearWorkerDataDirs();
    if (baseUrl) await dropDatabase(baseUrl, pgName);
  };
}
