/**
 * Notifications (docs/api/notifications.md): composing to an audience, the delivery worker sending each
 * due message exactly once (also with two passes, or two apps, at once), each user's own list and
 * unread count, cancelling, audit rows, and who may do what.
 */
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { buildApp } from '../../server/src/app.js';
import {
  auditLog,
  notificationMessages,
  notificationRecipients,
  roles,
  shops,
  userShops,
  users,
} from '../../server/src/db/schema.js';
import { deliverDue, deliveryWorker } from '../../server/src/modules/notifications/worker.js';
import { createTestApp, dbKinds, testConfig, type TestApp } from '../support/app.js';
import { caller, expectFieldError as fieldError, ok, type Res } from '../support/answers.js';

type Message = {
  id: number;
  title: string;
  body: string;
  category: string;
  audience: string;
  shopId: number | null;
  shopName: string | null;
  roleCode: string | null;
  roleName: string | null;
  link: string | null;
  scheduledAt: string;
  timezone: string;
  status: string;
  sentAt: string | null;
  recipientCount: number | null;
  readCount: number;
  createdByName: string | null;
  createdAt: string;
};
type Inbox = {
  items: {
    id: number;
    title: string;
    body: string;
    category: string;
    link: string | null;
    deliveredAt: string;
    readAt: string | null;
  }[];
  total: number;
  maxpage: number;
  unread: number;
};

const CREATE = '/api/notify/createmessage';
const LIST = '/api/notify/getmessagenotifylist';
const INBOX = '/api/notify/getmessagenotify';
const READ = '/api/notify/readmessage';
const cancelUrl = (id: number) => `/api/v2/notification-messages/${id}/cancel`;
const MINUTE = 60_000;

const waitFor = async (what: () => Promise<boolean>, ms = 5000) => {
  const until = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((done) => setTimeout(done, 25));
  }
};

describe.each(dbKinds())('notifications (%s)', (kind) => {
  let t: TestApp;
  let homePro: number;
  let coolAir: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    for (const u of await t.app.db.select({ id: users.id, username: users.username }).from(users))
      ids[u.username] = u.id;
    const shopRows = await t.app.db.select().from(shops);
    homePro = shopRows.find((s) => s.name === 'HomePro Lighting')!.id;
    coolAir = shopRows.find((s) => s.name === 'CoolAir Climate Solutions')!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = caller(() => t);
  const expectFieldError = (res: Res, field: string, status = 400) => fieldError(res, field, { status, named: true });

  const valid = (extra: object = {}) => ({
    title: 'Free delivery weekend',
    body: 'Orders over ฿1,500 ship free this weekend.',
    category: 'promotion',
    audience: 'all',
    ...extra,
  });
  const create = async (extra: object = {}) =>
    ok<{ status: number; message: string; data: Message }>(await call('admin', 'POST', CREATE, valid(extra))).data;
  const inbox = async (user: string, query = '?limit=100') => ok<Inbox>(await call(user, 'GET', `${INBOX}${query}`));
  const recipientsOf = async (messageId: number) =>
    (await t.app.db.select().from(notificationRecipients).where(eq(notificationRecipients.messageId, messageId)))
      .map((r) => r.userId)
      .sort((a, b) => a - b);
  const activeUsers = async (where?: ReturnType<typeof eq>) =>
    (
      await t.app.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.status, 'active'), where))
    )
      .map((u) => u.id)
      .sort((a, b) => a - b);
  const messageCount = async () => (await t.app.db.select({ n: count() }).from(notificationMessages))[0].n;
  const auditCount = async () => (await t.app.db.select({ n: count() }).from(auditLog))[0].n;
  /** Messages due now, cleared before each delivery test so one test's pass sends only its own messages. */
  const flushDue = () => deliverDue(t.app.db);

  describe('composing', () => {
    it('lists the message categories from master data', async () => {
      const body = ok<{ items: { code: string; name: string }[] }>(
        await call('admin', 'GET', '/api/promotion/masternotify'),
      );
      expect(body.items.map((c) => c.code)).toEqual(['promotion', 'order', 'product', 'shop', 'system']);
      expect(body.items.every((c) => c.name.length > 0)).toBe(true);
    });

    it('creates a message to send now, audited, and shows it in the list and by id', async () => {
      const before = await auditCount();
      const res = ok<{ status: number; message: string; data: Message }>(
        await call(
          'admin',
          'POST',
          CREATE,
          valid({
            title: '  Lamp week  ',
            audience: 'shop',
            shopId: homePro,
            link: '/supplier/dashboard',
            category: 'order',
          }),
        ),
      );
      expect(res.status).toBe(200);
      const m = res.data;
      expect(m).toMatchObject({
        title: 'Lamp week',
        audience: 'shop',
        shopId: homePro,
        shopName: 'HomePro Lighting',
        roleCode: null,
        link: '/supplier/dashboard',
        status: 'scheduled',
        sentAt: null,
        recipientCount: null,
        readCount: 0,
        timezone: 'Asia/Bangkok',
        createdByName: 'Somchai Wattanakul',
      });
      expect(Math.abs(Date.parse(m.scheduledAt) - Date.now())).toBeLessThan(MINUTE);
      expect(await auditCount()).toBe(before + 1);
      const [row] = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'notification_message'), eq(auditLog.entityId, m.id)));
      expect(row).toMatchObject({ actorId: ids.admin, action: 'create' });

      expect(ok<{ data: Message }>(await call('admin', 'GET', `/api/promotion/notification?id=${m.id}`)).data).toEqual(
        m,
      );
      const list = ok<{ items: Message[]; total: number; maxpage: number }>(
        await call('admin', 'GET', `${LIST}?status=scheduled&audience=shop&search=lamp%20week`),
      );
      expect(list.items.map((x) => x.id)).toEqual([m.id]);
      expect(list.total).toBe(1);
      await flushDue();
    });

    it('schedules a message at a time in a zone; a time a moment ago still counts as now', async () => {
      const at = new Date(Date.now() + 3 * 86_400_000);
      const m = await create({
        scheduledAt: at.toISOString().replace('Z', '+00:00'),
        timezone: 'Asia/Ho_Chi_Minh',
        audience: 'role',
        roleCode: 'editor',
      });
      expect(m).toMatchObject({
        status: 'scheduled',
        timezone: 'Asia/Ho_Chi_Minh',
        roleCode: 'editor',
        roleName: 'Content editor',
        shopId: null,
      });
      expect(Date.parse(m.scheduledAt)).toBe(at.getTime());
      const recent = await create({ scheduledAt: new Date(Date.now() - 30_000).toISOString() });
      expect(recent.status).toBe('scheduled');
      await flushDue();
    });

    it('refuses bad input naming the field, and stores nothing', async () => {
      const messages = await messageCount();
      const audits = await auditCount();
      const cases: [object, string][] = [
        [{ title: '' }, 'title'],
        [{ title: '   ' }, 'title'],
        [{ title: 'x'.repeat(121) }, 'title'],
        [{ body: '' }, 'body'],
        [{ body: '\n\n' }, 'body'],
        [{ body: 'x'.repeat(2001) }, 'body'],
        [{ category: 'lottery' }, 'category'],
        [{ audience: 'friends' }, 'audience'],
        [{ audience: 'shop' }, 'shopId'],
        [{ audience: 'shop', shopId: 999999 }, 'shopId'],
        [{ shopId: homePro }, 'shopId'],
        [{ audience: 'role' }, 'roleCode'],
        [{ audience: 'role', roleCode: 'janitor' }, 'roleCode'],
        [{ audience: 'shop', shopId: homePro, roleCode: 'supplier' }, 'roleCode'],
        [{ link: 'https://evil.example/x' }, 'link'],
        [{ link: '//evil.example/x' }, 'link'],
        [{ link: '/a b' }, 'link'],
        [{ link: 'supplier/dashboard' }, 'link'],
        [{ scheduledAt: new Date(Date.now() - 2 * MINUTE).toISOString() }, 'scheduledAt'],
        [{ scheduledAt: 'next friday' }, 'scheduledAt'],
        [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
        [{ priority: 'high' }, 'priority'],
      ];
      for (const [patch, field] of cases) expectFieldError(await call('admin', 'POST', CREATE, valid(patch)), field);
      expectFieldError(await call('admin', 'POST', CREATE, { title: 'x', body: 'y', category: 'system' }), 'audience');
      expect(await messageCount()).toBe(messages);
      expect(await auditCount()).toBe(audits);
    });

    it('lists messages paged with their status, audience and counts; unknown filters are refused', async () => {
      const page1 = ok<{ items: Message[]; total: number; maxpage: number }>(
        await call('admin', 'GET', `${LIST}?limit=2`),
      );
      expect(page1.items).toHaveLength(2);
      expect(page1.maxpage).toBe(Math.ceil(page1.total / 2));
      const page2 = ok<{ items: Message[] }>(await call('admin', 'GET', `${LIST}?limit=2&page=2`));
      expect(page2.items.map((x) => x.id)).not.toContain(page1.items[0].id);
      // Latest schedule first: the seeded Songkran message is the furthest ahead.
      expect(page1.items[0].title).toBe('Songkran sale: air conditioners up to 25% off');
      const sent = ok<{ items: Message[] }>(await call('admin', 'GET', `${LIST}?status=sent&limit=100`));
      expect(sent.items.length).toBeGreaterThan(0);
      for (const m of sent.items) {
        expect(m.status).toBe('sent');
        expect(m.recipientCount).toBe((await recipientsOf(m.id)).length);
      }
      const cancelled = ok<{ items: Message[] }>(await call('admin', 'GET', `${LIST}?status=cancelled`));
      expect(cancelled.items.every((m) => m.status === 'cancelled' && m.recipientCount === null)).toBe(true);
      expectFieldError(await call('admin', 'GET', `${LIST}?status=lost`), 'status');
      expectFieldError(await call('admin', 'GET', `${LIST}?owner=1`), 'owner');
      const missing = await call('admin', 'GET', '/api/promotion/notification?id=999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ status: 404, message: 'Message not found' });
    });

    it('lists the audiences with the active users each reaches', async () => {
      const res = await call('admin', 'GET', '/api/v2/notification-audiences?audience=shop&q=light');
      const rows = ok<{ audience: string; id: number; name: string; users: number }[]>(res);
      expect(rows).toEqual([{ audience: 'shop', id: homePro, code: null, name: 'HomePro Lighting', users: 1 }]);
      expect(res.headers['x-total-count']).toBe('1');
      const all = ok<{ audience: string; code: string | null; users: number }[]>(
        await call('admin', 'GET', '/api/v2/notification-audiences?_end=100'),
      );
      expect(all[0]).toMatchObject({ audience: 'all', users: (await activeUsers()).length });
      const [supplierRole] = await t.app.db.select().from(roles).where(eq(roles.code, 'supplier'));
      expect(all.find((a) => a.code === 'supplier')).toMatchObject({
        audience: 'role',
        users: (await activeUsers(eq(users.roleId, supplierRole.id))).length,
      });
      const paged = await call('admin', 'GET', '/api/v2/notification-audiences?_start=1&_end=3');
      expect(ok<unknown[]>(paged)).toEqual(all.slice(1, 3));
      expect(paged.headers['x-total-count']).toBe(String(all.length));
      expectFieldError(await call('admin', 'GET', '/api/v2/notification-audiences?audience=planet'), 'audience');
    });
  });

  describe('who may do what', () => {
    it('gives the promotion screen to admin only: the editor and suppliers get 403 and change nothing', async () => {
      const [msg] = await t.app.db
        .select()
        .from(notificationMessages)
        .where(eq(notificationMessages.status, 'scheduled'))
        .limit(1);
      const messages = await messageCount();
      for (const user of ['editor', 'supplier1']) {
        for (const [method, url, payload] of [
          ['GET', '/api/promotion/masternotify'],
          ['GET', `/api/promotion/notification?id=${msg.id}`],
          ['GET', LIST],
          ['POST', CREATE, valid()],
          ['POST', cancelUrl(msg.id), {}],
          ['GET', '/api/v2/notification-audiences'],
        ] as ['GET' | 'POST', string, object?][]) {
          const res = await call(user, method, url, payload);
          expect(res.statusCode, `${user} ${method} ${url}`).toBe(403);
        }
      }
      expect(await messageCount()).toBe(messages);
      const [after] = await t.app.db.select().from(notificationMessages).where(eq(notificationMessages.id, msg.id));
      expect(after.status).toBe('scheduled');
    });

    it('needs a signed-in user for the own notifications', async () => {
      expect((await t.app.inject({ method: 'GET', url: INBOX })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: READ, payload: { all: true } })).statusCode).toBe(401);
    });
  });

  describe('delivery', () => {
    beforeEach(async () => {
      await flushDue();
    });

    it('delivers a due message once to each active user of its shop; a second pass sends nothing', async () => {
      const before1 = await inbox('supplier1');
      const before2 = await inbox('supplier2');
      const m = await create({
        title: 'Lamp stock check',
        audience: 'shop',
        shopId: homePro,
        link: '/supplier/dashboard',
        category: 'shop',
      });
      expect((await inbox('supplier1')).items.map((x) => x.id)).not.toContain(m.id);

      const sent = await deliverDue(t.app.db);
      const linked = (
        await t.app.db.select({ userId: userShops.userId }).from(userShops).where(eq(userShops.shopId, homePro))
      ).map((u) => u.userId);
      expect(linked).toEqual([ids.supplier1]);
      expect(sent).toEqual([{ id: m.id, recipients: 1 }]);
      expect(await recipientsOf(m.id)).toEqual([ids.supplier1]);

      const after1 = await inbox('supplier1');
      expect(after1.items[0]).toMatchObject({
        id: m.id,
        title: 'Lamp stock check',
        category: 'shop',
        link: '/supplier/dashboard',
        readAt: null,
      });
      expect(after1.unread).toBe(before1.unread + 1);
      expect(after1.total).toBe(before1.total + 1);
      // Outside the audience: nothing.
      const after2 = await inbox('supplier2');
      expect(after2.items.map((x) => x.id)).not.toContain(m.id);
      expect(after2.unread).toBe(before2.unread);

      const stored = ok<{ data: Message }>(await call('admin', 'GET', `/api/promotion/notification?id=${m.id}`)).data;
      expect(stored).toMatchObject({ status: 'sent', recipientCount: 1, readCount: 0 });
      expect(stored.sentAt).not.toBeNull();
      const [audited] = await t.app.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entity, 'notification_message'), eq(auditLog.entityId, m.id), eq(auditLog.action, 'send')),
        );
      expect(audited).toMatchObject({
        actorId: ids.admin,
        after: expect.objectContaining({ status: 'sent', recipientCount: 1 }),
      });

      expect(await deliverDue(t.app.db)).toEqual([]);
      expect(await recipientsOf(m.id)).toEqual([ids.supplier1]);
      expect((await inbox('supplier1')).unread).toBe(after1.unread);
    });

    it('resolves a role to its active users and everyone to all active users; disabled accounts get nothing', async () => {
      await t.app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, ids.supplier2));
      try {
        const [supplierRole] = await t.app.db.select().from(roles).where(eq(roles.code, 'supplier'));
        const toRole = await create({ audience: 'role', roleCode: 'supplier', title: 'For suppliers' });
        const toAll = await create({ title: 'For everyone' });
        const sent = await deliverDue(t.app.db);
        const suppliers = await activeUsers(eq(users.roleId, supplierRole.id));
        expect(suppliers).toContain(ids.supplier1);
        expect(suppliers).not.toContain(ids.supplier2);
        expect(await recipientsOf(toRole.id)).toEqual(suppliers);
        expect(await recipientsOf(toAll.id)).toEqual(await activeUsers());
        expect(sent).toEqual([
          { id: toRole.id, recipients: suppliers.length },
          { id: toAll.id, recipients: (await activeUsers()).length },
        ]);
        expect(await recipientsOf(toAll.id)).not.toContain(ids.supplier2);
      } finally {
        await t.app.db.update(users).set({ status: 'active' }).where(eq(users.id, ids.supplier2));
      }
    });

    it('waits for a scheduled time and never sends a cancelled message', async () => {
      const later = await create({ scheduledAt: new Date(Date.now() + 10 * MINUTE).toISOString(), title: 'Later' });
      const dropped = await create({ title: 'Dropped' });
      ok(await call('admin', 'POST', cancelUrl(dropped.id), {}));
      expect(await deliverDue(t.app.db)).toEqual([]);
      const sent = await deliverDue(t.app.db, new Date(Date.now() + 11 * MINUTE));
      expect(sent.map((s) => s.id)).toEqual([later.id]);
      expect(await recipientsOf(dropped.id)).toEqual([]);
    });

    it('sends every due message exactly once when two passes run at once', async () => {
      const made = [];
      for (let i = 0; i < 3; i++)
        made.push(
          await create({
            title: `Race ${i}`,
            audience: i === 0 ? 'all' : 'shop',
            ...(i === 0 ? {} : { shopId: i === 1 ? homePro : coolAir }),
          }),
        );
      const passes = await Promise.all([deliverDue(t.app.db), deliverDue(t.app.db)]);
      const sentIds = passes
        .flat()
        .map((s) => s.id)
        .sort((a, b) => a - b);
      expect(sentIds).toEqual(made.map((m) => m.id));
      const rows = await t.app.db
        .select({ n: count() })
        .from(notificationRecipients)
        .where(inArray(notificationRecipients.messageId, sentIds));
      expect(rows[0].n).toBe(passes.flat().reduce((n, s) => n + s.recipients, 0));
      const sends = await t.app.db
        .select({ n: count() })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'send'),
            inArray(auditLog.entityId, sentIds),
            eq(auditLog.entity, 'notification_message'),
          ),
        );
      expect(sends[0].n).toBe(3);
    });

    it('a cancel racing a delivery pass: either it was sent (409) or cancelled with no recipients', async () => {
      const m = await create({ title: 'Race with cancel' });
      const [cancel] = await Promise.all([call('admin', 'POST', cancelUrl(m.id), {}), deliverDue(t.app.db)]);
      const [row] = await t.app.db.select().from(notificationMessages).where(eq(notificationMessages.id, m.id));
      if (cancel.statusCode === 200) {
        expect(row.status).toBe('cancelled');
        expect(await recipientsOf(m.id)).toEqual([]);
      } else {
        expect(cancel.statusCode, cancel.body).toBe(409);
        expect(row.status).toBe('sent');
        expect(await recipientsOf(m.id)).toEqual(await activeUsers());
      }
    });

    it('runs in the app while it is up: a worker started with the app delivers on its own, and stops when it closes', async () => {
      const cfg = kind === 'postgres' ? { databaseUrl: t.databaseUrl } : null;
      const m = await create({ title: 'Delivered by the running worker', audience: 'shop', shopId: homePro });
      if (cfg) {
        // A second app process on the same database, with its worker running.
        const other = await buildApp(testConfig({ ...cfg, notifyWorkerMs: 50 }));
        await other.ready();
        try {
          await waitFor(async () => (await recipientsOf(m.id)).length === 1);
        } finally {
          await other.close();
        }
      } else {
        const worker = deliveryWorker(t.app.db, t.app.log, 50);
        worker.start();
        await waitFor(async () => (await recipientsOf(m.id)).length === 1);
        await worker.stop();
      }
      // Stopped: a message due now stays scheduled.
      const after = await create({ title: 'After the worker stopped', audience: 'shop', shopId: homePro });
      await new Promise((done) => setTimeout(done, 300));
      const [row] = await t.app.db.select().from(notificationMessages).where(eq(notificationMessages.id, after.id));
      expect(row.status).toBe('scheduled');
    });
  });

  describe('app with the worker on', () => {
    it('starts the worker when the app is ready and wakes it for a message sent now', async () => {
      const w = await createTestApp({ db: kind, config: { notifyWorkerMs: 60 * MINUTE } });
      try {
        // The first pass runs at start; "send now" wakes the next one at once, long before the interval.
        const res = await w.app.inject({
          method: 'POST',
          url: CREATE,
          headers: await w.headers('admin'),
          payload: valid({ audience: 'shop', shopId: homePro }),
        });
        expect(res.statusCode, res.body).toBe(200);
        const id = res.json().data.id as number;
        await waitFor(
          async () =>
            (await w.app.db.select().from(notificationRecipients).where(eq(notificationRecipients.messageId, id)))
              .length === 1,
        );
      } finally {
        await w.close();
      }
    });
  });

  describe('reading', () => {
    let mine: number;
    let theirs: number;
    beforeAll(async () => {
      await flushDue();
      mine = (await create({ title: 'For supplier1', audience: 'shop', shopId: homePro })).id;
      theirs = (await create({ title: 'For CoolAir', audience: 'shop', shopId: coolAir })).id;
      await deliverDue(t.app.db);
    });

    it('marks one read: the unread count drops, the message counts it, and it is audited once', async () => {
      const before = await inbox('supplier1');
      expect(before.items.find((x) => x.id === mine)?.readAt).toBeNull();
      const audits = await auditCount();
      const res = ok<{ status: number; data: { unread: number } }>(await call('supplier1', 'POST', READ, { id: mine }));
      expect(res.data.unread).toBe(before.unread - 1);
      const after = await inbox('supplier1');
      expect(after.unread).toBe(before.unread - 1);
      expect(after.items.find((x) => x.id === mine)?.readAt).not.toBeNull();
      expect(
        ok<{ data: Message }>(await call('admin', 'GET', `/api/promotion/notification?id=${mine}`)).data.readCount,
      ).toBe(1);
      expect(await auditCount()).toBe(audits + 1);
      const [row] = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'notification_inbox'), eq(auditLog.entityId, ids.supplier1)));
      expect(row).toMatchObject({
        actorId: ids.supplier1,
        action: 'read',
        after: expect.objectContaining({ messageIds: [mine] }),
      });
      // Again: nothing changes.
      expect(ok<{ data: { unread: number } }>(await call('supplier1', 'POST', READ, { id: mine })).data.unread).toBe(
        after.unread,
      );
      expect(await auditCount()).toBe(audits + 1);
    });

    it("answers 404 for another user's notification, with no change", async () => {
      const [before] = await t.app.db
        .select()
        .from(notificationRecipients)
        .where(eq(notificationRecipients.messageId, theirs));
      for (const id of [theirs, 999999]) {
        const res = await call('supplier1', 'POST', READ, { id });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ status: 404, message: 'Notification not found' });
      }
      const [after] = await t.app.db
        .select()
        .from(notificationRecipients)
        .where(eq(notificationRecipients.messageId, theirs));
      expect(after.readAt).toBeNull();
      expect(after).toEqual(before);
      expect((await inbox('supplier1')).items.map((x) => x.id)).not.toContain(theirs);
    });

    it('needs exactly one of id and all', async () => {
      expectFieldError(await call('supplier1', 'POST', READ, {}), 'id');
      expectFieldError(await call('supplier1', 'POST', READ, { id: mine, all: true }), 'id');
      expectFieldError(await call('supplier1', 'POST', READ, { all: false }), 'all');
    });

    it("marks all of the caller's own read and nobody else's", async () => {
      const other = await inbox('supplier2');
      expect(other.unread).toBeGreaterThan(0);
      expect(ok<{ data: { unread: number } }>(await call('supplier1', 'POST', READ, { all: true })).data.unread).toBe(
        0,
      );
      expect((await inbox('supplier1')).unread).toBe(0);
      const left = await t.app.db
        .select({ n: count() })
        .from(notificationRecipients)
        .where(and(eq(notificationRecipients.userId, ids.supplier1), isNull(notificationRecipients.readAt)));
      expect(left[0].n).toBe(0);
      expect((await inbox('supplier2')).unread).toBe(other.unread);
    });

    it('pages the own list newest first', async () => {
      const all = await inbox('supplier1');
      expect(all.total).toBeGreaterThan(2);
      const p2 = await inbox('supplier1', '?limit=1&page=2');
      expect(p2.items).toEqual([all.items[1]]);
      expect(p2.maxpage).toBe(all.total);
      const times = all.items.map((x) => Date.parse(x.deliveredAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });
  });

  describe('cancelling', () => {
    it('cancels a scheduled message once; a sent one cannot be cancelled', async () => {
      const m = await create({ scheduledAt: new Date(Date.now() + 60 * MINUTE).toISOString() });
      const audits = await auditCount();
      expect(ok<Message>(await call('admin', 'POST', cancelUrl(m.id), {}))).toMatchObject({
        id: m.id,
        status: 'cancelled',
      });
      expect(await auditCount()).toBe(audits + 1);
      const again = await call('admin', 'POST', cancelUrl(m.id), {});
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/already cancelled/);

      const [sent] = await t.app.db
        .select()
        .from(notificationMessages)
        .where(eq(notificationMessages.status, 'sent'))
        .limit(1);
      const res = await call('admin', 'POST', cancelUrl(sent.id), {});
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: 409, message: 'This message was already sent: it cannot be cancelled.' });
      const [still] = await t.app.db.select().from(notificationMessages).where(eq(notificationMessages.id, sent.id));
      expect(still.status).toBe('sent');
      expect(await auditCount()).toBe(audits + 1);

      const missing = await call('admin', 'POST', cancelUrl(999999), {});
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ status: 404, message: 'Message not found' });
    });
  });
});
