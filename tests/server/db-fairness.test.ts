/**
 * PGlite's database work queues fairly (server/src/db/fair-queue.ts, lib/db-fairness.ts): a request's next
 * statement goes before the statements of requests that came after it, so requests finish in the order they
 * came; a request already answering (a stream) and work of no request queue as newcomers; and the event loop
 * turns between two statements, so a request arriving while statements wait is read before they have all run.
 * Orders only, no clocks: speed is measured in bench/orders-bench.ts.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDb } from '../../server/src/db/client.js';
import { dbFairnessPlugin } from '../../server/src/lib/db-fairness.js';

describe('fair database queue (pglite)', () => {
  let app: FastifyInstance;
  const log: string[] = [];
  const arrived: number[] = [];
  // Every probe request waits here until all have come, so that their first statements queue together.
  let expected = 0;
  let inside = 0;
  let allIn = () => {};
  let gate = Promise.resolve();
  let streaming = () => {};

  beforeAll(async () => {
    const handle = await openDb({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
    app = Fastify();
    app.decorate('db', handle.db);
    app.decorate('dbKind', handle.kind);
    app.addHook('onClose', async () => handle.close());
    await app.register(dbFairnessPlugin);
    app.addHook('onRequest', async (req) => {
      const n = (req.query as { n?: string }).n;
      if (n !== undefined) arrived.push(Number(n));
      else if (req.url === '/ping') log.push('request');
    });
    // Two statements per request.
    app.get<{ Querystring: { n: string } }>('/probe', async (req) => {
      const n = req.query.n;
      if (++inside === expected) allIn();
      await gate;
      await app.db.execute(sql`select count(*) from orders`);
      log.push(`${n} first`);
      await app.db.execute(sql`select count(*) from order_items`);
      log.push(`${n} second`);
      return { n };
    });
    // Answers at once (a stream), then reads when the probes are all in.
    app.get('/stream', async (_req, reply) => {
      const out = new PassThrough();
      reply.send(out);
      streaming();
      await gate;
      await app.db.execute(sql`select count(*) from orders`);
      log.push('stream');
      out.end('done');
      return reply;
    });
    app.get('/ping', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => app?.close());
  beforeEach(() => {
    log.length = 0;
    arrived.length = 0;
    inside = 0;
  });

  it("runs a request's second statement before later requests' first ones: requests finish in arrival order", async () => {
    expected = 5;
    gate = new Promise((r) => {
      allIn = r;
    });
    const answers = await Promise.all([0, 1, 2, 3, 4].map((n) => app.inject({ method: 'GET', url: `/probe?n=${n}` })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(arrived).toHaveLength(5);
    // Unfair (first come first served per statement): 0 first, 1 first, …, 4 first, 0 second, …
    expect(log).toEqual(arrived.flatMap((n) => [`${n} first`, `${n} second`]));
  });

  it('queues the reads of a request that is answering (a stream), and work of no request, as newcomers', async () => {
    expected = 3;
    gate = new Promise((r) => {
      allIn = r;
    });
    // The stream comes first, but it is answering by the time it reads.
    const answering = new Promise<void>((r) => {
      streaming = r;
    });
    const stream = app.inject({ method: 'GET', url: '/stream' });
    await answering;
    const probes = Promise.all([0, 1, 2].map((n) => app.inject({ method: 'GET', url: `/probe?n=${n}` })));
    const outside = gate
      .then(() => app.db.execute(sql`select count(*) from orders`))
      .then(() => {
        log.push('outside');
      });
    await Promise.all([stream, probes, outside]);
    expect((await stream).body).toBe('done');
    expect(log.slice(0, 6)).toEqual(arrived.flatMap((n) => [`${n} first`, `${n} second`]));
    expect(log.slice(6).sort()).toEqual(['outside', 'stream']);
  });

  it('reads a request that arrives over a socket while statements of no request wait, before they have all run', async () => {
    const statements = Array.from({ length: 30 }, (_, i) =>
      app.db.execute(sql`select count(*) from orders`).then(() => {
        log.push(`statement ${i}`);
      }),
    );
    const { port } = app.server.address() as { port: number };
    const answered = new Promise<number>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: '/ping' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    await Promise.all(statements);
    expect(await answered).toBe(200);
    // Unfair: the 30 statements run back to back inside one turn of the event loop, the request is read after the last.
    expect(log.indexOf('request')).toBeGreaterThanOrEqual(0);
    expect(log.indexOf('request')).toBeLessThan(log.indexOf('statement 29'));
  });
});
