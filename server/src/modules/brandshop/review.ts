/**
 * Staff review of shops from sign-up (docs/api/storefronts.md, "Review"): pending → active, or →
 * rejected with a reason shown to the supplier (a rejected shop may be approved later). Each decision
 * locks the shop row and checks its status, so of two decisions at once the second sees the first;
 * a reviewer who sends the profile version they saw gets 409 when another decision came first.
 * Approval takes effect at once: `assertShopApproved` reads the status from the database, and the
 * auth cache holds no shop status.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shops } from '../../db/schema.js';
import { assertStorefrontAccess } from '../../auth/shop-scope.js';
import type { AuthUser } from '../../auth/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldConflict, fieldError } from '../../lib/errors.js';
import { REASON_MIN } from './schemas.js';
import { profileOf } from './service.js';

const STALE = 'This shop was reviewed or changed by someone else since you opened it. Reload it and try again.';

async function decide(
  db: Db,
  user: AuthUser,
  shopId: number,
  readVersion: number | undefined,
  change: (status: string) => { status: 'active' | 'rejected'; reviewNote: string | null; action: string },
) {
  return db.transaction(async (tx) => {
    await assertStorefrontAccess(tx, user, shopId, 'supplier');
    const [current] = await tx.select().from(shops).where(eq(shops.id, shopId)).for('update');
    if (readVersion !== undefined && readVersion !== current.version) throw fieldConflict('version', STALE);
    const next = change(current.status);
    const now = new Date();
    await tx
      .update(shops)
      .set({
        status: next.status,
        reviewNote: next.reviewNote,
        reviewedAt: now,
        reviewedBy: user.id,
        version: current.version + 1,
        updatedAt: now,
      })
      .where(eq(shops.id, shopId));
    await audit(tx, {
      actorId: user.id,
      action: next.action,
      entity: 'shop',
      entityId: shopId,
      before: { status: current.status, reviewNote: current.reviewNote },
      after: { status: next.status, reviewNote: next.reviewNote },
    });
    return profileOf(tx, shopId);
  });
}

export function approveShop(db: Db, user: AuthUser, shopId: number, readVersion?: number) {
  return decide(db, user, shopId, readVersion, (status) => {
    if (status === 'active') throw conflict('This shop is already approved.');
    // The reason for an earlier rejection no longer applies.
    return { status: 'active', reviewNote: null, action: 'approve' };
  });
}

export function rejectShop(db: Db, user: AuthUser, shopId: number, reason: string, readVersion?: number) {
  const note = reason.trim();
  if (note.length < REASON_MIN) throw fieldError('reason', `reason must be at least ${REASON_MIN} characters`);
  return decide(db, user, shopId, readVersion, (status) => {
    if (status === 'active') throw conflict('This shop is approved; an approved shop cannot be rejected.');
    if (status === 'rejected') throw conflict('This shop is already rejected.');
    return { status: 'rejected', reviewNote: note, action: 'reject' };
  });
}
