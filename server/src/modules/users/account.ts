/**
 * The signed-in user's own account (any signed-in user, both areas): read it, change the name and
 * phone, change the password with the current one.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordTokens, users } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { hashPassword, passwordProblem, verifyPassword } from '../../auth/passwords.js';
import { audit } from '../../lib/audit.js';
import { fieldError, HttpError, notFound } from '../../lib/errors.js';
import { ok } from '../../lib/sql.js';
import { activeSessions, endSessions, renewToken, sessionsEnded, type Signer } from '../../auth/sessions.js';
import { cleanStaffFields, userSummary } from './service.js';

export async function ownAccount(db: Db, user: AuthUser) {
  const data = await userSummary(db, user.id);
  if (!data) throw notFound('User');
  return { data };
}

const STALE = 'Your account was changed elsewhere since you opened this page. Reload it and try again.';

export async function updateOwnAccount(
  db: Db,
  user: AuthUser,
  body: { updatedAt: string; firstName?: string; lastName?: string; phone?: string | null },
) {
  const { updatedAt, ...fields } = body;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, phone: users.phone, updatedAt: users.updatedAt })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (!current) throw notFound('User');
    if (current.updatedAt.getTime() !== new Date(updatedAt).getTime())
      throw new HttpError(409, STALE, [{ field: 'updatedAt', message: STALE }]);
    const values = await cleanStaffFields(tx, fields, user.id);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(values)) {
      const was = current[k as keyof typeof current];
      if (was !== v) {
        before[k] = was;
        after[k] = v;
      }
    }
    if (Object.keys(after).length) {
      await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await audit(tx, { actorId: user.id, action: 'profile.update', entity: 'user', entityId: user.id, before, after });
    }
    return (await userSummary(tx, user.id))!;
  });
}

/**
 * Changes the own password with the current one. Every other session of the account ends; this one goes on
 * with the fresh token answered (the old one is refused from now on).
 */
export async function changePassword(
  app: Signer,
  db: Db,
  user: AuthUser,
  sessionId: string,
  body: { currentPassword: string; newPassword: string },
) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!row) throw notFound('User');
  if (!(await verifyPassword(row.passwordHash, body.currentPassword))) {
    throw fieldError('currentPassword', 'The current password is not correct.');
  }
  const problem = passwordProblem(body.newPassword);
  if (problem) throw fieldError('newPassword', problem.replace(/^password/, 'newPassword'));
  if (body.newPassword === body.currentPassword)
    throw fieldError('newPassword', 'newPassword must differ from the current password');
  const passwordHash = await hashPassword(body.newPassword);
  const ended = await db.transaction(async (tx) => {
    // Only the hash the current password was checked against is replaced: a change made meanwhile wins.
    const changed = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, row.passwordHash)))
      .returning({ id: users.id });
    if (!changed.length) throw new HttpError(409, 'Your password was changed meanwhile. Sign in again.');
    // A reset link sent earlier has no use any more.
    await tx.delete(passwordTokens).where(and(eq(passwordTokens.userId, user.id), isNull(passwordTokens.usedAt)));
    await audit(tx, { actorId: user.id, action: 'password.change', entity: 'user', entityId: user.id });
    return endSessions(tx, user.id, sessionId);
  });
  await sessionsEnded(db, user.id);
  return {
    ...ok('Your password is changed. Your other sessions are signed out.'),
    accessToken: renewToken(app, user, sessionId, ended),
  };
}

export async function ownSessions(db: Db, user: AuthUser, sessionId: string) {
  return { items: await activeSessions(db, user.id, sessionId) };
}

/** Ends every session of the account but this one, which goes on with the fresh token answered. */
export async function signOutOthers(app: Signer, db: Db, user: AuthUser, sessionId: string) {
  const { others, ended } = await db.transaction(async (tx) => {
    const others = (await activeSessions(tx, user.id, sessionId)).filter((s) => !s.current).length;
    const ended = await endSessions(tx, user.id, sessionId);
    await audit(tx, {
      actorId: user.id,
      action: 'sessions.end_others',
      entity: 'user',
      entityId: user.id,
      after: { ended: others },
    });
    return { others, ended };
  });
  await sessionsEnded(db, user.id);
  return {
    ...ok(others === 1 ? '1 other session is signed out.' : `${others} other sessions are signed out.`),
    ended: others,
    accessToken: renewToken(app, user, sessionId, ended),
  };
}
