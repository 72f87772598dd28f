import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { roles, shops, userShops, users } from '../../db/schema.js';
import { burnVerify, hashPassword, passwordProblem, verifyPassword } from '../../auth/passwords.js';
import { conflict, fieldError, forbidden, HttpError, isUniqueViolation, unauthorized } from '../../lib/errors.js';
import { audit } from '../../lib/audit.js';
import { invalidateAuth } from '../../auth/context.js';
import { buildNavConfig, type NavGroup } from '../menu/service.js';

export interface PublicUser {
  id: number; username: string; email: string; firstName: string; lastName: string; role: string;
  shops: { id: number; name: string }[];
}

export const BAD_CREDENTIALS = 'Incorrect username or password.';

const userColumns = {
  id: users.id, username: users.username, email: users.email, firstName: users.firstName, lastName: users.lastName,
  status: users.status, passwordHash: users.passwordHash, role: roles.code, area: roles.area,
};

async function shopsOf(db: Db, userId: number) {
  return db.select({ id: shops.id, name: shops.name }).from(userShops)
    .innerJoin(shops, eq(shops.id, userShops.shopId))
    .where(eq(userShops.userId, userId)).orderBy(asc(shops.id));
}

export async function publicUser(db: Db, userId: number): Promise<PublicUser | null> {
  const [u] = await db.select(userColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, userId));
  if (!u) return null;
  return {
    id: u.id, username: u.username, email: u.email, firstName: u.firstName, lastName: u.lastName, role: u.role,
    shops: u.area === 'supplier' ? await shopsOf(db, u.id) : [],
  };
}

export interface Session { user: PublicUser; navConfig: NavGroup[]; roles: string[] }

export async function sessionFor(db: Db, userId: number): Promise<Session> {
  const user = await publicUser(db, userId);
  if (!user) throw unauthorized('Your session is not valid. Please sign in again.');
  return { user, navConfig: await buildNavConfig(db, user.role), roles: [user.role] };
}

/**
 * Checks credentials. The password is checked before status and area, so a wrong password
 * never reveals whether an account is disabled or which kind it is.
 */
export async function authenticateLogin(db: Db, login: string, password: string, typeLogin: 'staff' | 'supplier') {
  const key = login.trim().toLowerCase();
  const [u] = await db.select(userColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId))
    .where(or(sql`lower(${users.username}) = ${key}`, sql`lower(${users.email}) = ${key}`)).limit(1);
  if (!u) {
    await burnVerify(password);
    throw unauthorized(BAD_CREDENTIALS);
  }
  if (!(await verifyPassword(u.passwordHash, password))) throw unauthorized(BAD_CREDENTIALS);
  if (u.status !== 'active') {
    invalidateAuth(db, u.id); // its tokens stop working now, not only when the cached record expires
    throw forbidden('This account is disabled. Contact an administrator.');
  }
  const area = u.area === 'supplier' ? 'supplier' : 'staff';
  if (area !== typeLogin) {
    throw forbidden(area === 'supplier'
      ? 'This is a supplier account. Please sign in on the supplier sign-in page (/supplier/login).'
      : 'This is a staff account. Please sign in on the staff sign-in page (/login).');
  }
  return { id: u.id, role: u.role };
}

export interface RegisterInput { email: string; password: string; firstName: string; lastName: string }

export async function registerSupplier(db: Db, input: RegisterInput): Promise<{ id: number; role: string }> {
  const problem = passwordProblem(input.password);
  if (problem) throw fieldError('password', problem);
  const email = input.email.trim().toLowerCase();
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (!firstName) throw fieldError('firstName', 'firstName must not be empty');
  if (!lastName) throw fieldError('lastName', 'lastName must not be empty');
  const duplicate = () => new HttpError(409, 'An account with this email already exists.', [{ field: 'email', message: 'email is already registered' }]);

  const [existing] = await db.select({ id: users.id }).from(users)
    .where(or(sql`lower(${users.email}) = ${email}`, sql`lower(${users.username}) = ${email}`));
  if (existing) throw duplicate();
  // Hash outside the transaction: PGlite has one connection, keep it short.
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, 'supplier'));
      if (!role) throw conflict('The supplier role is missing; contact an administrator.');
      const [user] = await tx.insert(users).values({
        username: email, email, passwordHash, firstName, lastName, roleId: role.id, status: 'active',
      }).returning({ id: users.id });
      const [shop] = await tx.insert(shops).values({ name: `${firstName} ${lastName} Shop`, kind: 'supplier', status: 'pending' })
        .returning({ id: shops.id });
      await tx.insert(userShops).values({ userId: user.id, shopId: shop.id });
      await audit(tx, { actorId: user.id, action: 'register', entity: 'user', entityId: user.id, after: { email, role: 'supplier', shopId: shop.id } });
      return { id: user.id, role: 'supplier' };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/**
 * Enable or disable an account. The cached auth record is dropped, so the user's existing tokens
 * are refused from the next request on (see auth/context.ts).
 */
export async function setUserStatus(db: Db, actorId: number, userId: number, status: 'active' | 'disabled'): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId));
    if (!before) throw new HttpError(404, 'User not found');
    await tx.update(users).set({ status }).where(eq(users.id, userId));
    await audit(tx, { actorId, action: 'user.status', entity: 'user', entityId: userId, before, after: { status } });
  });
  invalidateAuth(db, userId);
}
