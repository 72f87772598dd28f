/** The import graph of a source tree, for the structure tests: which file imports which, and the circles in it. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The .ts and .tsx files under `dir`. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(path) ? [path] : [];
  });
}

/** `./x`, `./x.js`, `./x.ts`, `./x.tsx` or `./x/index.ts(x)` as the file it names, if it is source. */
function resolveSource(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec).replace(/\.js$/, '');
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (p) => /\.tsx?$/.test(p) && existsSync(p),
  );
}

/**
 * Relative imports of a file as absolute paths. `runtime`: without the type-only ones (erased when it runs). Lazy
 * `import("./x")` counts: a screen chunk that imports back into the file that loads it is still a circle of modules.
 */
export function importsOf(file: string, opts: { runtime?: boolean } = {}): string[] {
  const text = readFileSync(file, 'utf8');
  const stat = [...text.matchAll(/^(?:import|export)\s+(type\s)?[^;]*?from ["'](\.[^"']+)["']/gms)]
    .filter((m) => !(opts.runtime && m[1]))
    .map((m) => m[2]);
  const lazy = [...text.matchAll(/\bimport\(\s*["'](\.[^"']+)["']\s*\)/g)].map((m) => m[1]);
  return [...stat, ...lazy].map((spec) => resolveSource(file, spec)).filter((p): p is string => !!p);
}

/** Every import circle among the files under `root` (runtime imports), each as `a → b → a`, relative to `root`. */
export function importCircles(root: string): string[] {
  const all = sourceFiles(root);
  const graph = new Map(all.map((f) => [f, importsOf(f, { runtime: true })]));
  const circles: string[] = [];
  // A file whose imports were all walked holds no circle not already found: each file is walked once.
  const done = new Set<string>();
  const walk = (f: string, path: string[]) => {
    if (path.includes(f))
      return void circles.push([...path.slice(path.indexOf(f)), f].map((p) => relative(root, p)).join(' → '));
    if (done.has(f)) return;
    for (const next of graph.get(f) ?? []) walk(next, [...path, f]);
    done.add(f);
  };
  all.forEach((f) => walk(f, []));
  return circles;
}
