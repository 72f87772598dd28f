/**
 * `tsx scripts/parallel.ts "<command>" "<command>" … [-- args of the last command]`: runs the commands side by side
 * and fails if any fails. The last one prints as it goes (in `npm test`, Vitest: a long run shows its progress, and
 * a run cut short still shows how far it came); each other one's output is kept together and printed when it ends.
 * Arguments after the commands, from the first that starts with `-`, go to the last command, so that
 * `npm test -- --project unit` reaches Vitest.
 *
 * `npm test` runs the type checks and the lint beside the build and then Vitest: each check is mostly one thread, and
 * the lint outlasts the build by minutes, in which the unit and server tests use the other core.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('-'));
const commands = firstOption === -1 ? args : args.slice(0, firstOption);
// `--` itself only marks where they start.
const extra = firstOption === -1 ? [] : args.slice(args[firstOption] === '--' ? firstOption + 1 : firstOption);
if (!commands.length) {
  console.error('usage: tsx scripts/parallel.ts "<command>" … [-- args of the last command]');
  process.exit(2);
}
const quoted = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;
if (extra.length) commands[commands.length - 1] += ` ${extra.map(quoted).join(' ')}`;

const results = await Promise.all(
  commands.map(
    (command, i) =>
      new Promise<{ command: string; code: number; seconds: number }>((resolve) => {
        const started = performance.now();
        const live = i === commands.length - 1;
        const child = spawn(command, {
          shell: true,
          stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
        });
        const output: Buffer[] = [];
        child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
        child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
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
