/**
 * The delivery worker: sends every due scheduled message exactly once. One pass claims the due
 * messages in one transaction (`for update skip locked`: two app processes on one PostgreSQL never
 * claim the same message), writes one recipient row per active user of the audience, and marks each
 * message sent with its count. The app runs a pass every `notifyWorkerMs` (config) while it is up.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../../db/client.js';
import { notificationMessages as m } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import type { Tx } from '../../lib/sql.js';
import { recordDeliveries } from './stream.js';

/** Messages claimed per transaction; a pass repeats until fewer are due. */
export const BATCH = 50;

type Message = typeof m.$inferSelect;

/** Which active users a message reaches, as a condition on `users u`. */
function audienceCondition(msg: Pick<Message, 'audience' | 'audienceShopId' | 'audienceRoleId' | 'audienceUserId'>) {
  switch (msg.audience) {
    case 'shop':
      return sql`exists (select 1 from user_shops us where us.user_id = u.id and us.shop_id = ${msg.audienceShopId})`;
    case 'role':
      return sql`u.role_id = ${msg.audienceRoleId}`;
    case 'user':
      return sql`u.id = ${msg.audienceUserId}`;
    default:
      return sql`true`;
  }
}

/**
 * Writes the recipients' copies of one message (delivered at `at`) with their stream events, and marks
 * it sent with the count.
 * Inside the caller's transaction, which holds the message row.
 */
export async function deliver(tx: Tx, msg: Message, at: Date): Promise<number> {
  const inserted = await queryRows<{ user_id: number }>(
    tx,
    sql`
    insert into notification_recipients (message_id, user_id, delivered_at)
    select ${msg.id}, u.id, ${at.toISOString()}::timestamptz from users u
    where u.status = 'active' and ${audienceCondition(msg)}
    on conflict do nothing
    returning user_id`,
  );
  await recordDeliveries(
    tx,
    inserted.map((x) => ({ messageId: msg.id, userId: Number(x.user_id) })),
  );
  await tx.update(m).set({ status: 'sent', sentAt: at, recipientCount: inserted.length }).where(eq(m.id, msg.id));
  return inserted.length;
}

export interface Delivered {
  id: number;
  recipients: number;
}

/** One pass: every message due at `now`, sent once. Answers what this pass sent. */
export async function deliverDue(db: Db, now = new Date()): Promise<Delivered[]> {
  const sent: Delivered[] = [];
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(m)
        .where(and(eq(m.status, 'scheduled'), lte(m.scheduledAt, now)))
        .orderBy(asc(m.scheduledAt), asc(m.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const out: Delivered[] = [];
      for (const msg of due) {
        const recipients = await deliver(tx, msg, now);
        // The worker sends on behalf of the person who scheduled the message.
        await audit(tx, {
          actorId: msg.createdBy as number,
          action: 'send',
          entity: 'notification_message',
          entityId: msg.id,
          before: { status: msg.status },
          after: { status: 'sent', sentAt: now, recipientCount: recipients },
        });
        out.push({ id: msg.id, recipients });
      }
      return { out, full: due.length === BATCH };
    });
    sent.push(...batch.out);
    if (!batch.full) return sent;
  }
}

export interface DeliveryWorker {
  start(): void;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
  /** Runs a pass soon (e.g. a message was just sent "now"); a no-op while stopped. */
  wake(): void;
}

/** Passes every `everyMs`, one at a time; a failed pass is logged and the next one tries again. */
export function deliveryWorker(db: Db, log: FastifyBaseLogger, everyMs: number): DeliveryWorker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  const pass = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = deliverDue(db)
      .then((sent) => {
        if (sent.length) log.info({ sent }, 'notifications delivered');
      })
      .catch((err) => log.error({ err }, 'notification delivery pass failed'))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void pass();
        }
      });
    return running;
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(() => void pass(), everyMs);
      timer.unref();
      void pass();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    wake() {
      if (!stopped) void pass();
    },
  };
}
