/**
 * THE one place of the rule "a user manager grants at most what they hold", called by every user and role
 * change (legacy `/api/user/*` and v2 alike, through the services):
 * - nobody changes their own role or status;
 * - a role is created or edited, and given to an account, only within the caller's own menus;
 * - another account's status, role, sign-in details and password link are changed only when that account's
 *   rights are within the caller's;
 * - the administrator role and administrator accounts stay the administrator's.
 * The administrator holds everything. Supplier roles and accounts act only on their own shops, which staff
 * reach anyway (and a supplier account is never handed a staff password link): they are within any staff
 * caller's rights. Each refusal is a 403 saying why, and is written to the audit log (`<action>.refused`)
 * by `auditRefusals`, outside the refused change's transaction (which rolls back).
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, menuItems, roleMenus } from '../../db/schema.js';
import type { AuthUser } from '../../auth/types.js';
import { HttpError } from '../../lib/errors.js';
import type { Tx } from '../../lib/sql.js';

/** A 403 of this rule: `auditRefusals` records it. */
export class Refusal extends HttpError {
  constructor(message: string) {
    super(403, message);
  }
}

export interface Rights {
  code: string;
  area: string;
  name: string;
  menus: string[];
}

/** The menu paths a role holds. */
export async function menusOfRole(q: Db | Tx, roleId: number): Promise<string[]> {
  const rows = await q
    .select({ path: menuItems.path })
    .from(roleMenus)
    .innerJoin(menuItems, eq(menuItems.id, roleMenus.menuItemId))
    .where(eq(roleMenus.roleId, roleId))
    .orderBy(asc(menuItems.path));
  return rows.map((r) => r.path);
}

/** The menus of `menus` the caller does not hold (none for the administrator). */
function beyond(actor: AuthUser, menus: string[]): string[] {
  if (actor.role === 'admin') return [];
  const held = new Set(actor.menus);
  return menus.filter((m) => !held.has(m));
}

const named = (paths: string[]) =>
  paths.slice(0, 5).join(', ') + (paths.length > 5 ? ` and ${paths.length - 5} more` : '');

/** A role may be made, edited or given with these rights only when they are within the caller's. */
export function assertMayGrant(actor: AuthUser, role: Rights, doing: 'give' | 'create' | 'edit'): void {
  if (actor.role === 'admin') return;
  if (role.code === 'admin')
    throw new Refusal(
      doing === 'give'
        ? 'Only an administrator can give the administrator role.'
        : 'Only an administrator can change the administrator role.',
    );
  if (role.area === 'supplier') return;
  const missing = beyond(actor, role.menus);
  if (missing.length)
    throw new Refusal(
      doing === 'give'
        ? `You can give only a role within your own rights: ${role.name} also grants ${named(missing)}.`
        : `You can ${doing} a role only with menus you hold yourself; you do not hold ${named(missing)}.`,
    );
}

/**
 * Another account's status, role, sign-in details or password link: only when its rights are within the
 * caller's. `doing` names the change in the message; `self` changes of role and status are refused outright.
 */
export function assertMayManage(
  actor: AuthUser,
  target: { id: number; rights: Rights },
  doing: 'status' | 'role' | 'details' | 'password link',
): void {
  if (target.id === actor.id && (doing === 'status' || doing === 'role'))
    throw new Refusal(
      doing === 'role'
        ? 'You cannot change your own role. Ask another user manager.'
        : 'You cannot change the status of your own account.',
    );
  if (actor.role === 'admin' || target.id === actor.id) return;
  if (target.rights.code === 'admin') throw new Refusal("Only an administrator can change an administrator's account.");
  if (target.rights.area === 'supplier') return;
  const missing = beyond(actor, target.rights.menus);
  if (missing.length)
    throw new Refusal(
      `This account holds rights you do not (${named(missing)}): only someone holding all of them can change its ${doing}.`,
    );
}

/**
 * Runs a change; a `Refusal` is recorded in the audit log (with its reason) before it is answered. Call it
 * around the change's transaction, never inside it: the refused transaction rolls back.
 */
export async function auditRefusals<T>(
  db: Db,
  actor: AuthUser,
  attempt: { action: string; entity: 'user' | 'role'; entityId: number | null; detail?: Record<string, unknown> },
  change: () => Promise<T>,
): Promise<T> {
  try {
    return await change();
  } catch (err) {
    if (err instanceof Refusal)
      await db.insert(auditLog).values({
        actorId: actor.id,
        action: `${attempt.action}.refused`,
        entity: attempt.entity,
        entityId: attempt.entityId,
        after: JSON.parse(JSON.stringify({ ...attempt.detail, reason: err.message })) as unknown,
      });
    throw err;
  }
}
