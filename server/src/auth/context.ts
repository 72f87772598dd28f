import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { publish } from '../lib/realtime.js';
import type { AuthUser } from './types.js';

/** One round trip: the user, role, granted menu paths and shops. */
export async function loadAuthUser(db: Db, userId: number): Promise<AuthUser | null> {
  const rows = await queryRows<{
    id: number;
    username: string;
    status: string;
    role: string;
    area: string;
    menus: string[] | null;
    shop_ids: number[] | null;
    token_generation: number;
  }>(
    db,
    sql`
    select u.id, u.username, u.status, u.token_generation, r.code as role, r.area,
      (select array_agg(m.path order by m.path) from role_menus rm join menu_items m on m.id = rm.menu_item_id
        where rm.role_id = r.id) as menus,
      (select array_agg(us.shop_id order by us.shop_id) from user_shops us where us.user_id = u.id) as shop_ids
    from users u join roles r on r.id = u.role_id
    where u.id = ${userId}`,
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    username: r.username,
    status: r.status,
    role: r.role,
    area: r.area === 'supplier' ? 'supplier' : 'admin',
    menus: r.menus ?? [],
    shopIds: (r.shop_ids ?? []).map(Number),
    tokenGeneration: Number(r.token_generation),
  };
}

/** Upper bound of the auth cache: a change made outside the app (psql, a restore) is seen within this many ms. */
export const MAX_AUTH_CACHE_MS = 2000;

/**
 * Per-process cache of the signed-in users' auth records (id, role, status, menus, shopIds), so a
 * request does not pay a database round trip for them. Bound: an entry lives at most `ttlMs`
 * (≤ 2 s). Changes made through the app (status, role, shops, grants) call `invalidateAuth`, which
 * drops the entry here and tells every other app process on the database (realtime channel `auth`):
 * they take effect on the next request to any process. Changes made outside the app (psql) within the TTL.
 * Entries are frozen: one object is shared by concurrent requests.
 */
export class AuthCache {
  private entries = new Map<number, { user: AuthUser | null; until: number; pending?: Promise<AuthUser | null> }>();
  private generation = 0;
  constructor(
    private db: Db,
    readonly ttlMs: number,
  ) {}

  async get(userId: number): Promise<AuthUser | null> {
    if (this.ttlMs <= 0) return loadAuthUser(this.db, userId);
    const now = Date.now();
    const e = this.entries.get(userId);
    if (e && e.until > now) return e.pending ?? e.user;
    // One load per user at a time (a burst of requests shares it); an invalidation during the load discards it.
    const gen = this.generation;
    const pending = loadAuthUser(this.db, userId).then(
      (u) => {
        const user = u && freeze(u);
        if (gen === this.generation && this.entries.get(userId)?.pending === pending)
          this.entries.set(userId, { user, until: now + this.ttlMs });
        return user;
      },
      (err) => {
        if (this.entries.get(userId)?.pending === pending) this.entries.delete(userId);
        throw err;
      },
    );
    this.entries.set(userId, { user: null, until: now + this.ttlMs, pending });
    if (this.entries.size > 10_000) this.prune(now);
    return pending;
  }

  /** Drop one user's entry, or every entry (role grants changed). */
  invalidate(userId?: number): void {
    this.generation++;
    if (userId === undefined) this.entries.clear();
    else this.entries.delete(userId);
  }

  private prune(now: number) {
    for (const [k, e] of this.entries) if (e.until <= now && !e.pending) this.entries.delete(k);
  }
}

function freeze(u: AuthUser): AuthUser {
  Object.freeze(u.menus);
  Object.freeze(u.shopIds);
  return Object.freeze(u);
}

const caches = new WeakMap<Db, AuthCache>();

export function authCacheFor(db: Db, ttlMs = MAX_AUTH_CACHE_MS): AuthCache {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new AuthCache(db, Math.min(Math.max(0, ttlMs), MAX_AUTH_CACHE_MS))));
  return c;
}

/** The realtime channel on which `invalidateAuth` reaches the other processes (the guard listens). */
export const AUTH_CHANNEL = 'auth';

/** Drops this process's cached record of `userId`, or every record (no id). */
export function forgetAuth(db: Db, userId?: number): void {
  caches.get(db)?.invalidate(userId);
}

/**
 * Call after the change commits: a user's status, role, shops or token generation (userId), or a role's menu grants (no id).
 * Resolves once every process has been sent the invalidation (pg_notify), so the caller answers after it.
 */
export async function invalidateAuth(db: Db, userId?: number): Promise<void> {
  forgetAuth(db, userId);
  await publish(db, AUTH_CHANNEL, { userId: userId ?? null });
}
