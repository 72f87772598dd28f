/**
 * One drizzle table served as a REST resource under `/api/v2/<name>`, in the shape
 * `@refinedev/simple-rest` reads (docs/architecture.md, "Server"):
 *
 *   GET    /api/v2/<name>?_start&_end&_sort&_order&<filters>   rows as a JSON array, total in `x-total-count`
 *   GET    /api/v2/<name>/:id                                   one row
 *   POST   /api/v2/<name>                                       201 and the new row
 *   PATCH  /api/v2/<name>/:id                                   the changed row
 *   DELETE /api/v2/<name>/:id                                   the deleted row
 *   POST   /api/v2/<name>/:id/move  { index }                   with `order`: the row at that place
 *
 * Filters are `field=v` (repeatable: any of), `field_ne`, `field_like` (case-insensitive contains),
 * `field_gte`, `field_lte`, each only where the resource allows it; an unknown filter, sort field or
 * parameter is refused with 400 naming it. Access comes from the table of screens like every other
 * route; `owner` scopes every read and write in one place: another owner's row id answers 404, and
 * no body can set the owner column. Owner `none` is a staff table: every caller the table of screens
 * lets through sees every row (suppliers hold no admin screen, so they get 403 before this). Writes run in one transaction: the owner check, `prepare` (which
 * may query), the write, `afterWrite` (what is not a column, e.g. a join table's rows) or, on delete,
 * `beforeDelete` (a guard), and, with `audit`, an `audit_log` row; `around` wraps the transaction (e.g. to
 * record a refusal after its rollback). `scope` narrows the rows served. `except` leaves verbs to the module.
 *
 * `restRoutes(app, name, { tags })` declares the routes of a resource a table does not fit (verbs,
 * documents of several tables) in the same shape: `.get/.post/.patch/.delete(path, def, handler)`.
 *
 * Not in lib/: it composes the guard and the shop scope (auth/) with lib's helpers, and lib imports nothing above it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import {
  and,
  asc,
  Column,
  count,
  desc,
  eq,
  getTableName,
  gte,
  ilike,
  inArray,
  is,
  lte,
  ne,
  sql,
  SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { shops } from '../db/schema.js';
import { requireUser } from '../auth/guard.js';
import { assertShopAccess, assertStorefrontAccess, scopeCondition, storefrontKinds } from '../auth/shop-scope.js';
import type { AuthUser } from '../auth/types.js';
import { audit } from '../lib/audit.js';
import { conflict, fieldError, isUniqueViolation, notFound, type HttpError } from '../lib/errors.js';
import { closedObject, errorResponses, id as idSchema, type multipartDoc } from '../lib/schemas.js';
import { containing, type Tx } from '../lib/sql.js';
import { assertStoredImage } from '../lib/uploads.js';

export type FilterOp = 'eq' | 'ne' | 'like' | 'gte' | 'lte';
const SUFFIX: Record<FilterOp, string> = { eq: '', ne: '_ne', like: '_like', gte: '_gte', lte: '_lte' };

/** At most this many rows per page; a list without `_end` answers the first page of this size. */
export const MAX_PAGE = 100;
const PAGING = ['_start', '_end', '_sort', '_order'];

type JsonSchema = Record<string, unknown>;

export interface RestField {
  /** The column, or a read-only SQL expression over the row (e.g. the name of the record a column refers to). */
  column: PgColumn | SQL;
  /** JSON schema of the value in answers. */
  schema: JsonSchema;
  /** Filter operators the list takes for this field (none by default). `like` is for text columns. */
  filter?: FilterOp[];
  sort?: boolean;
  /** Writable with this schema (true: `schema`); required on create unless `optional`. */
  write?: JsonSchema | true;
  optional?: boolean;
  /** Set on create, never changed afterwards (not in the PATCH body). */
  createOnly?: boolean;
  /** Only in the PATCH body (required there unless `optional`), e.g. a version read with the row and sent back. */
  updateOnly?: boolean;
  /**
   * The value is the id of a row of another `/api/v2` resource (its REST name): generated screens offer
   * a searchable select of that resource's rows and show the row's name (documented as `x-refs`).
   */
  ref?: string;
  /**
   * The value is the path of an image stored through `POST /api/v2/storefront-images` (a write naming any other
   * path is refused on the field); generated screens upload it from the form. The screen lists that endpoint.
   */
  image?: true;
  /**
   * The value is this key of `column`, a JSON column (e.g. a list kept in a row's attributes): read as that key
   * (`empty` when the row has none), written into it, the column's other keys kept. Neither filtered nor sorted.
   */
  json?: { key: string; empty: unknown };
}

/**
 * Whose rows the caller sees and changes.
 * - `none`: a staff table; every row to every caller the route's access rule lets in (the table of
 *   screens: admin and the holders of a staff screen listing the resource).
 * - `user`: the column holds the signed-in user's id; it is set from the token on create.
 * - `shop`: the column holds a shop id; suppliers see their own shops' rows, staff every shop's.
 *   A new row names its shop in `field` (a foreign shop answers 404); a row never moves shop.
 *   With `storefront`, only shops of that kind, and staff only when their menus reach that kind
 *   (`assertStorefrontAccess`, the storefront family rule).
 */
export type RestOwner =
  'none' | { user: PgColumn } | { shop: PgColumn; field: string; storefront?: 'supplier' | 'housebrand' };

export interface WriteContext {
  user: AuthUser;
  op: 'create' | 'update';
  /** The write's transaction: queries of `prepare` run in it. */
  tx: Tx;
  /** On update: the row as it is now (in the caller's scope, locked). */
  current?: Record<string, unknown>;
}

/** One write as the hooks around it see it (`id` is absent on create). */
export interface WriteAttempt {
  user: AuthUser;
  op: 'create' | 'update' | 'delete';
  id?: number;
  body?: Record<string, unknown>;
}

export type RestVerb = 'list' | 'get' | 'create' | 'update' | 'delete';

export interface RestResource {
  /** Path segment: the resource is served under `/api/v2/<name>`. */
  name: string;
  table: PgTable;
  /** Words for answers and docs, e.g. "Saved view" ("Saved view not found"). */
  label: string;
  /**
   * The key, an integer column named `id` in answers: the primary key, or a column unique among the resource's
   * `rows` (then `prepare` sets `id` on create when the database does not).
   */
  id: PgColumn;
  /**
   * The rows of a shared table this resource is: each column holds its value in every read and write, and a
   * create sets it (e.g. one kind of master data). Not in the bodies or answers.
   */
  rows?: { column: PgColumn; equals: string | number | boolean }[];
  /**
   * Every write (create, update, delete) first takes this advisory lock (to the end of its transaction), before
   * it reads the row: writes whose checks or effects span several rows run one after the other. An ordered
   * resource (`order`) takes one for its table when this names none.
   */
  lock?: string;
  /** The columns in answers and their rules, by their name in JSON. */
  fields: Record<string, RestField>;
  owner: RestOwner;
  /** Order of a list without `_sort` (the id is always the last tie-breaker). */
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** Set to now() on every update. */
  updatedAt?: PgColumn;
  /**
   * Clean or check a write body beyond its JSON schema; throw `fieldError` to refuse it. Runs after the
   * owner check (a foreign shop or row answers 404 first), inside the write's transaction (after `lock`):
   * it may change other rows the write moves something from, in the same transaction.
   */
  prepare?: (
    body: Record<string, unknown>,
    ctx: WriteContext,
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /**
   * Runs in the write's transaction after the row is inserted or updated, with the body as prepared: it writes
   * what is not a column of the table (a writable field whose `column` is an SQL expression, e.g. rows of a join
   * table). The answer and the audit row read the row again afterwards.
   */
  afterWrite?: (row: Record<string, unknown>, body: Record<string, unknown>, ctx: WriteContext) => Promise<void>;
  /**
   * Runs in the delete's transaction with the row read and locked, before it is deleted; throw to keep it
   * (e.g. a built-in row, or one other rows still use).
   */
  beforeDelete?: (row: Record<string, unknown>, ctx: { user: AuthUser; tx: Tx }) => Promise<void> | void;
  /**
   * Runs around each write, outside its transaction: e.g. to record a refused write after its rollback, or to
   * act once the write is committed. It must call `run` and answer (or throw) what it answers.
   */
  around?: <T>(attempt: WriteAttempt, run: () => Promise<T>) => Promise<T>;
  /** Rows outside this condition are not served (a 404 like another owner's row), e.g. one kind of the table's rows. */
  scope?: SQL;
  /** The answer to a unique violation on create or update (default: a generic 409). */
  onDuplicate?: (body: Record<string, unknown>) => HttpError;
  /** Every write leaves an `audit_log` row of this entity in its transaction (action `create`, `update` or `delete`). */
  audit?: { entity: string };
  /** Verbs the module serves itself (or not at all); the others are served here. */
  except?: RestVerb[];
  /**
   * The rows are kept in an order by this integer field (0-based places, no gaps, no doubles; a staff
   * table, owner `none`): a new row goes last, the rows after a deleted one close up, and
   * `POST /api/v2/<name>/:id/move` `{ index }` puts a row at a place (audited as `move` with the order
   * before and after). Every write takes the resource's `lock` (one for the table when it names none), so writes
   * at once apply one after the other.
   * The field is read-only in bodies; it is the list's order without `_sort` unless `defaultSort` says otherwise.
   */
  order?: { field: string };
  tags?: string[];
}

type Row = Record<string, unknown>;
type Query = Record<string, unknown>;

/** The JSON schema of a filter value: the answer's schema without null. */
function valueSchema(s: JsonSchema): JsonSchema {
  const type: unknown = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  const { type: _drop, ...rest } = s;
  return { ...rest, type };
}

/** A row as answered: dates as ISO text, numeric columns (which the driver reads as text) as numbers. */
function jsonOf(numeric: Set<string>) {
  return (row: Row): Row => {
    const out: Row = {};
    for (const [k, v] of Object.entries(row))
      out[k] = v instanceof Date ? v.toISOString() : typeof v === 'string' && numeric.has(k) ? Number(v) : v;
    return out;
  };
}

export function restResource(app: FastifyInstance, r: RestResource): void {
  const { db } = app;
  const base = `/api/v2/${r.name}`;
  const tags = [...(r.tags ?? [r.name]), 'addition'];
  const doc = { tags, 'x-addition': true };
  const owner = r.owner;
  const ownerField = owner !== 'none' && 'shop' in owner ? owner.field : undefined;
  const ownerColumn = owner === 'none' ? undefined : 'shop' in owner ? owner.shop : owner.user;
  const storefront = owner !== 'none' && 'shop' in owner ? owner.storefront : undefined;
  const userColumn = owner !== 'none' && 'user' in owner ? owner.user : undefined;
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.write && !isColumn(f.column) && !r.afterWrite)
      throw new Error(`${r.name}.${name}: an SQL expression is written only by afterWrite`);
    if (f.json && (!isColumn(f.column) || f.filter || f.sort || !/^\w+$/.test(f.json.key)))
      throw new Error(`${r.name}.${name}: a JSON key is a plain key of a column, neither filtered nor sorted`);
  }
  /** A field's value as read: its column, or its key of a JSON column. */
  const readOf = (f: RestField): PgColumn | SQL =>
    f.json
      ? sql`coalesce(${f.column} -> ${sql.raw(`'${f.json.key}'`)}, ${JSON.stringify(f.json.empty)}::jsonb)`
      : f.column;
  const rowCondition = and(...(r.rows ?? []).map((c) => eq(c.column, c.equals)), r.scope);
  const lockName = r.lock ?? (r.order ? `rest_order:${getTableName(r.table)}` : undefined);
  const takeLock = (tx: Tx) =>
    lockName ? tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockName}, 0))`) : undefined;
  const around = <T>(attempt: WriteAttempt, run: () => Promise<T>) => (r.around ? r.around(attempt, run) : run());
  const ordered = orderedRows(r);
  const defaultSort = r.defaultSort ?? (r.order ? { field: r.order.field, order: 'asc' as const } : undefined);
  const sortFields = ['id', ...Object.keys(r.fields).filter((k) => r.fields[k].sort)];
  const refs = Object.fromEntries(
    Object.entries(r.fields)
      .filter(([, f]) => f.ref)
      .map(([k, f]) => [k, f.ref]),
  );
  /** What a generated screen reads beside the schemas: the sortable fields and the references. */
  const listDoc = { 'x-sort': sortFields, ...(Object.keys(refs).length ? { 'x-refs': refs } : {}) };
  const serves = (verb: RestVerb) => !r.except?.includes(verb);
  const imageFields = Object.keys(r.fields).filter((k) => r.fields[k].image);
  const checkImages = async (body: Row) => {
    for (const f of imageFields) if (typeof body[f] === 'string') await assertStoredImage(app.storage, f, body[f]);
  };
  const assertOwnerShop = (q: Db | Tx, user: AuthUser, shopId: number) =>
    storefront ? assertStorefrontAccess(q, user, shopId, storefront) : assertShopAccess(db, user, shopId);

  const selection: Record<string, PgColumn | SQL> = { id: r.id };
  const itemProps: Record<string, unknown> = { id: { type: 'integer' } };
  for (const [name, f] of Object.entries(r.fields)) {
    selection[name] = readOf(f);
    itemProps[name] = f.schema;
  }
  if (ownerField && ownerColumn) {
    selection[ownerField] = ownerColumn;
    itemProps[ownerField] = { type: 'integer' };
  }
  const item = { type: 'object', properties: itemProps, required: Object.keys(itemProps) };
  const toJson = jsonOf(
    new Set(
      Object.entries(r.fields)
        .filter(([, f]) => ['number', 'integer'].includes(valueSchema(f.schema).type as string))
        .map(([k]) => k),
    ),
  );

  // ----- list query: paging, sort and the filters each field allows -----
  const filters = new Map<string, { column: PgColumn | SQL; op: FilterOp; date: boolean }>();
  const queryProps: Record<string, unknown> = {
    _start: { type: 'integer', minimum: 0, description: 'Index of the first row (default 0)' },
    _end: {
      type: 'integer',
      minimum: 0,
      description: `Index after the last row; at most ${MAX_PAGE} rows per page (default _start + ${MAX_PAGE})`,
    },
    _sort: { type: 'string', maxLength: 200, description: 'Comma-separated fields to sort by' },
    _order: {
      type: 'string',
      maxLength: 200,
      description: 'Comma-separated asc|desc, one per _sort field (default asc)',
    },
  };
  const filterable: Record<string, Pick<RestField, 'column' | 'schema' | 'filter'>> = ownerField && ownerColumn
    ? { ...r.fields, [ownerField]: { column: ownerColumn, schema: { type: 'integer' }, filter: ['eq'] } }
    : r.fields;
  for (const [field, f] of Object.entries({
    id: { column: r.id, schema: { type: 'integer' }, filter: ['eq'] as FilterOp[] },
    ...filterable,
  })) {
    const value = valueSchema(f.schema);
    for (const op of f.filter ?? []) {
      const key = `${field}${SUFFIX[op]}`;
      filters.set(key, { column: f.column, op, date: value.format === 'date-time' });
      queryProps[key] =
        op === 'eq'
          ? {
              type: 'array',
              items: value,
              maxItems: MAX_PAGE,
              description: `${field} is any of these (repeat the parameter)`,
            }
          : op === 'like'
            ? { type: 'string', maxLength: 200, description: `${field} contains this text (any case)` }
            : {
                ...value,
                description: `${field} ${op === 'ne' ? 'is not' : op === 'gte' ? 'is at least' : 'is at most'} this`,
              };
    }
  }
  const sortable = new Map<string, PgColumn | SQL>(
    Object.entries(r.fields)
      .filter(([, f]) => f.sort)
      .map(([k, f]) => [k, f.column]),
  );
  sortable.set('id', r.id);

  // ----- bodies: the writable fields; the owner column is not among them -----
  const writable: Record<string, unknown> = {};
  const changeable: Record<string, unknown> = {};
  const required: string[] = [];
  const changeRequired: string[] = [];
  for (const [name, f] of Object.entries(r.fields)) {
    if (!f.write) continue;
    const schema = f.write === true ? f.schema : f.write;
    if (!f.createOnly) changeable[name] = schema;
    if (f.updateOnly) {
      if (!f.optional) changeRequired.push(name);
      continue;
    }
    writable[name] = schema;
    if (!f.optional) required.push(name);
  }
  const createBody = closedObject(
    ownerField ? { ...writable, [ownerField]: idSchema } : writable,
    ownerField ? [...required, ownerField] : required,
  );
  // A change changes something beside the fields it must always send.
  const patchBody = { ...closedObject(changeable, changeRequired), minProperties: changeRequired.length + 1 };
  const params = closedObject({ id: idSchema }, ['id']);

  const ownerCondition = (user: AuthUser): SQL | undefined => {
    if (owner === 'none') return undefined;
    if ('user' in owner) return eq(owner.user, user.id);
    const scope = scopeCondition(user, owner.shop);
    if (!storefront) return scope;
    if (!storefrontKinds(user).includes(storefront)) return sql`false`;
    return and(scope, inArray(owner.shop, db.select({ id: shops.id }).from(shops).where(eq(shops.kind, storefront))));
  };
  const byId = (user: AuthUser, id: number) => and(eq(r.id, id), rowCondition, ownerCondition(user));
  const auditWrite = async (
    tx: Tx,
    user: AuthUser,
    op: 'create' | 'update' | 'delete',
    id: number,
    before?: Row,
    after?: Row,
  ) => {
    if (!r.audit) return;
    await audit(tx, { actorId: user.id, action: op, entity: r.audit.entity, entityId: id, before, after });
  };

  /**
   * The table's values of a prepared body: its fields' columns (a field that is not a column is left to
   * `afterWrite`, an update-only one is not stored; a JSON key is merged into its column, on update into what it
   * holds), and any column `prepare` set by its property name.
   */
  const columnsOf = (body: Row, op: 'create' | 'update'): Row => {
    const values: Row = {};
    const json = new Map<string, Row>();
    for (const [name, v] of Object.entries(body)) {
      const f = r.fields[name] as RestField | undefined;
      if (name === ownerField) values[columnKey(r.table, ownerColumn!)] = v;
      else if (f) {
        if (!isColumn(f.column) || f.updateOnly) continue;
        const key = columnKey(r.table, f.column);
        if (f.json) json.set(key, { ...json.get(key), [f.json.key]: v });
        else values[key] = v;
      } else if (name === 'id') values[columnKey(r.table, r.id)] = v;
      else if (isTableColumn(r.table, name)) values[name] = v;
      else throw new Error(`${r.name}: ${name} is neither a field nor a column`);
    }
    for (const [key, keys] of json) {
      const column = (r.table as unknown as Record<string, PgColumn>)[key];
      values[key] = op === 'create' ? keys : sql`coalesce(${column}, '{}'::jsonb) || ${JSON.stringify(keys)}::jsonb`;
    }
    if (op === 'create') for (const c of r.rows ?? []) values[columnKey(r.table, c.column)] = c.equals;
    return values;
  };
  const reread = async (tx: Tx, id: number) =>
    (
      await tx
        .select(selection)
        .from(r.table)
        .where(and(eq(r.id, id), rowCondition))
    )[0];

  const duplicate = (body: Row) => r.onDuplicate?.(body) ?? conflict(`This ${r.label.toLowerCase()} already exists.`);
  /** `write` gets a holder for the body as prepared: a duplicate is answered in its words. */
  async function unique<T>(body: Row, write: (prepared: { body: Row }) => Promise<T>): Promise<T> {
    const prepared = { body };
    try {
      return await write(prepared);
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate(prepared.body);
      throw err;
    }
  }

  if (serves('list'))
    app.get<{ Querystring: Query }>(
      base,
      {
        schema: {
          ...doc,
          ...listDoc,
          summary:
            owner === 'none'
              ? `${r.label}s (paged; total in x-total-count)`
              : `${r.label}s of the caller (paged; total in x-total-count)`,
          querystring: closedObject(queryProps),
          response: {
            200: {
              type: 'array',
              items: item,
              headers: { 'x-total-count': { type: 'integer', description: 'Rows matching the filters' } },
            },
            ...errorResponses,
          },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        const q = req.query;
        const start = (q._start as number | undefined) ?? 0;
        const end = (q._end as number | undefined) ?? start + MAX_PAGE;
        if (end < start) throw fieldError('_end', '_end must not be less than _start');
        if (end - start > MAX_PAGE) throw fieldError('_end', `_end may be at most ${MAX_PAGE} after _start`);
        const order = orderOf(q, sortable, defaultSort);
        // Like every shop filter of the server: a foreign or unknown shop answers 404, not an empty list.
        if (ownerField)
          for (const shopId of (q[ownerField] as number[] | undefined) ?? []) await assertOwnerShop(db, user, shopId);
        const where = and(rowCondition, ownerCondition(user), ...filterConditions(q, filters));
        const [{ total }] = await db.select({ total: count() }).from(r.table).where(where);
        const rows =
          end === start
            ? []
            : await db
                .select(selection)
                .from(r.table)
                .where(where)
                .orderBy(...order, asc(r.id))
                .limit(end - start)
                .offset(start);
        reply.header('x-total-count', String(total));
        return rows.map(toJson);
      },
    );

  if (serves('get'))
    app.get<{ Params: { id: number } }>(
      `${base}/:id`,
      {
        schema: { ...doc, summary: `One ${r.label.toLowerCase()}`, params, response: { 200: item, ...errorResponses } },
      },
      async (req) => {
        const [row] = await db
          .select(selection)
          .from(r.table)
          .where(byId(requireUser(req), req.params.id));
        if (!row) throw notFound(r.label);
        return toJson(row);
      },
    );

  if (serves('create'))
    app.post<{ Body: Row }>(
      base,
      {
        schema: {
          ...doc,
          summary: `Create a ${r.label.toLowerCase()}`,
          body: createBody,
          response: { 201: item, ...errorResponses },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        if (ownerField) await assertOwnerShop(db, user, req.body[ownerField] as number);
        await checkImages(req.body);
        const row = await around({ user, op: 'create', body: req.body }, () =>
          unique(req.body, (prepared) =>
            db.transaction(async (tx) => {
              await takeLock(tx);
              const ctx: WriteContext = { user, op: 'create', tx };
              if (r.prepare) prepared.body = await r.prepare(req.body, ctx);
              const values = columnsOf(prepared.body, 'create');
              if (userColumn) values[columnKey(r.table, userColumn)] = user.id;
              if (ordered) values[ordered.key] = await ordered.next(tx);
              let [created] = await tx
                .insert(r.table)
                .values(values as never)
                .returning(selection);
              if (r.afterWrite) {
                await r.afterWrite(created, prepared.body, ctx);
                created = await reread(tx, created.id as number);
              }
              await auditWrite(tx, user, 'create', created.id as number, undefined, created);
              return created;
            }),
          ),
        );
        return reply.code(201).send(toJson(row));
      },
    );

  if (serves('update'))
    app.patch<{ Params: { id: number }; Body: Row }>(
      `${base}/:id`,
      {
        schema: {
          ...doc,
          summary: `Change a ${r.label.toLowerCase()} (only the fields sent)`,
          params,
          body: patchBody,
          response: { 200: item, ...errorResponses },
        },
      },
      async (req) => {
        const user = requireUser(req);
        const row = await around({ user, op: 'update', id: req.params.id, body: req.body }, () =>
          unique(req.body, (prepared) =>
            db.transaction(async (tx) => {
              await takeLock(tx);
              // The row first: another owner's id is a 404 whatever the body says.
              const [current] = await tx.select(selection).from(r.table).where(byId(user, req.params.id)).for('update');
              if (!current) throw notFound(r.label);
              await checkImages(req.body);
              const ctx: WriteContext = { user, op: 'update', tx, current };
              if (r.prepare) prepared.body = await r.prepare(req.body, ctx);
              const values = columnsOf(prepared.body, 'update');
              if (r.updatedAt) values[columnKey(r.table, r.updatedAt)] = sql`now()`;
              // Only fields afterWrite stores may have changed: no column to set.
              const [updated] = Object.keys(values).length
                ? await tx
                    .update(r.table)
                    .set(values)
                    .where(and(eq(r.id, req.params.id), rowCondition))
                    .returning(selection)
                : [];
              if (r.afterWrite) await r.afterWrite(current, prepared.body, ctx);
              // The row as the update returned it, unless afterWrite changed more of it.
              const changed = updated && !r.afterWrite ? updated : await reread(tx, req.params.id);
              await auditWrite(tx, user, 'update', req.params.id, current, changed);
              return changed;
            }),
          ),
        );
        return toJson(row);
      },
    );

  if (serves('delete'))
    app.delete<{ Params: { id: number } }>(
      `${base}/:id`,
      {
        schema: {
          ...doc,
          summary: `Delete a ${r.label.toLowerCase()}; answers the deleted row`,
          params,
          response: { 200: item, ...errorResponses },
        },
      },
      async (req) => {
        const user = requireUser(req);
        const row = await around({ user, op: 'delete', id: req.params.id }, () =>
          db.transaction(async (tx) => {
            await takeLock(tx);
            // Read (and lock) first: the guard and the audit see the row as it was.
            const [current] = await tx.select(selection).from(r.table).where(byId(user, req.params.id)).for('update');
            if (!current) throw notFound(r.label);
            if (r.beforeDelete) await r.beforeDelete(current, { user, tx });
            await tx.delete(r.table).where(and(eq(r.id, req.params.id), rowCondition));
            // The rows after it close up.
            if (ordered) await ordered.place(tx, await ordered.ids(tx));
            await auditWrite(tx, user, 'delete', req.params.id, current);
            return current;
          }),
        );
        return toJson(row);
      },
    );

  if (ordered)
    app.post<{ Params: { id: number }; Body: { index: number } }>(
      `${base}/:id/move`,
      {
        schema: {
          ...doc,
          summary: `Move a ${r.label.toLowerCase()} to \`index\` in the order (0-based; past the end → last); every place is stored`,
          params,
          body: closedObject(
            {
              index: { type: 'integer', minimum: 0, description: '0-based place among all rows; past the end → last' },
            },
            ['index'],
          ),
          response: { 200: item, ...errorResponses },
        },
      },
      async (req) => {
        const user = requireUser(req);
        const row = await db.transaction(async (tx) => {
          await takeLock(tx);
          const [found] = await tx.select({ id: r.id }).from(r.table).where(byId(user, req.params.id));
          if (!found) throw notFound(r.label);
          const before = await ordered.ids(tx);
          const rest = before.filter((x) => x !== req.params.id);
          const after = [...rest.slice(0, req.body.index), req.params.id, ...rest.slice(req.body.index)];
          await ordered.place(tx, after);
          if (r.audit)
            await audit(tx, {
              actorId: user.id,
              action: 'move',
              entity: r.audit.entity,
              entityId: req.params.id,
              before: { order: before },
              after: { order: after },
            });
          const [moved] = await tx.select(selection).from(r.table).where(eq(r.id, req.params.id));
          return moved;
        });
        return toJson(row);
      },
    );
}

/**
 * The order of a resource with `order`: the column, the ids in their order, the next place, and a statement that
 * stores every listed row's place. Callers hold the resource's lock (`takeLock`), so no two writes place at once.
 */
function orderedRows(r: RestResource) {
  if (!r.order) return undefined;
  const field = r.fields[r.order.field];
  if (!field || !isColumn(field.column)) throw new Error(`${r.name}: order.field must name a column field`);
  if (field.write) throw new Error(`${r.name}.${r.order.field}: the order field changes by moving, not by writes`);
  if (r.owner !== 'none') throw new Error(`${r.name}: an ordered resource is a staff table (owner none)`);
  if (r.rows?.length || r.scope) throw new Error(`${r.name}: an ordered resource is a whole table (no rows or scope)`);
  const column = field.column;
  const key = columnKey(r.table, column);
  return {
    key,
    ids: async (tx: Tx) =>
      (await tx.select({ id: r.id }).from(r.table).orderBy(asc(column), asc(r.id))).map((x) => x.id as number),
    next: async (tx: Tx) => {
      const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${column}) + 1, 0)::int` }).from(r.table);
      return next;
    },
    place: async (tx: Tx, ids: number[]) => {
      if (!ids.length) return;
      const places = sql`case ${r.id} ${sql.join(
        ids.map((id, i) => sql`when ${id} then ${i}::int`),
        sql` `,
      )} end`;
      await tx
        .update(r.table)
        .set({ [key]: places })
        .where(inArray(r.id, ids));
    },
  };
}

/**
 * Routes of a `/api/v2/<name>` resource that a plain table does not fit (verbs, documents built from
 * several tables), declared in the same shape as `restResource`'s: tagged `addition`, closed query and
 * body schemas, the error answers documented, and `:id`-style path parameters as positive integers.
 * `path` is relative to the resource (`''`, `'/:id'`, `'/:id/publish'`).
 */
export interface RestRouteDef {
  summary: string;
  description?: string;
  query?: Record<string, unknown>;
  queryRequired?: string[];
  body?: Record<string, unknown>;
  required?: string[];
  /** The body must hold at least this many fields. */
  minProperties?: number;
  /** A multipart body (documented only; the handler reads it with `receiveUpload`). */
  multipart?: ReturnType<typeof multipartDoc>;
  /** Success answers by status code, e.g. `{ 200: schema }` or `{ 201: schema }`. */
  response: Record<number, unknown>;
}

type RestHandler<G extends RouteGenericInterface> = (req: FastifyRequest<G>, reply: FastifyReply) => Promise<unknown>;

export function restRoutes(app: FastifyInstance, name: string, opts: { tags: string[] }) {
  const base = `/api/v2/${name}`;
  const add = <G extends RouteGenericInterface>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    d: RestRouteDef,
    handler: RestHandler<G>,
  ) => {
    const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const schema: Record<string, unknown> = {
      tags: [...opts.tags, 'addition'],
      'x-addition': true,
      summary: d.summary,
      response: { ...d.response, ...errorResponses },
    };
    if (d.description) schema.description = d.description;
    if (names.length) schema.params = closedObject(Object.fromEntries(names.map((n) => [n, idSchema])), names);
    if (method === 'GET' || d.query) schema.querystring = closedObject(d.query ?? {}, d.queryRequired ?? []);
    if (d.multipart) Object.assign(schema, d.multipart);
    else if (method === 'POST' || method === 'PATCH') {
      schema.body = {
        ...closedObject(d.body ?? {}, d.required ?? []),
        ...(d.minProperties ? { minProperties: d.minProperties } : {}),
      };
    }
    app.route<G>({ method, url: `${base}${path}`, schema, handler: handler as never });
  };
  return {
    get: <G extends RouteGenericInterface = RouteGenericInterface>(path: string, d: RestRouteDef, h: RestHandler<G>) =>
      add<G>('GET', path, d, h),
    post: <G extends RouteGenericInterface = RouteGenericInterface>(path: string, d: RestRouteDef, h: RestHandler<G>) =>
      add<G>('POST', path, d, h),
    patch: <G extends RouteGenericInterface = RouteGenericInterface>(
      path: string,
      d: RestRouteDef,
      h: RestHandler<G>,
    ) => add<G>('PATCH', path, d, h),
    delete: <G extends RouteGenericInterface = RouteGenericInterface>(
      path: string,
      d: RestRouteDef,
      h: RestHandler<G>,
    ) => add<G>('DELETE', path, d, h),
  };
}

/** The property of `table` that holds `column` (drizzle's insert/update values are keyed by it). */
function columnKey(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(table).find(([, c]) => c === column);
  if (!entry) throw new Error(`Column ${column.name} is not a column of the resource's table`);
  return entry[0];
}

const isColumn = (c: PgColumn | SQL): c is PgColumn => !is(c, SQL);
const isTableColumn = (table: PgTable, key: string) =>
  Object.prototype.hasOwnProperty.call(table, key) && is((table as unknown as Record<string, unknown>)[key], Column);

function filterConditions(
  q: Query,
  filters: Map<string, { column: PgColumn | SQL; op: FilterOp; date: boolean }>,
): SQL[] {
  const out: SQL[] = [];
  for (const [key, raw] of Object.entries(q)) {
    if (PAGING.includes(key) || raw === undefined) continue;
    // The closed query schema already refused unknown keys; this keeps the two in step.
    const f = filters.get(key);
    if (!f) throw fieldError(key, `${key} is not a filter of this list`);
    const value = (v: unknown) => (f.date ? new Date(v as string) : v);
    // drizzle's operators take a column or an SQL expression alike (a computed read-only field).
    const column = f.column as PgColumn;
    switch (f.op) {
      case 'eq':
        out.push(inArray(column, (raw as unknown[]).map(value)));
        break;
      case 'ne':
        out.push(ne(column, value(raw)));
        break;
      case 'gte':
        out.push(gte(column, value(raw)));
        break;
      case 'lte':
        out.push(lte(column, value(raw)));
        break;
      case 'like':
        // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a query-string value: text or a number, never an object
        out.push(ilike(column, containing(String(raw))));
        break;
    }
  }
  return out;
}

function orderOf(
  q: Query,
  sortable: Map<string, PgColumn | SQL>,
  fallback?: { field: string; order: 'asc' | 'desc' },
): SQL[] {
  const sortParam = q._sort as string | undefined;
  const orderParam = q._order as string | undefined;
  if (!sortParam) {
    if (orderParam) throw fieldError('_order', '_order needs _sort');
    if (!fallback) return [];
    const column = sortable.get(fallback.field)!;
    return [fallback.order === 'desc' ? desc(column) : asc(column)];
  }
  const fields = sortParam.split(',');
  const orders = orderParam ? orderParam.split(',') : fields.map(() => 'asc');
  if (orders.length !== fields.length)
    throw fieldError('_order', `_order must give one direction per _sort field (${fields.length})`);
  return fields.map((field, i) => {
    const column = sortable.get(field);
    if (!column)
      throw fieldError('_sort', `_sort cannot use "${field}"; sortable fields: ${[...sortable.keys()].join(', ')}`);
    const order = orders[i].toLowerCase();
    if (order !== 'asc' && order !== 'desc')
      throw fieldError('_order', `_order must be asc or desc, not "${orders[i]}"`);
    return order === 'desc' ? desc(column) : asc(column);
  });
}
