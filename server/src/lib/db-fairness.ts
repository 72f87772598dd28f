/**
 * Stamps each request with its arrival so that, on PGlite, its database work queues by it (db/fair-queue.ts).
 * Registered before the guard: the auth check's statement is the request's too.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { arrive, runAs, type Arrival } from '../db/fair-queue.js';

const arrivals = new WeakMap<FastifyRequest, Arrival>();

export const dbFairnessPlugin = fp(
  async (app: FastifyInstance) => {
    if (app.dbKind !== 'pglite') return;
    app.addHook('onRequest', (request, _reply, done) => {
      const a = arrive();
      arrivals.set(request, a);
      runAs(a, done);
    });
    // The body is read in the socket's callbacks, outside the request's context: the handler steps back in.
    app.addHook('preValidation', (request, _reply, done) => {
      const a = arrivals.get(request);
      if (a) runAs(a, done);
      else done();
    });
    // From its first byte out, a request queues as a newcomer: a stream or an export reads on long after it came.
    app.addHook('onSend', (request, _reply, payload, done) => {
      const a = arrivals.get(request);
      if (a) a.answering = true;
      done(null, payload);
    });
  },
  { name: 'db-fairness' },
);
