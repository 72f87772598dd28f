/**
 * The chat app (docs/api/chat.md): who may talk to whom, conversations only for those who take part
 * (404 on every route otherwise, staff included), one direct conversation per pair, a message stored
 * once per clientId, ids in send order, unread counts from the read mark, images sniffed, and the event
 * stream: the backlog after Last-Event-ID, then live messages, none missed or sent twice.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { caller, expectFieldError as fieldError, ok, type Res } from '../support/answers.js';
import { auditLog, chatMessages, shops, userShops, users } from '../../server/src/db/schema.js';
import { uploadsDir } from '../../server/src/lib/uploads.js';
import { multipartPayload, samples } from './product-files.js';
import { openSse, type SseReader } from './sse-client.js';

type Message = {
  id: number;
  conversationId: number;
  senderId: number;
  body: string;
  contentType: string;
  attachments: { url: string; mime: string; size: number; name: string }[];
  clientId: string;
  createdAt: string;
};
type Conversation = {
  id: number;
  type: string;
  title: string | null;
  participants: { id: number; name: string; lastReadMessageId: number | null }[];
  lastMessage: Message | null;
  lastReadMessageId: number | null;
  unreadCount: number;
};
type Contact = { id: number; name: string; username: string; area: string; roleName: string; shops: string[] };

const C = '/api/v2/chat-conversations';
let seq = 0;
const clientId = () => `test-${Date.now().toString(36)}-${++seq}`;

describe.each(dbKinds())('chat (%s)', (kind) => {
  let t: TestApp;
  const id: Record<string, number> = {};
  /** The seeded direct conversation of admin and supplier1, and the admin–editor group. */
  let adminSupplier1: number;
  let staffGroup: number;

  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    // A second account of supplier1's shop (HomePro Lighting), signing in with the demo password.
    const [s1] = await t.app.db.select().from(users).where(eq(users.username, 'supplier1'));
    const [mate] = await t.app.db
      .insert(users)
      .values({
        username: 'supplier1b',
        email: 'supplier1b@sellercenter.example',
        passwordHash: s1.passwordHash,
        firstName: 'Suda',
        lastName: 'Boonmee',
        roleId: s1.roleId,
      })
      .returning();
    const [link] = await t.app.db.select().from(userShops).where(eq(userShops.userId, s1.id));
    await t.app.db.insert(userShops).values({ userId: mate.id, shopId: link.shopId });
    await t.app.db.insert(users).values({
      username: 'former',
      email: 'former@sellercenter.example',
      passwordHash: s1.passwordHash,
      firstName: 'Former',
      lastName: 'Staff',
      roleId: (await t.app.db.select().from(users).where(eq(users.username, 'editor')))[0].roleId,
      status: 'disabled',
    });
    for (const u of await t.app.db.select({ id: users.id, username: users.username }).from(users))
      id[u.username] = u.id;
    const mine = ok<Conversation[]>(await call('admin', 'GET', C));
    adminSupplier1 = mine.find((c) => c.type === 'direct' && c.participants.some((p) => p.id === id.supplier1))!.id;
    staffGroup = mine.find((c) => c.title === 'Banner schedule December')!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = caller(() => t);
  const expectFieldError = (res: Res, status: number, field: string) => fieldError(res, field, { status });

  const expectNotFound = (res: Res, what = 'Conversation') => {
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: `${what} not found` });
  };
  const send = async (user: string, conversation: number, body: string, cid = clientId()) =>
    ok<Message>(await call(user, 'POST', `${C}/${conversation}/messages`, { clientId: cid, body }), 201);
  const conversationOf = async (user: string, conversation: number) =>
    ok<Conversation>(await call(user, 'GET', `${C}/${conversation}`));
  const messageRows = async (where = eq(chatMessages.id, chatMessages.id)) =>
    (await t.app.db.select({ n: count() }).from(chatMessages).where(where))[0].n;
  const storedImages = () => {
    const dir = join(uploadsDir(t.app.config.dataDir), 'image');
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };

  describe('contacts', () => {
    const contacts = async (user: string, query = '') =>
      ok<Contact[]>(await call(user, 'GET', `/api/v2/chat-contacts${query}`)).map((c) => c.username);

    it('gives staff every active user but themselves', async () => {
      const admin = await contacts('admin');
      expect(admin).toEqual(expect.arrayContaining(['editor', 'supplier1', 'supplier1b', 'supplier2', 'supplier3']));
      expect(admin).not.toContain('admin');
      expect(admin).not.toContain('former');
      expect(await contacts('editor')).toEqual(expect.arrayContaining(['admin', 'supplier1', 'supplier2']));
    });

    it("gives a supplier staff and its own shops' users, never other shops' suppliers", async () => {
      // Staff as staff see them (the demo seeds more staff than admin and editor).
      const all = async (user: string) =>
        ok<Contact[]>(await call(user, 'GET', '/api/v2/chat-contacts?_start=0&_end=100'));
      const names = (list: Contact[], area: Contact['area']) =>
        list
          .filter((c) => c.area === area)
          .map((c) => c.username)
          .sort();
      const staff = [...names(await all('admin'), 'admin'), 'admin'].sort();
      expect(staff).toEqual(expect.arrayContaining(['admin', 'editor']));
      const one = await all('supplier1');
      expect(names(one, 'supplier')).toEqual(['supplier1b']);
      expect(names(one, 'admin')).toEqual(staff);
      const two = await all('supplier2');
      expect(names(two, 'supplier')).toEqual([]);
      expect(names(two, 'admin')).toEqual(staff);
      const [mate] = ok<Contact[]>(await call('supplier1', 'GET', '/api/v2/chat-contacts?q=suda'));
      expect(mate).toMatchObject({
        username: 'supplier1b',
        name: 'Suda Boonmee',
        area: 'supplier',
        shops: ['HomePro Lighting'],
      });
    });

    it("filters by shop: a supplier's own, and another shop answers 404", async () => {
      const [own] = await t.app.db.select().from(shops).where(eq(shops.name, 'HomePro Lighting'));
      const [other] = await t.app.db.select().from(shops).where(eq(shops.name, 'CoolAir Climate Solutions'));
      expect(await contacts('supplier1', `?shopId=${own.id}`)).toEqual(['supplier1b']);
      expectNotFound(await call('supplier1', 'GET', `/api/v2/chat-contacts?shopId=${other.id}`), 'Shop');
      expect(await contacts('admin', `?shopId=${other.id}`)).toEqual(['supplier2']);
      expectFieldError(await call('admin', 'GET', '/api/v2/chat-contacts?role=x'), 400, 'role');
    });
  });

  describe('who sees a conversation', () => {
    it('answers 404 on every route to someone who does not take part, staff included, and changes nothing', async () => {
      const before = await messageRows();
      const images = storedImages();
      for (const user of ['supplier2', 'editor']) {
        expectNotFound(await call(user, 'GET', `${C}/${adminSupplier1}`));
        expectNotFound(await call(user, 'GET', `${C}?id=${adminSupplier1}`));
        expectNotFound(await call(user, 'GET', `${C}/${adminSupplier1}/messages`));
        expectNotFound(
          await call(user, 'POST', `${C}/${adminSupplier1}/messages`, { clientId: clientId(), body: 'Let me in' }),
        );
        expectNotFound(await call(user, 'POST', `${C}/${adminSupplier1}/read`, {}));
        const upload = await multipartPayload([
          { name: 'clientId', value: clientId() },
          { name: 'file', file: samples.png(), filename: 'x.png' },
        ]);
        expectNotFound(
          await t.app.inject({
            method: 'POST',
            url: `${C}/${adminSupplier1}/images`,
            ...upload,
            headers: { ...upload.headers, ...(await t.headers(user)) },
          }),
        );
        expectNotFound(await call(user, 'GET', `/api/v2/chat-events?conversationId=${adminSupplier1}`));
        const list = ok<Conversation[]>(await call(user, 'GET', C));
        expect(list.map((c) => c.id)).not.toContain(adminSupplier1);
      }
      expectNotFound(await call('admin', 'GET', `${C}/999999`));
      expect(await messageRows()).toBe(before);
      expect(storedImages()).toBe(images);
    });

    it("lists only the caller's conversations, latest activity first, with participants and the last message", async () => {
      const list = ok<Conversation[]>(await call('supplier1', 'GET', C));
      expect(list.length).toBeGreaterThan(0);
      for (const c of list) expect(c.participants.map((p) => p.id)).toContain(id.supplier1);
      const [top] = list;
      expect(top.lastMessage).not.toBeNull();
      const direct = list.find((c) => c.id === adminSupplier1)!;
      expect(direct.participants.map((p) => p.id).sort()).toEqual([id.admin, id.supplier1].sort());
      const q = ok<Conversation[]>(await call('supplier1', 'GET', `${C}?q=content`));
      expect(q.map((c) => c.title)).toEqual(['Year-end sale content']);
    });
  });

  describe('starting conversations', () => {
    it('reuses the one direct conversation of a pair, whoever starts it', async () => {
      const again = await call('admin', 'POST', C, { type: 'direct', participantIds: [id.supplier1] });
      expect(ok<Conversation>(again).id).toBe(adminSupplier1);
      expect(
        ok<Conversation>(await call('supplier1', 'POST', C, { type: 'direct', participantIds: [id.admin] })).id,
      ).toBe(adminSupplier1);
      // A new pair, started by both at once: one conversation.
      const [a, b] = await Promise.all([
        call('editor', 'POST', C, { type: 'direct', participantIds: [id.supplier2] }),
        call('supplier2', 'POST', C, { type: 'direct', participantIds: [id.editor] }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
      expect(a.json().id).toBe(b.json().id);
      expect(a.json()).toMatchObject({ type: 'direct', title: null, unreadCount: 0, lastMessage: null });
      const audit = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'chat_conversation'), eq(auditLog.entityId, a.json().id)));
      expect(audit.map((r) => r.action)).toEqual(['create']);
    });

    it('starts a named group with the caller in it', async () => {
      const group = ok<Conversation>(
        await call('supplier1', 'POST', C, {
          type: 'group',
          title: '  Lamp photos  ',
          participantIds: [id.admin, id.supplier1b],
        }),
        201,
      );
      expect(group).toMatchObject({ type: 'group', title: 'Lamp photos' });
      expect(group.participants.map((p) => p.id).sort()).toEqual([id.admin, id.supplier1, id.supplier1b].sort());
      // A second group with the same people is another conversation.
      const second = ok<Conversation>(
        await call('supplier1', 'POST', C, {
          type: 'group',
          title: 'Lamp photos',
          participantIds: [id.admin, id.supplier1b],
        }),
        201,
      );
      expect(second.id).not.toBe(group.id);
    });

    it('refuses bad input naming the field, and people the caller may not talk to as not found', async () => {
      expectFieldError(
        await call('admin', 'POST', C, { type: 'direct', participantIds: [id.admin] }),
        400,
        'participantIds',
      );
      expectFieldError(
        await call('admin', 'POST', C, { type: 'direct', participantIds: [id.editor, id.supplier1] }),
        400,
        'participantIds',
      );
      expectFieldError(
        await call('admin', 'POST', C, { type: 'direct', title: 'Hi', participantIds: [id.editor] }),
        400,
        'title',
      );
      expectFieldError(
        await call('admin', 'POST', C, { type: 'group', title: '   ', participantIds: [id.editor] }),
        400,
        'title',
      );
      expectFieldError(await call('admin', 'POST', C, { type: 'group', participantIds: [id.editor] }), 400, 'title');
      expectFieldError(
        await call('admin', 'POST', C, { type: 'group', title: 'x', participantIds: [] }),
        400,
        'participantIds',
      );
      expectFieldError(
        await call('admin', 'POST', C, { type: 'direct', participantIds: [id.editor], color: 'red' }),
        400,
        'color',
      );
      // Suppliers of different shops never meet, even in a staff member's group.
      expectFieldError(
        await call('admin', 'POST', C, { type: 'group', title: 'Sale', participantIds: [id.supplier1, id.supplier2] }),
        400,
        'participantIds',
      );
      const before = (
        await t.app.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, 'chat_conversation'))
      )[0].n;
      expectNotFound(await call('supplier1', 'POST', C, { type: 'direct', participantIds: [id.supplier2] }), 'Contact');
      expectNotFound(await call('admin', 'POST', C, { type: 'direct', participantIds: [id.former] }), 'Contact');
      expectNotFound(await call('admin', 'POST', C, { type: 'direct', participantIds: [999999] }), 'Contact');
      expect(
        (await t.app.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, 'chat_conversation')))[0].n,
      ).toBe(before);
    });
  });

  describe('messages', () => {
    it('stores a message once per clientId: a resend answers the stored one', async () => {
      const cid = clientId();
      const first = await send('admin', adminSupplier1, 'Stock count for Friday?', cid);
      const again = await call('admin', 'POST', `${C}/${adminSupplier1}/messages`, {
        clientId: cid,
        body: 'Stock count for Friday?',
      });
      expect(ok<Message>(again)).toEqual(first);
      // Both at once: still one.
      const cid2 = clientId();
      const both = await Promise.all(
        [1, 2].map(() => call('admin', 'POST', `${C}/${adminSupplier1}/messages`, { clientId: cid2, body: 'Twice?' })),
      );
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
      expect(both[0].json().id).toBe(both[1].json().id);
      expect(await messageRows(eq(chatMessages.clientId, cid))).toBe(1);
      expect(await messageRows(eq(chatMessages.clientId, cid2))).toBe(1);
      // The same clientId in another conversation is a mistake of the client.
      const res = await call('admin', 'POST', `${C}/${staffGroup}/messages`, { clientId: cid, body: 'Elsewhere' });
      expect(res.statusCode, res.body).toBe(409);
      // Another sender may use the same clientId.
      expect((await send('supplier1', adminSupplier1, 'Friday is fine.', cid)).senderId).toBe(id.supplier1);
    });

    it('refuses an empty text, a bad clientId and unknown fields', async () => {
      const before = await messageRows();
      expectFieldError(
        await call('admin', 'POST', `${C}/${adminSupplier1}/messages`, { clientId: clientId(), body: '  \n ' }),
        400,
        'body',
      );
      expectFieldError(
        await call('admin', 'POST', `${C}/${adminSupplier1}/messages`, { clientId: 'short', body: 'Hi' }),
        400,
        'clientId',
      );
      expectFieldError(
        await call('admin', 'POST', `${C}/${adminSupplier1}/messages`, {
          clientId: clientId(),
          body: 'x'.repeat(4001),
        }),
        400,
        'body',
      );
      expectFieldError(
        await call('admin', 'POST', `${C}/${adminSupplier1}/messages`, {
          clientId: clientId(),
          body: 'Hi',
          senderId: id.supplier1,
        }),
        400,
        'senderId',
      );
      expect(await messageRows()).toBe(before);
    });

    it('gives messages ids in send order and pages them from a fixed anchor', async () => {
      const sent = await Promise.all(
        Array.from({ length: 6 }, (_, i) => send(i % 2 ? 'supplier1' : 'admin', adminSupplier1, `Line ${i}`)),
      );
      const all = ok<Message[]>(await call('supplier1', 'GET', `${C}/${adminSupplier1}/messages?_start=0&_end=100`));
      const ids = all.map((m) => m.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      for (let i = 1; i < all.length; i++)
        expect(Date.parse(all[i].createdAt)).toBeGreaterThanOrEqual(Date.parse(all[i - 1].createdAt));
      for (const m of sent) expect(ids).toContain(m.id);
      // Newest first from an anchor: new messages after it do not shift the pages.
      const anchor = Math.max(...ids);
      const page = (start: number) =>
        call(
          'admin',
          'GET',
          `${C}/${adminSupplier1}/messages?_sort=id&_order=desc&id_lte=${anchor}&_start=${start}&_end=${start + 3}`,
        );
      const first = ok<Message[]>(await page(0));
      await send('admin', adminSupplier1, 'Arrives while scrolling');
      const second = await page(3);
      expect(second.headers['x-total-count']).toBe(String(all.length));
      expect([...first, ...ok<Message[]>(second)].map((m) => m.id)).toEqual([...ids].reverse().slice(0, 6));
      const newer = ok<Message[]>(await call('admin', 'GET', `${C}/${adminSupplier1}/messages?id_gt=${anchor}`));
      expect(newer.map((m) => m.body)).toEqual(['Arrives while scrolling']);
      expectFieldError(await call('admin', 'GET', `${C}/${adminSupplier1}/messages?_sort=body`), 400, '_sort');
    });

    it('sends images sniffed from their bytes; a resend keeps one file', async () => {
      const cid = clientId();
      const upload = async (data: Buffer, name: string, fields: Record<string, string> = { clientId: cid }) => {
        const body = await multipartPayload([
          ...Object.entries(fields).map(([k, v]) => ({ name: k, value: v })),
          { name: 'file', file: data, filename: name },
        ]);
        return t.app.inject({
          method: 'POST',
          url: `${C}/${adminSupplier1}/images`,
          ...body,
          headers: { ...body.headers, ...(await t.headers('supplier1')) },
        }) as Promise<Res>;
      };
      const before = storedImages();
      const first = ok<Message>(await upload(samples.png(), 'lamp.png', { clientId: cid, body: 'The 36 W lamp' }), 201);
      expect(first).toMatchObject({
        contentType: 'image',
        body: 'The 36 W lamp',
        attachments: [{ mime: 'image/png', name: 'lamp.png' }],
      });
      expect(first.attachments[0].url).toMatch(/^\/uploads\/image\/[0-9a-f]{32}\.png$/);
      expect((await t.app.inject({ url: first.attachments[0].url })).statusCode).toBe(200);
      expect(ok<Message>(await upload(samples.png(), 'lamp.png', { clientId: cid, body: 'The 36 W lamp' }))).toEqual(
        first,
      );
      expect(storedImages()).toBe(before + 1);
      // A PDF named .png is refused by its content, and nothing is kept.
      const pdf = await upload(samples.pdf(), 'fake.png', { clientId: clientId() });
      expectFieldError(pdf, 415, 'file');
      expectFieldError(await upload(samples.png(), 'x.png', { clientId: 'bad id!' }), 400, 'clientId');
      expectFieldError(await upload(samples.png(), 'x.png', { clientId: clientId(), senderId: '1' }), 400, 'senderId');
      expect(storedImages()).toBe(before + 1);
    });
  });

  describe('unread counts', () => {
    it("counts others' messages after the read mark; reading clears it and never goes back", async () => {
      const fresh = ok<Conversation>(
        await call('supplier1b', 'POST', C, { type: 'direct', participantIds: [id.editor] }),
        201,
      );
      const a = await send('editor', fresh.id, 'Hello Suda');
      const b = await send('editor', fresh.id, 'Could you send the catalogue?');
      expect((await conversationOf('supplier1b', fresh.id)).unreadCount).toBe(2);
      // The sender's own messages are never unread to them.
      expect((await conversationOf('editor', fresh.id)).unreadCount).toBe(0);
      const listed = ok<Conversation[]>(await call('supplier1b', 'GET', C)).find((c) => c.id === fresh.id)!;
      expect(listed).toMatchObject({ unreadCount: 2, lastMessage: { id: b.id } });

      const partly = ok<Conversation>(
        await call('supplier1b', 'POST', `${C}/${fresh.id}/read`, { lastReadMessageId: a.id }),
      );
      expect(partly).toMatchObject({ unreadCount: 1, lastReadMessageId: a.id });
      const read = ok<Conversation>(await call('supplier1b', 'POST', `${C}/${fresh.id}/read`, {}));
      expect(read).toMatchObject({ unreadCount: 0, lastReadMessageId: b.id });
      // An older mark changes nothing; the editor sees how far Suda read.
      expect(
        ok<Conversation>(await call('supplier1b', 'POST', `${C}/${fresh.id}/read`, { lastReadMessageId: a.id }))
          .lastReadMessageId,
      ).toBe(b.id);
      expect(
        (await conversationOf('editor', fresh.id)).participants.find((p) => p.id === id.supplier1b)!.lastReadMessageId,
      ).toBe(b.id);
      const audit = await t.app.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entity, 'chat_conversation'), eq(auditLog.entityId, fresh.id), eq(auditLog.action, 'read')),
        );
      expect(audit.map((r) => r.after)).toEqual([{ lastReadMessageId: a.id }, { lastReadMessageId: b.id }]);

      // Answering marks everything before it read.
      await send('editor', fresh.id, 'Thanks!');
      await send('supplier1b', fresh.id, 'Sent by e-mail.');
      expect((await conversationOf('supplier1b', fresh.id)).unreadCount).toBe(0);
      expect((await conversationOf('editor', fresh.id)).unreadCount).toBe(1);
    });

    it('refuses a read mark that is not a message of the conversation', async () => {
      const other = ok<Message[]>(await call('admin', 'GET', `${C}/${staffGroup}/messages`));
      expectFieldError(
        await call('admin', 'POST', `${C}/${adminSupplier1}/read`, { lastReadMessageId: other[0].id }),
        400,
        'lastReadMessageId',
      );
      expectFieldError(
        await call('admin', 'POST', `${C}/${adminSupplier1}/read`, { lastReadMessageId: 0 }),
        400,
        'lastReadMessageId',
      );
    });
  });

  describe('the event stream', () => {
    let base: string;
    const streams: SseReader[] = [];
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const addr = t.app.server.address();
      base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    });
    afterEach(() => {
      for (const s of streams.splice(0)) s.close();
    });
    const open = async (user: string, headers: Record<string, string> = {}, query = '') => {
      const s = await openSse(`${base}/api/v2/chat-events${query}`, { ...(await t.headers(user)), ...headers });
      streams.push(s);
      return s;
    };
    const messages = (s: SseReader) => s.events<Message>('message');

    it('sends the backlog after Last-Event-ID, then live messages, each once and in order', async () => {
      const history = ok<Message[]>(
        await call('supplier1', 'GET', `${C}/${adminSupplier1}/messages?_sort=id&_order=desc&_end=3`),
      );
      const from = history[2].id;
      const missed = ok<Conversation[]>(await call('supplier1', 'GET', `${C}?_end=100`)).flatMap((c) =>
        c.lastMessage && c.lastMessage.id > from ? [c.lastMessage.id] : [],
      );
      const s = await open('supplier1', { 'last-event-id': String(from) });
      expect(s.status).toBe(200);
      expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
      await s.until(() => s.events('ready').length === 1 && messages(s).some((m) => m.id === history[0].id));
      expect(s.events('ready')[0].id).toBe(from);
      // Live: many at once from both sides, and one in a conversation supplier1 is not in.
      const live = await Promise.all(
        Array.from({ length: 8 }, (_, i) => send(i % 2 ? 'admin' : 'supplier1', adminSupplier1, `Live ${i}`)),
      );
      const notMine = await send('admin', staffGroup, 'Staff only');
      await s.until(() => live.every((m) => messages(s).some((e) => e.id === m.id)));
      const got = messages(s);
      const ids = got.map((e) => e.id);
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
      expect(ids[0]).toBeGreaterThan(from);
      for (const m of missed) expect(ids).toContain(m);
      expect(ids).not.toContain(notMine.id);
      expect(got.every((e) => e.data.id === e.id && e.data.conversationId !== staffGroup)).toBe(true);
      // Every message of supplier1's conversations after `from`, none left out.
      const all = await t.app.db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, adminSupplier1));
      expect(ids.filter((i) => all.some((m) => m.id === i))).toEqual(
        all
          .map((m) => m.id)
          .filter((i) => i > from)
          .sort((a, b) => a - b),
      );
    });

    it('resumes after a reconnect from the last id the client has, without duplicates', async () => {
      const s = await open('admin');
      await s.until(() => s.events('ready').length === 1);
      const start = s.events('ready')[0].id;
      const one = await send('supplier1', adminSupplier1, 'Before the drop');
      await s.until(() => messages(s).some((m) => m.id === one.id));
      expect(messages(s).map((m) => m.id)).toEqual([one.id]);
      expect(one.id).toBeGreaterThan(start);
      s.close();
      const whileAway = [
        await send('supplier1', adminSupplier1, 'While away 1'),
        await send('editor', staffGroup, 'While away 2'),
      ];
      const again = await open('admin', { 'last-event-id': String(one.id) });
      const after = await send('supplier1', adminSupplier1, 'After the reconnect');
      await again.until(() => messages(again).some((m) => m.id === after.id));
      expect(messages(again).map((m) => m.id)).toEqual([...whileAway.map((m) => m.id), after.id]);
    });

    it('narrows to one conversation and refuses a bad Last-Event-ID', async () => {
      const s = await open('admin', {}, `?conversationId=${staffGroup}`);
      await s.until(() => s.events('ready').length === 1);
      const elsewhere = await send('supplier1', adminSupplier1, 'Not in the group');
      const here = await send('editor', staffGroup, 'In the group');
      await s.until(() => messages(s).some((m) => m.id === here.id));
      expect(messages(s).map((m) => m.id)).not.toContain(elsewhere.id);
      const bad = (await t.app.inject({
        url: '/api/v2/chat-events',
        headers: { ...(await t.headers('admin')), 'last-event-id': 'abc' },
      })) as Res;
      expectFieldError(bad, 400, 'Last-Event-ID');
    });
  });
});
