/**
 * The table of screens (contract/screens.ts) against the running server: every built screen's
 * endpoints are served and admit the screen's menu path, every served route is in the table, and
 * the legacy catalogue lines served are all in the table and the OpenAPI document.
 */
import { readFileSync } from 'node:fs';
import { createTestApp, type TestApp } from '../support/app.js';
import { grantOf, PUBLIC_ENDPOINTS, SCREENS, SIGNED_IN_ENDPOINTS, endpointGrants } from '../../contract/screens.js';
import { accessFor, tablePath } from '../../server/src/auth/access.js';
import { allows } from '../../server/src/auth/guard.js';
import type { AuthUser } from '../../server/src/auth/types.js';

const CATALOGUE = readFileSync(new URL('../../server/contract/endpoints.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [method, path, , area] = l.split('\t');
    return { method, path, area };
  });

describe('table of screens', () => {
  let t: TestApp;
  let served: Map<string, string[]>;
  beforeAll(async () => {
    t = await createTestApp({ db: 'pglite' });
    served = new Map();
    for (const r of t.app.routeTable.filter((x) => x.url.startsWith('/api') || x.url === '/health')) {
      served.set(r.url, [...(served.get(r.url) ?? []), r.method]);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it("serves every endpoint a built screen lists, and admits the screen's own menu path to it", () => {
    const missing: string[] = [];
    for (const s of SCREENS.filter((x) => x.built)) {
      const holder: AuthUser = {
        id: 1,
        username: 'probe',
        role: 'staff',
        area: s.area,
        status: 'active',
        menus: [grantOf(s)],
        shopIds: [],
        tokenGeneration: 0,
      };
      for (const e of s.endpoints) {
        // `/api/v2/<resource>` stands for all of its routes (auth/access.ts): one of them served is enough.
        if (!served.has(e) && ![...served.keys()].some((url) => tablePath(url) === e)) missing.push(`${s.id}: ${e}`);
        const access = accessFor(e);
        expect(access, `${s.id}: ${e}`).toBeDefined();
        expect(allows(holder, access!), `${s.id} (${grantOf(s)}) may call ${e}`).toBe(true);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names every served route in the table', () => {
    const named = new Set([...PUBLIC_ENDPOINTS, ...SIGNED_IN_ENDPOINTS, ...endpointGrants().keys()]);
    const unnamed = [...served.keys()].filter((url) => !named.has(tablePath(url)));
    expect(unnamed).toEqual([]);
  });

  it('gives suppliers only endpoints a built supplier screen lists', () => {
    const supplier: AuthUser = {
      id: 1,
      username: 'probe',
      role: 'supplier',
      area: 'supplier',
      status: 'active',
      menus: SCREENS.filter((s) => s.area === 'supplier').map(grantOf),
      shopIds: [],
      tokenGeneration: 0,
    };
    const supplierLists = new Set(SCREENS.filter((s) => s.built && s.area === 'supplier').flatMap((s) => s.endpoints));
    for (const url of served.keys()) {
      const access = accessFor(url)!;
      if (access === 'public' || access === 'user') continue;
      expect(allows(supplier, access), url).toBe(supplierLists.has(tablePath(url)));
    }
    // The decisions of the order issue, spelled out.
    for (const staffOnly of [
      'approveslip',
      'changeslip',
      'uploadslippayment',
      'slippayment',
      'restoreredeem',
      'syncorders',
      'setclaimorder',
    ]) {
      expect(allows(supplier, accessFor(`/api/order/${staffOnly}`)!), staffOnly).toBe(false);
    }
    for (const fulfil of [
      'orderlist',
      'orderview',
      'changestatusreadyitem',
      'shippingorder',
      'contactcustomer',
      'fileclaim',
      'cancelorder',
    ]) {
      expect(allows(supplier, accessFor(`/api/order/${fulfil}`)!), fulfil).toBe(true);
    }
  });

  it('reports which legacy catalogue lines are served; each served one is in the table and the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const named = new Set([...PUBLIC_ENDPOINTS, ...SIGNED_IN_ENDPOINTS, ...endpointGrants().keys()]);
    const byArea = new Map<string, { served: number; total: number }>();
    const problems: string[] = [];
    for (const line of CATALOGUE) {
      const tally = byArea.get(line.area) ?? { served: 0, total: 0 };
      tally.total += 1;
      byArea.set(line.area, tally);
      if (!served.get(line.path)?.includes(line.method)) continue;
      tally.served += 1;
      if (!named.has(line.path)) problems.push(`${line.path}: served but in no screen of the table`);
      if (!doc.paths[line.path]?.[line.method.toLowerCase()])
        problems.push(`${line.method} ${line.path}: served but missing from OpenAPI`);
    }
    const total = [...byArea.values()].reduce((a, b) => ({ served: a.served + b.served, total: a.total + b.total }), {
      served: 0,
      total: 0,
    });
    console.info(
      `legacy catalogue: ${total.served}/${total.total} served — ${[...byArea].map(([a, n]) => `${a} ${n.served}/${n.total}`).join(', ')}`,
    );
    expect(problems).toEqual([]);
    expect(total.served).toBeGreaterThanOrEqual(144);
  });
});
