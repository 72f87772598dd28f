import { join, resolve } from 'node:path';
import { mkdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import * as schema from './schema.js';
import { lockDataDir } from './lock.js';
import { pgliteEngine } from './pglite-engine.js';
import { fairPglite } from './fair-queue.js';
import { repoRoot } from '../root.js';

export const migrationsFolder = resolve(repoRoot, 'server/drizzle');

// Both drivers share the pg-core query builder; the HKT differs only in raw result types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<any, typeof schema>;
export type DbKind = 'pglite' | 'postgres';

export interface DbHandle {
  db: Db;
  kind: DbKind;
  /**
   * Runs `fn` while no other app process on this database runs its own (start-up work: migrations,
   * menu sync, the demo seed). PostgreSQL: a session advisory lock on a connection of its own, so
   * two processes started at once migrate and seed once; PGlite: one process, `fn` runs as it is.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Advisory-lock key of the start-up work (one bigint key: never the same lock as the two-key stream locks of lib/realtime.ts). */
const STARTUP_LOCK = 0x53_43_4d_47;

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

/**
 * True when the database has every migration of the journal already: drizzle's migrator then applies none, yet it
 * would read and hash every migration file and run its DDL checks and an empty transaction (a tenth of a start on
 * PGlite). Same rule as drizzle's: a migration applies when its `when` is after the newest applied one's.
 */
async function upToDate(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  try {
    const { rows } = await query('select max(created_at) as at from drizzle.__drizzle_migrations');
    const at = (rows[0] as { at: string | number | null } | undefined)?.at;
    return at !== null && at !== undefined && Number(at) >= newest;
  } catch {
    // No migrations table yet (a new database): the migrator makes it.
    return false;
  }
}

export async function openDb(opts: DbOptions): Promise<DbHandle> {
  if (opts.databaseUrl && !opts.pglite && !opts.loadDataDir && !opts.inMemory) {
    // Loaded when used: a PGlite start does not load the PostgreSQL driver.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the database ends (restart, failover, terminated backend) is dropped by the
    // pool and replaced on the next query; unheard, its 'error' event would take the process down.
    pool.on('error', (err) => opts.onConnectionLost?.(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await fn();
      } finally {
        // Ending the lock's session releases it, also when `fn` failed or the connection broke.
        lock.release(true);
      }
    };
    try {
      if (!(await upToDate((text) => pool.query(text))))
        await exclusive(() => migratePg(db as never, { migrationsFolder }));
    } catch (err) {
      await pool.end();
      throw err;
    }
    return { db, kind: 'postgres', exclusive, close: () => pool.end() };
  }
  let client = opts.pglite;
  let unlock = () => {};
  if (!client) {
    const pgliteWasmModule = await pgliteEngine();
    if (opts.loadDataDir) client = await PGlite.create({ loadDataDir: opts.loadDataDir, pgliteWasmModule });
    else if (opts.inMemory) client = await PGlite.create({ pgliteWasmModule });
    else {
      const dataDir = opts.dataDir ?? './data';
      const dir = join(dataDir, 'pglite');
      mkdirSync(dir, { recursive: true });
      unlock = lockDataDir(dataDir);
      client = await PGlite.create(dir, { pgliteWasmModule }).catch((err) => {
        unlock();
        throw err;
      });
    }
  }
  const pglite = client;
  const close = async () => {
    if (!pglite.closed) await pglite.close();
    unlock();
  };
  // Statements queue by their request's arrival, each on an event-loop turn of its own (fair-queue.ts).
  const db = drizzlePglite(fairPglite(pglite), { schema }) as unknown as Db;
  try {
    if (!(await upToDate((text) => pglite.query(text)))) await migratePglite(db as never, { migrationsFolder });
  } catch (err) {
    // Ours to close (and the data dir's lock to give back); a PGlite passed in stays the caller's.
    if (!opts.pglite) await close().catch(() => undefined);
    throw err;
  }
  return { db, kind: 'pglite', exclusive: (fn) => fn(), close };
}

/**
 * A statement already made text (e.g. one cached per shape) straight through the driver: what `queryRows` does
 * without drizzle making the text again. On PGlite it still goes through the fair queue (the client is wrapped).
 */
export async function queryText<T>(db: Db, text: string, params: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: T[] }> } })
    .$client;
  return (await client.query(text, params)).rows;
}

/** Raw SQL returning rows on either driver (pg's QueryResult and PGlite's Results both carry `rows`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
