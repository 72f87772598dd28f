/**
 * The template task board (docs/api/storefronts.md, "Task board"): each user's own columns, cards and
 * attachments, positions dense, another user's ids answered 404 with no change.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { caller, expectFieldError as fieldError, ok, type Res } from '../support/answers.js';
import {
  auditLog,
  shops,
  taskAttachments,
  taskCards,
  taskColumns,
  userShops,
  users,
} from '../../server/src/db/schema.js';
import { uploadsDir } from '../../server/src/lib/uploads.js';
import { multipartPayload, samples } from './product-files.js';

type Column = { id: number; name: string; position: number };
type Card = {
  id: number;
  columnId: number;
  position: number;
  name: string;
  description: string | null;
  assigneeId: number | null;
  assigneeName: string | null;
  dueDate: string | null;
  attachmentCount: number;
  createdAt: string;
  updatedAt: string;
};
type Attachment = {
  id: number;
  cardId: number;
  url: string;
  mime: string;
  size: number;
  originalName: string;
  createdAt: string;
};

const CARDS = '/api/v2/task-cards';

describe.each(dbKinds())('task board (%s)', (kind) => {
  let t: TestApp;
  const userIds: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    for (const u of await t.app.db.select({ id: users.id, username: users.username }).from(users))
      userIds[u.username] = u.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = caller(() => t);
  const expectFieldError = (res: Res, status: number, field: string) => fieldError(res, field, { status, named: true });

  const expectNotFound = (res: Res, what: string) => {
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: `${what} not found` });
  };

  const addColumn = async (user: string, name: string) =>
    ok<{ status: number; message: string; column: Column }>(
      await call(user, 'POST', '/api/kanban/columns/update', { column: { name } }),
    ).column;
  const addCard = async (user: string, columnId: number, name: string, extra: object = {}) =>
    ok<Card>(await call(user, 'POST', CARDS, { columnId, name, ...extra }), 201);
  const columnsOf = async (user: string) => ok<Column[]>(await call(user, 'GET', '/api/v2/task-columns'));
  /** Each column's card ids in order, as stored (positions checked dense on the way). */
  const layout = async (userId: number) => {
    const cols = await t.app.db
      .select()
      .from(taskColumns)
      .where(eq(taskColumns.userId, userId))
      .orderBy(asc(taskColumns.position));
    expect(cols.map((c) => c.position)).toEqual(cols.map((_, i) => i));
    const out: Record<number, number[]> = {};
    for (const c of cols) {
      const cards = await t.app.db
        .select()
        .from(taskCards)
        .where(eq(taskCards.columnId, c.id))
        .orderBy(asc(taskCards.position));
      expect(
        cards.map((x) => x.position),
        `column ${c.name}`,
      ).toEqual(cards.map((_, i) => i));
      out[c.id] = cards.map((x) => x.id);
    }
    return out;
  };
  const stored = (url: string) => join(uploadsDir(t.app.config.dataDir), url.replace(/^\/uploads\//, ''));

  describe('columns', () => {
    it('adds columns at the end, renames one, lists them by position, each user only their own', async () => {
      const todo = await addColumn('editor', '  To do ');
      const doing = await addColumn('editor', 'Doing');
      expect(todo).toMatchObject({ name: 'To do', position: 0 });
      expect(doing).toMatchObject({ name: 'Doing', position: 1 });
      const renamed = await call('editor', 'POST', '/api/kanban/columns/update', {
        columnId: doing.id,
        column: { name: 'In progress' },
      });
      expect(ok(renamed)).toEqual({
        status: 200,
        message: 'Column renamed.',
        column: { id: doing.id, name: 'In progress', position: 1 },
      });

      const list = await call('editor', 'GET', '/api/v2/task-columns');
      expect(ok<Column[]>(list)).toEqual([
        { id: todo.id, name: 'To do', position: 0 },
        { id: doing.id, name: 'In progress', position: 1 },
      ]);
      expect(list.headers['x-total-count']).toBe('2');
      expect(ok<Column[]>(await call('editor', 'GET', `/api/v2/task-columns?id=${doing.id}`)).map((c) => c.id)).toEqual(
        [doing.id],
      );
      // Another user's board is their own: nothing of the editor's shows.
      expect((await columnsOf('supplier2')).map((c) => c.id)).not.toContain(todo.id);
      const audits = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'task_column'), eq(auditLog.entityId, doing.id)));
      expect(audits.map((a) => a.action).sort()).toEqual(['create', 'rename']);
      expect(audits.every((a) => a.actorId === userIds.editor)).toBe(true);
    });

    it('refuses an empty or too long name, a missing column and unknown fields, naming them', async () => {
      expectFieldError(
        await call('editor', 'POST', '/api/kanban/columns/update', { column: { name: '   ' } }),
        400,
        'column.name',
      );
      expectFieldError(
        await call('editor', 'POST', '/api/kanban/columns/update', { column: { name: 'x'.repeat(61) } }),
        400,
        'column.name',
      );
      expectFieldError(await call('editor', 'POST', '/api/kanban/columns/update', {}), 400, 'column');
      expectFieldError(
        await call('editor', 'POST', '/api/kanban/columns/update', { column: { name: 'A', colour: 'red' } }),
        400,
        'column.colour',
      );
      expectFieldError(await call('editor', 'POST', '/api/kanban/columns/delete', {}), 400, 'columnId');
      expectFieldError(await call('editor', 'GET', '/api/v2/task-columns?_start=5&_end=2'), 400, '_end');
      expectFieldError(await call('editor', 'GET', '/api/v2/task-columns?colour=red'), 400, 'colour');
    });

    it("answers 404 to another user's column with no change: rename, delete, move, list by id", async () => {
      const theirs = await addColumn('supplier1', 'Mine');
      const before = await t.app.db.select().from(taskColumns).where(eq(taskColumns.id, theirs.id));
      for (const user of ['supplier2', 'admin']) {
        expectNotFound(
          await call(user, 'POST', '/api/kanban/columns/update', { columnId: theirs.id, column: { name: 'Taken' } }),
          'Column',
        );
        expectNotFound(await call(user, 'POST', '/api/kanban/columns/delete', { columnId: theirs.id }), 'Column');
        expectNotFound(await call(user, 'POST', `/api/v2/task-columns/${theirs.id}/move`, { index: 0 }), 'Column');
        expectNotFound(await call(user, 'GET', `/api/v2/task-columns?id=${theirs.id}`), 'Column');
        expectNotFound(await call(user, 'GET', `${CARDS}?columnId=${theirs.id}`), 'Column');
      }
      expect(await t.app.db.select().from(taskColumns).where(eq(taskColumns.id, theirs.id))).toEqual(before);
    });

    it('moves a column; the others close up; past the end goes last', async () => {
      const user = 'supplier2';
      const [a, b, c] = [await addColumn(user, 'A'), await addColumn(user, 'B'), await addColumn(user, 'C')];
      const order = async () =>
        (await columnsOf(user)).filter((x) => [a.id, b.id, c.id].includes(x.id)).map((x) => x.name);
      expect(ok<Column>(await call(user, 'POST', `/api/v2/task-columns/${c.id}/move`, { index: 0 }))).toMatchObject({
        id: c.id,
        position: 0,
      });
      expect(await order()).toEqual(['C', 'A', 'B']);
      ok(await call(user, 'POST', `/api/v2/task-columns/${c.id}/move`, { index: 99 }));
      expect(await order()).toEqual(['A', 'B', 'C']);
      expectFieldError(await call(user, 'POST', `/api/v2/task-columns/${c.id}/move`, { index: -1 }), 400, 'index');
      await layout(userIds[user]);
    });

    it('deletes a column with its cards and their files; later columns close up; nothing else changes', async () => {
      const user = 'supplier1';
      const keep = await addColumn(user, 'Keep');
      const gone = await addColumn(user, 'Gone');
      const after = await addColumn(user, 'After');
      const kept = await addCard(user, keep.id, 'Stays');
      const doomed = [await addCard(user, gone.id, 'One'), await addCard(user, gone.id, 'Two')];
      const file = ok<Attachment>(await upload(user, doomed[0].id, samples.png(), 'shot.png'), 201);
      expect(existsSync(stored(file.url))).toBe(true);
      const res = await call(user, 'POST', '/api/kanban/columns/delete', { columnId: gone.id });
      expect(ok(res)).toEqual({ status: 200, message: 'Column deleted with its cards.' });
      expect(await t.app.db.select().from(taskColumns).where(eq(taskColumns.id, gone.id))).toEqual([]);
      expect(
        await t.app.db
          .select()
          .from(taskCards)
          .where(
            inArray(
              taskCards.id,
              doomed.map((d) => d.id),
            ),
          ),
      ).toEqual([]);
      expect(await t.app.db.select().from(taskAttachments).where(eq(taskAttachments.id, file.id))).toEqual([]);
      expect(existsSync(stored(file.url))).toBe(false);
      const cols = await columnsOf(user);
      expect(cols.find((c) => c.id === after.id)!.position).toBe(cols.find((c) => c.id === keep.id)!.position + 1);
      expect(ok<Card>(await call(user, 'GET', `${CARDS}/${kept.id}`))).toEqual(kept);
      await layout(userIds[user]);
      expectNotFound(await call(user, 'POST', '/api/kanban/columns/delete', { columnId: gone.id }), 'Column');
    });
  });

  async function upload(user: string, cardId: number, file: Buffer, filename: string) {
    const { payload, headers } = await multipartPayload([{ name: 'file', file, filename }]);
    return t.app.inject({
      method: 'POST',
      url: `${CARDS}/${cardId}/attachments`,
      payload,
      headers: { ...headers, ...(await t.headers(user)) },
    }) as Promise<Res>;
  }

  describe('cards', () => {
    let todo: Column;
    let done: Column;
    beforeAll(async () => {
      todo = await addColumn('admin', 'To do');
      done = await addColumn('admin', 'Done');
    });

    it('creates cards at the end of the column, with assignee, due date and description; reads them back', async () => {
      const first = await addCard('admin', todo.id, '  Write copy ', {
        description: ' For the spring sale ',
        assigneeId: userIds.editor,
        dueDate: '2026-03-31',
      });
      const second = await addCard('admin', todo.id, 'Check prices');
      expect(first).toMatchObject({
        columnId: todo.id,
        position: 0,
        name: 'Write copy',
        description: 'For the spring sale',
        assigneeId: userIds.editor,
        assigneeName: 'Pimchanok Srisuk',
        dueDate: '2026-03-31',
        attachmentCount: 0,
      });
      expect(Object.keys(first).sort()).toEqual([
        'assigneeId',
        'assigneeName',
        'attachmentCount',
        'columnId',
        'createdAt',
        'description',
        'dueDate',
        'id',
        'name',
        'position',
        'updatedAt',
      ]);
      expect(second).toMatchObject({
        position: 1,
        description: null,
        assigneeId: null,
        assigneeName: null,
        dueDate: null,
      });
      expect(ok<Card>(await call('admin', 'GET', `${CARDS}/${first.id}`))).toEqual(first);
      const list = await call('admin', 'GET', `${CARDS}?columnId=${todo.id}`);
      expect(ok<Card[]>(list).map((c) => c.id)).toEqual([first.id, second.id]);
      expect(list.headers['x-total-count']).toBe('2');
      const [row] = await t.app.db.select().from(taskCards).where(eq(taskCards.id, first.id));
      expect(row.userId).toBe(userIds.admin);
      expect(
        (
          await t.app.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entity, 'task_card'), eq(auditLog.entityId, first.id)))
        ).map((a) => a.action),
      ).toEqual(['create']);
    });

    it("lists all the caller's cards by column then position, paged with the total", async () => {
      const c = await addCard('admin', done.id, 'Shipped');
      const all = ok<Card[]>(await call('admin', 'GET', CARDS));
      const ids = all.map((x) => x.id);
      expect(ids.indexOf(c.id)).toBe(all.length - 1);
      const page = await call('admin', 'GET', `${CARDS}?_start=1&_end=2`);
      expect(ok<Card[]>(page).map((x) => x.id)).toEqual([ids[1]]);
      expect(page.headers['x-total-count']).toBe(String(all.length));
      expectFieldError(await call('admin', 'GET', `${CARDS}?_start=0&_end=101`), 400, '_end');
      expectFieldError(await call('admin', 'GET', `${CARDS}?_sort=name`), 400, '_sort');
    });

    it('changes only the fields sent; clears with null; the column is changed by moving', async () => {
      const card = await addCard('admin', todo.id, 'Plan', {
        description: 'Draft',
        dueDate: '2026-05-01',
        assigneeId: userIds.admin,
      });
      const renamed = ok<Card>(await call('admin', 'PATCH', `${CARDS}/${card.id}`, { name: 'Plan the launch' }));
      expect(renamed).toMatchObject({
        name: 'Plan the launch',
        description: 'Draft',
        dueDate: '2026-05-01',
        assigneeId: userIds.admin,
        position: card.position,
      });
      const cleared = ok<Card>(
        await call('admin', 'PATCH', `${CARDS}/${card.id}`, { description: null, dueDate: null, assigneeId: null }),
      );
      expect(cleared).toMatchObject({
        name: 'Plan the launch',
        description: null,
        dueDate: null,
        assigneeId: null,
        assigneeName: null,
      });
      expectFieldError(await call('admin', 'PATCH', `${CARDS}/${card.id}`, { columnId: done.id }), 400, 'columnId');
      expectFieldError(await call('admin', 'PATCH', `${CARDS}/${card.id}`, {}), 400, 'body');
      expectFieldError(await call('admin', 'PATCH', `${CARDS}/${card.id}`, { name: ' ' }), 400, 'name');
    });

    it('refuses bad input naming the field: name, description, due date, assignee, column', async () => {
      const count = async () =>
        (await t.app.db.select().from(taskCards).where(eq(taskCards.userId, userIds.admin))).length;
      const before = await count();
      expectFieldError(await call('admin', 'POST', CARDS, { columnId: todo.id, name: '' }), 400, 'name');
      expectFieldError(await call('admin', 'POST', CARDS, { columnId: todo.id, name: '   ' }), 400, 'name');
      expectFieldError(await call('admin', 'POST', CARDS, { columnId: todo.id, name: 'x'.repeat(121) }), 400, 'name');
      expectFieldError(
        await call('admin', 'POST', CARDS, { columnId: todo.id, name: 'A', description: 'x'.repeat(2001) }),
        400,
        'description',
      );
      for (const dueDate of ['2026-02-30', '2026-13-01', 'tomorrow', '31/12/2026', '2026-12-31T10:00:00Z']) {
        expectFieldError(await call('admin', 'POST', CARDS, { columnId: todo.id, name: 'A', dueDate }), 400, 'dueDate');
      }
      expect(
        ok<Card>(await call('admin', 'POST', CARDS, { columnId: todo.id, name: 'Leap', dueDate: '2028-02-29' }), 201)
          .dueDate,
      ).toBe('2028-02-29');
      // Staff assign active staff: a supplier is outside the list, so is someone who does not exist.
      expectFieldError(
        await call('admin', 'POST', CARDS, { columnId: todo.id, name: 'A', assigneeId: userIds.supplier1 }),
        400,
        'assigneeId',
      );
      expectFieldError(
        await call('admin', 'POST', CARDS, { columnId: todo.id, name: 'A', assigneeId: 999999 }),
        400,
        'assigneeId',
      );
      expectFieldError(await call('admin', 'POST', CARDS, { name: 'A' }), 400, 'columnId');
      expectFieldError(
        await call('admin', 'POST', CARDS, { columnId: todo.id, name: 'A', position: 0 }),
        400,
        'position',
      );
      expect(await count()).toBe(before + 1);
      const some = (await t.app.db.select().from(taskCards).where(eq(taskCards.userId, userIds.admin)))[0];
      expectFieldError(
        await call('admin', 'PATCH', `${CARDS}/${some.id}`, { assigneeId: userIds.supplier2 }),
        400,
        'assigneeId',
      );
      expectFieldError(await call('admin', 'PATCH', `${CARDS}/${some.id}`, { dueDate: '2026-04-31' }), 400, 'dueDate');
    });

    it("answers 404 to another user's card or column, with no change", async () => {
      const mine = await addCard('admin', todo.id, 'Private', { description: 'Staff only' });
      const snapshot = async () =>
        t.app.db.select().from(taskCards).where(eq(taskCards.userId, userIds.admin)).orderBy(asc(taskCards.id));
      const before = await snapshot();
      const theirColumn = await addColumn('supplier2', 'Theirs');
      for (const user of ['supplier2', 'editor']) {
        expectNotFound(await call(user, 'GET', `${CARDS}/${mine.id}`), 'Card');
        expectNotFound(await call(user, 'PATCH', `${CARDS}/${mine.id}`, { name: 'Taken' }), 'Card');
        expectNotFound(await call(user, 'DELETE', `${CARDS}/${mine.id}`), 'Card');
        expectNotFound(await call(user, 'POST', `${CARDS}/${mine.id}/move`, { columnId: todo.id, index: 0 }), 'Card');
        expectNotFound(await call(user, 'GET', `${CARDS}/${mine.id}/attachments`), 'Card');
        expectNotFound(await upload(user, mine.id, samples.png(), 'x.png'), 'Card');
        // A card cannot be put on someone else's column, by create or by move.
        expectNotFound(await call(user, 'POST', CARDS, { columnId: todo.id, name: 'Sneaky' }), 'Column');
        const list = ok<Card[]>(await call(user, 'GET', CARDS));
        expect(list.map((c) => c.id)).not.toContain(mine.id);
      }
      expectNotFound(
        await call('admin', 'POST', `${CARDS}/${mine.id}/move`, { columnId: theirColumn.id, index: 0 }),
        'Column',
      );
      expectNotFound(await call('admin', 'POST', CARDS, { columnId: theirColumn.id, name: 'Sneaky' }), 'Column');
      expect(await snapshot()).toEqual(before);
      expect(await t.app.db.select().from(taskCards).where(eq(taskCards.columnId, theirColumn.id))).toEqual([]);
    });

    it('deletes a card: later cards close up, its files go, nothing else changes', async () => {
      const col = await addColumn('admin', 'Scratch');
      const [a, b, c] = [
        await addCard('admin', col.id, 'a'),
        await addCard('admin', col.id, 'b'),
        await addCard('admin', col.id, 'c'),
      ];
      const file = ok<Attachment>(await upload('admin', b.id, samples.pdf(), 'brief.pdf'), 201);
      const others = await t.app.db
        .select()
        .from(taskCards)
        .where(and(eq(taskCards.userId, userIds.admin), inArray(taskCards.id, [a.id, c.id])));
      const elsewhere = await t.app.db
        .select()
        .from(taskCards)
        .where(eq(taskCards.columnId, todo.id))
        .orderBy(asc(taskCards.id));
      const gone = ok<Card>(await call('admin', 'DELETE', `${CARDS}/${b.id}`));
      expect(gone).toMatchObject({ id: b.id, name: 'b', attachmentCount: 1 });
      expect(existsSync(stored(file.url))).toBe(false);
      expect(await t.app.db.select().from(taskAttachments).where(eq(taskAttachments.cardId, b.id))).toEqual([]);
      expect((await layout(userIds.admin))[col.id]).toEqual([a.id, c.id]);
      const [a2] = await t.app.db.select().from(taskCards).where(eq(taskCards.id, a.id));
      expect(a2).toEqual(others.find((x) => x.id === a.id));
      const [c2] = await t.app.db.select().from(taskCards).where(eq(taskCards.id, c.id));
      expect({ ...c2, position: 2 }).toEqual(others.find((x) => x.id === c.id));
      expect(
        await t.app.db.select().from(taskCards).where(eq(taskCards.columnId, todo.id)).orderBy(asc(taskCards.id)),
      ).toEqual(elsewhere);
      expectNotFound(await call('admin', 'DELETE', `${CARDS}/${b.id}`), 'Card');
      expect(
        (
          await t.app.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entity, 'task_card'), eq(auditLog.entityId, b.id)))
        ).map((x) => x.action),
      ).toEqual(['create', 'attach', 'delete']);
    });
  });

  describe('moves', () => {
    let cols: Column[];
    let ids: number[];
    const user = 'editor';
    beforeAll(async () => {
      cols = [await addColumn(user, 'M1'), await addColumn(user, 'M2'), await addColumn(user, 'M-empty')];
      ids = [];
      for (const n of ['a', 'b', 'c', 'd']) ids.push((await addCard(user, cols[0].id, n)).id);
      for (const n of ['e', 'f']) ids.push((await addCard(user, cols[1].id, n)).id);
    });
    const move = async (id: number, columnId: number, index: number) =>
      ok<Card>(await call(user, 'POST', `${CARDS}/${id}/move`, { columnId, index }));
    const names = async () => {
      const l = await layout(userIds[user]);
      const byId = new Map(
        (await t.app.db.select().from(taskCards).where(eq(taskCards.userId, userIds[user]))).map((c) => [c.id, c.name]),
      );
      return cols.map((c) => l[c.id].map((id) => byId.get(id)).join(''));
    };

    it('within a column (down and up), to another column, to an empty one, past the end → the end', async () => {
      const [a, b, , d, e] = ids;
      expect(await move(a, cols[0].id, 2)).toMatchObject({ columnId: cols[0].id, position: 2 });
      expect(await names()).toEqual(['bcad', 'ef', '']);
      await move(d, cols[0].id, 0);
      expect(await names()).toEqual(['dbca', 'ef', '']);
      expect(await move(b, cols[1].id, 1)).toMatchObject({ columnId: cols[1].id, position: 1 });
      expect(await names()).toEqual(['dca', 'ebf', '']);
      expect(await move(e, cols[2].id, 0)).toMatchObject({ columnId: cols[2].id, position: 0 });
      expect(await names()).toEqual(['dca', 'bf', 'e']);
      expect(await move(a, cols[2].id, 50)).toMatchObject({ columnId: cols[2].id, position: 1 });
      expect(await names()).toEqual(['dc', 'bf', 'ea']);
      // Moving a card to where it is changes nothing.
      await move(a, cols[2].id, 1);
      expect(await names()).toEqual(['dc', 'bf', 'ea']);
      expectFieldError(await call(user, 'POST', `${CARDS}/${a}/move`, { columnId: cols[0].id }), 400, 'index');
      expectFieldError(
        await call(user, 'POST', `${CARDS}/${a}/move`, { columnId: cols[0].id, index: 1.5 }),
        400,
        'index',
      );
      expectFieldError(
        await call(user, 'POST', `${CARDS}/${a}/move`, { columnId: cols[0].id, index: 0, version: 3 }),
        400,
        'version',
      );
      const audits = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'task_card'), eq(auditLog.entityId, a), eq(auditLog.action, 'move')));
      expect(audits.length).toBe(3);
    });

    it('concurrent moves never lose or duplicate a card; positions stay dense', async () => {
      const before = await layout(userIds[user]);
      const all = Object.values(before)
        .flat()
        .sort((x, y) => x - y);
      let seed = 7;
      const rand = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed % n;
      };
      const moves = Array.from({ length: 30 }, () => ({
        id: all[rand(all.length)],
        columnId: cols[rand(cols.length)].id,
        index: rand(6),
      }));
      const results = await Promise.all(
        moves.map(
          async (m) =>
            (await call(user, 'POST', `${CARDS}/${m.id}/move`, { columnId: m.columnId, index: m.index })).statusCode,
        ),
      );
      expect(results.every((s) => s === 200)).toBe(true);
      const after = await layout(userIds[user]);
      expect(
        Object.values(after)
          .flat()
          .sort((x, y) => x - y),
      ).toEqual(all);
      // Parallel requests are applied in any order: each moved card ends in a column one of its moves named.
      const targets = new Map<number, Set<number>>();
      for (const m of moves) targets.set(m.id, (targets.get(m.id) ?? new Set()).add(m.columnId));
      for (const [id, columns] of targets) {
        const where = Object.entries(after)
          .filter(([, ids]) => ids.includes(id))
          .map(([c]) => Number(c));
        expect(where, `card ${id}`).toHaveLength(1);
        expect(columns.has(where[0]), `card ${id} in column ${where[0]}`).toBe(true);
      }
    });
  });

  describe('attachments', () => {
    let card: Card;
    beforeAll(async () => {
      const col = await addColumn('supplier2', 'Files');
      card = await addCard('supplier2', col.id, 'With files');
    });

    it('uploads images and PDFs (sniffed), lists and deletes them; the card counts them', async () => {
      const png = ok<Attachment>(await upload('supplier2', card.id, samples.png(), 'screen.png'), 201);
      const pdf = ok<Attachment>(await upload('supplier2', card.id, samples.pdf(), 'brief.pdf'), 201);
      expect(png).toMatchObject({
        cardId: card.id,
        mime: 'image/png',
        originalName: 'screen.png',
        size: samples.png().length,
      });
      expect(pdf.url).toMatch(/^\/uploads\/document\/[0-9a-f]{32}\.pdf$/);
      expect(existsSync(stored(pdf.url))).toBe(true);
      const list = await call('supplier2', 'GET', `${CARDS}/${card.id}/attachments`);
      expect(ok<Attachment[]>(list)).toEqual([png, pdf]);
      expect(list.headers['x-total-count']).toBe('2');
      expect(ok<Card>(await call('supplier2', 'GET', `${CARDS}/${card.id}`)).attachmentCount).toBe(2);

      const gone = await call('supplier2', 'DELETE', `${CARDS}/${card.id}/attachments/${png.id}`);
      expect(ok<Attachment>(gone)).toEqual(png);
      expect(existsSync(stored(png.url))).toBe(false);
      expectNotFound(await call('supplier2', 'DELETE', `${CARDS}/${card.id}/attachments/${png.id}`), 'Attachment');
      // Another user cannot delete it, nor reach it through a card of their own.
      const other = await addCard('supplier1', (await addColumn('supplier1', 'Probe')).id, 'Probe');
      expectNotFound(await call('supplier1', 'DELETE', `${CARDS}/${card.id}/attachments/${pdf.id}`), 'Card');
      expectNotFound(await call('supplier1', 'DELETE', `${CARDS}/${other.id}/attachments/${pdf.id}`), 'Attachment');
      expect(existsSync(stored(pdf.url))).toBe(true);
    });

    it('refuses other kinds (415) and a missing file (400), storing nothing', async () => {
      const before = (await t.app.db.select().from(taskAttachments).where(eq(taskAttachments.cardId, card.id))).length;
      const text = await upload('supplier2', card.id, Buffer.from('just some words, not an image'), 'notes.png');
      expect(text.statusCode).toBe(415);
      expect(text.json()).toMatchObject({ status: 415, errors: [{ field: 'file' }] });
      const video = await upload('supplier2', card.id, samples.mp4(), 'clip.mp4');
      expect(video.statusCode).toBe(415);
      const { payload, headers } = await multipartPayload([{ name: 'note', value: 'no file' }]);
      const none = await t.app.inject({
        method: 'POST',
        url: `${CARDS}/${card.id}/attachments`,
        payload,
        headers: { ...headers, ...(await t.headers('supplier2')) },
      });
      expect(none.statusCode).toBe(400);
      expect(none.json().errors[0].field).toBe('file');
      expect((await t.app.db.select().from(taskAttachments).where(eq(taskAttachments.cardId, card.id))).length).toBe(
        before,
      );
    });

    it('holds at most 20 files a card: the 21st answers 409 and leaves no file behind', async () => {
      const have = (await t.app.db.select().from(taskAttachments).where(eq(taskAttachments.cardId, card.id))).length;
      for (let i = have; i < 20; i += 1)
        ok(await upload('supplier2', card.id, samples.png([i, 0, 0]), `p${i}.png`), 201);
      const res = await upload('supplier2', card.id, samples.png(), 'one-more.png');
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toMatch(/at most 20 attachments/);
      expect((await t.app.db.select().from(taskAttachments).where(eq(taskAttachments.cardId, card.id))).length).toBe(
        20,
      );
    });
  });

  describe('assignees', () => {
    it('staff see active staff; a supplier sees the users of its own shops; another shop is a 404', async () => {
      const staff = ok<{ id: number; name: string; username: string }[]>(
        await call('editor', 'GET', '/api/v2/task-assignees'),
      );
      const names = staff.map((s) => s.username);
      expect(names).toEqual(expect.arrayContaining(['admin', 'editor']));
      expect(names.some((n) => n.startsWith('supplier'))).toBe(false);
      expect(staff.find((s) => s.username === 'editor')).toEqual({
        id: userIds.editor,
        name: 'Pimchanok Srisuk',
        username: 'editor',
      });

      // A colleague at one of supplier2's shops, and one who is disabled.
      const [shop] = await t.app.db.select().from(shops).where(eq(shops.name, 'Siam Tile & Bath'));
      const [role] = await t.app.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, userIds.supplier2));
      const [mate, away] = await t.app.db
        .insert(users)
        .values([
          {
            username: 'tile-mate',
            email: 'tile-mate@example.com',
            passwordHash: 'x',
            firstName: 'Tile',
            lastName: 'Mate',
            roleId: role.roleId,
          },
          {
            username: 'tile-away',
            email: 'tile-away@example.com',
            passwordHash: 'x',
            firstName: 'Tile',
            lastName: 'Away',
            roleId: role.roleId,
            status: 'disabled',
          },
        ])
        .returning();
      await t.app.db.insert(userShops).values([
        { userId: mate.id, shopId: shop.id },
        { userId: away.id, shopId: shop.id },
      ]);

      const two = ok<{ username: string }[]>(await call('supplier2', 'GET', '/api/v2/task-assignees'))
        .map((u) => u.username)
        .sort();
      expect(two).toEqual(['supplier2', 'tile-mate']);
      expect(
        ok<{ username: string }[]>(await call('supplier2', 'GET', `/api/v2/task-assignees?shopId=${shop.id}`))
          .map((u) => u.username)
          .sort(),
      ).toEqual(['supplier2', 'tile-mate']);
      expect(
        ok<{ username: string }[]>(await call('supplier1', 'GET', '/api/v2/task-assignees')).map((u) => u.username),
      ).toEqual(['supplier1']);
      expectNotFound(await call('supplier1', 'GET', `/api/v2/task-assignees?shopId=${shop.id}`), 'Shop');
      expectFieldError(await call('admin', 'GET', `/api/v2/task-assignees?shopId=${shop.id}`), 400, 'shopId');

      // The same list decides what a card may name.
      const col = await addColumn('supplier2', 'Team');
      expect((await addCard('supplier2', col.id, 'Grout', { assigneeId: mate.id })).assigneeName).toBe('Tile Mate');
      expectFieldError(
        await call('supplier2', 'POST', CARDS, { columnId: col.id, name: 'A', assigneeId: away.id }),
        400,
        'assigneeId',
      );
      expectFieldError(
        await call('supplier2', 'POST', CARDS, { columnId: col.id, name: 'A', assigneeId: userIds.supplier1 }),
        400,
        'assigneeId',
      );
      expectFieldError(
        await call('supplier2', 'POST', CARDS, { columnId: col.id, name: 'A', assigneeId: userIds.admin }),
        400,
        'assigneeId',
      );
      const c1 = await addColumn('supplier1', 'Solo');
      expectFieldError(
        await call('supplier1', 'POST', CARDS, { columnId: c1.id, name: 'A', assigneeId: mate.id }),
        400,
        'assigneeId',
      );
    });
  });
});
