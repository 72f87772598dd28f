import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.js';

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// Both drivers share the pg-core query builder; the HKT differs only in raw result types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<any, typeof schema>;
export type DbKind = 'pglite' | 'postgres';

export interface DbHandle {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

export interface DbOptions {
  databaseUrl?: string | null;
  dataDir?: string;
  /** Test-only: an already-open PGlite (e.g. loaded from a dumped data dir). */
  pglite?: PGlite;
  /** Test-only: start an in-memory PGlite from a `dumpDataDir()` tarball. */
  loadDataDir?: Blob;
  /** Test-only: an empty in-memory PGlite. */
  inMemory?: boolean;
  /** Told when the PostgreSQL server ends an idle pooled connection. */
  onConnectionLost?: (err: Error) => void;
}

export async function openDb(opts: DbOptions): Promise<DbHandle> {
  if (opts.databaseUrl && !opts.pglite && !opts.loadDataDir && !opts.inMemory) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the database ends (restart, failover, terminated backend) is dropped by the
    // pool and replaced on the next query; unheard, its 'error' event would take the process down.
    pool.on('error', (err) => opts.onConnectionLost?.(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client = opts.pglite;
  if (!client) {
    if (opts.loadDataDir) client = await PGlite.create({ loadDataDir: opts.loadDataDir });
    else if (opts.inMemory) client = await PGlite.create();
    else {
      const dir = join(opts.dataDir ?? './data', 'pglite');
      mkdirSync(dir, { recursive: true });
      client = await PGlite.create(dir);
    }
  }
  const pglite = client;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: async () => { if (!pglite.closed) await pglite.close(); } };
}

/** Raw SQL returning rows on either driver (pg's QueryResult and PGlite's Results both carry `rows`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
