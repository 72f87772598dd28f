/**
 * Each user's notification stream (GET /api/notify/events): every delivery writes a
 * `notification_events` row in the transaction of its recipient row and rings the user's channel;
 * the stream sends the rows after the client's Last-Event-ID, then new ones (lib/realtime.ts).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { lockStream, publishAll, type SseEvent } from '../../lib/realtime.js';
import type { Tx } from '../../lib/sql.js';

/** The realtime channel of one user's notifications. */
export const channelOf = (userId: number) => `notify:${userId}`;
/** Every writer of notification events takes this one lock, so event ids commit in order (lockStream). */
const STREAM = 'notification_events';

/** One event per delivered copy (message × user), in the delivering transaction; the users' streams hear of it at commit. */
export async function recordDeliveries(
  tx: Tx,
  copies: readonly { messageId: number; userId: number }[],
): Promise<void> {
  if (!copies.length) return;
  await lockStream(tx, STREAM);
  const rows = [...copies].sort((a, b) => a.userId - b.userId || a.messageId - b.messageId);
  const inserted = await queryRows<{ id: string; user_id: number; message_id: number }>(
    tx,
    sql`
    insert into notification_events (user_id, message_id)
    select u, m from unnest(array[${sql.join(
      rows.map((r) => sql`${r.userId}`),
      sql`, `,
    )}]::int[],
      array[${sql.join(
        rows.map((r) => sql`${r.messageId}`),
        sql`, `,
      )}]::int[]) with ordinality as x(u, m, n)
    order by n
    returning id, user_id, message_id`,
  );
  await publishAll(
    tx,
    inserted.map((e) => ({ channel: channelOf(Number(e.user_id)), payload: { id: Number(e.id) } })),
  );
}

export interface StreamItem {
  id: number;
  title: string;
  body: string;
  category: string;
  link: string | null;
  deliveredAt: string;
  readAt: string | null;
  template: string | null;
  params: Record<string, string | number> | null;
}

/** The user's events after `afterId`, oldest first: each the notification as the inbox lists it. */
export async function eventsAfter(db: Db, userId: number, afterId: number, limit: number): Promise<SseEvent[]> {
  const rows = await queryRows<{
    event_id: string;
    id: number;
    title: string;
    body: string;
    category: string;
    link: string | null;
    delivered_at: Date | string;
    read_at: Date | string | null;
    template: string | null;
    params: Record<string, string | number> | string | null;
  }>(
    db,
    sql`
    select e.id as event_id, m.id, m.title, m.body, m.category, m.link, m.template, m.params, r.delivered_at, r.read_at
    from notification_events e
    join notification_messages m on m.id = e.message_id
    join notification_recipients r on r.message_id = e.message_id and r.user_id = e.user_id
    where e.user_id = ${userId} and e.id > ${afterId}
    order by e.id limit ${limit}`,
  );
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return rows.map((r) => ({
    id: Number(r.event_id),
    event: 'notification',
    data: {
      id: Number(r.id),
      title: r.title,
      body: r.body,
      category: r.category,
      link: r.link,
      deliveredAt: iso(r.delivered_at)!,
      readAt: iso(r.read_at),
      template: r.template,
      params: typeof r.params === 'string' ? (JSON.parse(r.params) as StreamItem['params']) : r.params,
    } satisfies StreamItem,
  }));
}

/** The user's newest event id (0 when none): where a stream without Last-Event-ID starts. */
export async function newestEvent(db: Db, userId: number): Promise<number> {
  const [row] = await queryRows<{ id: string | null }>(
    db,
    sql`select max(id) as id from notification_events where user_id = ${userId}`,
  );
  return Number(row?.id ?? 0);
}
