import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, dirname, relative } from 'node:path';

const SERVER = resolve(__dirname, '../../server/src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Relative imports of a file, as absolute .ts paths; `runtime`: without the type-only ones (erased when it runs). */
function imports(file: string, opts: { runtime?: boolean } = {}): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s+(type\s)?[^;]*?from '(\.[^']+)'/gms)]
    .filter((m) => !(opts.runtime && m[1]))
    .map((m) => resolve(dirname(file), m[2]).replace(/\.js$/, '.ts'));
}

describe('server structure', () => {
  it('no module imports the demo seed: domain facts live in modules or the schema', () => {
    const offenders = files(join(SERVER, 'modules')).filter((f) => imports(f).some((i) => i.includes('/db/seed')));
    expect(offenders.map((f) => relative(SERVER, f))).toEqual([]);
  });

  it('the server files import each other without a circle (type-only imports aside)', () => {
    const all = files(SERVER);
    const graph = new Map(all.map((f) => [f, imports(f, { runtime: true }).filter((i) => all.includes(i))]));
    const cycles: string[] = [];
    // A file whose imports were all walked holds no circle not already found: each file is walked once.
    const done = new Set<string>();
    const walk = (f: string, path: string[]) => {
      if (path.includes(f))
        return void cycles.push([...path.slice(path.indexOf(f)), f].map((p) => relative(SERVER, p)).join(' → '));
      if (done.has(f)) return;
      for (const next of graph.get(f) ?? []) walk(next, [...path, f]);
      done.add(f);
    };
    all.forEach((f) => walk(f, []));
    expect(cycles).toEqual([]);
  });

  it('every module declares its routes one way: routesOf() from lib/route.ts (or lib/rest.ts for /api/v2)', () => {
    const direct = files(join(SERVER, 'modules')).flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/\bapp\.(get|post|put|patch|delete|route)\s*[<(]/g)].map(
        (m) => `${relative(SERVER, f)}: app.${m[1]}`,
      ),
    );
    expect(direct).toEqual([]);
  });
});
