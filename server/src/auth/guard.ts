import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/client.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { INT4_MAX } from '../lib/validation.js';
import { accessFor } from './access.js';
import { AUTH_CHANNEL, authCacheFor, forgetAuth, MAX_AUTH_CACHE_MS } from './context.js';
import { clientOf, touchSession } from './sessions.js';
import type { Access, AuthUser } from './types.js';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, with its access rule (used by the security tests and /admin/routes). */
    routeTable: RouteEntry[];
    /**
     * The caller of a request that outlives its first check (an event stream) as the guard would see them now: still
     * active, token unexpired and of the current generation, route still allowed. Null while they may go on.
     */
    recheck(request: FastifyRequest): Promise<{ status: number; message: string } | null>;
  }
}

export function describeAccess(a: Access): string {
  return typeof a === 'string' ? a : `menu:${a.menu.join('|')}`;
}

function isValidAccess(a: unknown): a is Access {
  if (a === 'public' || a === 'user' || a === 'admin') return true;
  return (
    !!a &&
    typeof a === 'object' &&
    Array.isArray((a as { menu?: unknown }).menu) &&
    (a as { menu: unknown[] }).menu.length > 0
  );
}

export function allows(user: AuthUser, access: Access): boolean {
  if (access === 'public' || access === 'user') return true;
  if (user.role === 'admin') return true;
  if (access === 'admin') return false;
  return access.menu.some((p) => user.menus.includes(p));
}

type TokenPayload = { sub: unknown; gen?: unknown; jti?: unknown; exp?: unknown };

/**
 * Tokens this app verified (signature and expiry), by their Authorization header, while they are unexpired: a
 * request that brings one again skips @fastify/jwt (its header parsing, its own cache's SHA-256 of the token, the
 * decode), a sixth of a short API answer's work. Per app (per JWT plugin): another app's key verified nothing here.
 * The account behind the token is still checked on every request (status, token generation: below).
 */
const VERIFIED_MAX = 1000;
type Verified = Map<string, { payload: TokenPayload; expMs: number }>;
const verified = new WeakMap<object, Verified>();

function verifiedBefore(request: FastifyRequest): TokenPayload | undefined {
  const seen = verified.get(request.server.jwt)?.get(request.headers.authorization!);
  if (!seen) return undefined;
  if (seen.expMs <= Date.now()) return undefined;
  // As jwtVerify does.
  request.user = seen.payload as typeof request.user;
  return seen.payload;
}

function remember(request: FastifyRequest, payload: TokenPayload): TokenPayload {
  if (typeof payload.exp !== 'number') return payload;
  let seen = verified.get(request.server.jwt);
  if (!seen) verified.set(request.server.jwt, (seen = new Map() as Verified));
  // The oldest out first (a Map keeps insertion order).
  if (seen.size >= VERIFIED_MAX) seen.delete(seen.keys().next().value!);
  seen.set(request.headers.authorization!, { payload, expMs: payload.exp * 1000 });
  return payload;
}

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** Why a token's user may not go on (the words of the 401), or null: unknown, disabled, or an earlier generation. */
function sessionRefusal(user: AuthUser | null, gen: unknown): string | null {
  if (!user) return 'Your session is not valid. Please sign in again.';
  if (user.status !== 'active') return 'This account is disabled. Contact an administrator.';
  // A token of an earlier generation: the account's sessions were ended (password, role, status, sign-out everywhere).
  if (gen !== user.tokenGeneration) return SESSION_ENDED;
  return null;
}

/** The signed-in user from the token, refused when unknown or not active (auth record cached ≤ 2 s, see context.ts). */
export async function authenticate(
  db: Db,
  request: FastifyRequest,
  authCacheMs = MAX_AUTH_CACHE_MS,
): Promise<AuthUser> {
  if (!request.headers.authorization) throw unauthorized('Please sign in to continue.');
  let payload: TokenPayload;
  try {
    payload = verifiedBefore(request) ?? remember(request, await request.jwtVerify<TokenPayload>());
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    throw unauthorized(
      code.includes('EXPIRED')
        ? 'Your session has expired. Please sign in again.'
        : 'Your session is not valid. Please sign in again.',
    );
  }
  // A token signed with our key but naming no possible user id (another app's token, a hand-made one) is not a session.
  const sub = payload.sub;
  if (typeof sub !== 'number' || !Number.isInteger(sub) || sub < 1 || sub > INT4_MAX)
    throw unauthorized('Your session is not valid. Please sign in again.');
  const user = await authCacheFor(db, authCacheMs).get(sub);
  const why = sessionRefusal(user, payload.gen);
  if (why || !user) throw unauthorized(why ?? SESSION_ENDED);
  if (typeof payload.jti !== 'string') throw unauthorized(SESSION_ENDED);
  request.sessionId = payload.jti;
  await touchSession(db, payload.jti, clientOf(request));
  return user;
}

async function recheck(
  db: Db,
  request: FastifyRequest,
  authCacheMs: number | undefined,
): Promise<{ status: number; message: string } | null> {
  const access = request.routeOptions.config?.access;
  if (!request.auth || access === 'public' || access === undefined) return null;
  const exp = (request.user as { exp?: number } | undefined)?.exp;
  if (exp && exp * 1000 <= Date.now())
    return { status: 401, message: 'Your session has expired. Please sign in again.' };
  const user = await authCacheFor(db, authCacheMs).get(request.auth.id);
  const why = sessionRefusal(user, (request.user as { gen?: number } | undefined)?.gen);
  if (why || !user) return { status: 401, message: why ?? SESSION_ENDED };
  if (!allows(user, access)) return { status: 403, message: 'You do not have permission to do this.' };
  return null;
}

/** Default deny: an /api route without `config.access` stops the server from starting. */
export const guardPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; authCacheMs?: number }) => {
    app.decorate('routeTable', [] as RouteEntry[]);
    app.decorate('recheck', (request: FastifyRequest) => recheck(opts.db, request, opts.authCacheMs));
    // Another process disabled a user or changed grants: drop the cached records here too (undefined: maybe missed,
    // drop all). On ready: the realtime hub opens after the guard.
    app.addHook('onReady', async () => {
      app.realtime.subscribe(AUTH_CHANNEL, (p) => {
        const userId = (p as { userId?: unknown } | undefined)?.userId;
        forgetAuth(opts.db, typeof userId === 'number' ? userId : undefined);
      });
    });
    app.decorateRequest('auth', null);
    app.decorateRequest('sessionId', null);

    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = ([] as string[]).concat(route.method);
      const needsRule = route.url.startsWith('/api') || route.url === '/health';
      // The table of screens is the only source of access rules (auth/access.ts): a rule typed on a route would drift from it.
      if ((route.config as { access?: unknown } | undefined)?.access !== undefined) {
        throw new Error(
          `Route ${methods.join(',')} ${route.url} declares its own access rule; access comes from contract/screens.ts`,
        );
      }
      const access = needsRule ? accessFor(route.url) : undefined;
      if (needsRule && !isValidAccess(access)) {
        throw new Error(
          `Route ${methods.join(',')} ${route.url} is in no screen of contract/screens.ts (no access rule); refusing to start`,
        );
      }
      if (needsRule) route.config = { ...(route.config as object), access };
      for (const m of methods) {
        if (m === 'HEAD') continue;
        app.routeTable.push({ method: m, url: route.url, access: isValidAccess(access) ? access : undefined });
      }
    });

    // onRequest, before the body is parsed or validated: an anonymous caller learns nothing about a route's schema.
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      if (access === 'public') return;
      // Routes outside /api (static files) have no rule and are public by design.
      if (access === undefined) {
        if (request.routeOptions.url?.startsWith('/api')) throw forbidden();
        return;
      }
      const user = await authenticate(opts.db, request, opts.authCacheMs);
      request.auth = user;
      if (!allows(user, access)) throw forbidden('You do not have permission to do this.');
    });

    // Every signed-in answer (a 403 too) carries a tag of the caller's grants: the client re-reads its
    // menu when the tag changes, so a role's edited menus show at the next request, not the next sign-in.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.auth) reply.header(ACCESS_TAG_HEADER, accessTag(request.auth));
      done(null, payload);
    });
  },
  { name: 'guard' },
);

export const ACCESS_TAG_HEADER = 'x-access-tag';
const tags = new WeakMap<AuthUser, string>();

/** A short digest of the role and granted menus (auth records are frozen and cached: one digest per record). */
export function accessTag(user: AuthUser): string {
  let tag = tags.get(user);
  if (!tag) {
    tag = createHash('sha1')
      .update(`${user.role}|${[...user.menus].sort().join(',')}`)
      .digest('base64url')
      .slice(0, 16);
    tags.set(user, tag);
  }
  return tag;
}

/** For handlers behind a non-public rule: the guard has set the user. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The signed-in request's session id (set with `request.auth`). */
export function requireSession(request: FastifyRequest): string {
  if (!request.sessionId) throw unauthorized();
  return request.sessionId;
}
