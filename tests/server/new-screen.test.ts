/**
 * `npm run new:screen` in a temporary copy of the repository: after it, with no other edit, the new resource's
 * migration is named for what it does, the app and server type-check, its server test (access rules and verbs)
 * and the words and generated-screen checks pass. The copy shares node_modules (a link); nothing here is written.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { planOf } from '../../scripts/new-screen.js';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('npm run new:screen', () => {
  let copy: string;
  const run = (cmd: string, args: string[]) =>
    execFileSync(cmd, args, {
      cwd: copy,
      encoding: 'utf8',
      stdio: 'pipe',
      // PGlite in the copy: its own template, never a database of the outer run.
      env: { ...process.env, CI: '', TEST_DATABASE_URL: '' },
    });
  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'sc-new-screen-'));
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: repo,
      encoding: 'utf8',
    })
      .split('\0')
      .filter((f) => f && existsSync(join(repo, f)));
    for (const f of files) cpSync(join(repo, f), join(copy, f));
    symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'), 'dir');
  }, 120_000);
  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('refuses a name that is not kebab case', () => {
    expect(() => planOf('Ware_houses')).toThrow(/kebab case/);
  });

  it('gives a working, tested, translated staff screen with no other edit', () => {
    run('npm', ['run', 'new:screen', '--', 'warehouses']);
    const migrations = readdirSync(join(copy, 'server/drizzle')).filter((f) => f.endsWith('.sql'));
    const newest = migrations.sort().at(-1)!;
    expect(newest).toMatch(/^\d{4}_create_warehouses\.sql$/);
    expect(readFileSync(join(copy, 'server/drizzle', newest), 'utf8')).toContain('CREATE TABLE "warehouses"');
    const screens = readFileSync(join(copy, 'contract/screens.ts'), 'utf8');
    expect(screens).toContain('generated: { resource: "warehouses" }');
    expect(readFileSync(join(copy, 'src/api/resources.ts'), 'utf8')).toContain('warehouses');
    for (const lng of ['en', 'fr', 'vi', 'cn', 'ar'])
      expect(existsSync(join(copy, `public/locales/${lng}/warehouses.json`)), lng).toBe(true);
    // What a developer wrote: nothing. What the generator wrote is checked like hand-written code.
    run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
    run('npx', ['tsc', '-p', 'server/tsconfig.json', '--noEmit']);
    const server = run('npx', ['vitest', 'run', '--project', 'server', 'tests/server/warehouses.test.ts']);
    expect(server).toMatch(/Tests: 2 passed, 0 failed/);
    const unit = run('npx', [
      'vitest',
      'run',
      '--project',
      'unit',
      'tests/unit/generated-screens.test.ts',
      'tests/unit/locales.test.ts',
    ]);
    expect(unit).toMatch(/Tests: \d+ passed, 0 failed/);
  }, 900_000);
});
