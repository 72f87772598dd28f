/**
 * Sessions: one row per token issued (`sessions`, keyed by the token's `jti`), and the account's token
 * generation (`users.token_generation`, carried by each token as `gen`). The guard refuses a token whose
 * generation is not the account's current one (auth/guard.ts, with the cached auth record), so raising it
 * ends every token issued before. The session that asked for it (own password change, sign out everywhere
 * else) is carried over to the new generation and answered a fresh token.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import type { Tx } from '../lib/sql.js';
import { invalidateAuth } from './context.js';

/** What a new token needs from the request that asked for it. */
export interface Client {
  userAgent: string | null;
  ip: string | null;
}

export const clientOf = (request: FastifyRequest): Client => ({
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  ip: request.ip ?? null,
});

export type Signer = Pick<FastifyInstance, 'jwt' | 'config'>;

function sign(
  app: Signer,
  session: { id: string; userId: number; role: string; generation: number },
  expiresInSeconds?: number,
): string {
  const payload = { sub: session.userId, role: session.role, gen: session.generation, jti: session.id };
  return expiresInSeconds === undefined
    ? app.jwt.sign(payload)
    : app.jwt.sign(payload, { expiresIn: expiresInSeconds });
}

/** A new session of the account at its current generation, and its token. */
export async function startSession(app: Signer, db: Db, who: { id: number; role: string }, client: Client) {
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + app.config.tokenTtl * 1000);
  // A generation raised between this read and the insert leaves a row and a token that are refused already.
  const [row] = await db.select({ generation: users.tokenGeneration }).from(users).where(eq(users.id, who.id));
  if (!row) throw new Error(`no user ${who.id}`);
  // The account's expired rows go as it signs in: the table holds no more than its live sessions and their history of one TTL.
  await db.delete(sessions).where(and(eq(sessions.userId, who.id), lt(sessions.expiresAt, sql`now()`)));
  await db.insert(sessions).values({ id, userId: who.id, generation: row.generation, ...client, expiresAt });
  return sign(app, { id, userId: who.id, role: who.role, generation: row.generation });
}

export interface Ended {
  generation: number;
  /** When the kept session's token runs out: a renewed token does not outlive the sign-in it continues. */
  keptUntil: Date | null;
}

/**
 * Raises the account's generation (inside the caller's transaction) and ends its sessions, but `keep`'s,
 * which moves to the new generation. The caller calls `sessionsEnded` after the commit.
 */
export async function endSessions(tx: Tx, userId: number, keep?: string): Promise<Ended> {
  const [u] = await tx
    .update(users)
    .set({ tokenGeneration: sql`${users.tokenGeneration} + 1` })
    .where(eq(users.id, userId))
    .returning({ generation: users.tokenGeneration });
  const active = and(eq(sessions.userId, userId), isNull(sessions.endedAt));
  await tx
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(keep ? and(active, ne(sessions.id, keep)) : active);
  if (!keep) return { generation: u.generation, keptUntil: null };
  const [kept] = await tx
    .update(sessions)
    .set({ generation: u.generation })
    .where(and(eq(sessions.id, keep), eq(sessions.userId, userId)))
    .returning({ expiresAt: sessions.expiresAt });
  return { generation: u.generation, keptUntil: kept?.expiresAt ?? null };
}

/** After the commit: every process drops its cached record of the account, so old tokens are refused at once. */
export const sessionsEnded = (db: Db, userId: number) => invalidateAuth(db, userId);

/** A fresh token for the kept session at the account's new generation, running out when the one it replaces did. */
export function renewToken(app: Signer, who: { id: number; role: string }, sessionId: string, ended: Ended): string {
  const left = ended.keptUntil ? Math.max(1, Math.floor((ended.keptUntil.getTime() - Date.now()) / 1000)) : undefined;
  return sign(app, { id: sessionId, userId: who.id, role: who.role, generation: ended.generation }, left);
}

/** The account's active sessions, most recently seen first. */
export async function activeSessions(db: Db | Tx, userId: number, current: string | null) {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.tokenGeneration, sessions.generation)))
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows.map((r) => ({
    id: r.id,
    userAgent: r.userAgent,
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: r.id === current,
  }));
}

/** How often a session's "last seen" is written (per process): not a write on every request. */
export const TOUCH_EVERY_MS = 60_000;
const touched = new Map<string, number>();

/** Records that the session was used now, at most once a minute per process. */
export async function touchSession(db: Db, sessionId: string, client: Client): Promise<void> {
  const now = Date.now();
  if ((touched.get(sessionId) ?? 0) > now - TOUCH_EVERY_MS) return;
  if (touched.size > 10_000) for (const [k, at] of touched) if (at <= now - TOUCH_EVERY_MS) touched.delete(k);
  touched.set(sessionId, now);
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now), ip: client.ip })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}
