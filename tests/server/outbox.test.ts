/**
 * The outbox relay against a local receiving server (node:http): retries with backoff until the
 * receiver accepts, the same idempotency key and a valid signature on every try, dead after the last
 * try, a retried dead job, TIS certificates and GP items whose status follows their job, a system with no URL left queued, a crashed sender's lease taken over, and
 * two relays (two app processes on one PostgreSQL, two relays in one process on PGlite) never sending
 * one job twice.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.js';
import { gpItems, masterData, outboxJobs, products, users } from '../../server/src/db/schema.js';
import { outboxConfigFrom, outboxSettings, type OutboxConfig } from '../../server/src/modules/outbox/config.js';
import { backoffDelay, claimDue, finish, outboxRelay, relayPass, send } from '../../server/src/modules/outbox/relay.js';
import { enqueue, topicsFor } from '../../server/src/modules/outbox/service.js';
import { createTestApp, dbKinds, testConfig, type TestApp } from '../support/app.js';
import { multipartSync, samples } from './product-files.js';

const SECRET = 'test-secret-for-the-outbox-relay';
const JOBS = '/api/v2/outbox-jobs';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The outside systems, one path each: storefront fails each job's first two tries, orders is up or down, purchasing is slow. */
function receiver() {
  const received: Received[] = [];
  const tries = new Map<string, number>();
  const state = { ordersUp: false };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body });
      const key = String(req.headers['idempotency-key']);
      const n = (tries.get(key) ?? 0) + 1;
      tries.set(key, n);
      const answer = (status: number, text: string) => {
        res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
      };
      if (path === '/storefront') return n <= 2 ? answer(503, 'Storefront is warming up') : answer(200, 'ok');
      if (path === '/orders') return state.ordersUp ? answer(202, 'accepted') : answer(500, 'Order system down');
      if (path === '/purchasing') return void setTimeout(() => answer(200, 'ok'), 15);
      if (path === '/hang') return;
      if (path === '/moved') return void res.writeHead(302, { location: '/storefront' }).end();
      answer(404, 'no such system');
    });
  });
  return { server, received, state };
}

// A bound for a loaded machine, not a timing: the checks pass as soon as the relay is done.
const waitFor = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 30_000, interval: 50 });

describe('outbox settings', () => {
  it('reads one URL and secret per system; a URL without its secret, a bad URL or a lease shorter than the timeout stops the start', () => {
    const cfg = outboxConfigFrom({
      OUTBOX_GP_URL: 'https://gp.example.com/in',
      OUTBOX_GP_SECRET: SECRET,
      OUTBOX_MAX_ATTEMPTS: '3',
    });
    expect(cfg.targets).toEqual({ gp: { url: 'https://gp.example.com/in', secret: SECRET } });
    expect(cfg).toMatchObject({ maxAttempts: 3, workerMs: 5000 });
    expect(outboxConfigFrom({}).targets).toEqual({});
    expect(() => outboxConfigFrom({ OUTBOX_TIS_URL: 'https://tis.example.com' })).toThrow(
      /OUTBOX_TIS_SECRET must be set/,
    );
    expect(() => outboxConfigFrom({ OUTBOX_TIS_URL: 'ftp://tis', OUTBOX_TIS_SECRET: SECRET })).toThrow(/http\(s\) URL/);
    expect(() => outboxConfigFrom({ OUTBOX_TIMEOUT_MS: '5000', OUTBOX_LEASE_MS: '5000' })).toThrow(
      /LEASE_MS must be longer/,
    );
    expect(() => outboxConfigFrom({ OUTBOX_MAX_ATTEMPTS: '0' })).toThrow(/at least 1/);
  });

  it('backs off exponentially between half and all of the step, capped', () => {
    const s = { backoffMs: 100, maxBackoffMs: 1000 };
    expect([1, 2, 3].map((n) => backoffDelay(s, n, () => 1))).toEqual([100, 200, 400]);
    expect([1, 2, 3].map((n) => backoffDelay(s, n, () => 0))).toEqual([50, 100, 200]);
    expect(backoffDelay(s, 10, () => 1)).toBe(1000);
  });

  it('shows each caller the jobs of the syncs it may queue', () => {
    const staff = (menus: string[]) => ({
      id: 1,
      username: 'x',
      role: 'staff',
      area: 'admin' as const,
      status: 'active',
      menus,
      shopIds: [],
      tokenGeneration: 0,
    });
    expect(topicsFor(staff(['/admin/orders']))).toEqual(['orders.sync']);
    expect(topicsFor(staff(['/admin/product/listproduct']))).toEqual(
      expect.arrayContaining(['product.sync', 'product.gp_sync', 'product.send_tis']),
    );
    expect(topicsFor(staff(['/admin/product/listproduct']))).not.toContain('orders.sync');
    expect(topicsFor(staff(['/admin/blog']))).toEqual([]);
  });
});

describe.each(dbKinds())('outbox relay (%s)', (kind) => {
  let t: TestApp;
  let rx: ReturnType<typeof receiver>;
  let settings: OutboxConfig;
  let product: number;
  let admin: number;
  let others: FastifyInstance[] = [];

  const call = async (method: 'GET' | 'POST', url: string, payload?: object, user = 'admin') =>
    t.app.inject({ method, url, payload, headers: await t.headers(user) });
  const job = async (id: number) => (await t.app.db.select().from(outboxJobs).where(eq(outboxJobs.id, id)))[0];
  const sentTo = (path: string, key: string) =>
    rx.received.filter((r) => r.path === path && r.headers['idempotency-key'] === key);

  beforeAll(async () => {
    rx = receiver();
    await new Promise<void>((done) => rx.server.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(rx.server.address() as AddressInfo).port}`;
    // gp and tis have no URL: their jobs stay queued in this app.
    const outbox: Partial<OutboxConfig> = {
      // A long request timeout: on PGlite the receiver shares this process's event loop with the database.
      workerMs: 10,
      backoffMs: 5,
      maxBackoffMs: 40,
      maxAttempts: 4,
      timeoutMs: 15_000,
      leaseMs: 30_000,
      targets: {
        storefront: { url: `${base}/storefront`, secret: SECRET },
        orders: { url: `${base}/orders`, secret: SECRET },
        purchasing: { url: `${base}/purchasing`, secret: SECRET },
      },
    };
    t = await createTestApp({ db: kind, config: { outbox } });
    settings = outboxSettings(outbox);
    [{ id: product }] = await t.app.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.approvalStatus, 'approved'), eq(products.isNew, false)))
      .limit(1);
    [{ id: admin }] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  });
  afterAll(async () => {
    await Promise.all(others.map((o) => o.close()));
    await t?.close();
    rx?.server.closeAllConnections();
    await new Promise((done) => rx?.server.close(done));
  });

  it('sends a product sync after two failed tries, with the same idempotency key and a valid signature each time', async () => {
    const res = await call('POST', '/api/product/syncproduct', { id: product });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    await waitFor(async () => expect((await job(id)).status).toBe('sent'));
    const row = await job(id);
    expect(row).toMatchObject({ attempts: 3, lastError: null, claimToken: null, claimedUntil: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    const tries = sentTo('/storefront', row.idempotencyKey);
    expect(tries).toHaveLength(3);
    for (const r of tries) {
      expect(r.headers['x-signature']).toBe(`sha256=${createHmac('sha256', SECRET).update(r.body).digest('hex')}`);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.body).toBe(tries[0].body);
    }
    expect(JSON.parse(tries[0].body)).toMatchObject({ id, topic: 'product.sync', payload: { productId: product } });
    // The product page reads the same state.
    const listed = (await call('GET', `/api/product/jobs?id=${product}`))
      .json()
      .items.find((j: { id: number }) => j.id === id);
    expect(listed).toMatchObject({
      status: 'sent',
      attempts: 3,
      configured: true,
      system: 'storefront',
      lastError: null,
      nextAttemptAt: null,
    });
  });

  it('keeps failing → dead after the last try with the reason; a staff retry queues it again and it is sent once the system is back', async () => {
    const res = await call('POST', '/api/order/syncorders', {});
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.jobId as number;
    expect(res.json().data.status).toBe('queued');
    await waitFor(async () => expect((await job(id)).status).toBe('dead'));
    const dead = await job(id);
    expect(dead).toMatchObject({ attempts: 4, lastError: 'HTTP 500: Order system down' });
    expect(sentTo('/orders', dead.idempotencyKey)).toHaveLength(4);
    const listed = (await call('GET', `${JOBS}?topic=orders.sync`)).json().find((j: { id: number }) => j.id === id);
    expect(listed).toMatchObject({
      status: 'dead',
      attempts: 4,
      maxAttempts: 4,
      lastError: 'HTTP 500: Order system down',
      configured: true,
      system: 'orders',
    });

    rx.state.ordersUp = true;
    const retried = await call('POST', `${JOBS}/${id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id, status: expect.stringMatching(/^(queued|sending|sent)$/) });
    await waitFor(async () => expect((await job(id)).status).toBe('sent'));
    expect(await job(id)).toMatchObject({ attempts: 1, lastError: null, idempotencyKey: dead.idempotencyKey });
    expect(sentTo('/orders', dead.idempotencyKey)).toHaveLength(5);
    // Only a failed or dead job is retried; an unknown id is a 404.
    const again = await call('POST', `${JOBS}/${id}/retry`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Job #${id} is sent: only a failed or dead job can be tried again.`);
    expect((await call('POST', `${JOBS}/999999/retry`, {})).statusCode).toBe(404);
  });

  it('leaves a job for a system with no URL queued, and says it is not configured', async () => {
    const res = await call('POST', '/api/product/gpproductsync', { id: product });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    await relayPass(t.app.db, settings);
    await new Promise((done) => setTimeout(done, 50));
    expect(await job(id)).toMatchObject({ status: 'queued', attempts: 0 });
    const [listed] = (await call('GET', `${JOBS}?topic=product.gp_sync&status=queued&_end=1`)).json();
    expect(listed).toMatchObject({ id, status: 'queued', configured: false, system: 'gp', attempts: 0 });
    const onPage = (await call('GET', `/api/product/jobs?id=${product}`))
      .json()
      .items.find((j: { id: number }) => j.id === id);
    expect(onPage).toMatchObject({ status: 'queued', configured: false });
    // A queued job is not retried.
    expect((await call('POST', `${JOBS}/${id}/retry`, {})).statusCode).toBe(409);
  });

  it("keeps a TIS certificate's and a GP item's status with their job: sending, failed, sent; dead, retried, active", async () => {
    const base = settings.targets.purchasing!.url.replace('/purchasing', '');
    // This test's relay passes deliver TIS (fails twice, then takes it) and GP (always 404); the app's relay has no URL for either.
    const relay = {
      ...settings,
      maxAttempts: 2,
      targets: { tis: { url: `${base}/storefront`, secret: SECRET }, gp: { url: `${base}/nowhere`, secret: SECRET } },
    };
    const certificate = async (id: number) =>
      (await call('GET', `/api/product/getTis?id=${product}`)).json().items.find((c: { id: number }) => c.id === id)
        ?.status;
    const due = (id: number) =>
      t.app.db
        .update(outboxJobs)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(outboxJobs.id, id));

    const [tis] = await t.app.db
      .select({ id: masterData.id })
      .from(masterData)
      .where(eq(masterData.type, 'tis'))
      .limit(1);
    const form = multipartSync(
      { id: String(product), tisId: String(tis.id) },
      { name: 'file', filename: 'cert.pdf', data: samples.pdf() },
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/product/senttis',
      headers: { ...(await t.headers('admin')), ...form.headers },
      payload: form.payload,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { certificate: cert, job: tisJob } = sent.json().data as { certificate: { id: number }; job: { id: number } };
    expect(await certificate(cert.id)).toBe('queued');
    const claimed = (await claimDue(t.app.db, { ...relay, targets: { tis: relay.targets.tis } })).find(
      (c) => c.job.id === tisJob.id,
    )!;
    expect(claimed).toBeDefined();
    expect(await certificate(cert.id)).toBe('sending');
    expect(await finish(t.app.db, relay, claimed, await send(claimed.job, relay.targets.tis, 5000))).toBe('failed');
    expect(await certificate(cert.id)).toBe('failed');
    for (let i = 0; i < 2 && (await job(tisJob.id)).status !== 'sent'; i++) {
      await due(tisJob.id);
      await relayPass(t.app.db, { ...relay, maxAttempts: 4 });
    }
    expect(await job(tisJob.id)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(await certificate(cert.id)).toBe('sent');

    const [{ id: bare }] = await t.app.db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.approvalStatus, 'approved'),
          sql`not exists (select 1 from ${gpItems} where ${gpItems.productId} = ${products.id})`,
        ),
      )
      .limit(1);
    const created = await call('POST', '/api/product/creategp', { id: bare });
    expect(created.statusCode, created.body).toBe(200);
    const { item, job: gpJob } = created.json().data as { item: { id: number; itemCode: string }; job: { id: number } };
    const gpItem = async () =>
      (await call('GET', `/api/product/searchgp?search=${item.itemCode}`))
        .json()
        .items.find((i: { id: number }) => i.id === item.id)?.status;
    expect(await gpItem()).toBe('queued');
    await relayPass(t.app.db, relay);
    expect(await gpItem()).toBe('failed');
    await due(gpJob.id);
    await relayPass(t.app.db, relay);
    expect(await job(gpJob.id)).toMatchObject({ status: 'dead', lastError: 'HTTP 404: no such system' });
    expect(await gpItem()).toBe('dead');
    expect((await call('POST', `${JOBS}/${gpJob.id}/retry`, {})).statusCode).toBe(200);
    expect(await gpItem()).toBe('queued');
    await relayPass(t.app.db, { ...relay, targets: { gp: { url: `${base}/purchasing`, secret: SECRET } } });
    expect(await job(gpJob.id)).toMatchObject({ status: 'sent' });
    expect(await gpItem()).toBe('active');
  });

  it("takes over a crashed sender's jobs once its lease runs out, and the late sender cannot record an outcome", async () => {
    // The app's relay has no URL for TIS; this test's relays do.
    const tis = { ...settings, targets: { tis: { url: settings.targets.purchasing!.url, secret: SECRET } } };
    const row = await enqueue(t.app.db, {
      topic: 'product.send_tis',
      payload: { productId: product },
      createdBy: admin,
    });
    const [crashed] = await claimDue(t.app.db, tis);
    expect(crashed.job.id).toBe(row.id);
    // Leased: nobody else takes it meanwhile.
    expect((await relayPass(t.app.db, tis)).map((r) => r.id)).not.toContain(row.id);
    // The lease runs out (moved into the past rather than waited for).
    await t.app.db
      .update(outboxJobs)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(outboxJobs.id, row.id));
    expect(await relayPass(t.app.db, tis)).toContainEqual({ id: row.id, status: 'sent' });
    expect(await finish(t.app.db, tis, crashed, { ok: false, error: 'late' })).toBeNull();
    expect(await job(row.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(sentTo('/purchasing', row.idempotencyKey)).toHaveLength(1);
  });

  it('counts no answer in time, a redirect and a refused connection as failed tries', async () => {
    const row = await enqueue(t.app.db, {
      topic: 'product.send_tis',
      payload: { productId: product },
      createdBy: admin,
    });
    const base = settings.targets.purchasing!.url.replace('/purchasing', '');
    expect(await send(row, { url: `${base}/hang`, secret: SECRET }, 100)).toEqual({
      ok: false,
      error: 'No answer within 100 ms',
    });
    expect(await send(row, { url: `${base}/moved`, secret: SECRET }, 5000)).toEqual({ ok: false, error: 'HTTP 302' });
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    expect(await send(row, { url: `http://127.0.0.1:${port}/`, secret: SECRET }, 5000)).toEqual({
      ok: false,
      error: 'ECONNREFUSED',
    });
    expect(await send(row, { url: `${base}/purchasing`, secret: SECRET }, 5000)).toEqual({ ok: true, status: 200 });
  });

  it('two relays never send one job twice', async () => {
    // A second relay: another app process on the same PostgreSQL database, or a second relay in this process on PGlite.
    if (kind === 'postgres') {
      const other = await buildApp(testConfig({ databaseUrl: t.databaseUrl, outbox: { ...settings, workerMs: 10 } }));
      others.push(other);
      await other.ready();
    } else {
      const second = outboxRelay(t.app.db, t.app.log, settings);
      second.start();
      others = [{ close: () => second.stop() } as unknown as FastifyInstance];
    }
    const ids = await t.app.db.transaction(async (tx) => {
      const out: number[] = [];
      for (let i = 0; i < 20; i++)
        out.push(
          (
            await enqueue(tx, {
              topic: 'product.sync_to_purchase',
              payload: { productId: product, n: i },
              createdBy: admin,
            })
          ).id,
        );
      return out;
    });
    await waitFor(async () => {
      const rows = await t.app.db
        .select({ status: outboxJobs.status })
        .from(outboxJobs)
        .where(inArray(outboxJobs.id, ids));
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
    });
    const rows = await t.app.db.select().from(outboxJobs).where(inArray(outboxJobs.id, ids));
    const keys = new Set(rows.map((r) => r.idempotencyKey));
    const requests = rx.received.filter((r) => keys.has(String(r.headers['idempotency-key'])));
    expect(requests).toHaveLength(20);
    expect(new Set(requests.map((r) => r.headers['idempotency-key'])).size).toBe(20);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });
});
