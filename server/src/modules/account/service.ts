import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { roles, shops, userShops, users } from '../../db/schema.js';
import { burnVerify, hashPassword, passwordProblem, verifyPassword } from '../../auth/passwords.js';
import { conflict, fieldError, forbidden, HttpError, isUniqueViolation, unauthorized } from '../../lib/errors.js';
import { audit } from '../../lib/audit.js';
import type { Tx } from '../../lib/sql.js';
import { invalidateAuth } from '../../auth/context.js';
import { endSessions, sessionsEnded } from '../../auth/sessions.js';
import { buildNavConfig, type NavGroup } from '../menu/service.js';
import { deliverNotice } from '../mail/service.js';

export interface PublicUser {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  /** The role's name (staff roles made on the user-settings screen have no translated label). */
  roleName: string;
  shops: { id: number; name: string; status: string }[];
}

export const BAD_CREDENTIALS = 'Incorrect username or password.';

const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  passwordHash: users.passwordHash,
  role: roles.code,
  roleName: roles.name,
  area: roles.area,
};

async function shopsOf(db: Db, userId: number) {
  return db
    .select({ id: shops.id, name: shops.name, status: shops.status })
    .from(userShops)
    .innerJoin(shops, eq(shops.id, userShops.shopId))
    .where(eq(userShops.userId, userId))
    .orderBy(asc(shops.id));
}

export async function publicUser(db: Db, userId: number): Promise<PublicUser | null> {
  const [u] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  if (!u) return null;
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    roleName: u.roleName,
    shops: u.area === 'supplier' ? await shopsOf(db, u.id) : [],
  };
}

export interface Session {
  user: PublicUser;
  navConfig: NavGroup[];
  roles: string[];
}

export async function sessionFor(db: Db, userId: number): Promise<Session> {
  const user = await publicUser(db, userId);
  if (!user) throw unauthorized('Your session is not valid. Please sign in again.');
  return { user, navConfig: await buildNavConfig(db, user.role), roles: [user.role] };
}

/**
 * The sign-in limit's bucket for what was typed: the account's id when the name or e-mail is one
 * (so the username and the e-mail of one account share a bucket), else the typed name itself.
 */
export async function loginBucket(db: Db, login: string): Promise<string> {
  const key = login.trim().toLowerCase();
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${key}`, sql`lower(${users.email}) = ${key}`))
    .orderBy(asc(users.id))
    .limit(1);
  return u ? `acct:${u.id}` : `name:${key}`;
}

/**
 * Checks credentials. The password is checked before status and area, so a wrong password
 * never reveals whether an account is disabled or which kind it is.
 */
export async function authenticateLogin(db: Db, login: string, password: string, typeLogin: 'staff' | 'supplier') {
  const key = login.trim().toLowerCase();
  const [u] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(or(sql`lower(${users.username}) = ${key}`, sql`lower(${users.email}) = ${key}`))
    .limit(1);
  if (!u) {
    await burnVerify(password);
    throw unauthorized(BAD_CREDENTIALS);
  }
  if (!(await verifyPassword(u.passwordHash, password))) throw unauthorized(BAD_CREDENTIALS);
  if (u.status !== 'active') {
    await invalidateAuth(db, u.id); // its tokens stop working now, not only when the cached record expires
    throw forbidden('This account is disabled. Contact an administrator.');
  }
  const area = u.area === 'supplier' ? 'supplier' : 'staff';
  if (area !== typeLogin) {
    throw forbidden(
      area === 'supplier'
        ? 'This is a supplier account. Please sign in on the supplier sign-in page (/supplier/login).'
        : 'This is a staff account. Please sign in on the staff sign-in page (/login).',
    );
  }
  return { id: u.id, role: u.role };
}

export interface RegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** What a sign-up answers, whether the e-mail was new or not (no way to learn which addresses have an account). */
export const SIGNUP_ACCEPTED = 'Thank you. Sign in with this e-mail and your password to continue.';

/** The owner of an address hears of a sign-up with it: someone who knows the address, or the owner who forgot. */
async function tellOwner(db: Db, userId: number): Promise<void> {
  await deliverNotice(db, userId, {
    subject: 'Someone tried to create an account with your e-mail',
    body:
      '<p>Somebody tried to register a new supplier account with your e-mail address. Your account was not changed.</p>' +
      '<p>If it was you, sign in with your existing password. If it was not, you need to do nothing; ' +
      'if it happens again, tell an administrator.</p>',
  });
}

/**
 * Creates a supplier with one pending shop; an e-mail that already has an account is left as it is and its
 * owner gets a notice in their mailbox. Both take an argon2 hash, so the time does not tell them apart either.
 */
export async function registerSupplier(db: Db, input: RegisterInput): Promise<void> {
  const problem = passwordProblem(input.password);
  if (problem) throw fieldError('password', problem);
  const email = input.email.trim().toLowerCase();
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (!firstName) throw fieldError('firstName', 'firstName must not be empty');
  if (!lastName) throw fieldError('lastName', 'lastName must not be empty');
  const owner = async () => {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(or(sql`lower(${users.email}) = ${email}`, sql`lower(${users.username}) = ${email}`))
      .orderBy(asc(users.id))
      .limit(1);
    return u;
  };

  // Hash outside the transaction: PGlite has one connection, keep it short.
  const passwordHash = await hashPassword(input.password);
  const existing = await owner();
  if (existing) return tellOwner(db, existing.id);
  try {
    await db.transaction(async (tx) => {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, 'supplier'));
      if (!role) throw conflict('The supplier role is missing; contact an administrator.');
      const [user] = await tx
        .insert(users)
        .values({
          username: email,
          email,
          passwordHash,
          firstName,
          lastName,
          roleId: role.id,
          status: 'active',
        })
        .returning({ id: users.id });
      const [shop] = await tx
        .insert(shops)
        .values({ name: `${firstName} ${lastName} Shop`, kind: 'supplier', status: 'pending' })
        .returning({ id: shops.id });
      await tx.insert(userShops).values({ userId: user.id, shopId: shop.id });
      await audit(tx, {
        actorId: user.id,
        action: 'register',
        entity: 'user',
        entityId: user.id,
        after: { email, role: 'supplier', shopId: shop.id },
      });
    });
  } catch (err) {
    // Two sign-ups with one address at once: the second finds the first's account.
    const taken = isUniqueViolation(err) ? await owner() : undefined;
    if (!taken) throw err;
    await tellOwner(db, taken.id);
  }
}

/**
 * Locks the active administrators' rows (in id order, so two changes wait for each other) and gives
 * their ids: a change that would leave none checks it against them (the last admin stays).
 */
export async function lockActiveAdmins(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.code, 'admin'), eq(users.status, 'active')))
    .orderBy(asc(users.id))
    .for('update', { of: users });
  return rows.map((r) => r.id);
}

export const LAST_ADMIN = 'This is the last active administrator. Make another account an administrator first.';

export interface StatusTarget {
  id: number;
  status: string;
  role: string;
  roleId: number;
  roleName: string;
  area: string;
  updatedAt: Date;
}

/**
 * Enable or disable an account, in one transaction with the user's row locked: the same status again,
 * or disabling the last active administrator, is a 409; `check` may refuse more (who may change whom,
 * a stale read). The account's sessions end (auth/sessions.ts): its existing tokens are refused from
 * the next request on, also after it is enabled again.
 */
export async function setUserStatus(
  db: Db,
  actorId: number,
  userId: number,
  status: 'active' | 'disabled',
  check?: (current: StatusTarget, tx: Tx) => void | Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = status === 'disabled' ? await lockActiveAdmins(tx) : [];
    const [current] = await tx
      .select({
        id: users.id,
        status: users.status,
        role: roles.code,
        roleId: roles.id,
        roleName: roles.name,
        area: roles.area,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, userId))
      .for('update', { of: users });
    if (!current) throw new HttpError(404, 'User not found');
    await check?.(current, tx);
    if (current.status === status)
      throw conflict(status === 'active' ? 'This account is already enabled.' : 'This account is already disabled.');
    if (status === 'disabled' && admins.length === 1 && admins[0] === userId) throw conflict(LAST_ADMIN);
    await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId));
    await audit(tx, {
      actorId,
      action: 'user.status',
      entity: 'user',
      entityId: userId,
      before: { status: current.status },
      after: { status },
    });
    // Disabling ends the sessions; enabling again does not bring them back (the generation stays raised).
    await endSessions(tx, userId);
  });
  await sessionsEnded(db, userId);
}
