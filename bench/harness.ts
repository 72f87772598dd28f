/** What the benches share: percentiles, the median round, and the PostgreSQL database a bench fills once and reuses. */
import pg from 'pg';

/** The p-th percentile of `xs` (nearest rank); 0 when there are none. */
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/** The round of median throughput (rounds measured back to back, so one slow moment does not decide). */
export const medianRound = <M extends { rps: number }>(ms: M[]): M =>
  [...ms].sort((a, b) => a.rps - b.rps)[Math.floor(ms.length / 2)];

/** One statement on a fresh connection to `url`. */
async function once<T extends pg.QueryResultRow>(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query<T>(text);
  } finally {
    await c.end();
  }
}

/**
 * A bench's own PostgreSQL database, named by its URL's path: filled once with many orders and reused by later runs
 * (unless asked to seed again), dropped when the bench is told to clean up.
 */
export function benchDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  /** A statement on the server's `postgres` database (creating and dropping the bench's). */
  const admin = (text: string) => once(adminUrl.toString(), text);
  return {
    admin,
    /** A statement on the bench database, its rows. */
    query: async <T extends pg.QueryResultRow>(text: string): Promise<T[]> => (await once<T>(url, text)).rows,
    /** Orders already in it (0 when it does not exist). */
    async orders(): Promise<number> {
      const exists = await admin(`select 1 from pg_database where datname = '${name.replace(/'/g, "''")}'`);
      if (!exists.rowCount) return 0;
      return once<{ n: string }>(url, 'select count(*) as n from orders').then(
        (r) => Number(r.rows[0].n),
        () => 0,
      );
    },
    /** Dropped (connections closed) and created empty. */
    async recreate() {
      await admin(`drop database if exists "${name}" with (force)`);
      await admin(`create database "${name}"`);
    },
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}
