/**
 * Shutdown always ends: the real server (`npm run serve`, a child process with stdout and stderr as pipes) gets
 * SIGTERM from a parent that drops the pipes at once, while a client holds a request open (an upload that stalls
 * half-way, which keeps the HTTP server from closing). The process exits within the shutdown bound (10 s).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { repoRoot } from '../../server/src/root.js';
import { TMP_DIR } from '../support/db.js';
import { serveArgs } from '../support/server.js';

const work = mkdtempSync(join(TMP_DIR, 'shutdown-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

it('exits within the bound after SIGTERM with its pipes gone and a request still open', async () => {
  const port = await freePort();
  const child = spawn(process.execPath, serveArgs(), {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(work, 'data'),
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      NOTIFY_WORKER_MS: '0',
      JWT_SECRET: 'shutdown-test-secret-0123456789-0123456789',
    },
  });
  const exited = new Promise<{ code: number | null; at: number }>((r) =>
    child.once('exit', (code) => r({ code, at: Date.now() })),
  );
  child.stdout.resume();
  child.stderr.resume();
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (
        await fetch(`http://127.0.0.1:${port}/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // A sign-in whose body never arrives in full: its connection is busy, not idle, so closing waits for it.
    const stalled = connect(port, '127.0.0.1');
    await new Promise((r) => stalled.once('connect', r));
    stalled.write(
      'POST /api/account/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{"users":',
    );
    await new Promise((r) => setTimeout(r, 200));

    const sent = Date.now();
    child.kill('SIGTERM');
    child.stdout.destroy();
    child.stderr.destroy();
    const bound = new Promise<null>((r) => setTimeout(() => r(null), 15_000));
    const end = await Promise.race([exited, bound]);
    stalled.destroy();
    expect(end, 'the server was still running 15 s after SIGTERM').not.toBeNull();
    expect(end!.at - sent).toBeLessThan(12_000);
    // Past the bound the exit is a failure (1); the log line saying so went to a pipe nobody reads.
    expect(end!.code).toBe(1);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}, 120_000);
