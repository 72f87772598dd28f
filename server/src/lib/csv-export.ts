/**
 * The one CSV export every download uses (products, orders, reports). Rows stream from the database
 * into csv-stringify and the HTTP answer with back-pressure — nothing is read ahead of what the socket
 * takes — so memory stays flat however many rows (bench/reports-bench.ts measures it).
 *
 * - PostgreSQL: a server-side cursor (`DECLARE … NO SCROLL CURSOR` / `FETCH n`) on one pooled connection
 *   inside a read-only repeatable-read transaction: one consistent snapshot, no new dependency.
 * - PGlite (one connection shared by every request): keyset batches, each its own statement, so other
 *   requests run between batches instead of waiting for the whole export.
 *
 * Text cells that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage
 * return) get a leading `'`; numbers stay numbers.
 */
import { Readable, Transform, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type pg from 'pg';
import type { Db } from '../db/client.js';

export type Cell = string | number | boolean | null | undefined;
export interface CsvColumn<R> {
  header: string;
  value(row: R): Cell;
}

export interface ExportQuery {
  /** A SELECT without ORDER BY; its output columns include the `key` columns. */
  select: SQL;
  /**
   * The sort key: output column names of `select` with their SQL type, most significant first; together unique
   * (end with the id) and never null. Keyset values travel as text and are cast back, so timestamps keep their
   * microseconds.
   */
  key: readonly (readonly [column: string, type: 'timestamptz' | 'numeric' | 'integer' | 'bigint' | 'text' | 'date'])[];
  order: 'asc' | 'desc';
}

export interface CsvExport<R> {
  filename: string;
  columns: readonly CsvColumn<R>[];
  query: ExportQuery;
  /** Rows the export will hold, when known before streaming (sent as `x-export-rows` so the client shows a percent). */
  rows?: number;
}

/** Rows per FETCH / keyset batch: big enough to amortise a round trip, small enough to keep memory flat. */
export const EXPORT_BATCH = 2000;

const FORMULA = /^[=+\-@\t\r]/;
/** A cell as written: formula-looking text neutralised, null/undefined empty, numbers and booleans as they are. */
export function safeCell(v: Cell): string | number {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return FORMULA.test(v) ? `'${v}` : v;
}

const dialect = new PgDialect();
const ident = (name: string) => sql.identifier(name);

/**
 * The key order. `nulls last` both ways (keys are never null, so it changes no row's place): it is how the schema's
 * indexes are built (drizzle's `.desc()`), so PostgreSQL reads the rows from the index in order instead of sorting
 * the whole filter before the first one — `desc` alone means `nulls first` and matches no such index.
 */
export function keyOrder(key: ExportQuery['key'], order: ExportQuery['order'], alias = 'q'): SQL {
  const dir = sql.raw(order === 'asc' ? 'asc nulls last' : 'desc nulls last');
  return sql.join(
    key.map(([c]) => sql`${ident(alias)}.${ident(c)} ${dir}`),
    sql`, `,
  );
}
const ordered = (q: ExportQuery) => keyOrder(q.key, q.order);

type Row = Record<string, unknown>;

/** PostgreSQL: one server-side cursor, FETCHed batch by batch as the consumer asks for more. */
async function* cursorBatches(pool: pg.Pool, q: ExportQuery): AsyncGenerator<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(sql`select * from (${q.select}) q order by ${ordered(q)}`);
  const client = await pool.connect();
  let finished = false;
  let broken: Error | undefined;
  try {
    await client.query('begin isolation level repeatable read read only');
    // Plan for the whole result, not its first tenth (a cursor's default): an export reads every row, and walking an
    // index over a million rows fetches them from the table one by one — a scan and a sort (in work_mem, spilling to
    // disk) is several times faster.
    await client.query('set local cursor_tuple_fraction = 1');
    await client.query(`declare csv_export no scroll cursor for ${text}`, params);
    for (;;) {
      const { rows } = await client.query<Row>(`fetch forward ${EXPORT_BATCH} from csv_export`);
      if (!rows.length) break;
      yield rows;
    }
    await client.query('commit');
    finished = true;
  } catch (e) {
    broken = e as Error;
    throw e;
  } finally {
    // Stopped early (the client cancelled, the socket closed) or failed: end the transaction before the
    // connection goes back to the pool; a connection that cannot even roll back is destroyed.
    if (!finished)
      await client.query('rollback').catch((e: Error) => {
        broken ??= e;
      });
    client.release(broken);
  }
}

/** PGlite: keyset batches `(k…) > / < (last row's k…)`, each a statement of its own. */
async function* keysetBatches(db: Db, q: ExportQuery): AsyncGenerator<Row[]> {
  const keyText = sql.join(
    q.key.map(([c], i) => sql`q.${ident(c)}::text as ${ident(`__k${i}`)}`),
    sql`, `,
  );
  const cols = sql.join(
    q.key.map(([c]) => sql`q.${ident(c)}`),
    sql`, `,
  );
  const cmp = sql.raw(q.order === 'asc' ? '>' : '<');
  let after: unknown[] | null = null;
  for (;;) {
    const last = after;
    const where = last
      ? sql`where (${cols}) ${cmp} (${sql.join(
          q.key.map(([, type], i) => sql`${last[i]}::${sql.raw(type)}`),
          sql`, `,
        )})`
      : sql``;
    const res = (await db.execute(
      sql`select q.*, ${keyText} from (${q.select}) q ${where} order by ${ordered(q)} limit ${EXPORT_BATCH}`,
    )) as unknown as { rows: Row[] };
    if (!res.rows.length) return;
    const end = res.rows[res.rows.length - 1];
    after = q.key.map((_, i) => end[`__k${i}`]);
    yield res.rows;
    if (res.rows.length < EXPORT_BATCH) return;
  }
}

/** The rows of an export query in key order, batch by batch, from whichever database the app runs on. */
export function exportBatches(app: Pick<FastifyInstance, 'db' | 'dbKind'>, q: ExportQuery): AsyncGenerator<Row[]> {
  if (app.dbKind === 'postgres') return cursorBatches((app.db as unknown as { $client: pg.Pool }).$client, q);
  return keysetBatches(app.db, q);
}

/**
 * Streams an export as the answer: `text/csv` with a BOM (so Excel reads Thai as UTF-8), CRLF lines, a header row.
 * Call it after every check that may refuse the request (scope, filters): once streaming, the status is sent.
 */
export function sendCsv<R>(
  app: Pick<FastifyInstance, 'db' | 'dbKind' | 'log'>,
  reply: FastifyReply,
  e: CsvExport<R>,
): FastifyReply {
  const batches = exportBatches(app, e.query);
  const records = new Transform({
    writableObjectMode: true,
    readableObjectMode: true,
    // One batch in hand at a time: the next FETCH waits until this one is written out.
    writableHighWaterMark: 1,
    transform(batch: Row[], _enc, done) {
      for (const r of batch) this.push(e.columns.map((c) => safeCell(c.value(r as R))));
      done();
    },
  });
  const csv = stringify({
    header: true,
    columns: e.columns.map((c) => c.header),
    bom: true,
    record_delimiter: 'windows',
  });
  // pipeline: the socket's pace reaches the cursor; a closed socket or a failure ends every stage (and the cursor's transaction).
  const body = pipeline(Readable.from(batches, { highWaterMark: 1 }), records, csv, (err) => {
    if (err && err.name !== 'AbortError' && err.code !== 'ERR_STREAM_PREMATURE_CLOSE')
      app.log.error({ err }, 'CSV export failed');
  });
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${e.filename}"`)
    .header('cache-control', 'no-store');
  if (e.rows !== undefined) reply.header('x-export-rows', String(e.rows));
  return reply.send(body);
}
