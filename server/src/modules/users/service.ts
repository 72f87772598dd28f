/**
 * Accounts on the user-settings screen (docs/api/users.md): the list, staff accounts made by invitation
 * and edited, enabling and disabling, the role of an account, the employee data and the user types.
 * Every change runs in one transaction with the account's row locked and leaves an audit row; the last
 * active administrator cannot be disabled or lose the admin role; who may change whom, and give which
 * role, is privilege.ts's rule (refusals are audited too). Status and role changes end the account's
 * sessions (auth/sessions.ts): its tokens are refused from its next request.
 */
import { and, asc, count, desc, eq, ilike, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { masterData, roles, users } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { endSessions, sessionsEnded } from '../../auth/sessions.js';
import { assertMayGrant, assertMayManage, auditRefusals, menusOfRole, type Rights } from './privilege.js';
import { LAST_ADMIN, lockActiveAdmins, setUserStatus, type StatusTarget } from '../account/service.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, HttpError, isUniqueViolation, notFound } from '../../lib/errors.js';
import { maxpage } from '../../lib/schemas.js';
import { containing, ok, type Tx } from '../../lib/sql.js';
import { issueLink, unusablePassword } from './links.js';

export const USER_TYPE = 'user_type';

export interface UserSummary {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  roleId: number;
  role: string;
  roleName: string;
  area: 'admin' | 'supplier';
  status: 'active' | 'disabled';
  employeeCode: string | null;
  department: string | null;
  position: string | null;
  userType: string | null;
  invitation: 'pending' | 'expired' | null;
  shops: { id: number; name: string }[];
  createdAt: string;
  updatedAt: string;
}

/** An invited account that has set no password yet: is its last link still valid. ("users"."id" spelled out: never the subquery's id.) */
const invitation = sql<'pending' | 'expired' | null>`case
  when exists (select 1 from password_tokens p where p.user_id = "users"."id" and p.purpose = 'invite')
   and not exists (select 1 from password_tokens p where p.user_id = "users"."id" and p.used_at is not null)
  then case when exists (select 1 from password_tokens p where p.user_id = "users"."id" and p.purpose = 'invite' and p.expires_at > now())
    then 'pending' else 'expired' end
  end`;
const shopList = sql<
  { id: number; name: string }[]
>`coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name) order by s.id)
  from user_shops us join shops s on s.id = us.shop_id where us.user_id = "users"."id"), '[]'::json)`;

const summaryColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  roleId: roles.id,
  role: roles.code,
  roleName: roles.name,
  area: roles.area,
  status: users.status,
  employeeCode: users.employeeCode,
  department: users.department,
  position: users.position,
  userType: users.userType,
  invitation,
  shops: shopList,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: unknown } & { createdAt: Date; updatedAt: Date };
const toSummary = (r: SummaryRow): UserSummary => ({
  ...(r as unknown as UserSummary),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function userSummary(q: Db | Tx, userId: number): Promise<UserSummary | null> {
  const [row] = await q
    .select(summaryColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  return row ? toSummary(row) : null;
}

async function mustSummary(q: Db | Tx, userId: number): Promise<UserSummary> {
  const s = await userSummary(q, userId);
  if (!s) throw notFound('User');
  return s;
}

export interface UserListQuery {
  page: number;
  limit: number;
  search?: string;
  roleId?: number;
  status?: string;
  area?: string;
  sort?: 'name' | 'username' | 'createdAt';
  order?: 'asc' | 'desc';
}

export async function listUsers(db: Db, q: UserListQuery) {
  if (q.order && !q.sort) throw fieldError('order', 'order needs sort');
  const s = q.search?.trim();
  const like = s ? containing(s) : undefined;
  const where = and(
    like
      ? or(
          ilike(users.username, like),
          ilike(users.email, like),
          ilike(users.firstName, like),
          ilike(users.lastName, like),
          sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${like}`,
          ilike(users.phone, like),
          ilike(users.employeeCode, like),
        )
      : undefined,
    q.roleId ? eq(users.roleId, q.roleId) : undefined,
    q.status ? eq(users.status, q.status) : undefined,
    q.area ? eq(roles.area, q.area) : undefined,
  );
  const dir = q.order === 'desc' ? desc : asc;
  const order: SQL[] =
    q.sort === 'username'
      ? [dir(users.username)]
      : q.sort === 'createdAt'
        ? [dir(users.createdAt)]
        : [dir(users.firstName), dir(users.lastName)];
  const [{ total }] = await db
    .select({ total: count() })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where);
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(...order, asc(users.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { items: rows.map((r) => toSummary(r as SummaryRow)), total, maxpage: maxpage(total, q.limit) };
}

// ----- who may change whom -----

const STALE = 'This account was changed by someone else since you opened it. Reload it and try again.';

/** The rights an account holds through its role (privilege.ts compares them with the caller's). */
async function rightsOf(
  q: Tx,
  role: { roleId: number; role: string; area: string; roleName: string },
): Promise<Rights> {
  return { code: role.role, area: role.area, name: role.roleName, menus: await menusOfRole(q, role.roleId) };
}
function assertFresh(current: Date, read: string | undefined) {
  if (read !== undefined && new Date(read).getTime() !== current.getTime())
    throw new HttpError(409, STALE, [{ field: 'updatedAt', message: STALE }]);
}

// ----- status and role -----

export async function changeStatus(
  db: Db,
  actor: AuthUser,
  input: { userId: number; status: 'active' | 'disabled'; updatedAt?: string },
) {
  const attempt = {
    action: 'user.status',
    entity: 'user' as const,
    entityId: input.userId,
    detail: { status: input.status },
  };
  await auditRefusals(db, actor, attempt, () =>
    setUserStatus(db, actor.id, input.userId, input.status, async (current: StatusTarget, tx) => {
      assertMayManage(actor, { id: current.id, rights: await rightsOf(tx, current) }, 'status');
      assertFresh(current.updatedAt, input.updatedAt);
    }),
  );
  return ok(
    input.status === 'active' ? 'The account is enabled.' : 'The account is disabled; its sessions end now.',
    await mustSummary(db, input.userId),
  );
}

export async function changeRole(
  db: Db,
  actor: AuthUser,
  input: { userId: number; roleId: number; updatedAt?: string },
) {
  const attempt = {
    action: 'user.role',
    entity: 'user' as const,
    entityId: input.userId,
    detail: { roleId: input.roleId },
  };
  await auditRefusals(db, actor, attempt, () =>
    db.transaction(async (tx) => {
      const admins = await lockActiveAdmins(tx);
      const [current] = await tx
        .select({
          roleId: users.roleId,
          role: roles.code,
          area: roles.area,
          roleName: roles.name,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.id, input.userId))
        .for('update', { of: users });
      if (!current) throw notFound('User');
      // Key share: the role cannot be deleted under this change.
      const [next] = await tx.select().from(roles).where(eq(roles.id, input.roleId)).for('key share');
      if (!next) throw fieldError('roleId', 'roleId is not a role');
      assertMayManage(actor, { id: input.userId, rights: await rightsOf(tx, current) }, 'role');
      if (next.area !== current.area) {
        throw fieldError(
          'roleId',
          current.area === 'supplier'
            ? 'A supplier account keeps a supplier role.'
            : 'A staff account takes a staff role.',
        );
      }
      assertMayGrant(actor, { ...next, menus: await menusOfRole(tx, next.id) }, 'give');
      assertFresh(current.updatedAt, input.updatedAt);
      if (next.id === current.roleId) throw conflict(`This account already has the role ${next.name}.`);
      if (current.role === 'admin' && admins.length === 1 && admins[0] === input.userId) throw conflict(LAST_ADMIN);
      await tx.update(users).set({ roleId: next.id, updatedAt: new Date() }).where(eq(users.id, input.userId));
      await audit(tx, {
        actorId: actor.id,
        action: 'user.role',
        entity: 'user',
        entityId: input.userId,
        before: { role: current.role, roleName: current.roleName },
        after: { role: next.code, roleName: next.name },
      });
      // The account signs in again under its new role.
      await endSessions(tx, input.userId);
    }),
  );
  await sessionsEnded(db, input.userId);
  return ok('The role is changed; the account signs in again to use it.', await mustSummary(db, input.userId));
}

// ----- staff accounts -----

export interface StaffFields {
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  employeeCode?: string | null;
  department?: string | null;
  position?: string | null;
  userType?: string | null;
}
export interface CreateStaff extends StaffFields {
  username: string;
  roleId: number;
  email: string;
  firstName: string;
  lastName: string;
}

const PHONE_PATTERN = /^[+0-9 -]{6,20}$/;

/** Trims and checks the fields sent; empty optional texts become null. */
export async function cleanStaffFields(
  q: Db | Tx,
  body: StaffFields,
  userId?: number,
): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  const optional = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());
  for (const f of ['firstName', 'lastName'] as const) {
    if (body[f] === undefined) continue;
    const v = body[f].trim();
    if (!v) throw fieldError(f, `${f} must not be empty`);
    out[f] = v;
  }
  if (body.email !== undefined) out.email = body.email.trim().toLowerCase();
  if (body.phone !== undefined) {
    const v = optional(body.phone);
    if (v !== null && !PHONE_PATTERN.test(v)) throw fieldError('phone', 'phone must be 6–20 digits, spaces, + or -');
    out.phone = v;
  }
  for (const f of ['department', 'position'] as const) if (body[f] !== undefined) out[f] = optional(body[f]);
  if (body.employeeCode !== undefined) {
    const v = optional(body.employeeCode);
    if (v !== null) {
      const [taken] = await q
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.employeeCode}) = ${v.toLowerCase()}`, userId ? ne(users.id, userId) : undefined));
      if (taken)
        throw new HttpError(409, `Employee code ${v} is already used by another account.`, [
          { field: 'employeeCode', message: 'employeeCode is already used' },
        ]);
    }
    out.employeeCode = v;
  }
  if (body.userType !== undefined) {
    const v = optional(body.userType);
    if (v !== null) {
      const [known] = await q
        .select({ id: masterData.id })
        .from(masterData)
        .where(and(eq(masterData.type, USER_TYPE), eq(masterData.code, v)));
      if (!known) throw fieldError('userType', 'userType must be a code of usertypemaster');
    }
    out.userType = v;
  }
  return out;
}

const duplicate = (field: 'username' | 'email', value: string) =>
  new HttpError(
    409,
    field === 'username' ? `The username ${value} is taken.` : `An account with the e-mail ${value} already exists.`,
    [{ field, message: `${field} is already used by another account` }],
  );

async function assertFreeLogin(q: Db | Tx, field: 'username' | 'email', value: string, userId?: number) {
  // Either name signs in, so a username may not be another account's e-mail and the other way round.
  const [taken] = await q
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        or(sql`lower(${users.username}) = ${value}`, sql`lower(${users.email}) = ${value}`),
        userId ? ne(users.id, userId) : undefined,
      ),
    );
  if (taken) throw duplicate(field, value);
}

export async function createStaff(db: Db, actor: AuthUser, body: CreateStaff) {
  const username = body.username.toLowerCase();
  // Nobody knows this password: the account signs in once its owner has set one through the link.
  const passwordHash = await unusablePassword();
  const attempt = {
    action: 'invite',
    entity: 'user' as const,
    entityId: null,
    detail: { username, roleId: body.roleId },
  };
  try {
    return await auditRefusals(db, actor, attempt, () =>
      db.transaction(async (tx) => {
        const [role] = await tx.select().from(roles).where(eq(roles.id, body.roleId)).for('key share');
        if (!role || role.area !== 'admin') throw fieldError('roleId', 'roleId must be a staff role');
        assertMayGrant(actor, { ...role, menus: await menusOfRole(tx, role.id) }, 'give');
        const values = await cleanStaffFields(tx, body);
        await assertFreeLogin(tx, 'username', username);
        await assertFreeLogin(tx, 'email', values.email!);
        const [user] = await tx
          .insert(users)
          .values({
            username,
            passwordHash,
            roleId: role.id,
            status: 'active',
            email: values.email!,
            firstName: values.firstName!,
            lastName: values.lastName!,
            phone: values.phone ?? null,
            employeeCode: values.employeeCode ?? null,
            department: values.department ?? null,
            position: values.position ?? null,
            userType: values.userType ?? null,
          })
          .returning({ id: users.id });
        const link = await issueLink(tx, actor.id, user.id, 'invite');
        await audit(tx, {
          actorId: actor.id,
          action: 'invite',
          entity: 'user',
          entityId: user.id,
          after: { username, role: role.code, ...values, linkExpiresAt: link.expiresAt },
        });
        return { user: await mustSummary(tx, user.id), link };
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('An account with this username or e-mail already exists.');
    throw err;
  }
}

/** The account as a staff account: a supplier's id answers 404 like an unknown one. */
async function lockStaff(tx: Tx, userId: number) {
  const [current] = await tx
    .select({ ...summaryColumns })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), eq(roles.area, 'admin')))
    .for('update', { of: users });
  if (!current) throw notFound('Staff user');
  return toSummary(current);
}

export async function getStaff(db: Db, userId: number) {
  const s = await userSummary(db, userId);
  if (!s || s.area !== 'admin') throw notFound('Staff user');
  return s;
}

export async function updateStaff(db: Db, actor: AuthUser, userId: number, body: StaffFields & { updatedAt: string }) {
  const { updatedAt, ...fields } = body;
  const attempt = { action: 'update', entity: 'user' as const, entityId: userId };
  try {
    return await auditRefusals(db, actor, attempt, () =>
      db.transaction(async (tx) => {
        const current = await lockStaff(tx, userId);
        assertMayManage(actor, { id: userId, rights: await rightsOf(tx, current) }, 'details');
        assertFresh(new Date(current.updatedAt), updatedAt);
        const values = await cleanStaffFields(tx, fields, userId);
        if (values.email) await assertFreeLogin(tx, 'email', values.email, userId);
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(values)) {
          const was = current[k as keyof UserSummary];
          if (was !== v) {
            before[k] = was;
            after[k] = v;
          }
        }
        if (!Object.keys(after).length) return current;
        await tx
          .update(users)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(users.id, userId));
        await audit(tx, { actorId: actor.id, action: 'update', entity: 'user', entityId: userId, before, after });
        return mustSummary(tx, userId);
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate('email', String(fields.email));
    throw err;
  }
}

/** A new one-time link for a staff account (invite while it has set no password, else reset); earlier unused links stop working. */
export async function newPasswordLink(db: Db, actor: AuthUser, userId: number) {
  const attempt = { action: 'password_link', entity: 'user' as const, entityId: userId };
  return auditRefusals(db, actor, attempt, () =>
    db.transaction(async (tx) => {
      const current = await lockStaff(tx, userId);
      assertMayManage(actor, { id: userId, rights: await rightsOf(tx, current) }, 'password link');
      if (current.status !== 'active') throw conflict('This account is disabled. Enable it before sending a new link.');
      const link = await issueLink(tx, actor.id, userId, current.invitation ? 'invite' : 'reset');
      await audit(tx, {
        actorId: actor.id,
        action: 'password_link',
        entity: 'user',
        entityId: userId,
        after: { purpose: link.purpose, expiresAt: link.expiresAt },
      });
      return link;
    }),
  );
}

// ----- employee data, user types -----

export async function userTypes(db: Db) {
  const rows = await db
    .select({ code: masterData.code, name: masterData.name })
    .from(masterData)
    .where(and(eq(masterData.type, USER_TYPE), eq(masterData.status, 'active')))
    .orderBy(asc(masterData.sort), asc(masterData.id));
  return { items: rows };
}

export interface EmployeeQuery {
  page: number;
  limit: number;
  search?: string;
  department?: string;
  userType?: string;
}

export async function employees(db: Db, q: EmployeeQuery) {
  const s = q.search?.trim();
  const like = s ? containing(s) : undefined;
  const staff = eq(roles.area, 'admin');
  const where = and(
    staff,
    like
      ? or(
          ilike(users.username, like),
          ilike(users.firstName, like),
          ilike(users.lastName, like),
          sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${like}`,
          ilike(users.employeeCode, like),
          ilike(users.position, like),
        )
      : undefined,
    q.department ? eq(users.department, q.department) : undefined,
    q.userType ? eq(users.userType, q.userType) : undefined,
  );
  const [{ total }] = await db
    .select({ total: count() })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where);
  const items = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      employeeCode: users.employeeCode,
      department: users.department,
      position: users.position,
      userType: users.userType,
      roleName: roles.name,
      role: roles.code,
      status: users.status,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(sql`${users.employeeCode} asc nulls last`, asc(users.firstName), asc(users.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const departments = await db
    .selectDistinct({ d: users.department })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(staff, isNotNull(users.department)))
    .orderBy(asc(users.department));
  return { items, total, maxpage: maxpage(total, q.limit), departments: departments.map((r) => r.d!) };
}
