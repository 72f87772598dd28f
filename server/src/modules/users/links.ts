/**
 * One-time password links (table `password_tokens`): an invited staff account sets its first password,
 * or an account whose administrator sent a reset link sets a new one. The token is 32 random bytes shown
 * once (in the link); only its SHA-256 is stored. A link works once, until it expires; a newer link for
 * the same account replaces the older ones.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordTokens, roles, users } from '../../db/schema.js';
import { hashPassword, passwordProblem } from '../../auth/passwords.js';
import { endSessions, sessionsEnded } from '../../auth/sessions.js';
import { audit } from '../../lib/audit.js';
import { fieldError, forbidden, HttpError } from '../../lib/errors.js';
import type { Tx } from '../../lib/sql.js';

/** How long a link works. */
export const LINK_TTL_HOURS = 72;
export const SET_PASSWORD_PATH = '/set-password';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** A hash of a password nobody knows: an invited account cannot sign in before its owner sets one. */
export const unusablePassword = () => hashPassword(randomBytes(32).toString('base64url'));

export async function issueLink(tx: Tx, actorId: number, userId: number, purpose: 'invite' | 'reset') {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + LINK_TTL_HOURS * 3_600_000);
  // Earlier unused links of the account stop working: only the newest one is out there.
  await tx.delete(passwordTokens).where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
  await tx.insert(passwordTokens).values({ userId, tokenHash: digest(token), purpose, expiresAt, createdBy: actorId });
  return { url: `${SET_PASSWORD_PATH}?token=${token}`, expiresAt: expiresAt.toISOString(), purpose };
}

const NOT_VALID = 'This link is not valid. Ask an administrator for a new one.';
const gone = (message: string) => new HttpError(410, message);

/** The token's row and account, refused when unknown (404), used or expired (410), or the account is disabled (403). */
async function usable(q: Db | Tx, token: string, lock: boolean) {
  const query = q
    .select({
      id: passwordTokens.id,
      userId: passwordTokens.userId,
      purpose: passwordTokens.purpose,
      expiresAt: passwordTokens.expiresAt,
      usedAt: passwordTokens.usedAt,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
      area: roles.area,
    })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(passwordTokens.tokenHash, digest(token)));
  const [row] = lock ? await query.for('update', { of: passwordTokens }) : await query;
  if (!row) throw new HttpError(404, NOT_VALID);
  if (row.usedAt)
    throw gone('This link was already used. Sign in with your password, or ask an administrator for a new link.');
  if (row.expiresAt.getTime() <= Date.now()) throw gone('This link has expired. Ask an administrator for a new one.');
  if (row.status !== 'active') throw forbidden('This account is disabled. Contact an administrator.');
  return row;
}

export async function checkLink(db: Db, token: string) {
  const row = await usable(db, token, false);
  return {
    data: {
      username: row.username,
      firstName: row.firstName,
      lastName: row.lastName,
      purpose: row.purpose,
      expiresAt: row.expiresAt.toISOString(),
    },
  };
}

export async function setPassword(db: Db, token: string, password: string) {
  const problem = passwordProblem(password);
  if (problem) throw fieldError('password', problem);
  await usable(db, token, false);
  // Hash outside the transaction (slow; PGlite has one connection), then check the link again under its lock.
  const passwordHash = await hashPassword(password);
  const done = await db.transaction(async (tx) => {
    const row = await usable(tx, token, true);
    await tx.update(passwordTokens).set({ usedAt: new Date() }).where(eq(passwordTokens.id, row.id));
    await tx.delete(passwordTokens).where(and(eq(passwordTokens.userId, row.userId), isNull(passwordTokens.usedAt)));
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.userId));
    await audit(tx, {
      actorId: row.userId,
      action: 'password.set',
      entity: 'user',
      entityId: row.userId,
      after: { purpose: row.purpose },
    });
    // A reset is often asked for because someone else may know the password: every session ends.
    await endSessions(tx, row.userId);
    return row;
  });
  await sessionsEnded(db, done.userId);
  return {
    status: 200,
    message: 'Your password is set. Sign in with it now.',
    username: done.username,
    area: done.area === 'supplier' ? ('supplier' as const) : ('admin' as const),
  };
}
