import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { importCircles, importsOf, sourceFiles } from '../support/imports.js';

const SERVER = resolve(__dirname, '../../server/src');

describe('server structure', () => {
  it('no module imports the demo seed: domain facts live in modules or the schema', () => {
    const offenders = sourceFiles(join(SERVER, 'modules')).filter((f) =>
      importsOf(f).some((i) => relative(SERVER, i).startsWith('demo/')),
    );
    expect(offenders.map((f) => relative(SERVER, f))).toEqual([]);
  });

  it('the server files import each other without a circle (type-only imports aside)', () => {
    expect(importCircles(SERVER)).toEqual([]);
  });

  it('every module declares its routes one way: routesOf() from lib/route.ts (or rest/resource.ts for /api/v2)', () => {
    const direct = sourceFiles(join(SERVER, 'modules')).flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/\bapp\.(get|post|put|patch|delete|route)\s*[<(]/g)].map(
        (m) => `${relative(SERVER, f)}: app.${m[1]}`,
      ),
    );
    expect(direct).toEqual([]);
  });
});
