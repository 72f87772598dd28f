/**
 * Backups of the database the server is configured for (`npm run backup -- <file>`, `npm run restore -- <file>`).
 * PGlite: a gzipped tarball of the data dir (PGlite's dumpDataDir), taken with the server stopped: PGlite is one
 * process's database, so the data dir's lock (db/lock.ts) refuses a backup or restore while a server holds it.
 * PostgreSQL: `pg_dump -Fc` and `pg_restore --clean --if-exists` in one transaction, the servers may keep running
 * for a dump; a restore refuses while other sessions are connected to the database.
 * The database only: uploads (DATA_DIR/uploads or the bucket) are copied on their own.
 */
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  openSync,
  readSync,
  closeSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from './lock.js';

const run = promisify(execFile);

export interface BackupTarget {
  databaseUrl: string | null;
  dataDir: string;
}

export async function backup(target: BackupTarget, file: string): Promise<void> {
  const out = resolve(file);
  if (target.databaseUrl) {
    await pgTool('pg_dump', ['-Fc', '--no-owner', '-f', out, '-d', target.databaseUrl]);
    return;
  }
  const dir = join(target.dataDir, 'pglite');
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new Error(`No PGlite database in ${dir}`);
  const unlock = lockDataDir(target.dataDir);
  try {
    const db = await PGlite.create(dir);
    try {
      const dump = await db.dumpDataDir('gzip');
      // Written aside and renamed: an interrupted backup never leaves a half file under the name asked for.
      writeFileSync(`${out}.part`, Buffer.from(await dump.arrayBuffer()));
      renameSync(`${out}.part`, out);
    } finally {
      await db.close();
    }
  } finally {
    unlock();
  }
}

export async function restore(target: BackupTarget, file: string): Promise<void> {
  const src = resolve(file);
  const kind = backupKind(src);
  if (target.databaseUrl) {
    if (kind !== 'postgres')
      throw new Error(
        `${file} is not a pg_dump custom-format archive (a PGlite backup restores with DATABASE_URL unset)`,
      );
    const others = await otherSessions(target.databaseUrl);
    if (others > 0)
      throw new Error(`${others} other session(s) are connected to the database: stop the servers before restoring`);
    await pgTool('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      '-d',
      target.databaseUrl,
      src,
    ]);
    return;
  }
  if (kind !== 'pglite')
    throw new Error(`${file} is not a PGlite backup (a pg_dump archive restores with DATABASE_URL set)`);
  mkdirSync(target.dataDir, { recursive: true });
  const unlock = lockDataDir(target.dataDir);
  try {
    const dir = join(target.dataDir, 'pglite');
    const next = `${dir}.restoring`;
    rmSync(next, { recursive: true, force: true });
    // Loaded and checked beside the live one, then swapped: a bad archive leaves the database as it was.
    const archive = readFileSync(src);
    try {
      gunzipSync(archive);
    } catch {
      throw new Error(`${file} is damaged (its gzip stream does not end): nothing was restored`);
    }
    const db = await PGlite.create(next, { loadDataDir: new Blob([archive]) });
    try {
      await db.query('select 1');
    } finally {
      await db.close();
    }
    const previous = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    if (existsSync(dir)) renameSync(dir, previous);
    renameSync(next, dir);
  } finally {
    unlock();
  }
}

function backupKind(file: string): 'pglite' | 'postgres' {
  const fd = openSync(file, 'r');
  const head = Buffer.alloc(5);
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  throw new Error(`${file} is neither a PGlite backup nor a pg_dump archive`);
}

async function otherSessions(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return r.rows[0].n;
  } finally {
    await c.end();
  }
}

async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new Error(`${tool} is not installed (PostgreSQL client tools of the server's major version or newer)`);
    throw new Error(`${tool} failed: ${(e.stderr || e.message).trim()}`);
  }
}
