/**
 * PGlite's database work, one statement or transaction at a time, in the order the requests it serves arrived.
 *
 * PGlite runs each statement synchronously on the main thread. Left to itself, a request's statement runs
 * inside the socket callback that read the request, so the event loop only turns once every ready socket has
 * had its statement run: under load a turn takes hundreds of milliseconds, and as Node takes one new connection
 * per turn (libuv 1.45+), the last of 50 new connections waits seconds for its first answer. Here each job runs on a turn of
 * its own (setImmediate), so sockets are read and connections taken between any two jobs; the queued jobs go by
 * the arrival of their request, so a request's next statement goes before the first statements of requests that
 * came after it, and requests finish in the order they came instead of all finishing late.
 *
 * A request's work carries its arrival until it starts answering (`answering`): event streams and CSV exports
 * answer at once and then read for as long as they stream, each read queued as a newcomer. Work of no request
 * (start-up, the outbox relay, notification delivery) also queues as a newcomer.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';

/** The request on whose behalf database work runs. */
export interface Arrival {
  readonly order: number;
  answering: boolean;
}

const current = new AsyncLocalStorage<Arrival | undefined>();
let arrivals = 0;

/** A new request's arrival, taken when it is read. */
export const arrive = (): Arrival => ({ order: arrivals++, answering: false });

/** Runs `fn` (and the work it starts) on behalf of `arrival`. */
export const runAs = <T>(arrival: Arrival, fn: () => T): T => current.run(arrival, fn);

interface Job {
  order: number;
  work(): Promise<unknown>;
  resolve(v: unknown): void;
  reject(err: unknown): void;
}

export class FairQueue {
  /** Waiting jobs, by order (ties: first come first). */
  private waiting: Job[] = [];
  private busy = false;

  run<T>(work: () => Promise<T>): Promise<T> {
    const a = current.getStore();
    const order = a && !a.answering ? a.order : arrivals++;
    return new Promise<T>((resolve, reject) => {
      const job = { order, work, resolve: resolve as (v: unknown) => void, reject };
      let i = this.waiting.length;
      while (i > 0 && this.waiting[i - 1].order > order) i--;
      this.waiting.splice(i, 0, job);
      if (!this.busy) {
        this.busy = true;
        this.next();
      }
    });
  }

  /** The next job on a turn of its own, outside any request (what PGlite calls back, e.g. a notification, is nobody's). */
  private next() {
    // run(undefined), not exit(): on Node 20 exit() switches the async hooks off and on again, once per job.
    current.run(undefined, () =>
      setImmediate(() => {
        const job = this.waiting.shift();
        if (!job) {
          this.busy = false;
          return;
        }
        // A job that throws instead of rejecting must not stop the queue.
        new Promise((r) => r(job.work()))
          .then(
            (v) => job.resolve(v),
            (e) => job.reject(e),
          )
          .finally(() => this.next());
      }),
    );
  }
}

/**
 * `client` as drizzle uses it, its statements and transactions through a FairQueue. A transaction is one job:
 * its statements go through PGlite's transaction object, which holds the connection until it ends.
 */
export function fairPglite(client: PGlite): PGlite {
  const queue = new FairQueue();
  const query: PGlite['query'] = (...args) => queue.run(() => client.query(...args));
  const transaction = <T>(fn: (tx: Transaction) => Promise<T>) => queue.run(() => client.transaction(fn));
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') return query;
      if (prop === 'transaction') return transaction;
      const value = Reflect.get(target, prop, target) as unknown;
      // PGlite keeps its state in private fields: its own methods must see the instance itself.
      return typeof value === 'function' ? (value.bind(target) as unknown) : value;
    },
  });
}
