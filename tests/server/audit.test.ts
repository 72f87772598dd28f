/**
 * The audit log viewer (docs/api/audit.md): admin only, newest first and paged, filters by who, kind of
 * record, action, one record and period that agree with a direct count, each entry with its record
 * before and after, the facets for the filters, bad input naming the field, and no way to change or
 * delete an entry through any route.
 */
import { and, count, eq, gte, isNotNull, lte } from 'drizzle-orm';
import { auditLog, products, users } from '../../server/src/db/schema.js';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { caller, expectFieldError } from '../support/answers.js';

type Summary = {
  id: number;
  actorId: number | null;
  actorName: string | null;
  actorUsername: string | null;
  action: string;
  entity: string;
  entityId: number | null;
  createdAt: string;
  changed: string[];
};
type Entry = Omit<Summary, 'changed'> & { before: unknown; after: unknown };

const LOG = '/api/v2/audit-log';
const FACETS = '/api/v2/audit-facets';
/** A period no demo or test write falls in: the entries placed there are the only ones. */
const OLD = [new Date('2001-03-01T00:00:00Z'), new Date('2001-03-02T12:00:00Z'), new Date('2001-03-04T23:59:59Z')];

describe.each(dbKinds())('audit log (%s)', (kind) => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    for (const u of await t.app.db.select({ id: users.id, username: users.username }).from(users))
      ids[u.username] = u.id;
    await t.app.db.insert(auditLog).values([
      {
        actorId: ids.admin,
        action: 'probe.create',
        entity: 'probe',
        entityId: 1,
        after: { name: 'A' },
        createdAt: OLD[0],
      },
      {
        actorId: ids.editor,
        action: 'probe.update',
        entity: 'probe',
        entityId: 1,
        before: { name: 'A', n: 1 },
        after: { name: 'B', n: 1 },
        createdAt: OLD[1],
      },
      {
        actorId: ids.admin,
        action: 'probe.delete',
        entity: 'probe',
        entityId: 2,
        before: { name: 'C' },
        createdAt: OLD[2],
      },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = caller(() => t);

  const list = async (query: string) => {
    const res = await call('admin', 'GET', `${LOG}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json() as Summary[], total: Number(res.headers['x-total-count']) };
  };
  const dbCount = async (where?: ReturnType<typeof and>) =>
    (await t.app.db.select({ n: count() }).from(auditLog).where(where))[0].n;

  it('lists every entry newest first, paged, with the total of the whole log', async () => {
    const total = await dbCount();
    expect(total).toBeGreaterThan(10);
    const first = await list('_start=0&_end=5');
    expect(first.total).toBe(total);
    expect(first.rows).toHaveLength(5);
    const second = await list('_start=5&_end=10');
    expect(second.rows).toHaveLength(5);
    const all = [...first.rows, ...second.rows];
    expect(new Set(all.map((r) => r.id)).size).toBe(10);
    expect((await list('_end=100')).rows).toHaveLength(Math.min(total, 100));
    const keys = all.map((r) => [Date.parse(r.createdAt), r.id]);
    expect(keys).toEqual([...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
    const oldest = await list('_sort=createdAt&_order=asc&_end=1');
    expect(oldest.rows[0].createdAt).toBe(OLD[0].toISOString());
  });

  it('filters by who, kind of record, action, one record and period, as a direct count does', async () => {
    const byEditor = await list(`actorId=${ids.editor}&_end=100`);
    expect(byEditor.total).toBe(await dbCount(eq(auditLog.actorId, ids.editor)));
    expect(byEditor.rows.every((r) => r.actorId === ids.editor && r.actorUsername === 'editor' && r.actorName)).toBe(
      true,
    );

    const probes = await list('entity=probe');
    expect(probes.rows.map((r) => r.action)).toEqual(['probe.delete', 'probe.update', 'probe.create']);
    expect((await list('entity=probe&action=probe.update')).rows.map((r) => r.actorId)).toEqual([ids.editor]);
    expect((await list('entity=probe&entityId=1')).total).toBe(2);
    expect((await list(`entity=probe&actorId=${ids.admin}`)).total).toBe(2);

    const period = await list(`createdAt_gte=${OLD[0].toISOString()}&createdAt_lte=${OLD[1].toISOString()}`);
    expect(period.rows.map((r) => r.createdAt)).toEqual([OLD[1].toISOString(), OLD[0].toISOString()]);
    const since = new Date(Date.now() - 30 * 86_400_000);
    expect((await list(`createdAt_gte=${since.toISOString()}`)).total).toBe(
      await dbCount(gte(auditLog.createdAt, since)),
    );
    expect((await list(`createdAt_lte=${OLD[2].toISOString()}`)).total).toBe(
      await dbCount(lte(auditLog.createdAt, OLD[2])),
    );
    expect((await list('entity=nothing-of-this-kind')).total).toBe(0);
  });

  it('shows each entry with the record before and after, and names the fields that changed', async () => {
    const update = (await list('entity=probe&action=probe.update')).rows[0];
    expect(update.changed).toEqual(['name']);
    const one = await call('admin', 'GET', `${LOG}/${update.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      id: update.id,
      before: { name: 'A', n: 1 },
      after: { name: 'B', n: 1 },
      actorUsername: 'editor',
    } satisfies Partial<Entry>);
    expect((await list('entity=probe&action=probe.create')).rows[0].changed).toEqual(['name']);
    expect((await list('entity=probe&action=probe.delete')).rows[0].changed).toEqual(['name']);

    // A real change through the API is in the log with its before and after.
    const [pending] = await t.app.db.select().from(products).where(eq(products.approvalStatus, 'pending')).limit(1);
    expect((await call('admin', 'POST', '/api/product/approveproduct', { id: pending.id })).statusCode).toBe(200);
    const [approved] = (await list(`entity=product&entityId=${pending.id}&action=approve`)).rows;
    expect(approved).toMatchObject({ actorId: ids.admin, actorUsername: 'admin' });
    expect(approved.changed).toContain('approvalStatus');
    const entry = (await call('admin', 'GET', `${LOG}/${approved.id}`)).json() as Entry;
    expect(entry.before).toMatchObject({ approvalStatus: 'pending' });
    expect(entry.after).toMatchObject({ approvalStatus: 'approved' });

    expect((await call('admin', 'GET', `${LOG}/999999999`)).statusCode).toBe(404);
  });

  it('lists the kinds of record and actions for the filters', async () => {
    const res = await call('admin', 'GET', FACETS);
    expect(res.statusCode, res.body).toBe(200);
    const { entities, actions, actors } = res.json() as {
      entities: string[];
      actions: string[];
      actors: { id: number; username: string; name: string }[];
    };
    const direct = await t.app.db.selectDistinct({ e: auditLog.entity }).from(auditLog);
    expect(entities).toEqual(direct.map((r) => r.e).sort());
    const who = await t.app.db
      .selectDistinct({ id: auditLog.actorId })
      .from(auditLog)
      .where(isNotNull(auditLog.actorId));
    expect(actors.map((a) => a.id).sort((a, b) => a - b)).toEqual(who.map((r) => r.id!).sort((a, b) => a - b));
    expect(actors.find((a) => a.id === ids.editor)).toEqual({
      id: ids.editor,
      username: 'editor',
      name: 'Pimchanok Srisuk',
    });
    expect(actions).toContain('probe.update');
    expect((await call('admin', 'GET', `${FACETS}?entity=probe`)).json().actions).toEqual([
      'probe.create',
      'probe.delete',
      'probe.update',
    ]);
  });

  it('refuses bad input naming the field', async () => {
    expectFieldError(await call('admin', 'GET', `${LOG}?_start=0&_end=101`), '_end');
    expectFieldError(await call('admin', 'GET', `${LOG}?_start=10&_end=5`), '_end');
    expectFieldError(await call('admin', 'GET', `${LOG}?entityId=3`), 'entityId');
    expectFieldError(await call('admin', 'GET', `${LOG}?actorId=abc`), 'actorId');
    expectFieldError(await call('admin', 'GET', `${LOG}?createdAt_gte=yesterday`), 'createdAt_gte');
    expectFieldError(
      await call('admin', 'GET', `${LOG}?createdAt_gte=${OLD[2].toISOString()}&createdAt_lte=${OLD[0].toISOString()}`),
      'createdAt_lte',
    );
    expectFieldError(await call('admin', 'GET', `${LOG}?_sort=action`), '_sort');
    expectFieldError(await call('admin', 'GET', `${LOG}?before=1`), 'before');
    expectFieldError(await call('admin', 'GET', `${FACETS}?entity=`), 'entity');
  });

  it('is for admins only', async () => {
    for (const url of [LOG, `${LOG}/1`, FACETS]) {
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
      for (const user of ['editor', 'supplier1'])
        expect((await call(user, 'GET', url)).statusCode, `${user} ${url}`).toBe(403);
    }
  });

  it('has no route that writes, changes or deletes an entry', async () => {
    const [target] = (await list('entity=probe&action=probe.update')).rows;
    const before = await t.app.db.select().from(auditLog).where(eq(auditLog.id, target.id));
    const total = await dbCount();
    const attempts: ['POST' | 'PUT' | 'PATCH' | 'DELETE', string][] = [
      ['POST', LOG],
      ['PUT', LOG],
      ['PATCH', LOG],
      ['DELETE', LOG],
      ['POST', `${LOG}/${target.id}`],
      ['PUT', `${LOG}/${target.id}`],
      ['PATCH', `${LOG}/${target.id}`],
      ['DELETE', `${LOG}/${target.id}`],
      ['POST', FACETS],
      ['DELETE', FACETS],
    ];
    for (const [method, url] of attempts) {
      const res = await call('admin', method, url, { action: 'tampered', after: { name: 'Z' } });
      expect([404, 405], `${method} ${url}: ${res.statusCode}`).toContain(res.statusCode);
    }
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.id, target.id))).toEqual(before);
    expect(await dbCount()).toBe(total);
    expect(await dbCount(and(eq(auditLog.action, 'tampered')))).toBe(0);
    // Nothing in the route table answers a write under the audit paths.
    const writes = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .filter((l) => l.includes('audit-') && /\b(POST|PUT|PATCH|DELETE)\b/.test(l));
    expect(writes).toEqual([]);
  });
});
