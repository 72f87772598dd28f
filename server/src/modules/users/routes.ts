import type { FastifyInstance } from 'fastify';
import { requireSession, requireUser } from '../../auth/guard.js';
import { routesOf } from '../../lib/route.js';
import { restRoutes } from '../../rest/resource.js';
import { errorResponse } from '../../lib/schemas.js';
import * as s from './schemas.js';
import * as svc from './service.js';
import * as rolesSvc from './roles.js';
import * as account from './account.js';
import { checkLink, setPassword } from './links.js';

type Id = { Params: { id: number } };
const area = { type: 'string', enum: s.AREAS } as const;

/**
 * Users, staff roles and menus (docs/api/users.md): the legacy `/api/user/*` names, staff accounts and
 * roles under `/api/v2/staff-users` and `/api/v2/roles`, the own account under `/api/v2/my-account`
 * (any signed-in user) and the one-time password page's `/api/v2/password-set` (public).
 */
export default async function userRoutes(app: FastifyInstance) {
  const { db } = app;
  const u = requireUser;
  const sessionOf = requireSession;
  const r = routesOf(app, '/api/user', { tags: s.TAGS });

  r.get<{ Querystring: svc.UserListQuery }>(
    'getlistusermangement',
    {
      summary: 'Accounts, by name (paged), with search, role, status and area filters',
      query: s.userListQuery,
      response: s.userList,
    },
    async (req) => svc.listUsers(db, req.query),
  );
  r.get(
    'useraccount',
    {
      summary: "The signed-in user's own account",
      response: { type: 'object', properties: { data: s.userSummary }, required: ['data'] },
    },
    async (req) => account.ownAccount(db, u(req)),
  );
  r.get<{ Querystring: { area?: 'admin' | 'supplier' } }>(
    'getuserroles',
    {
      summary: 'Roles with how many accounts and menus each has (built-in first)',
      query: { area },
      response: { type: 'object', properties: { items: { type: 'array', items: s.role } }, required: ['items'] },
    },
    async (req) => rolesSvc.listRoles(db, req.query.area),
  );
  r.get<{ Querystring: { id: number } }>(
    'getdetailrole',
    {
      summary: 'One role with its granted menu paths and version',
      query: { id: { type: 'integer', minimum: 1 } },
      required: ['id'],
      response: { type: 'object', properties: { data: s.roleDetail }, required: ['data'] },
    },
    async (req) => ({ data: await rolesSvc.roleDetail(db, req.query.id) }),
  );
  r.get<{ Querystring: { area?: 'admin' | 'supplier' } }>(
    'getlistMenuNew',
    {
      summary: 'The menu of an area (default admin) as sections with their leaves: what a role can be granted',
      query: { area },
      response: { type: 'object', properties: { items: { type: 'array', items: s.menuNode } }, required: ['items'] },
    },
    async (req) => rolesSvc.menuTree(db, req.query.area ?? 'admin'),
  );
  r.post<{ Body: { userId: number; roleId: number; updatedAt?: string } }>(
    'updateroleuser',
    {
      summary: 'Give an account another role of its area (its sessions end: it signs in again under the role)',
      body: s.roleUserBody,
      required: ['userId', 'roleId'],
      response: s.userWritten,
    },
    async (req) => svc.changeRole(db, u(req), req.body),
  );
  r.post<{ Body: { userId: number; status: 'active' | 'disabled'; updatedAt?: string } }>(
    'updatestatususer',
    {
      summary: "Enable or disable an account (a disabled account's sessions end at once)",
      body: s.statusBody,
      required: ['userId', 'status'],
      response: s.userWritten,
    },
    async (req) => svc.changeStatus(db, u(req), req.body),
  );
  r.get<{ Querystring: svc.EmployeeQuery }>(
    'getemployeedata',
    {
      summary: 'Employee data of the staff accounts (by employee code), with the departments named',
      query: s.employeeQuery,
      response: s.employeeList,
    },
    async (req) => svc.employees(db, req.query),
  );
  r.get('usertypemaster', { summary: 'User types (master data)', response: s.userTypes }, async () =>
    svc.userTypes(db),
  );

  const staff = restRoutes(app, 'staff-users', { tags: s.TAGS });
  staff.post<{ Body: svc.CreateStaff }>(
    '',
    {
      summary:
        'Invite a staff account: it signs in once its owner has set a password through the one-time link answered',
      body: s.createStaffBody,
      required: ['username', 'email', 'firstName', 'lastName', 'roleId'],
      response: { 201: s.created },
    },
    async (req, reply) => reply.code(201).send(await svc.createStaff(db, u(req), req.body)),
  );
  staff.get<Id>('/:id', { summary: 'One staff account', response: { 200: s.userSummary } }, async (req) =>
    svc.getStaff(db, req.params.id),
  );
  staff.patch<Id & { Body: svc.StaffFields & { updatedAt: string } }>(
    '/:id',
    {
      summary: "Change a staff account's name, e-mail, phone and employee data (only the fields sent)",
      body: s.patchStaffBody,
      required: ['updatedAt'],
      minProperties: 2,
      response: { 200: s.userSummary },
    },
    async (req) => svc.updateStaff(db, u(req), req.params.id, req.body),
  );
  staff.post<Id>(
    '/:id/password-link',
    {
      summary: 'A new one-time password link for a staff account (earlier unused links stop working)',
      response: { 201: s.passwordLink },
    },
    async (req, reply) => reply.code(201).send(await svc.newPasswordLink(db, u(req), req.params.id)),
  );

  // Staff roles: the generated roles screen's resource.
  rolesSvc.roleResource(app);

  const mine = restRoutes(app, 'my-account', { tags: s.TAGS });
  mine.patch<{ Body: { updatedAt: string; firstName?: string; lastName?: string; phone?: string | null } }>(
    '',
    {
      summary: 'Change the own name or phone (any signed-in user)',
      body: s.accountPatchBody,
      required: ['updatedAt'],
      minProperties: 2,
      response: { 200: s.userSummary },
    },
    async (req) => account.updateOwnAccount(db, u(req), req.body),
  );
  mine.post<{ Body: { currentPassword: string; newPassword: string } }>(
    '/password',
    {
      summary:
        "Change the own password; the current one is required. The account's other sessions end; this one goes on with the token answered",
      body: s.passwordBody,
      required: ['currentPassword', 'newPassword'],
      response: { 200: s.renewed },
    },
    async (req) => account.changePassword(app, db, u(req), sessionOf(req), req.body),
  );
  mine.get(
    '/sessions',
    {
      summary: "The own account's active sessions (device, address, when), the current one marked",
      response: { 200: s.sessionList },
    },
    async (req) => account.ownSessions(db, u(req), sessionOf(req)),
  );
  mine.post(
    '/sessions/sign-out-others',
    {
      summary: 'End every session of the own account but this one, which goes on with the token answered',
      response: { 200: s.signedOutOthers },
    },
    async (req) => account.signOutOthers(app, db, u(req), sessionOf(req)),
  );

  const links = restRoutes(app, 'password-set', { tags: s.TAGS });
  links.post<{ Body: { token: string } }>(
    '/check',
    {
      summary: 'Whose one-time password link this is, while it works (public)',
      body: s.tokenBody,
      required: ['token'],
      response: { 200: s.linkInfo, 410: errorResponse },
    },
    async (req) => checkLink(db, req.body.token),
  );
  links.post<{ Body: { token: string; password: string } }>(
    '',
    {
      summary: 'Set the password through a one-time link (public; the link then stops working)',
      body: s.setPasswordBody,
      required: ['token', 'password'],
      response: { 200: s.passwordSet, 410: errorResponse },
    },
    async (req) => setPassword(db, req.body.token, req.body.password),
  );
}
