import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { openDb, type DbHandle } from '../../server/src/db/client.js';
import { prepareDatabase, templateKey } from '../../server/src/demo/template.js';
import { LocalStorage } from '../../server/src/lib/storage.js';
import { repoRoot } from '../../server/src/root.js';

/** TEST_TMP_DIR lets two test runs on one checkout keep their templates apart. */
export const TMP_DIR = resolve(repoRoot, process.env.TEST_TMP_DIR ?? '.tmp');
/** Migrated + seeded PGlite, dumped by the server tests' global setup. */
export const PGLITE_TEMPLATE_FILE = resolve(TMP_DIR, 'server-test-db.tar.gz');
/** DATA_DIR of the server tests' apps: the seed stores the demo pictures of the template databases here. */
export const TEST_DATA_DIR = resolve(TMP_DIR, 'server-test-data');

/** Folders of one run's test workers: beside the template's, named after the run (the vitest process) and the worker. */
const WORKER_DIR_PREFIX = 'server-test-data-run';

/**
 * DATA_DIR of the test apps in this worker: its own copy of TEST_DATA_DIR's demo pictures, so test files running side by
 * side never see each other's uploads (a test that counts or lists the files of a folder). Copied once per worker and run.
 */
export function workerDataDir(): string {
  const dir = resolve(TMP_DIR, `${WORKER_DIR_PREFIX}${process.ppid}-w${process.env.VITEST_POOL_ID ?? 0}`);
  if (existsSync(dir)) return dir;
  const tmp = `${dir}.${randomBytes(4).toString('hex')}.tmp`;
  cpSync(join(TEST_DATA_DIR, 'uploads'), join(tmp, 'uploads'), { recursive: true });
  renameSync(tmp, dir);
  return dir;
}

/** Clears the worker folders of earlier runs (global setup) or of this one (teardown). */
export function clearWorkerDataDirs(): void {
  if (!existsSync(TMP_DIR)) return;
  for (const name of readdirSync(TMP_DIR)) {
    if (name.startsWith(WORKER_DIR_PREFIX)) rmSync(join(TMP_DIR, name), { recursive: true, force: true });
  }
}

/** Migrate, sync the menu and seed: exactly what buildApp does at start. */
export async function prepare(handle: DbHandle): Promise<void> {
  await prepareDatabase(handle.db, new LocalStorage(TEST_DATA_DIR));
}

export async function buildPgliteTemplate(): Promise<Blob> {
  const pglite = await PGlite.create();
  const handle = await openDb({ pglite });
  await prepare(handle);
  const dump = await pglite.dumpDataDir('gzip');
  await handle.close();
  return dump;
}

/**
 * Migrate + seed once into PGLITE_TEMPLATE_FILE (its demo pictures in TEST_DATA_DIR), reused across
 * runs while the server code is unchanged (saves a cold initdb and the seed): server tests and the
 * browser tests' servers start from it.
 */
export async function ensurePgliteTemplate(): Promise<void> {
  mkdirSync(TMP_DIR, { recursive: true });
  const key = templateKey();
  const keyFile = `${PGLITE_TEMPLATE_FILE}.key`;
  // The template's demo pictures live in TEST_DATA_DIR: without them it is rebuilt (the seed stores them again).
  const fresh =
    existsSync(PGLITE_TEMPLATE_FILE) &&
    existsSync(keyFile) &&
    readFileSync(keyFile, 'utf8') === key &&
    existsSync(join(TEST_DATA_DIR, 'uploads', 'image'));
  if (fresh) return;
  const blob = await buildPgliteTemplate();
  writeFileSync(PGLITE_TEMPLATE_FILE, Buffer.from(await blob.arrayBuffer()));
  writeFileSync(keyFile, key);
}

export function databaseUrlFor(baseUrl: string, database: string): string {
  const u = new URL(baseUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(baseUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A migrated + seeded PostgreSQL database used as CREATE DATABASE ... TEMPLATE for each test file. */
export async function buildPostgresTemplate(baseUrl: string, name: string): Promise<void> {
  await admin(baseUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${name}"`);
  });
  const handle = await openDb({ databaseUrl: databaseUrlFor(baseUrl, name) });
  try {
    await prepare(handle);
  } finally {
    await handle.close();
  }
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await admin(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** A fresh database cloned from the template; returns its URL and a drop function. */
export async function clonePostgres(
  baseUrl: string,
  template: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sc_test_${randomBytes(6).toString('hex')}`;
  // Cloning needs the template free of connections; retry briefly if another file is cloning.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin(baseUrl, (c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
      break;
    } catch (err) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    }
  }
  return { url: databaseUrlFor(baseUrl, name), drop: () => dropDatabase(baseUrl, name) };
}
