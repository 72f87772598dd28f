/**
 * Sessions end when their reason to exist ends (auth/sessions.ts): an own password change (this session
 * goes on with a fresh token), a password reset, sign-out everywhere else, a role change, a disable (and
 * enabling again brings no token back). And a user manager grants at most what they hold
 * (modules/users/privilege.ts): each escalation of a one-permission user manager is a 403 that says why,
 * with an audit row.
 */
import { and, desc, eq, like } from 'drizzle-orm';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app.js';
import { auditLog, sessions, users } from '../../server/src/db/schema.js';
import { openSse } from './sse-client.js';

type Res = { statusCode: number; body: string; json(): any };
type Headers = { authorization: string };
type Session = { id: string; userAgent: string | null; ip: string | null; current: boolean; lastSeenAt: string };

const PASSWORD = 'Sawasdee2026';
const ME = '/api/account/me';

describe('sessions and what user managers may grant', () => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    // Listening, with a quick heartbeat: open event streams check their caller at each one.
    t = await createTestApp({ config: { sseHeartbeatMs: 100 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (headers: object | undefined, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: headers as Record<string, string> }) as Promise<Res>;
  const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });
  /** A fresh sign-in (a new session) from the device named. */
  async function signIn(username: string, password: string, device = 'Test browser') {
    const res = await send({ 'user-agent': device }, 'POST', '/api/account/login', {
      users: username,
      password,
      typeLogin: username.startsWith('supplier') ? 'supplier' : 'staff',
    });
    expect(res.statusCode, res.body).toBe(200);
    return bearer(res.json().accessToken as string);
  }
  const status = async (h: Headers) => (await send(h, 'GET', ME)).statusCode;
  const admin = () => t.headers('admin');
  const idOf = async (username: string) =>
    (await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
  const lastAudit = async (actorId: number, action: string) =>
    (
      await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, actorId), like(auditLog.action, action)))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  /** A staff account with a role of `menus`, invited by the admin, signed in with its own password. */
  async function staffWith(menus: string[]) {
    seq += 1;
    const role = await send(await admin(), 'POST', '/api/v2/roles', { name: `Role ${seq}`, menus });
    expect(role.statusCode, role.body).toBe(201);
    const username = `person${seq}`;
    const made = await send(await admin(), 'POST', '/api/v2/staff-users', {
      username,
      email: `${username}@example.com`,
      firstName: 'Person',
      lastName: `Number ${seq}`,
      roleId: role.json().id,
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = new URL(made.json().link.url as string, 'http://x').searchParams.get('token');
    expect((await send(undefined, 'POST', '/api/v2/password-set', { token, password: PASSWORD })).statusCode).toBe(200);
    return {
      id: made.json().user.id as number,
      username,
      roleId: role.json().id as number,
      headers: await signIn(username, PASSWORD),
    };
  }

  describe('sessions', () => {
    it('ends the other sessions on an own password change; this one goes on with the token answered', async () => {
      const u = await staffWith(['/admin/blog/posts']);
      const other = await signIn(u.username, PASSWORD, 'Phone');
      const changed = await send(u.headers, 'POST', '/api/v2/my-account/password', {
        currentPassword: PASSWORD,
        newPassword: 'Brand2026new',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const renewed = bearer(changed.json().accessToken as string);
      expect(await status(u.headers)).toBe(401);
      expect((await send(u.headers, 'GET', ME)).json().message).toMatch(/session has ended/);
      expect(await status(other)).toBe(401);
      expect(await status(renewed)).toBe(200);
      // The renewed token runs out when the sign-in it continues does.
      const exp = (h: Headers) => t.app.jwt.decode<{ exp: number }>(h.authorization.slice('Bearer '.length))!.exp;
      expect(Math.abs(exp(renewed) - exp(u.headers))).toBeLessThanOrEqual(1);
      const list = (await send(renewed, 'GET', '/api/v2/my-account/sessions')).json().items as Session[];
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ current: true, userAgent: 'Test browser' });
    });

    it('ends every session when the password is set through a reset link sent by staff', async () => {
      const u = await staffWith(['/admin/blog/posts']);
      const link = await send(await admin(), 'POST', `/api/v2/staff-users/${u.id}/password-link`, {});
      expect(link.statusCode, link.body).toBe(201);
      expect(await status(u.headers)).toBe(200);
      const token = new URL(link.json().url as string, 'http://x').searchParams.get('token');
      expect(
        (await send(undefined, 'POST', '/api/v2/password-set', { token, password: 'Reset2026pass' })).statusCode,
      ).toBe(200);
      expect(await status(u.headers)).toBe(401);
      expect(await status(await signIn(u.username, 'Reset2026pass'))).toBe(200);
    });

    it('keeps a token from before a disable refused after the account is enabled again', async () => {
      const supplier2 = await signIn('supplier2', DEMO_PASSWORD);
      const id = await idOf('supplier2');
      expect(await status(supplier2)).toBe(200);
      const set = async (s: string) =>
        (await send(await admin(), 'POST', '/api/user/updatestatususer', { userId: id, status: s })).statusCode;
      expect(await set('disabled')).toBe(200);
      expect(await status(supplier2)).toBe(401);
      expect(await set('active')).toBe(200);
      expect(await status(supplier2)).toBe(401);
      expect(await status(await signIn('supplier2', DEMO_PASSWORD))).toBe(200);
    });

    it('ends the sessions of an account whose role is changed', async () => {
      const u = await staffWith(['/admin/blog/posts']);
      const other = await staffWith(['/admin/housebrand']);
      const res = await send(await admin(), 'POST', '/api/user/updateroleuser', { userId: u.id, roleId: other.roleId });
      expect(res.statusCode, res.body).toBe(200);
      expect(await status(u.headers)).toBe(401);
      expect(await status(other.headers)).toBe(200);
    });

    it('lists the active sessions and signs out everywhere else, not here', async () => {
      const u = await staffWith(['/admin/blog/posts']);
      const phone = await signIn(u.username, PASSWORD, 'Phone');
      const tablet = await signIn(u.username, PASSWORD, 'Tablet');
      const list = (await send(u.headers, 'GET', '/api/v2/my-account/sessions')).json().items as Session[];
      expect(list.map((s) => s.userAgent).sort()).toEqual(['Phone', 'Tablet', 'Test browser']);
      expect(list.filter((s) => s.current).map((s) => s.userAgent)).toEqual(['Test browser']);
      // Another account's sessions are not listed.
      expect(
        ((await send(phone, 'GET', '/api/v2/my-account/sessions')).json().items as Session[]).filter((s) => s.current),
      ).toHaveLength(1);

      const out = await send(u.headers, 'POST', '/api/v2/my-account/sessions/sign-out-others', {});
      expect(out.statusCode, out.body).toBe(200);
      expect(out.json()).toMatchObject({ ended: 2 });
      const renewed = bearer(out.json().accessToken as string);
      expect(await status(phone)).toBe(401);
      expect(await status(tablet)).toBe(401);
      expect(await status(renewed)).toBe(200);
      const after = (await send(renewed, 'GET', '/api/v2/my-account/sessions')).json().items as Session[];
      expect(after).toEqual([expect.objectContaining({ id: list.find((s) => s.current)!.id, current: true })]);
      expect(await lastAudit(u.id, 'sessions.end_others')).toMatchObject({ after: { ended: 2 } });
      const ended = await t.app.db.select().from(sessions).where(eq(sessions.userId, u.id));
      expect(ended.filter((s) => s.endedAt).length).toBe(2);
    });

    it("ends an ended session's open event stream at its next heartbeat, not the current session's", async () => {
      const phone = await signIn('supplier1', DEMO_PASSWORD, 'Phone');
      const here = await signIn('supplier1', DEMO_PASSWORD, 'Laptop');
      const addr = t.app.server.address();
      const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/api/notify/events`;
      const [gone, kept] = [await openSse(url, phone), await openSse(url, here)];
      try {
        for (const s of [gone, kept]) await s.until(() => s.events('ready').length === 1);
        const out = await send(here, 'POST', '/api/v2/my-account/sessions/sign-out-others', {});
        expect(out.statusCode, out.body).toBe(200);
        await gone.until(() => gone.events('end').length === 1, 3000);
        expect(gone.events<{ status: number; message: string }>('end')[0].data).toMatchObject({ status: 401 });
        // The stream opened with this session's old token ends too: the page reopens it with the renewed one.
        await kept.until(() => kept.events('end').length === 1, 3000);
        const renewed = await openSse(url, bearer(out.json().accessToken as string));
        try {
          await renewed.until(() => renewed.events('ready').length === 1);
          await renewed.until(() => renewed.comments.includes('heartbeat'), 3000);
          expect(renewed.events('end')).toHaveLength(0);
        } finally {
          renewed.close();
        }
      } finally {
        gone.close();
        kept.close();
      }
    });

    it("drops an account's expired session rows when it signs in", async () => {
      const u = await staffWith(['/admin/blog/posts']);
      const past = new Date(Date.now() - 60_000);
      await t.app.db
        .insert(sessions)
        .values({ id: `old-${u.id}`, userId: u.id, generation: 0, expiresAt: past, createdAt: past, lastSeenAt: past });
      await signIn(u.username, PASSWORD);
      const rows = await t.app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, u.id));
      expect(rows.map((r) => r.id)).not.toContain(`old-${u.id}`);
      expect(rows).toHaveLength(2);
    });

    it('refuses a token without a generation or session id (issued before sessions existed)', async () => {
      const token = t.app.jwt.sign({ sub: await idOf('admin'), role: 'admin' } as never);
      expect(await status(bearer(token))).toBe(401);
    });
  });

  describe('a user manager grants at most what they hold', () => {
    it('refuses each escalation of a one-permission user manager with a 403 that says why, and audits it', async () => {
      const manager = await staffWith(['/admin/setting/user']);
      const editorId = await idOf('editor');
      const wide = ['/admin/orders/list', '/admin/product/listproduct', '/admin/promotion', '/admin/reports'];

      const made = await send(manager.headers, 'POST', '/api/v2/roles', { name: 'Everything desk', menus: wide });
      expect(made.statusCode, made.body).toBe(403);
      expect(made.json().message).toMatch(/menus you hold yourself.*\/admin\/orders/);
      expect(await lastAudit(manager.id, 'create.refused')).toMatchObject({
        entity: 'role',
        after: { name: 'Everything desk', reason: made.json().message },
      });

      // A role the admin made with those menus cannot be given, not to itself nor to anyone.
      const wideRole = (await send(await admin(), 'POST', '/api/v2/roles', { name: 'Wide desk', menus: wide })).json();
      const own = await send(manager.headers, 'POST', '/api/user/updateroleuser', {
        userId: manager.id,
        roleId: wideRole.id,
      });
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toMatch(/your own role/);
      expect(await lastAudit(manager.id, 'user.role.refused')).toMatchObject({ entityId: manager.id });
      const peer = await staffWith(['/admin/setting/user']);
      const give = await send(manager.headers, 'POST', '/api/user/updateroleuser', {
        userId: peer.id,
        roleId: wideRole.id,
      });
      expect(give.statusCode).toBe(403);
      expect(give.json().message).toMatch(/within your own rights/);
      const invite = await send(manager.headers, 'POST', '/api/v2/staff-users', {
        username: 'wide.hire',
        email: 'wide.hire@example.com',
        firstName: 'Wide',
        lastName: 'Hire',
        roleId: wideRole.id,
      });
      expect(invite.statusCode).toBe(403);
      expect(await lastAudit(manager.id, 'invite.refused')).toMatchObject({ after: { username: 'wide.hire' } });

      // Nor can its own role grow, nor a wider role be edited (not even trimmed).
      const mine = (await send(await admin(), 'GET', `/api/user/getdetailrole?id=${manager.roleId}`)).json().data;
      const grow = await send(manager.headers, 'PATCH', `/api/v2/roles/${manager.roleId}`, {
        version: mine.version,
        menus: ['/admin/setting/user', '/admin/orders/list'],
      });
      expect(grow.statusCode).toBe(403);
      expect(await lastAudit(manager.id, 'update.refused')).toMatchObject({ entity: 'role', entityId: manager.roleId });
      const trim = await send(manager.headers, 'PATCH', `/api/v2/roles/${wideRole.id}`, {
        version: wideRole.version,
        menus: ['/admin/orders/list'],
      });
      expect(trim.statusCode).toBe(403);

      // The editor's account holds rights the manager does not: no reset link, status, role or details change.
      for (const [method, url, body, action] of [
        ['POST', `/api/v2/staff-users/${editorId}/password-link`, {}, 'password_link.refused'],
        ['POST', '/api/user/updatestatususer', { userId: editorId, status: 'disabled' }, 'user.status.refused'],
        ['POST', '/api/user/updateroleuser', { userId: editorId, roleId: manager.roleId }, 'user.role.refused'],
        [
          'PATCH',
          `/api/v2/staff-users/${editorId}`,
          { updatedAt: new Date().toISOString(), lastName: 'X' },
          'update.refused',
        ],
      ] as const) {
        const res = await send(manager.headers, method, url, body);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message, url).toMatch(/holds rights you do not/);
        expect(await lastAudit(manager.id, action), url).toMatchObject({ entity: 'user', entityId: editorId });
      }
      const ownStatus = await send(manager.headers, 'POST', '/api/user/updatestatususer', {
        userId: manager.id,
        status: 'disabled',
      });
      expect(ownStatus.statusCode).toBe(403);
      expect(ownStatus.json().message).toMatch(/your own account/);

      // Still no orders for the manager.
      expect((await send(manager.headers, 'GET', '/api/v2/audit-log')).statusCode).toBe(403);
      expect((await send(manager.headers, 'GET', '/api/product/productlist')).statusCode).toBe(403);
    });

    it('lets a user manager act within their own rights', async () => {
      const manager = await staffWith(['/admin/setting/user', '/admin/blog/posts']);
      const narrow = await send(manager.headers, 'POST', '/api/v2/roles', {
        name: 'Blog desk',
        menus: ['/admin/blog/posts'],
      });
      expect(narrow.statusCode, narrow.body).toBe(201);
      const peer = await staffWith(['/admin/setting/user']);
      const give = await send(manager.headers, 'POST', '/api/user/updateroleuser', {
        userId: peer.id,
        roleId: narrow.json().id,
      });
      expect(give.statusCode, give.body).toBe(200);
      const link = await send(manager.headers, 'POST', `/api/v2/staff-users/${peer.id}/password-link`, {});
      expect(link.statusCode, link.body).toBe(201);
      const off = await send(manager.headers, 'POST', '/api/user/updatestatususer', {
        userId: peer.id,
        status: 'disabled',
      });
      expect(off.statusCode, off.body).toBe(200);
    });
  });
});
