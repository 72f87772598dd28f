/**
 * `tsx scripts/parallel.ts "<command>" "<command>" …`: runs the commands side by side (each one's output kept
 * together and printed when it ends, so the log reads like a sequential run) and fails if any fails. `npm test`
 * runs the type checks, the lint and the build this way: each is mostly one thread, and a CI machine has two cores.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const commands = process.argv.slice(2);
if (!commands.length) {
  console.error('usage: tsx scripts/parallel.ts "<command>" …');
  process.exit(2);
}

const results = await Promise.all(
  commands.map(
    (command) =>
      new Promise<{ command: string; code: number; seconds: number }>((resolve) => {
        const started = performance.now();
        const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
        const output: Buffer[] = [];
        child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
        child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
        child.on('close', (code, signal) => {
          const seconds = Math.round((performance.now() - started) / 100) / 10;
          process.stdout.write(`\n> ${command}  (${seconds} s)\n${Buffer.concat(output).toString()}`);
          resolve({ command, code: code ?? (signal ? 1 : 0), seconds });
        });
      }),
  ),
);

const failed = results.filter((r) => r.code !== 0);
for (const r of failed) console.error(`failed (exit ${r.code}): ${r.command}`);
process.exit(failed.length ? 1 : 0);
