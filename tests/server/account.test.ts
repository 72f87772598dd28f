import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { users } from '../../server/src/db/schema.js';
import { setUserStatus } from '../../server/src/modules/account/service.js';

const login = (t: TestApp, users: string, password: string, typeLogin: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/login', payload: { users, password, typeLogin } });

describe.each(dbKinds())('account (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs in with exactly the documented keys', async () => {
    const res = await login(t, 'supplier2', 'Demo@2026', 'supplier');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'message', 'navConfig', 'roles', 'status', 'user']);
    expect(body.status).toBe(200);
    expect(body.roles).toEqual(['supplier']);
    expect(Object.keys(body.user).sort()).toEqual([
      'email',
      'firstName',
      'id',
      'lastName',
      'role',
      'roleName',
      'shops',
      'username',
    ]);
    expect(body.user.roleName).toMatch(/\S/);
    expect(body.user.shops.map((s: { name: string }) => s.name)).toEqual([
      'CoolAir Climate Solutions',
      'Siam Tile & Bath',
    ]);
    expect(body.user.shops.map((s: { status: string }) => s.status)).toEqual(['active', 'active']);
    const payload = t.app.jwt.decode<{ sub: number; role: string; exp: number; iat: number }>(body.accessToken)!;
    expect(payload.sub).toBe(body.user.id);
    expect(payload.role).toBe('supplier');
    expect(payload.exp - payload.iat).toBe(3600);
  });

  it('accepts the email as login and gives staff no shops', async () => {
    const res = await login(t, 'ADMIN@sellercenter.example', 'Demo@2026', 'staff');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: 'admin', role: 'admin', shops: [] });
  });

  it('answers unknown user and wrong password with the same 401', async () => {
    const a = await login(t, 'nobody-here', 'Demo@2026', 'staff');
    const b = await login(t, 'editor', 'wrong-password1', 'staff');
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json()).toEqual({ status: 401, message: 'Incorrect username or password.' });
    expect(b.json()).toEqual(a.json());
  });

  it('refuses a sign-in on the wrong page, naming the right one', async () => {
    const a = await login(t, 'supplier1', 'Demo@2026', 'staff');
    expect(a.statusCode).toBe(403);
    expect(a.json().message).toMatch(/supplier sign-in page/);
    const b = await login(t, 'admin', 'Demo@2026', 'supplier');
    expect(b.statusCode).toBe(403);
    expect(b.json().message).toMatch(/staff sign-in page/);
  });

  it('refuses disabled accounts (403) and their existing tokens (401)', async () => {
    const before = await t.headers('editor');
    await t.app.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'editor'));
    try {
      const res = await login(t, 'editor', 'Demo@2026', 'staff');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/disabled/);
      const me = await t.app.inject({ url: '/api/account/me', headers: before });
      expect(me.statusCode).toBe(401);
    } finally {
      // Through the server, so the cached (disabled) auth record goes too.
      const [{ id }] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'editor'));
      await setUserStatus(t.app.db, id, id, 'active');
      t.forget('editor');
    }
  });

  it('refuses a token at once when the account is disabled through the server (cached auth record dropped)', async () => {
    const headers = await t.headers('editor');
    const me = () => t.app.inject({ url: '/api/account/me', headers });
    expect((await me()).statusCode).toBe(200); // the auth record is now cached
    const [{ id }] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'editor'));
    const [{ id: adminId }] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    await setUserStatus(t.app.db, adminId, id, 'disabled');
    try {
      const res = await me();
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/disabled/);
      const posts = await t.app.inject({ url: '/api/blogs/master/posts', headers });
      expect(posts.statusCode).toBe(401);
    } finally {
      await setUserStatus(t.app.db, adminId, id, 'active');
      t.forget('editor');
    }
    // Enabled again, it signs in anew: the token from before stays refused.
    expect((await me()).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/account/me', headers: await t.headers('editor') })).statusCode).toBe(200);
  });

  it('rejects unknown properties and missing fields, naming them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { users: 'admin', typeLogin: 'staff', extra: 1 },
    });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .errors.map((e: { field: string }) => e.field)
      .sort();
    expect(fields).toEqual(['extra', 'password']);
  });

  describe('with a 300 ms auth cache', () => {
    let short: TestApp;
    beforeAll(async () => {
      short = await createTestApp({ db: kind, config: { authCacheMs: 300 } });
    });
    afterAll(async () => {
      await short?.close();
    });

    it("refuses an account disabled behind the server's back (another process) once the cache bound has passed", async () => {
      const headers = await short.headers('editor');
      const me = () => short.app.inject({ url: '/api/account/me', headers });
      expect((await me()).statusCode).toBe(200);
      await short.app.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'editor'));
      try {
        await new Promise((r) => setTimeout(r, 350));
        const res = await me();
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toMatch(/disabled/);
      } finally {
        await short.app.db.update(users).set({ status: 'active' }).where(eq(users.username, 'editor'));
      }
    });
  });

  describe('with a strict config (3 sign-ins per minute, 60 s tokens)', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await createTestApp({
        db: kind,
        config: { loginRateLimit: { max: 3, timeWindowMs: 60_000, delayMs: 60_000 }, tokenTtl: 60 },
      });
    });
    afterAll(async () => {
      await strict?.close();
    });

    it('rate limits sign-in per IP and username with 429', async () => {
      for (let i = 0; i < 3; i++)
        expect((await login(strict, 'supplier1', 'bad-pass-1', 'supplier')).statusCode).toBe(401);
      const res = await login(strict, 'supplier1', 'Demo@2026', 'supplier');
      expect(res.statusCode).toBe(429);
      expect(res.json().status).toBe(429);
      expect(res.json().message).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
      // Another username from the same IP is not blocked.
      expect((await login(strict, 'supplier2', 'Demo@2026', 'supplier')).statusCode).toBe(200);
    });

    it('honours the token expiry', async () => {
      const headers = await strict.headers('admin');
      expect((await strict.app.inject({ url: '/api/account/me', headers })).statusCode).toBe(200);
      // The clock moves past the expiry instead of the test sleeping through it: a slow machine cannot expire the
      // token before the first call, and the test does not wait.
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 61_000);
        const res = await strict.app.inject({ url: '/api/account/me', headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ status: 401, message: 'Your session has expired. Please sign in again.' });
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it('rejects a token signed with another secret', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 1, role: 'admin', iat: now, exp: now + 600 })}`;
    const sig = createHmac('sha256', 'some-other-secret').update(unsigned).digest('base64url');
    const res = await t.app.inject({ url: '/api/account/me', headers: { authorization: `Bearer ${unsigned}.${sig}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session is not valid. Please sign in again.');
  });

  describe('register', () => {
    const body = {
      email: 'Nok.Srisawat@example.co.th',
      password: 'Garden2026',
      firstName: 'Nok',
      lastName: 'Srisawat',
    };
    const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/account/register', payload });

    const accepted = { status: 200, message: 'Thank you. Sign in with this e-mail and your password to continue.' };
    /** A user's inbox through the mail API: how many messages, and the newest one's subject and body. */
    const inboxOf = async (headers: { authorization: string }) => {
      const res = await t.app.inject({ url: '/api/v2/mails?folder=inbox', headers });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json<{ id: number; subject: string }[]>();
      return { total: Number(res.headers['x-total-count']), newest: rows[0] };
    };

    it('creates a supplier with one pending shop; it signs in with its e-mail and password', async () => {
      const res = await register(body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(accepted);
      const signIn = await login(t, 'nok.srisawat@example.co.th', 'Garden2026', 'supplier');
      expect(signIn.statusCode).toBe(200);
      const json = signIn.json();
      expect(json.user).toMatchObject({ email: 'nok.srisawat@example.co.th', role: 'supplier', firstName: 'Nok' });
      // The new shop waits for review; the dashboard tells the supplier so.
      expect(json.user.shops).toEqual([expect.objectContaining({ status: 'pending' })]);
      expect(json.navConfig.flatMap((g: { items: { path: string }[] }) => g.items.map((i) => i.path))).toEqual([
        '/supplier/dashboard',
        '/supplier/blog',
        '/supplier/product',
        '/supplier/brandshop',
        '/supplier/apps',
      ]);
    });

    it('answers a registered e-mail (any case) exactly like a new one, and tells its owner in their mailbox', async () => {
      const [admin] = await t.app.db.select().from(users).where(eq(users.username, 'admin'));
      const before = await inboxOf(await t.headers('admin'));
      const res = await register({ ...body, email: admin.email.toUpperCase(), password: 'Other2026' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(accepted);
      expect(res.headers['content-type']).toBe(
        (await register({ ...body, email: 'new.one@example.com' })).headers['content-type'],
      );
      // Nothing changed: the old password still signs in, the new one does not, no second account.
      expect((await login(t, admin.username, 'Demo@2026', 'staff')).statusCode).toBe(200);
      expect((await login(t, admin.email, 'Other2026', 'staff')).statusCode).toBe(401);
      expect(await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, admin.email))).toHaveLength(1);
      const after = await inboxOf(await t.headers('admin'));
      expect(after.total).toBe(before.total + 1);
      expect(after.newest.subject).toBe('Someone tried to create an account with your e-mail');
      const opened = await t.app.inject({ url: `/api/v2/mails/${after.newest.id}`, headers: await t.headers('admin') });
      expect(opened.json().body).toMatch(/tried to register a new supplier account with your e-mail address/);
      // The supplier made above: its owner is told too.
      const again = await register({ ...body, email: 'nok.srisawat@example.co.th', password: 'Other2026' });
      expect(again.json()).toEqual(accepted);
      const nok = await login(t, 'nok.srisawat@example.co.th', 'Garden2026', 'supplier');
      expect((await inboxOf({ authorization: `Bearer ${nok.json().accessToken}` })).newest.subject).toBe(
        'Someone tried to create an account with your e-mail',
      );
    });

    it('names the field for a bad email', async () => {
      const res = await register({ ...body, email: 'not-an-email' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'email', message: 'email must be a valid email address' }]);
      expect(res.json().message).toBe('email must be a valid email address');
    });

    it('refuses weak passwords, naming the field', async () => {
      const short = await register({ ...body, email: 'a@example.com', password: 'abc1' });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors[0]).toEqual({ field: 'password', message: 'password must be at least 8 characters' });
      const noDigit = await register({ ...body, email: 'b@example.com', password: 'abcdefghij' });
      expect(noDigit.statusCode).toBe(400);
      expect(noDigit.json().errors[0].field).toBe('password');
      expect(noDigit.json().message).toMatch(/letter and one digit/);
    });

    it('rejects unknown properties instead of stripping them', async () => {
      const res = await register({ ...body, email: 'c@example.com', role: 'admin' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'role', message: 'role is not an allowed property' }]);
    });
  });
});
