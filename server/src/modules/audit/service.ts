/**
 * The audit log, read only (docs/api/audit.md): who changed what and when, newest first, with the
 * record before and after. Rows are written only by `audit()` (lib/audit.ts), inside the transaction of
 * the change they record; no route changes or deletes them.
 */
import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';
import { fieldError, notFound } from '../../lib/errors.js';

export const PAGE = 20;
export const MAX_PAGE = 100;

export interface AuditQuery {
  _start?: number;
  _end?: number;
  _sort?: 'createdAt';
  _order?: 'asc' | 'desc';
  actorId?: number;
  entity?: string;
  action?: string;
  entityId?: number;
  createdAt_gte?: string;
  createdAt_lte?: string;
}

const columns = {
  id: auditLog.id,
  actorId: auditLog.actorId,
  actorUsername: users.username,
  actorName: sql<
    string | null
  >`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  createdAt: auditLog.createdAt,
};

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The top-level fields whose value differs (`value` when before or after is not an object). */
export function changedFields(before: unknown, after: unknown): string[] {
  if ((isObject(before) || before == null) && (isObject(after) || after == null)) {
    const b = before ?? {};
    const a = after ?? {};
    return [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
      (k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]),
    );
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : ['value'];
}

export async function listEntries(db: Db, q: AuditQuery) {
  const start = q._start ?? 0;
  const end = q._end ?? start + PAGE;
  if (end < start) throw fieldError('_end', '_end must not be less than _start');
  if (end - start > MAX_PAGE) throw fieldError('_end', `_end may be at most ${MAX_PAGE} after _start`);
  if (q._order && !q._sort) throw fieldError('_order', '_order needs _sort');
  if (q.entityId && !q.entity) throw fieldError('entityId', 'entityId needs entity');
  if (q.createdAt_gte && q.createdAt_lte && q.createdAt_gte > q.createdAt_lte)
    throw fieldError('createdAt_lte', 'The end of the period is before its start.');
  const where = and(
    q.actorId ? eq(auditLog.actorId, q.actorId) : undefined,
    q.entity ? eq(auditLog.entity, q.entity) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.entityId ? eq(auditLog.entityId, q.entityId) : undefined,
    q.createdAt_gte ? gte(auditLog.createdAt, new Date(q.createdAt_gte)) : undefined,
    q.createdAt_lte ? lte(auditLog.createdAt, new Date(q.createdAt_lte)) : undefined,
  );
  const dir = q._order === 'asc' ? asc : desc;
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows =
    end === start
      ? []
      : await db
          .select({ ...columns, before: auditLog.before, after: auditLog.after })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(where)
          .orderBy(dir(auditLog.createdAt), dir(auditLog.id))
          .limit(end - start)
          .offset(start);
  return {
    total,
    rows: rows.map(({ before, after, createdAt, ...r }) => ({
      ...r,
      createdAt: createdAt.toISOString(),
      changed: changedFields(before, after),
    })),
  };
}

export async function getEntry(db: Db, entryId: number) {
  const [row] = await db
    .select({ ...columns, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(eq(auditLog.id, entryId));
  if (!row) throw notFound('Audit entry');
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** The kinds of record in the log, their actions (of one kind when asked) and who made changes, for the filters. */
export async function facets(db: Db, entity?: string) {
  // A loose index scan over audit_log_entity: one probe per kind instead of reading the whole log.
  const entities = await queryRows<{ entity: string }>(
    db,
    sql`
    with recursive e(entity) as (
      (select entity from audit_log order by entity limit 1)
      union all
      select (select a.entity from audit_log a where a.entity > e.entity order by a.entity limit 1) from e where e.entity is not null
    )
    select entity from e where entity is not null`,
  );
  const actions = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .where(entity ? eq(auditLog.entity, entity) : undefined)
    .orderBy(asc(auditLog.action));
  // The same scan over audit_log_actor_created: the accounts that made a change, for the "who" filter.
  const actors = await queryRows<{ id: number; username: string; name: string }>(
    db,
    sql`
    with recursive a(id) as (
      (select actor_id from audit_log where actor_id is not null order by actor_id limit 1)
      union all
      select (select l.actor_id from audit_log l where l.actor_id > a.id order by l.actor_id limit 1) from a where a.id is not null
    )
    select u.id, u.username, u.first_name || ' ' || u.last_name as name from a join users u on u.id = a.id order by name, u.id`,
  );
  return {
    entities: entities.map((r) => r.entity),
    actions: actions.map((r) => r.action),
    actors: actors.map((r) => ({ id: Number(r.id), username: r.username, name: r.name })),
  };
}
