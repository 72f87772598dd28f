/**
 * Users, staff roles and menus, the own account and one-time password links (docs/api/users.md):
 * the role matrix, bad input naming the field, the last administrator, links that work once and run out,
 * the current password, and a role's menus taking effect on its accounts' next request.
 */
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';
import { expectFieldError as fieldError, type Res } from '../support/answers.js';
import { auditLog, menuItems, passwordTokens, users } from '../../server/src/db/schema.js';
import { MENU_CATALOGUE } from '../../server/src/modules/menu/catalogue.js';
import { syncMenu } from '../../server/src/modules/menu/service.js';
import { grantOf, SCREENS } from '../../contract/screens.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type User = {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  roleId: number;
  role: string;
  roleName: string;
  area: string;
  status: string;
  employeeCode: string | null;
  department: string | null;
  position: string | null;
  userType: string | null;
  invitation: string | null;
  shops: { id: number; name: string }[];
  createdAt: string;
  updatedAt: string;
};
type Role = {
  id: number;
  code: string;
  name: string;
  area: string;
  builtin: boolean;
  editable: boolean;
  userCount: number;
  menuCount: number;
  menus: string[];
  version: string;
};
type Link = { url: string; expiresAt: string; purpose: 'invite' | 'reset' };

const U = '/api/user';
const PASSWORD = 'Sawasdee2026';

describe.each(dbKinds())('users, roles and menus (%s)', (kind) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
  });
  afterAll(async () => {
    await t?.close();
  });
  const expectFieldError = (res: Res, status: number, field: string) => fieldError(res, field, { status });

  const send = async (
    headers: Record<string, string> | undefined,
    method: Method,
    url: string,
    payload?: object,
  ): Promise<Res> => t.app.inject({ method, url, payload, headers });
  const call = async (user: string, method: Method, url: string, payload?: object) =>
    send(await t.headers(user), method, url, payload);
  const ok = <T>(res: Res, status = 200): T => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  const tokenOf = (link: Link) => new URL(link.url, 'http://x').searchParams.get('token')!;
  const lastAudit = async (entityId: number) =>
    (
      await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, entityId)))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];
  const roleByCode = async (code: string) =>
    ok<{ items: Role[] }>(await call('admin', 'GET', `${U}/getuserroles`)).items.find((r) => r.code === code)!;
  const roleDetail = async (id: number) =>
    ok<{ data: Role }>(await call('admin', 'GET', `${U}/getdetailrole?id=${id}`)).data;

  /** A staff account invited by `by` and signed in with its own password: the whole invitation path. */
  async function staffUser(roleId: number, by = 'admin', extra: object = {}) {
    seq += 1;
    const username = `staff${seq}.${kind}`;
    const made = ok<{ user: User; link: Link }>(
      await call(by, 'POST', '/api/v2/staff-users', {
        username,
        email: `${username}@example.com`,
        firstName: 'Staff',
        lastName: `Number ${seq}`,
        roleId,
        ...extra,
      }),
      201,
    );
    ok(await send(undefined, 'POST', '/api/v2/password-set', { token: tokenOf(made.link), password: PASSWORD }));
    // As it is now (setting the password changed updatedAt).
    const user = ok<User>(await call(by, 'GET', `/api/v2/staff-users/${made.user.id}`));
    return { ...user, headers: { authorization: `Bearer ${await t.login(username, PASSWORD)}` } };
  }
  async function makeRole(name: string, menus: string[]) {
    return ok<Role>(await call('admin', 'POST', '/api/v2/roles', { name, menus }), 201);
  }

  describe('the user list', () => {
    it('lists accounts by name with their role, area, shops and employee data; filters by search, role, status and area', async () => {
      const all = ok<{ items: User[]; total: number; maxpage: number }>(
        await call('admin', 'GET', `${U}/getlistusermangement?limit=100`),
      );
      expect(all.total).toBe(all.items.length);
      const firstNames = all.items.map((u) => u.firstName);
      expect(firstNames).toEqual([...firstNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const admin = all.items.find((u) => u.username === 'admin')!;
      expect(admin).toMatchObject({
        role: 'admin',
        roleName: 'Administrator',
        area: 'admin',
        status: 'active',
        employeeCode: 'EMP-0001',
        shops: [],
        invitation: null,
      });
      expect(
        all.items
          .find((u) => u.username === 'supplier2')!
          .shops.map((s) => s.name)
          .sort(),
      ).toEqual(['CoolAir Climate Solutions', 'Siam Tile & Bath']);
      // The invited demo account never set a password and its link has run out.
      expect(all.items.find((u) => u.username === 'kanokwan')).toMatchObject({
        invitation: 'expired',
        role: 'marketing',
      });

      const search = ok<{ items: User[] }>(
        await call('admin', 'GET', `${U}/getlistusermangement?search=${encodeURIComponent('emp-001')}`),
      );
      expect(search.items.map((u) => u.username).sort()).toEqual(['jiraporn', 'nattapong', 'surasak']);
      const editorRole = await roleByCode('editor');
      expect(
        ok<{ items: User[] }>(
          await call('admin', 'GET', `${U}/getlistusermangement?roleId=${editorRole.id}`),
        ).items.map((u) => u.role),
      ).toEqual(expect.arrayContaining(['editor']));
      const disabled = ok<{ items: User[] }>(
        await call('admin', 'GET', `${U}/getlistusermangement?status=disabled`),
      ).items;
      expect(disabled.map((u) => u.username)).toContain('surasak');
      expect(disabled.every((u) => u.status === 'disabled')).toBe(true);
      const suppliers = ok<{ items: User[] }>(
        await call('admin', 'GET', `${U}/getlistusermangement?area=supplier&limit=100`),
      ).items;
      expect(suppliers.length).toBeGreaterThan(0);
      expect(suppliers.every((u) => u.area === 'supplier')).toBe(true);
      // A literal % matches only itself.
      expect(ok<{ total: number }>(await call('admin', 'GET', `${U}/getlistusermangement?search=%25`)).total).toBe(0);
    });

    it('pages and sorts; refuses order without sort and unknown parameters, naming them', async () => {
      const page = ok<{ items: User[]; total: number; maxpage: number }>(
        await call('admin', 'GET', `${U}/getlistusermangement?limit=2&page=2&sort=username&order=desc`),
      );
      expect(page.items).toHaveLength(2);
      expect(page.maxpage).toBe(Math.ceil(page.total / 2));
      const first = ok<{ items: User[] }>(
        await call('admin', 'GET', `${U}/getlistusermangement?limit=4&sort=username&order=desc`),
      ).items;
      expect(page.items.map((u) => u.id)).toEqual(first.slice(2).map((u) => u.id));
      expectFieldError(await call('admin', 'GET', `${U}/getlistusermangement?order=desc`), 400, 'order');
      expectFieldError(await call('admin', 'GET', `${U}/getlistusermangement?role=admin`), 400, 'role');
      expectFieldError(await call('admin', 'GET', `${U}/getlistusermangement?status=gone`), 400, 'status');
    });

    it('is staff-only: the editor and suppliers get 403', async () => {
      expect((await call('editor', 'GET', `${U}/getlistusermangement`)).statusCode).toBe(403);
      expect((await call('supplier1', 'GET', `${U}/getlistusermangement`)).statusCode).toBe(403);
      expect((await call('supplier1', 'POST', '/api/v2/roles', { name: 'Mine' })).statusCode).toBe(403);
    });
  });

  describe('inviting staff and one-time password links', () => {
    it('invites an account that signs in only after setting its password through the link, which then stops working', async () => {
      const editor = await roleByCode('editor');
      const made = ok<{ user: User; link: Link }>(
        await call('admin', 'POST', '/api/v2/staff-users', {
          username: `Somsri.${kind}`,
          email: `Somsri.${kind}@Example.com`,
          firstName: ' Somsri ',
          lastName: 'Jaidee',
          roleId: editor.id,
          phone: '081 555 0101',
          employeeCode: `EMP-9${kind.length}01`,
          department: 'Content',
          position: 'Writer',
          userType: 'contract',
        }),
        201,
      );
      expect(made.user).toMatchObject({
        username: `somsri.${kind}`,
        email: `somsri.${kind}@example.com`,
        firstName: 'Somsri',
        role: 'editor',
        area: 'admin',
        status: 'active',
        phone: '081 555 0101',
        userType: 'contract',
        invitation: 'pending',
      });
      expect(made.link.url).toMatch(/^\/set-password\?token=[\w-]{40,}$/);
      expect(made.link.purpose).toBe('invite');
      expect(new Date(made.link.expiresAt).getTime()).toBeGreaterThan(Date.now() + 71 * 3_600_000);
      // Only a hash is kept: the token itself is nowhere in the database.
      const token = tokenOf(made.link);
      const stored = await t.app.db.select().from(passwordTokens).where(eq(passwordTokens.userId, made.user.id));
      expect(stored).toHaveLength(1);
      expect(stored[0].tokenHash).not.toContain(token);
      expect(JSON.stringify(await lastAudit(made.user.id))).not.toContain(token);
      expect(await lastAudit(made.user.id)).toMatchObject({
        action: 'invite',
        after: expect.objectContaining({ username: `somsri.${kind}`, role: 'editor' }),
      });

      const login = (password: string) =>
        send(undefined, 'POST', '/api/account/login', { users: `somsri.${kind}`, password, typeLogin: 'staff' });
      expect((await login(PASSWORD)).statusCode).toBe(401);
      expect(
        ok<{ data: object }>(await send(undefined, 'POST', '/api/v2/password-set/check', { token })).data,
      ).toMatchObject({ username: `somsri.${kind}`, firstName: 'Somsri', purpose: 'invite' });
      expectFieldError(
        await send(undefined, 'POST', '/api/v2/password-set', { token, password: 'short1' }),
        400,
        'password',
      );
      expect(
        ok<{ username: string; area: string }>(
          await send(undefined, 'POST', '/api/v2/password-set', { token, password: PASSWORD }),
        ),
      ).toMatchObject({ username: `somsri.${kind}`, area: 'admin' });
      expect((await login(PASSWORD)).statusCode).toBe(200);

      // Single use: the same link again is gone, and changes nothing.
      const again = await send(undefined, 'POST', '/api/v2/password-set', { token, password: 'Another2026' });
      expect(again.statusCode).toBe(410);
      expect(again.json().message).toMatch(/already used/);
      expect((await send(undefined, 'POST', '/api/v2/password-set/check', { token })).statusCode).toBe(410);
      expect((await login('Another2026')).statusCode).toBe(401);
      expect(ok<User>(await call('admin', 'GET', `/api/v2/staff-users/${made.user.id}`)).invitation).toBeNull();
      expect(await lastAudit(made.user.id)).toMatchObject({ action: 'password.set', actorId: made.user.id });
    });

    it('refuses an expired link (410) and a link replaced by a newer one (404); a new link works', async () => {
      const editor = await roleByCode('editor');
      const made = ok<{ user: User; link: Link }>(
        await call('admin', 'POST', '/api/v2/staff-users', {
          username: `late.${kind}`,
          email: `late.${kind}@example.com`,
          firstName: 'Late',
          lastName: 'Comer',
          roleId: editor.id,
        }),
        201,
      );
      await t.app.db
        .update(passwordTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordTokens.userId, made.user.id));
      const expired = await send(undefined, 'POST', '/api/v2/password-set', {
        token: tokenOf(made.link),
        password: PASSWORD,
      });
      expect(expired.statusCode).toBe(410);
      expect(expired.json().message).toMatch(/expired/);
      expect(ok<User>(await call('admin', 'GET', `/api/v2/staff-users/${made.user.id}`)).invitation).toBe('expired');

      const fresh = ok<Link>(await call('admin', 'POST', `/api/v2/staff-users/${made.user.id}/password-link`, {}), 201);
      expect(fresh.purpose).toBe('invite');
      const second = ok<Link>(
        await call('admin', 'POST', `/api/v2/staff-users/${made.user.id}/password-link`, {}),
        201,
      );
      // The earlier links stop working once a newer one is made.
      for (const old of [made.link, fresh]) {
        const res = await send(undefined, 'POST', '/api/v2/password-set/check', { token: tokenOf(old) });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          status: 404,
          message: 'This link is not valid. Ask an administrator for a new one.',
        });
      }
      ok(await send(undefined, 'POST', '/api/v2/password-set', { token: tokenOf(second), password: PASSWORD }));
      // Once a password is set, a new link is a reset link.
      expect(
        ok<Link>(await call('admin', 'POST', `/api/v2/staff-users/${made.user.id}/password-link`, {}), 201).purpose,
      ).toBe('reset');
      expect(
        (await send(undefined, 'POST', '/api/v2/password-set', { token: 'x'.repeat(43), password: PASSWORD }))
          .statusCode,
      ).toBe(404);
      expectFieldError(
        await send(undefined, 'POST', '/api/v2/password-set', { token: 'short', password: PASSWORD }),
        400,
        'token',
      );
    });

    it('refuses bad input naming the field: taken username or e-mail, a role of the wrong area, an unknown user type, a bad phone', async () => {
      const editor = await roleByCode('editor');
      const supplier = await roleByCode('supplier');
      const base = {
        username: `fresh.${kind}`,
        email: `fresh.${kind}@example.com`,
        firstName: 'Fresh',
        lastName: 'Face',
        roleId: editor.id,
      };
      const add = (body: object) => call('admin', 'POST', '/api/v2/staff-users', { ...base, ...body });
      expectFieldError(await add({ username: 'EDITOR' }), 409, 'username');
      expectFieldError(await add({ email: 'Editor@SellerCenter.example' }), 409, 'email');
      expectFieldError(await add({ roleId: supplier.id }), 400, 'roleId');
      expectFieldError(await add({ roleId: 999999 }), 400, 'roleId');
      expectFieldError(await add({ userType: 'astronaut' }), 400, 'userType');
      expectFieldError(await add({ phone: 'call me' }), 400, 'phone');
      expectFieldError(await add({ employeeCode: 'emp-0001' }), 409, 'employeeCode');
      expectFieldError(await add({ username: 'a b' }), 400, 'username');
      expectFieldError(await add({ firstName: '   ' }), 400, 'firstName');
      expectFieldError(await add({ password: 'x' }), 400, 'password');
      expectFieldError(await call('admin', 'POST', '/api/v2/staff-users', { username: 'x.y.z' }), 400, 'email');
      expect((await call('admin', 'GET', `${U}/getlistusermangement?search=fresh.${kind}`)).json().total).toBe(0);
    });

    it('edits a staff account with the updatedAt read: a stale one is 409, a supplier account is not a staff account (404)', async () => {
      const editor = await roleByCode('editor');
      const u = await staffUser(editor.id);
      const edited = ok<User>(
        await call('admin', 'PATCH', `/api/v2/staff-users/${u.id}`, {
          updatedAt: u.updatedAt,
          lastName: 'Changed',
          department: ' Content ',
          position: '',
          userType: 'permanent',
        }),
      );
      expect(edited).toMatchObject({
        lastName: 'Changed',
        department: 'Content',
        position: null,
        userType: 'permanent',
      });
      expect(await lastAudit(u.id)).toMatchObject({
        action: 'update',
        before: { lastName: u.lastName, department: null, userType: null },
        after: { lastName: 'Changed', department: 'Content', userType: 'permanent' },
      });
      expectFieldError(
        await call('admin', 'PATCH', `/api/v2/staff-users/${u.id}`, { updatedAt: u.updatedAt, lastName: 'Again' }),
        409,
        'updatedAt',
      );
      expectFieldError(
        await call('admin', 'PATCH', `/api/v2/staff-users/${u.id}`, { updatedAt: edited.updatedAt }),
        400,
        'body',
      );
      expectFieldError(
        await call('admin', 'PATCH', `/api/v2/staff-users/${u.id}`, {
          updatedAt: edited.updatedAt,
          email: 'editor@sellercenter.example',
        }),
        409,
        'email',
      );
      expectFieldError(
        await call('admin', 'PATCH', `/api/v2/staff-users/${u.id}`, { updatedAt: edited.updatedAt, role: 'admin' }),
        400,
        'role',
      );
      const [supplier] = await t.app.db.select().from(users).where(eq(users.username, 'supplier1'));
      const res = await call('admin', 'PATCH', `/api/v2/staff-users/${supplier.id}`, {
        updatedAt: supplier.updatedAt.toISOString(),
        lastName: 'X',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: 'Staff user not found' });
      expect((await call('admin', 'POST', `/api/v2/staff-users/${supplier.id}/password-link`, {})).statusCode).toBe(
        404,
      );
    });
  });

  describe('enabling, disabling and roles of accounts', () => {
    it('disables an account: its session ends at the next request; the same status again is 409, the own account cannot be disabled', async () => {
      const editor = await roleByCode('editor');
      const u = await staffUser(editor.id);
      expect((await send(u.headers, 'GET', '/api/blogs/master/posts')).statusCode).toBe(200);
      const done = ok<{ status: number; data: User }>(
        await call('admin', 'POST', `${U}/updatestatususer`, {
          userId: u.id,
          status: 'disabled',
          updatedAt: u.updatedAt,
        }),
      );
      expect(done.data.status).toBe('disabled');
      expect((await send(u.headers, 'GET', '/api/blogs/master/posts')).statusCode).toBe(401);
      expect(await lastAudit(u.id)).toMatchObject({
        action: 'user.status',
        before: { status: 'active' },
        after: { status: 'disabled' },
      });
      expect(
        (await call('admin', 'POST', `${U}/updatestatususer`, { userId: u.id, status: 'disabled' })).statusCode,
      ).toBe(409);
      expectFieldError(
        await call('admin', 'POST', `${U}/updatestatususer`, {
          userId: u.id,
          status: 'active',
          updatedAt: u.updatedAt,
        }),
        409,
        'updatedAt',
      );
      // A disabled account gets no new link.
      expect((await call('admin', 'POST', `/api/v2/staff-users/${u.id}/password-link`, {})).statusCode).toBe(409);
      ok(await call('admin', 'POST', `${U}/updatestatususer`, { userId: u.id, status: 'active' }));
      // Enabled again, the account signs in anew: the token from before it was disabled stays refused.
      expect((await send(u.headers, 'GET', '/api/blogs/master/posts')).statusCode).toBe(401);
      t.forget(u.username);
      const again = { authorization: `Bearer ${await t.login(u.username, PASSWORD)}` };
      expect((await send(again, 'GET', '/api/blogs/master/posts')).statusCode).toBe(200);

      const [admin] = await t.app.db.select().from(users).where(eq(users.username, 'admin'));
      const self = await call('admin', 'POST', `${U}/updatestatususer`, { userId: admin.id, status: 'disabled' });
      expect(self.statusCode).toBe(403);
      expect(self.json().message).toMatch(/your own account/);
      expect(
        (await call('admin', 'POST', `${U}/updatestatususer`, { userId: 999999, status: 'disabled' })).statusCode,
      ).toBe(404);
      expectFieldError(
        await call('admin', 'POST', `${U}/updatestatususer`, { userId: u.id, status: 'gone' }),
        400,
        'status',
      );
    });

    it('keeps one active administrator: two admins disabling each other at once leave one, and the last cannot lose the role', async () => {
      const adminRole = await roleByCode('admin');
      const editor = await roleByCode('editor');
      const a = await staffUser(adminRole.id);
      const b = await staffUser(adminRole.id);
      const [seeded] = await t.app.db.select().from(users).where(eq(users.username, 'admin'));
      // Both sessions are checked before either change lands (the auth records are cached).
      expect((await send(b.headers, 'GET', `${U}/getuserroles`)).statusCode).toBe(200);
      // The seeded admin steps aside so that a and b are the only active administrators.
      ok(await send(a.headers, 'POST', `${U}/updatestatususer`, { userId: seeded.id, status: 'disabled' }));
      try {
        const [ab, ba] = await Promise.all([
          send(a.headers, 'POST', `${U}/updatestatususer`, { userId: b.id, status: 'disabled' }),
          send(b.headers, 'POST', `${U}/updatestatususer`, { userId: a.id, status: 'disabled' }),
        ]);
        expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 409]);
        expect([ab, ba].find((r) => r.statusCode === 409)!.json().message).toMatch(/last active administrator/);
        const left = ab.statusCode === 200 ? a : b;
        const admins = (
          await t.app.db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.roleId, adminRole.id), eq(users.status, 'active')))
        ).map((r) => r.id);
        expect(admins).toEqual([left.id]);
        // Nobody changes their own role, the last administrator included.
        const demote = await send(left.headers, 'POST', `${U}/updateroleuser`, { userId: left.id, roleId: editor.id });
        expect(demote.statusCode).toBe(403);
        expect(demote.json().message).toMatch(/your own role/);
      } finally {
        const last = (
          await t.app.db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.roleId, adminRole.id), eq(users.status, 'active')))
        )[0];
        const headers = last.id === a.id ? a.headers : b.headers;
        ok(await send(headers, 'POST', `${U}/updatestatususer`, { userId: seeded.id, status: 'active' }));
        // Disabling ended its sessions: it signs in anew.
        t.forget('admin');
      }
    });

    it('gives an account another role of its area: it applies at the next request; a supplier keeps a supplier role', async () => {
      const editor = await roleByCode('editor');
      const merchandiser = await roleByCode('merchandiser');
      const u = await staffUser(editor.id);
      expect((await send(u.headers, 'GET', '/api/product/productlist')).statusCode).toBe(403);
      const changed = ok<{ data: User }>(
        await call('admin', 'POST', `${U}/updateroleuser`, { userId: u.id, roleId: merchandiser.id }),
      );
      expect(changed.data).toMatchObject({ role: 'merchandiser', roleName: 'Merchandiser' });
      // The role change ended the account's sessions; signed in anew, it has the new role's rights.
      expect((await send(u.headers, 'GET', '/api/product/productlist')).statusCode).toBe(401);
      t.forget(u.username);
      const again = { authorization: `Bearer ${await t.login(u.username, PASSWORD)}` };
      expect((await send(again, 'GET', '/api/product/productlist')).statusCode).toBe(200);
      expect((await send(again, 'GET', '/api/blogs/master/posts')).statusCode).toBe(403);
      expect(await lastAudit(u.id)).toMatchObject({
        action: 'user.role',
        before: { role: 'editor' },
        after: { role: 'merchandiser' },
      });
      expect(
        (await call('admin', 'POST', `${U}/updateroleuser`, { userId: u.id, roleId: merchandiser.id })).statusCode,
      ).toBe(409);
      expectFieldError(
        await call('admin', 'POST', `${U}/updateroleuser`, { userId: u.id, roleId: editor.id, updatedAt: u.updatedAt }),
        409,
        'updatedAt',
      );
      const [supplier] = await t.app.db.select().from(users).where(eq(users.username, 'supplier1'));
      expectFieldError(
        await call('admin', 'POST', `${U}/updateroleuser`, { userId: supplier.id, roleId: editor.id }),
        400,
        'roleId',
      );
      expectFieldError(
        await call('admin', 'POST', `${U}/updateroleuser`, { userId: u.id, roleId: (await roleByCode('supplier')).id }),
        400,
        'roleId',
      );
      expectFieldError(
        await call('admin', 'POST', `${U}/updateroleuser`, { userId: u.id, roleId: 999999 }),
        400,
        'roleId',
      );
    });

    it('lets staff holding the user screen manage other staff, but not administrators, the admin role or admin-only menus', async () => {
      const people = await makeRole(`People desk ${kind}`, ['/admin/setting/user']);
      // The roles screen goes with the users screen: its menu leaf comes with the users leaf.
      expect(people.menus).toEqual(['/admin/setting', '/admin/setting/user', '/admin/setting/role']);
      const manager = await staffUser(people.id);
      const editor = await roleByCode('editor');
      const adminRole = await roleByCode('admin');
      expect((await send(manager.headers, 'GET', `${U}/getlistusermangement`)).statusCode).toBe(200);
      const made = ok<{ user: User; link: Link }>(
        await send(manager.headers, 'POST', '/api/v2/staff-users', {
          username: `hired.${kind}`,
          email: `hired.${kind}@example.com`,
          firstName: 'Hired',
          lastName: 'ByDesk',
          roleId: people.id,
        }),
        201,
      );
      // The editor role grants menus the desk does not hold (privilege.ts; sessions.test.ts tries every such case).
      const wider = await send(manager.headers, 'POST', '/api/v2/staff-users', {
        username: `editor.hire.${kind}`,
        email: `editor.hire.${kind}@example.com`,
        firstName: 'Editor',
        lastName: 'Hire',
        roleId: editor.id,
      });
      expect(wider.statusCode).toBe(403);
      expect(wider.json().message).toMatch(/within your own rights/);
      expect(
        (
          await send(manager.headers, 'POST', '/api/v2/staff-users', {
            username: `boss.${kind}`,
            email: `boss.${kind}@example.com`,
            firstName: 'Boss',
            lastName: 'Made',
            roleId: adminRole.id,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await send(manager.headers, 'POST', `${U}/updateroleuser`, { userId: made.user.id, roleId: adminRole.id }))
          .statusCode,
      ).toBe(403);
      const [admin] = await t.app.db.select().from(users).where(eq(users.username, 'admin'));
      for (const [url, body] of [
        [`${U}/updatestatususer`, { userId: admin.id, status: 'disabled' }],
        [`${U}/updateroleuser`, { userId: admin.id, roleId: editor.id }],
      ] as const) {
        const res = await send(manager.headers, 'POST', url, body);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toMatch(/administrator/);
      }
      expect(
        (
          await send(manager.headers, 'PATCH', `/api/v2/staff-users/${admin.id}`, {
            updatedAt: admin.updatedAt.toISOString(),
            lastName: 'X',
          })
        ).statusCode,
      ).toBe(403);
      expectFieldError(
        await send(manager.headers, 'PATCH', `/api/v2/roles/${people.id}`, {
          version: people.version,
          menus: ['/admin/setting/user', '/admin/audit'],
        }),
        400,
        'menus',
      );
      // The audit log stays the admin's.
      expect((await send(manager.headers, 'GET', '/api/v2/audit-log')).statusCode).toBe(403);
    });
  });

  describe('roles and their menus', () => {
    it('answers the menu tree of each area, with admin-only items marked', async () => {
      const tree = ok<{
        items: { path: string; group: string; onlyFor: string[] | null; children: { path: string }[] }[];
      }>(await call('admin', 'GET', `${U}/getlistMenuNew`)).items;
      expect(tree.map((s) => s.path)).toEqual(
        MENU_CATALOGUE.filter((m) => m.area === 'admin' && !m.parent)
          .sort((a, b) => a.sort - b.sort)
          .map((m) => m.path),
      );
      expect(tree.find((s) => s.path === '/admin/product')!.children.map((c) => c.path)).toContain(
        '/admin/product/listproduct',
      );
      expect(tree.find((s) => s.path === '/admin/audit')).toMatchObject({ onlyFor: ['admin'] });
      expect(tree.find((s) => s.path === '/admin/routes')).toMatchObject({ onlyFor: ['admin'] });
      expect(tree.find((s) => s.path === '/admin/blog')).toMatchObject({ onlyFor: null, group: 'nav.content' });
      const supplier = ok<{ items: { path: string }[] }>(
        await call('admin', 'GET', `${U}/getlistMenuNew?area=supplier`),
      ).items;
      expect(supplier.every((s) => s.path.startsWith('/supplier/'))).toBe(true);
      expectFieldError(await call('admin', 'GET', `${U}/getlistMenuNew?area=shop`), 400, 'area');
    });

    it('lists roles built-in first with their counts, and one role with its menus', async () => {
      const roles = ok<{ items: Role[] }>(await call('admin', 'GET', `${U}/getuserroles?area=admin`)).items;
      expect(roles.slice(0, 2).map((r) => r.code)).toEqual(['admin', 'editor']);
      expect(roles.every((r) => r.area === 'admin')).toBe(true);
      expect(roles.find((r) => r.code === 'admin')).toMatchObject({ builtin: true, editable: false });
      expect(roles.find((r) => r.code === 'order-desk')).toMatchObject({
        builtin: false,
        editable: true,
        userCount: 2,
      });
      const editor = await roleDetail(roles.find((r) => r.code === 'editor')!.id);
      expect(editor.menus).toEqual(expect.arrayContaining(['/admin/blog', '/admin/blog/posts', '/admin/housebrand']));
      expect(editor.menuCount).toBe(editor.menus.length);
      const missing = await call('admin', 'GET', `${U}/getdetailrole?id=999999`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ status: 404, message: 'Role not found' });
    });

    it('creates a staff role: a leaf brings its section; unknown, supplier and admin-only menus and a taken name are refused', async () => {
      const role = await makeRole(`  Stock   checker ${kind} `, ['/admin/product/listproduct']);
      expect(role).toMatchObject({
        name: `Stock checker ${kind}`,
        code: `stock-checker-${kind}`,
        builtin: false,
        userCount: 0,
      });
      expect(role.menus).toEqual(['/admin/product', '/admin/product/listproduct']);
      expect(
        (
          await t.app.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entity, 'role'), eq(auditLog.entityId, role.id)))
        )[0],
      ).toMatchObject({
        action: 'create',
        after: { name: `Stock checker ${kind}`, menus: ['/admin/product', '/admin/product/listproduct'] },
      });
      expectFieldError(await call('admin', 'POST', '/api/v2/roles', { name: `stock CHECKER ${kind}` }), 409, 'name');
      expectFieldError(
        await call('admin', 'POST', '/api/v2/roles', { name: 'Other', menus: ['/admin/nowhere'] }),
        400,
        'menus',
      );
      expectFieldError(
        await call('admin', 'POST', '/api/v2/roles', { name: 'Other', menus: ['/supplier/blog'] }),
        400,
        'menus',
      );
      expectFieldError(
        await call('admin', 'POST', '/api/v2/roles', { name: 'Other', menus: ['/admin/audit'] }),
        400,
        'menus',
      );
      expectFieldError(
        await call('admin', 'POST', '/api/v2/roles', { name: 'Other', menus: ['/admin/routes'] }),
        400,
        'menus',
      );
      expectFieldError(await call('admin', 'POST', '/api/v2/roles', { name: 'O' }), 400, 'name');
      expectFieldError(await call('admin', 'POST', '/api/v2/roles', { name: 'Other', area: 'supplier' }), 400, 'area');
      // A Thai name has no latin letters for a code.
      expect((await makeRole(`ฝ่ายคลังสินค้า ${kind === 'pglite' ? 'ก' : 'ข'}`, [])).code).toMatch(/^staff-role(-\d+)?$/);
    });

    it('serves the staff roles as a REST resource: a page with its total, filters, one role; supplier roles are not among them', async () => {
      const role = await makeRole(`Listed ${kind}`, ['/admin/blog/posts']);
      const page = await call('admin', 'GET', `/api/v2/roles?name_like=${encodeURIComponent(`LISTED ${kind}`)}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-total-count']).toBe('1');
      expect(page.json()).toEqual([
        {
          id: role.id,
          name: `Listed ${kind}`,
          code: `listed-${kind}`,
          builtin: false,
          userCount: 0,
          menus: ['/admin/blog', '/admin/blog/posts'],
          version: role.version,
        },
      ]);
      // The version is the one the legacy detail reads too.
      expect((await roleDetail(role.id)).version).toBe(role.version);
      const builtins = ok<Role[]>(await call('admin', 'GET', '/api/v2/roles?builtin=true&_sort=name'));
      expect(builtins.map((r) => r.code).sort()).toEqual(['admin', 'editor']);
      expect(ok<Role>(await call('admin', 'GET', `/api/v2/roles/${role.id}`)).name).toBe(`Listed ${kind}`);
      const supplier = await roleByCode('supplier');
      for (const [method, body] of [
        ['GET', undefined],
        ['PATCH', { version: 'x', name: 'Suppliers two' }],
        ['DELETE', undefined],
      ] as const)
        expect((await call('admin', method, `/api/v2/roles/${supplier.id}`, body)).statusCode, method).toBe(404);
      expectFieldError(await call('admin', 'GET', '/api/v2/roles?area=admin'), 400, 'area');
      expectFieldError(await call('admin', 'GET', '/api/v2/roles?_sort=code'), 400, '_sort');
    });

    it('keeps a split-off leaf with the one it left (roles with users, zones with shipping): with it, never alone', async () => {
      const alone = await makeRole(`Roles only ${kind}`, ['/admin/setting/role']);
      expect(alone.menus).toEqual([]);
      const shipping = await makeRole(`Shipping ${kind}`, ['/admin/setting/shipping']);
      expect(shipping.menus).toEqual(
        expect.arrayContaining(['/admin/setting', '/admin/setting/shipping', '/admin/setting/shipping-zones']),
      );
      expect((await makeRole(`Zones only ${kind}`, ['/admin/setting/shipping-zones'])).menus).toEqual([]);
      const desk = await makeRole(`Desk ${kind}`, ['/admin/setting/user', '/admin/blog/posts']);
      expect(desk.menus).toEqual(
        expect.arrayContaining(['/admin/setting', '/admin/setting/user', '/admin/setting/role']),
      );
      const narrowed = ok<Role>(
        await call('admin', 'PATCH', `/api/v2/roles/${desk.id}`, {
          version: desk.version,
          menus: ['/admin/blog/posts', '/admin/setting/role'],
        }),
      );
      expect(narrowed.menus).toEqual(['/admin/blog', '/admin/blog/posts']);
      // A new leaf held with another path goes, when first inserted, to every role then holding that path.
      ok(
        await call('admin', 'PATCH', `/api/v2/roles/${desk.id}`, {
          version: narrowed.version,
          menus: ['/admin/setting/user'],
        }),
      );
      await t.app.db.delete(menuItems).where(eq(menuItems.path, '/admin/setting/role'));
      expect((await roleDetail(desk.id)).menus).toEqual(['/admin/setting', '/admin/setting/user']);
      await syncMenu(t.app.db);
      expect((await roleDetail(desk.id)).menus).toEqual([
        '/admin/setting',
        '/admin/setting/user',
        '/admin/setting/role',
      ]);
      expect((await roleDetail(alone.id)).menus).toEqual([]);
      expect((await roleDetail((await roleByCode('editor')).id)).menus).not.toContain('/admin/setting/role');
    });

    it('changes a role with the version read: a stale one is 409; the admin role is never changed; built-in roles keep their names', async () => {
      const role = await makeRole(`Versioned ${kind}`, ['/admin/blog']);
      const changed = ok<Role>(
        await call('admin', 'PATCH', `/api/v2/roles/${role.id}`, {
          version: role.version,
          name: `Versioned two ${kind}`,
          menus: ['/admin/orders/list'],
        }),
      );
      expect(changed.menus).toEqual(['/admin/orders', '/admin/orders/list']);
      expect(changed.version).not.toBe(role.version);
      expectFieldError(
        await call('admin', 'PATCH', `/api/v2/roles/${role.id}`, { version: role.version, menus: [] }),
        409,
        'version',
      );
      const admin = await roleDetail((await roleByCode('admin')).id);
      const refused = await call('admin', 'PATCH', `/api/v2/roles/${admin.id}`, {
        version: admin.version,
        menus: ['/admin/blog'],
      });
      expect(refused.statusCode).toBe(409);
      expect((await roleDetail(admin.id)).menus).toEqual(admin.menus);
      const editor = await roleDetail((await roleByCode('editor')).id);
      expectFieldError(
        await call('admin', 'PATCH', `/api/v2/roles/${editor.id}`, { version: editor.version, name: 'Writers' }),
        400,
        'name',
      );
      expect((await call('admin', 'PATCH', `/api/v2/roles/999999`, { version: 'x', name: 'Nobody' })).statusCode).toBe(
        404,
      );
      expectFieldError(
        await call('admin', 'PATCH', `/api/v2/roles/${role.id}`, { version: changed.version }),
        400,
        'body',
      );
    });

    it('deletes a staff role no account holds; built-in roles and roles with accounts stay', async () => {
      const role = await makeRole(`Short lived ${kind}`, ['/admin/blog']);
      const holder = await staffUser(role.id);
      const busy = await call('admin', 'DELETE', `/api/v2/roles/${role.id}`);
      expect(busy.statusCode).toBe(409);
      expect(busy.json().message).toMatch(/1 account/);
      ok(
        await call('admin', 'POST', `${U}/updateroleuser`, {
          userId: holder.id,
          roleId: (await roleByCode('editor')).id,
        }),
      );
      expect(ok<Role>(await call('admin', 'DELETE', `/api/v2/roles/${role.id}`)).name).toBe(`Short lived ${kind}`);
      expect((await call('admin', 'GET', `${U}/getdetailrole?id=${role.id}`)).statusCode).toBe(404);
      expect((await call('admin', 'DELETE', `/api/v2/roles/${(await roleByCode('editor')).id}`)).statusCode).toBe(409);
    });

    it("applies a role's new menus to its accounts at their next request, not at their next sign-in (navConfig and API)", async () => {
      const role = await makeRole(`Round trip ${kind}`, ['/admin/orders', '/admin/orders/list']);
      const u = await staffUser(role.id);
      const me = async () =>
        ok<{ navConfig: { items: { path: string }[] }[] }>(
          await send(u.headers, 'GET', '/api/account/me'),
        ).navConfig.flatMap((g) => g.items.map((i) => i.path));
      expect(await me()).toEqual(['/admin/orders']);
      const before = await send(u.headers, 'POST', '/api/order/orderlist', {});
      expect(before.statusCode).toBe(200);
      const refused = await send(u.headers, 'GET', '/api/blogs/master/posts');
      expect(refused.statusCode).toBe(403);
      // Every signed-in answer, a refusal too, tags the grants it was decided on (the client re-reads its menu when it changes).
      const tag = before.headers['x-access-tag'];
      expect(tag).toMatch(/^[\w-]{16}$/);
      expect(refused.headers['x-access-tag']).toBe(tag);

      ok(
        await call('admin', 'PATCH', `/api/v2/roles/${role.id}`, {
          version: role.version,
          menus: ['/admin/blog/posts'],
        }),
      );
      // The same token, the very next request.
      const after = await send(u.headers, 'GET', '/api/blogs/master/posts');
      expect(after.statusCode).toBe(200);
      expect(after.headers['x-access-tag']).not.toBe(tag);
      expect((await send(u.headers, 'POST', '/api/order/orderlist', {})).statusCode).toBe(403);
      expect(await me()).toEqual(['/admin/blog']);

      // The editor's built-in grants are editable too, and back again.
      const editor = await roleDetail((await roleByCode('editor')).id);
      const headers = await t.headers('editor');
      expect((await send(headers, 'POST', '/api/order/orderlist', {})).statusCode).toBe(403);
      const widened = ok<Role>(
        await call('admin', 'PATCH', `/api/v2/roles/${editor.id}`, {
          version: editor.version,
          menus: [...editor.menus, '/admin/orders/list'],
        }),
      );
      expect((await send(headers, 'POST', '/api/order/orderlist', {})).statusCode).toBe(200);
      ok(await call('admin', 'PATCH', `/api/v2/roles/${editor.id}`, { version: widened.version, menus: editor.menus }));
      expect((await send(headers, 'POST', '/api/order/orderlist', {})).statusCode).toBe(403);
    });

    it('gives a one-menu staff role exactly that menu, for every staff menu section: its screens answer, another screen is 403', async () => {
      const tree = ok<{ items: { path: string; onlyFor: string[] | null; children: { path: string }[] }[] }>(
        await call('admin', 'GET', `${U}/getlistMenuNew`),
      ).items;
      const sections = tree.filter((s) => !s.onlyFor);
      expect(sections.length).toBeGreaterThanOrEqual(10);
      // Event streams stay open: they are no probe.
      const routes = t.app.routeTable.filter(
        (r) => r.url.startsWith('/api/') && typeof r.access === 'object' && !/(events|stream)$/.test(r.url),
      );
      for (const section of sections) {
        const menus = [section.path, ...section.children.map((c) => c.path)];
        const role = await makeRole(`Only ${section.path} ${kind}`, menus);
        const u = await staffUser(role.id);
        const nav = ok<{ navConfig: { items: { path: string }[] }[] }>(
          await send(u.headers, 'GET', '/api/account/me'),
        ).navConfig;
        expect(
          nav.flatMap((g) => g.items.map((i) => i.path)),
          section.path,
        ).toEqual([section.path]);
        const held = (r: (typeof routes)[number]) =>
          (r.access as { menu: string[] }).menu.some((p) => menus.includes(p));
        const own = SCREENS.filter((s) => s.built && !s.everyone && s.area === 'admin' && menus.includes(grantOf(s)));
        for (const screen of own) {
          // A read: the probe changes nothing (a missing parameter's 400 or an id's 404 still shows the guard let it through).
          const route = routes.find(
            (r) => r.method === 'GET' && screen.endpoints.some((e) => r.url === e || r.url.startsWith(`${e}/`)),
          );
          if (!route) continue;
          const res = await send(u.headers, 'GET', route.url.replace(':id', '1'));
          expect([401, 403], `${section.path}: ${route.method} ${route.url}`).not.toContain(res.statusCode);
        }
        const other = routes.find((r) => !held(r))!;
        const refused = await send(
          u.headers,
          other.method as Method,
          other.url.replace(':id', '1'),
          other.method === 'GET' || other.method === 'DELETE' ? undefined : {},
        );
        expect(refused.statusCode, `${section.path}: ${other.method} ${other.url}`).toBe(403);
      }
    });
  });

  describe('user types and employee data', () => {
    it("answers the user types, and the staff accounts' employee data with the departments", async () => {
      expect(
        ok<{ items: { code: string; name: string }[] }>(await call('admin', 'GET', `${U}/usertypemaster`)).items.map(
          (i) => i.code,
        ),
      ).toEqual(['permanent', 'contract', 'outsource', 'intern', 'agency']);
      const list = ok<{
        items: { username: string; employeeCode: string | null; department: string | null }[];
        departments: string[];
      }>(await call('admin', 'GET', `${U}/getemployeedata?limit=100`));
      expect(list.items.some((e) => e.username.startsWith('supplier'))).toBe(false);
      expect(list.items[0]).toMatchObject({ username: 'admin', employeeCode: 'EMP-0001' });
      expect(list.departments).toEqual(
        expect.arrayContaining(['Content', 'Customer service', 'Management', 'Merchandising']),
      );
      const desk = ok<{ items: { username: string }[] }>(
        await call('admin', 'GET', `${U}/getemployeedata?department=${encodeURIComponent('Customer service')}`),
      ).items;
      expect(desk.map((e) => e.username).sort()).toEqual(['surasak', 'wanida']);
      expect(
        ok<{ items: { username: string }[] }>(
          await call('admin', 'GET', `${U}/getemployeedata?userType=intern`),
        ).items.map((e) => e.username),
      ).toEqual(['kanokwan']);
      expectFieldError(await call('admin', 'GET', `${U}/getemployeedata?department=`), 400, 'department');
    });
  });

  describe('the own account', () => {
    it('reads and changes the own name and phone, in both areas, with the updatedAt read', async () => {
      for (const who of ['supplier2', 'editor']) {
        const me = ok<{ data: User }>(await call(who, 'GET', `${U}/useraccount`)).data;
        expect(me.username).toBe(who);
        const changed = ok<User>(
          await call(who, 'PATCH', '/api/v2/my-account', {
            updatedAt: me.updatedAt,
            firstName: ' New ',
            phone: '02 123 4567',
          }),
        );
        expect(changed).toMatchObject({ firstName: 'New', phone: '02 123 4567', lastName: me.lastName });
        expect(await lastAudit(me.id)).toMatchObject({
          action: 'profile.update',
          actorId: me.id,
          before: { firstName: me.firstName },
          after: { firstName: 'New' },
        });
        expectFieldError(
          await call(who, 'PATCH', '/api/v2/my-account', { updatedAt: me.updatedAt, lastName: 'Stale' }),
          409,
          'updatedAt',
        );
        expectFieldError(
          await call(who, 'PATCH', '/api/v2/my-account', { updatedAt: changed.updatedAt, phone: 'none' }),
          400,
          'phone',
        );
        expectFieldError(
          await call(who, 'PATCH', '/api/v2/my-account', { updatedAt: changed.updatedAt, email: 'me@example.com' }),
          400,
          'email',
        );
        expectFieldError(
          await call(who, 'PATCH', '/api/v2/my-account', { updatedAt: changed.updatedAt, firstName: '' }),
          400,
          'firstName',
        );
        ok(
          await call(who, 'PATCH', '/api/v2/my-account', {
            updatedAt: changed.updatedAt,
            firstName: me.firstName,
            phone: null,
          }),
        );
      }
      expect((await send(undefined, 'GET', `${U}/useraccount`)).statusCode).toBe(401);
    });

    it('changes the password only with the current one', async () => {
      const u = await staffUser((await roleByCode('editor')).id);
      const change = (body: object) => send(u.headers, 'POST', '/api/v2/my-account/password', body);
      const wrong = await change({ currentPassword: 'Wrong2026x', newPassword: 'Brand2026new' });
      expectFieldError(wrong, 400, 'currentPassword');
      expect(wrong.json().message).toBe('The current password is not correct.');
      expectFieldError(await change({ currentPassword: PASSWORD, newPassword: 'short' }), 400, 'newPassword');
      expectFieldError(await change({ currentPassword: PASSWORD, newPassword: PASSWORD }), 400, 'newPassword');
      expectFieldError(await change({ newPassword: 'Brand2026new' }), 400, 'currentPassword');
      ok(await change({ currentPassword: PASSWORD, newPassword: 'Brand2026new' }));
      const login = (password: string) =>
        send(undefined, 'POST', '/api/account/login', { users: u.username, password, typeLogin: 'staff' });
      expect((await login(PASSWORD)).statusCode).toBe(401);
      expect((await login('Brand2026new')).statusCode).toBe(200);
      expect(await lastAudit(u.id)).toMatchObject({ action: 'password.change', before: null, after: null });
      expect(JSON.stringify(await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, u.id)))).not.toContain(
        'Brand2026new',
      );
    });
  });
});
