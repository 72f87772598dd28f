/**
 * The load generator of `bench/capacity-bench.ts`, run as its own process (forked, driven over IPC) so its CPU is its own
 * and printed beside the results. Each simulated user is a session of a demo staff account that loops the screens a
 * back-office person uses, with a seeded think time between requests (what makes N users N concurrent staff, not N
 * connections hammering). Sessions keep their token across runs, as staff stay signed in; a share sign in again.
 * Node's own http client with one keep-alive agent (a socket per session at most: a session has one request in flight).
 */
import http from 'node:http';
import { deflateSync } from 'node:zlib';

/** What the parent asks for: one measured run at `users` sessions against `url`. */
export interface RunRequest {
  url: string;
  users: number;
  warmSeconds: number;
  seconds: number;
  seed: number;
  thinkMs: [number, number];
}
export interface KindResult {
  /** Latencies (ms) of the answers counted as served (2xx and expected 409s). */
  lat: number[];
  ok: number;
  /** 409 on a status change or a product edit: another simulated user got there first (expected). */
  conflicts: number;
  errors: number;
  /** Error answers by status ("socket" / "timeout" for no answer), for the report. */
  byStatus: Record<string, number>;
}
export interface RunResult {
  kinds: Record<string, KindResult>;
  seconds: number;
  /** The generator's CPU over the measured window, % of one core. */
  cpuPct: number;
  signIns: number;
  signInSeconds: number;
}

const PASSWORD = 'Demo@2026';
/** Demo staff (server/src/demo): the admin does everything; the order desk the dashboard and orders; merchandisers products. */
const ROLES = [
  { role: 'admin', users: ['admin'], weight: 2 },
  { role: 'orders', users: ['wanida'], weight: 1 },
  { role: 'products', users: ['nattapong', 'jiraporn'], weight: 1 },
] as const;
type Role = (typeof ROLES)[number]['role'];

/** Screens (each a few requests) by role, with weights: a staff member's day, roughly. */
const MIX: Record<Role, [Screen, number][]> = {
  admin: [
    ['dashboard', 14],
    ['orders', 30],
    ['statusChange', 10],
    ['products', 24],
    ['productEdit', 10],
    ['upload', 5],
    ['signIn', 3],
  ],
  orders: [
    ['dashboard', 20],
    ['orders', 55],
    ['statusChange', 20],
    ['signIn', 5],
  ],
  products: [
    ['products', 55],
    ['productEdit', 28],
    ['upload', 12],
    ['signIn', 5],
  ],
};
type Screen = 'dashboard' | 'orders' | 'statusChange' | 'products' | 'productEdit' | 'upload' | 'signIn';

/** mulberry32: a seeded stream, so a run's choices and think times are the same every time. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = ReturnType<typeof rng>;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const weighted = <T>(r: Rand, xs: [T, number][]): T => {
  let x = r() * xs.reduce((s, [, w]) => s + w, 0);
  for (const [v, w] of xs) if ((x -= w) < 0) return v;
  return xs[xs.length - 1][0];
};

/** A real 16×16 PNG (the server sniffs the content), built once: CRC-32 by table, the pixels deflated. */
function png(): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = table[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(16, 0);
  ihdr.writeUInt32BE(16, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc(16 * (1 + 16 * 3));
  for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) rows.set([x * 16, y * 16, 128], y * 49 + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = png();

const agent = new http.Agent({ keepAlive: true, maxSockets: 4096 });
const TIMEOUT_MS = 30_000;
interface Answer {
  status: number;
  body: unknown;
}
/** One request; status 0 = no answer (socket error or timeout, told apart by `body`). */
function request(url: string, method: string, path: string, token: string | null, body?: Buffer, type?: string) {
  return new Promise<Answer>((resolve) => {
    const headers: Record<string, string | number> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body) {
      headers['content-type'] = type ?? 'application/json';
      headers['content-length'] = body.length;
    }
    const req = http.request(`${url}${path}`, { method, headers, agent, timeout: TIMEOUT_MS }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString();
        let json: unknown = null;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          json = text;
        }
        resolve({ status: res.statusCode ?? 0, body: json });
      });
      res.on('error', () => resolve({ status: 0, body: 'socket' }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ status: 0, body: e.message === 'timeout' ? 'timeout' : 'socket' }));
    req.end(body);
  });
}

/** Thrown at a session's next step once the measured window is over: the run ends without its screens' tails. */
const STOP = new Error('stop');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// Seeded dates of the bulk orders end here (server/src/demo/seed/large.ts).
const LAST_DAY = Date.parse('2026-11-22T00:00:00Z');
const day = (daysBack: number) => new Date(LAST_DAY - daysBack * 86_400_000).toISOString().slice(0, 10);
/** Status tabs a status change is made from, and the legal next step (server/src/modules/orders/state.ts). */
const NEXT: [string, string, number][] = [
  ['pending_payment', 'paid', 1],
  ['paid', 'preparing', 1],
  ['delivered', 'completed', 2],
];

interface Session {
  i: number;
  role: Role;
  username: string;
  token: string | null;
}
type Obj = Record<string, unknown>;
const obj = (x: unknown): Obj => (x && typeof x === 'object' ? (x as Obj) : {});
const list = (x: unknown): Obj[] => (Array.isArray(x) ? (x as Obj[]) : []);

/** The generator's state across runs: sessions (their tokens) and the filter values the list screens offer. */
const sessions: Session[] = [];
let filters: { shops: number[]; brands: number[]; level1: number[] } | null = null;

async function signIn(url: string, s: Session): Promise<Answer> {
  const a = await request(
    url,
    'POST',
    '/api/account/login',
    null,
    Buffer.from(JSON.stringify({ users: s.username, password: PASSWORD, typeLogin: 'staff' })),
  );
  const token = obj(a.body).accessToken;
  if (a.status === 200 && typeof token === 'string') s.token = token;
  return a;
}

async function run(req: RunRequest): Promise<RunResult> {
  const { url } = req;
  // New sessions sign in before the run starts (8 at a time), not measured: a run measures staff at work, and the
  // re-sign-ins inside it stand for the morning's arrivals.
  const signIns0 = Date.now();
  let signIns = 0;
  for (let i = sessions.length; i < req.users; i++) {
    const r = rng(req.seed * 7919 + i);
    const role = weighted(
      r,
      ROLES.map((x) => [x.role, x.weight] as [Role, number]),
    );
    const users = ROLES.find((x) => x.role === role)!.users;
    sessions.push({ i, role, username: pick(r, users), token: null });
  }
  const pending = sessions.slice(0, req.users).filter((s) => !s.token);
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let s = pending.shift(); s; s = pending.shift()) {
        const a = await signIn(url, s);
        if (!s.token) throw new Error(`sign-in of ${s.username} failed: ${a.status} ${JSON.stringify(a.body)}`);
        signIns++;
      }
    }),
  );
  const signInSeconds = (Date.now() - signIns0) / 1000;
  if (!filters) {
    // As the product list screen reads them, with a session that has that screen (the order desk's does not).
    let lister = sessions.find((x) => x.role !== 'orders' && x.token);
    if (!lister) await signIn(url, (lister = { i: -1, role: 'admin', username: 'admin', token: null }));
    const m = obj(obj((await request(url, 'GET', '/api/product/masterproduct', lister.token)).body).data);
    const ids = (k: string) => list(m[k]).map((x) => Number(x.id));
    filters = { shops: ids('shops'), brands: ids('brands'), level1: ids('level1') };
    if (!filters.shops.length) throw new Error('masterproduct gave no shops');
  }
  const f = filters;

  const kinds: Record<string, KindResult> = {};
  const t0 = Date.now();
  const from = t0 + req.warmSeconds * 1000;
  const until = from + req.seconds * 1000;
  // The generator's CPU over the measured window exactly (timers at its start and end).
  let cpu0: NodeJS.CpuUsage | undefined;
  let cpu: NodeJS.CpuUsage | undefined;
  const cpuTimers = [
    setTimeout(() => (cpu0 = process.cpuUsage()), from - t0),
    setTimeout(() => (cpu = process.cpuUsage(cpu0)), until - t0),
  ];

  const runSession = async (s: Session) => {
    const r = rng(req.seed * 104729 + s.i * 31 + sessions.length);
    const think = async () => {
      await sleep(req.thinkMs[0] + r() * (req.thinkMs[1] - req.thinkMs[0]));
      if (Date.now() >= until) throw STOP;
    };
    /** A request of `kind`; recorded when it started inside the measured window. */
    const call = async (kind: string, method: string, path: string, body?: object | Buffer, type?: string) => {
      const start = Date.now();
      if (start >= until) throw STOP;
      const t = performance.now();
      const buf = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
      const a = await request(url, method, path, s.token, buf, type);
      const ms = performance.now() - t;
      if (start >= from && start < until) {
        const k = (kinds[kind] ??= { lat: [], ok: 0, conflicts: 0, errors: 0, byStatus: {} });
        if (a.status >= 200 && a.status < 300) {
          k.ok++;
          k.lat.push(ms);
        } else if (a.status === 409 && (kind === 'status change' || kind === 'product edit')) {
          k.conflicts++;
          k.lat.push(ms);
        } else {
          k.errors++;
          const key = a.status ? String(a.status) : String(a.body);
          k.byStatus[key] = (k.byStatus[key] ?? 0) + 1;
        }
      }
      return a;
    };
    const q = (p: Record<string, string | number | boolean | undefined>) =>
      new URLSearchParams(
        Object.entries(p)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      ).toString();

    const productList = async () => {
      const filter = r();
      const a = await call(
        'product list',
        'GET',
        `/api/product/productlist?${q({
          page: r() < 0.8 ? 1 : 1 + Math.floor(r() * 3),
          limit: 20,
          shopId: filter < 0.4 ? pick(r, f.shops) : undefined,
          brandId: filter >= 0.4 && filter < 0.55 && f.brands.length ? pick(r, f.brands) : undefined,
          level1Id: filter >= 0.55 && filter < 0.7 && f.level1.length ? pick(r, f.level1) : undefined,
          approvalStatus: filter >= 0.7 && filter < 0.8 ? 'approved' : undefined,
          search: filter >= 0.8 && filter < 0.9 ? pick(r, ['a', 'lamp', 'tile', 'air', 'ch']) : undefined,
        })}`,
      );
      let items = list(obj(a.body).items);
      // An empty filtered page: the user clears the filters.
      if (!items.length)
        items = list(obj((await call('product list', 'GET', '/api/product/productlist?page=1&limit=20')).body).items);
      return items;
    };
    const openProduct = async (items: Obj[]) => {
      if (!items.length) return null;
      await think();
      const a = await call('product read', 'GET', `/api/product/getproduct?id=${Number(pick(r, items).id)}`);
      return a.status === 200 ? obj(obj(a.body).data) : null;
    };
    const orderList = (body: Obj) =>
      call('order list', 'POST', '/api/order/orderlist', { page: 1, limit: 20, ...body });

    const screens: Record<Screen, () => Promise<unknown>> = {
      dashboard: async () => {
        await call(
          'dashboard',
          'GET',
          `/api/report/getReloadDashboard?${q({ shopId: r() < 0.3 ? pick(r, f.shops) : undefined })}`,
        );
        if (s.role === 'admin' && r() < 0.4) {
          await think();
          const span = pick(r, [7, 30, 90]);
          await call('analytics', 'GET', `/api/v2/analytics?${q({ from: day(span), to: day(0) })}`);
        }
      },
      orders: async () => {
        const x = r();
        const a = await orderList({
          status: r() < 0.6 ? pick(r, ['pending_payment', 'paid', 'preparing', 'shipped', 'completed']) : undefined,
          shopId: x < 0.5 ? pick(r, f.shops) : undefined,
          search: x >= 0.5 && x < 0.65 ? pick(r, ['Somchai', 'Suda W', 'BK00001', '0812', 'Napat']) : undefined,
          ...(x >= 0.65 && x < 0.85 ? { dateFrom: day(pick(r, [1, 7, 30])), dateTo: day(0) } : {}),
          page: r() < 0.8 ? 1 : 2,
        });
        const orders = list(obj(a.body).orders);
        if (!orders.length || r() < 0.3) return;
        await think();
        const id = Number(pick(r, orders).id);
        await call('order view', 'GET', `/api/order/orderview?id=${id}`);
        await call('order items', 'GET', `/api/order/orderviewitem?id=${id}`);
      },
      statusChange: async () => {
        const [status, to] = weighted(
          r,
          NEXT.map(([a, b, w]) => [[a, b], w] as [[string, string], number]),
        );
        let a = await orderList({ status, page: 1 + Math.floor(r() * 3) });
        let orders = list(obj(a.body).orders);
        let next = to;
        // pending_payment and paid run out over runs (a few hundred each at 200,000 orders); delivered ones do not.
        if (!orders.length) {
          a = await orderList({ status: 'delivered', page: 1 + Math.floor(r() * 3) });
          orders = list(obj(a.body).orders);
          next = 'completed';
        }
        if (!orders.length) return;
        await think();
        const o = pick(r, orders);
        const v = await call('order view', 'GET', `/api/order/orderview?id=${Number(o.id)}`);
        const seen = String(obj(obj(v.body).data).status ?? o.status);
        await think();
        await call('status change', 'POST', '/api/order/changestatusorder', {
          id: Number(o.id),
          status: next,
          expectedStatus: seen,
        });
      },
      products: async () => {
        const items = await productList();
        if (r() < 0.6) await openProduct(items);
      },
      productEdit: async () => {
        const p = await openProduct(await productList());
        if (!p) return;
        await think();
        // A small change written back with the version read: a stale one answers 409 (another user saved first).
        const d = typeof p.description === 'string' ? p.description : '';
        const mark = ' (checked)';
        await call('product edit', 'POST', '/api/product/editproduct', {
          id: Number(p.id),
          version: Number(p.version),
          description: d.endsWith(mark) ? d.slice(0, -mark.length) : d + mark,
        });
      },
      upload: async () => {
        const p = await openProduct(await productList());
        if (!p) return;
        await think();
        const boundary = `----bench${s.i}x${Math.floor(r() * 1e9)}`;
        // The text field first: the server reads fields before the file.
        const body = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\ncontent-disposition: form-data; name="id"\r\n\r\n${Number(p.id)}\r\n` +
              `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="bench.png"\r\ncontent-type: image/png\r\n\r\n`,
          ),
          PNG,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        const a = await call(
          'upload',
          'POST',
          '/api/product/uploadimageproduct',
          body,
          `multipart/form-data; boundary=${boundary}`,
        );
        const imageId = obj(obj(a.body).data).id;
        // Taken off again (a product holds 20 images at most), as someone trying a picture would.
        if (typeof imageId === 'number') {
          await think();
          await call('image delete', 'POST', '/api/product/deleteimageproduct', { id: Number(p.id), imageId });
        }
      },
      signIn: async () => {
        const start = Date.now();
        if (start >= until) throw STOP;
        const t = performance.now();
        const a = await signIn(url, s);
        if (start >= from && start < until) {
          const k = (kinds['sign-in'] ??= { lat: [], ok: 0, conflicts: 0, errors: 0, byStatus: {} });
          if (a.status === 200) {
            k.ok++;
            k.lat.push(performance.now() - t);
          } else {
            k.errors++;
            const key = a.status ? String(a.status) : String(a.body);
            k.byStatus[key] = (k.byStatus[key] ?? 0) + 1;
          }
        }
      },
    };
    // Spread over the first think: users do not all click at the same instant.
    await sleep(r() * req.thinkMs[1]);
    try {
      for (;;) {
        await screens[weighted(r, MIX[s.role])]();
        await think();
      }
    } catch (e) {
      if (e !== STOP) throw e;
    }
  };
  await Promise.all(sessions.slice(0, req.users).map(runSession));
  cpuTimers.forEach(clearTimeout);
  cpu ??= process.cpuUsage(cpu0);
  return {
    kinds,
    seconds: req.seconds,
    cpuPct: ((cpu.user + cpu.system) / 1e6 / req.seconds) * 100,
    signIns,
    signInSeconds,
  };
}

process.on('message', (m: RunRequest) => {
  run(m).then(
    (res) => process.send!({ ok: true, res }),
    (e: Error) => process.send!({ ok: false, error: e.stack ?? String(e) }),
  );
});
