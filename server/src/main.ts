import { performance } from 'node:perf_hooks';
import { pgliteEngine } from './db/pglite-engine.js';

const started = performance.now();
// On PGlite (no DATABASE_URL) the database engine compiles on background threads while the app's code loads.
if (!process.env.DATABASE_URL) pgliteEngine().catch(() => undefined);
const { loadConfig } = await import('./config.js');
const { buildApp } = await import('./app.js');
const config = loadConfig();
const app = await buildApp(config);
const address = await app.listen({ port: config.port, host: config.host });
const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
app.log.info(
  `Seller Center listening on ${shown} (db: ${app.dbKind}, ready in ${Math.round(performance.now() - started)} ms)`,
);
app.log.info(`API docs: ${shown}/docs`);
if (app.seeded) {
  const list = app.seeded.accounts.map((a) => `${a.username} (${a.role})`).join(', ');
  app.log.info(`Demo data created. Accounts (password ${app.seeded.accounts[0]?.password}): ${list}`);
  const { pictures, rendered, cached, ms } = app.seeded.pictures;
  app.log.info(`Demo pictures: ${pictures} stored (${rendered} drawn, ${cached} from the cache) in ${ms} ms`);
}

/** However shutdown goes (a stalled upload keeps its connection open, the database does not close), the process ends. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

// A parent that exits at once after SIGTERM takes the readers of stdout and stderr with it: writing a log line then
// fails with EPIPE, which must not end the process in an unhandled 'error' before the shutdown is done.
for (const out of [process.stdout, process.stderr]) out.on('error', () => undefined);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    setTimeout(() => {
      app.log.error(`shutdown did not finish within ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error(err);
        process.exit(1);
      },
    );
  });
}
