/**
 * `npm run backup` / `npm run restore` (server/src/db/backup.ts) on both databases: a backup taken, the database
 * changed, the backup restored, and every table's row count and checksum back to what they were. Also the
 * refusals: a data dir another process holds, an archive of the other database's kind, a file that is no backup.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { backup, restore } from '../../server/src/db/backup.js';
import { lockDataDir } from '../../server/src/db/lock.js';
import { clonePostgres, TMP_DIR } from '../support/db.js';

const work = mkdtempSync(join(TMP_DIR, 'backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Row count and md5 of every row (as text, in text order) of every table in public and drizzle. */
async function tableSums(query: Query): Promise<Record<string, string>> {
  const tables = await query(`select table_schema || '.' || table_name as t from information_schema.tables
    where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`);
  const sums: Record<string, string> = {};
  for (const { t } of tables) {
    const [{ n, sum }] = await query(
      `select count(*)::text as n, md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) as sum from ${t as string} r`,
    );
    sums[t as string] = `${n as string} ${sum as string}`;
  }
  return sums;
}

/** Changes that touch rows, counters (triggers) and a sequence: what a restore must undo. */
const CHANGES = `update orders set status = 'cancelled' where id in (select id from orders order by id limit 5);
  delete from order_contacts; insert into blog_menus (code, sort) values ('after-backup', 999)`;

describe('backup and restore: PGlite data dir', () => {
  const dataDir = join(work, 'pglite-data');
  const file = join(work, 'pglite.tar.gz');

  const withDb = async <T>(fn: (db: PGlite) => Promise<T>): Promise<T> => {
    const db = await PGlite.create(join(dataDir, 'pglite'));
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  };
  const sums = () => withDb((db) => tableSums(async (q) => (await db.query<Record<string, unknown>>(q)).rows));

  it('round trip: every table has its rows back, the replaced database is kept aside', async () => {
    mkdirSync(dataDir, { recursive: true });
    const seeded = await PGlite.create(join(dataDir, 'pglite'), {
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
    });
    await seeded.close();
    const before = await sums();
    expect(Object.keys(before).length).toBeGreaterThan(40);

    await backup({ databaseUrl: null, dataDir }, file);
    await withDb((db) => db.exec(CHANGES));
    expect(await sums()).not.toEqual(before);

    await restore({ databaseUrl: null, dataDir }, file);
    expect(await sums()).toEqual(before);
    expect(readdirSync(dataDir).filter((n) => n.startsWith('pglite.before-restore-'))).toHaveLength(1);
  }, 120_000);

  it('refuses while a process holds the data dir, and a file that is no PGlite backup', async () => {
    const release = lockDataDir(dataDir);
    try {
      await expect(backup({ databaseUrl: null, dataDir }, join(work, 'held.tar.gz'))).rejects.toThrow(
        /in use by process/,
      );
      await expect(restore({ databaseUrl: null, dataDir }, file)).rejects.toThrow(/in use by process/);
    } finally {
      release();
    }
    expect(existsSync(join(work, 'held.tar.gz'))).toBe(false);

    writeFileSync(join(work, 'junk'), 'not a backup');
    await expect(restore({ databaseUrl: null, dataDir }, join(work, 'junk'))).rejects.toThrow(
      /neither a PGlite backup nor a pg_dump archive/,
    );
    writeFileSync(join(work, 'fake.dump'), 'PGDMP....');
    await expect(restore({ databaseUrl: null, dataDir }, join(work, 'fake.dump'))).rejects.toThrow(
      /restores with DATABASE_URL set/,
    );
    // A damaged tarball: the database stays as it was.
    const before = await sums();
    writeFileSync(join(work, 'cut.tar.gz'), readFileSync(file).subarray(0, 4096));
    await expect(restore({ databaseUrl: null, dataDir }, join(work, 'cut.tar.gz'))).rejects.toThrow(/is damaged/);
    expect(await sums()).toEqual(before);
  }, 120_000);
});

describe.runIf(inject('pgTemplate'))('backup and restore: PostgreSQL (pg_dump / pg_restore)', () => {
  const file = join(work, 'pg.dump');

  it('round trip: every table has its rows back; refused while another session is connected', async () => {
    const tpl = inject('pgTemplate')!;
    const clone = await clonePostgres(tpl.baseUrl, tpl.name);
    const client = new pg.Client({ connectionString: clone.url });
    try {
      await client.connect();
      const sums = () => tableSums(async (q) => (await client.query(q)).rows);
      const before = await sums();
      expect(Object.keys(before).length).toBeGreaterThan(40);

      await backup({ databaseUrl: clone.url, dataDir: work }, file);
      await client.query(CHANGES);
      expect(await sums()).not.toEqual(before);

      await expect(restore({ databaseUrl: clone.url, dataDir: work }, file)).rejects.toThrow(/other session/);
      await client.end();
      writeFileSync(join(work, 'other.tar.gz'), gzipSync('a PGlite tarball'));
      await expect(restore({ databaseUrl: clone.url, dataDir: work }, join(work, 'other.tar.gz'))).rejects.toThrow(
        /restores with DATABASE_URL unset/,
      );
      await restore({ databaseUrl: clone.url, dataDir: work }, file);

      const again = new pg.Client({ connectionString: clone.url });
      await again.connect();
      try {
        expect(await tableSums(async (q) => (await again.query(q)).rows)).toEqual(before);
      } finally {
        await again.end();
      }
    } finally {
      await client.end().catch(() => undefined);
      await clone.drop();
    }
  }, 120_000);
});
