import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { importCircles, importsOf, sourceFiles } from '../support/imports.js';

const SERVER = resolve(__dirname, '../../server/src');

/**
 * The server's rooms, ground floor first. A file imports from its own room and the rooms below it, type-only
 * imports included, never from a room above: the database code knows no helper, lib no guard, no module the demo
 * seed (domain facts live in the modules or the schema). app.ts, main.ts and config.ts stand above the rooms; root.ts (where
 * the repository is) below them.
 */
const ROOMS = ['db', 'lib', 'auth', 'rest', 'modules', 'demo', 'ops'];
const roomOf = (file: string) => relative(SERVER, file).split('/')[0];

describe('server structure', () => {
  ROOMS.slice(0, -1).forEach((room, floor) => {
    const above = ROOMS.slice(floor + 1);
    it(`${room}/ imports nothing from the rooms above it (${above.join('/, ')}/)`, () => {
      const upward = sourceFiles(join(SERVER, room)).flatMap((f) =>
        importsOf(f)
          .filter((i) => above.includes(roomOf(i)))
          .map((i) => `${relative(SERVER, f)} → ${relative(SERVER, i)}`),
      );
      expect(upward).toEqual([]);
    });
  });

  it("db/ and lib/ import no top-level file but root.ts (config.ts reads the modules' settings)", () => {
    const upward = ['db', 'lib'].flatMap((room) =>
      sourceFiles(join(SERVER, room)).flatMap((f) =>
        importsOf(f)
          .filter((i) => roomOf(i).endsWith('.ts') && roomOf(i) !== 'root.ts')
          .map((i) => `${relative(SERVER, f)} → ${relative(SERVER, i)}`),
      ),
    );
    expect(upward).toEqual([]);
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
