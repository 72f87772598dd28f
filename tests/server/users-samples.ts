/**
 * Valid requests for the users, roles and own-account routes (security.test.ts). Staff accounts and roles
 * belong to no shop: the ids are the editor's account and the editor role, read as admin.
 */
import type { FastifyInstance } from 'fastify';

export type UsersIds = { user: number; role: number };

type Sample = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object };

export async function usersIdsOf(
  app: FastifyInstance,
  _shop: number,
  admin: { authorization: string },
): Promise<UsersIds> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/user/getlistusermangement?search=editor&area=admin',
    headers: admin,
  });
  if (res.statusCode !== 200) throw new Error(`getlistusermangement: ${res.statusCode} ${res.body}`);
  const editor = (res.json().items as { id: number; username: string; roleId: number }[]).find(
    (u) => u.username === 'editor',
  )!;
  return { user: editor.id, role: editor.roleId };
}

/** A request that passes validation for the route, or undefined when the route is not one of these. */
export function usersSample(method: string, url: string, _shop: number, ids: UsersIds): Sample | undefined {
  const known =
    url.startsWith('/api/user/') ||
    ['/api/v2/staff-users', '/api/v2/roles', '/api/v2/my-account', '/api/v2/password-set'].some(
      (base) => url === base || url.startsWith(`${base}/`),
    );
  if (!known) return undefined;
  const path = url.replace(':id', String(url.startsWith('/api/v2/roles') ? ids.role : ids.user));
  const at = (payload?: object) => ({ method: method as Sample['method'], url: path, ...(payload ? { payload } : {}) });
  const updatedAt = '2026-01-01T00:00:00.000Z';
  switch (`${method} ${url}`) {
    case 'GET /api/user/getdetailrole':
      return { method: 'GET', url: `${url}?id=${ids.role}` };
    case 'POST /api/user/updateroleuser':
      return at({ userId: ids.user, roleId: ids.role });
    case 'POST /api/user/updatestatususer':
      return at({ userId: ids.user, status: 'disabled', updatedAt });
    case 'POST /api/v2/staff-users':
      return at({
        username: 'probe.user',
        email: 'probe@example.com',
        firstName: 'Probe',
        lastName: 'User',
        roleId: ids.role,
      });
    case 'PATCH /api/v2/staff-users/:id':
      return at({ updatedAt, firstName: 'Probe' });
    case 'POST /api/v2/staff-users/:id/password-link':
      return at({});
    case 'POST /api/v2/roles':
      return at({ name: 'Probe role' });
    case 'PATCH /api/v2/roles/:id':
      return at({ version: 'stale', name: 'Probe role' });
    case 'PATCH /api/v2/my-account':
      return at({ updatedAt, firstName: 'Probe' });
    case 'POST /api/v2/my-account/password':
      return at({ currentPassword: 'wrong-password-1', newPassword: 'Another1pass' });
    case 'POST /api/v2/password-set/check':
      return at({ token: 'not-a-real-token-000000' });
    case 'POST /api/v2/my-account/sessions/sign-out-others':
      return at({});
    case 'POST /api/v2/password-set':
      return at({ token: 'not-a-real-token-000000', password: 'Another1pass' });
    default:
      return at(method === 'POST' || method === 'PATCH' ? {} : undefined);
  }
}
