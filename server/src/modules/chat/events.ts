/**
 * Chat in real time (docs/api/chat.md, "Live messages"): a sent message rings each participant's channel
 * `chat:<userId>` (lib/realtime.ts) after its commit, and `GET /api/v2/chat-events` streams the caller's
 * new messages as Server-Sent Events, each message one event whose id is the message id. A client that
 * reconnects with Last-Event-ID = the last message id it has gets every later message once, in order.
 */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { fieldError } from '../../lib/errors.js';
import { publishAll, sseStream } from '../../lib/realtime.js';
import { restRoutes } from '../../rest/resource.js';
import type { Tx } from '../../lib/sql.js';
import { eventsQuery, TAGS } from './schemas.js';
import * as svc from './service.js';

const channelOf = (userId: number) => `chat:${userId}`;

/** Rings the participants' channels; the payload says which message, the stream reads it from the table. */
export async function publishMessage(tx: Tx, message: svc.Message, participantIds: number[]): Promise<void> {
  await publishAll(
    tx,
    participantIds.map((id) => ({
      channel: channelOf(id),
      payload: { id: message.id, conversationId: message.conversationId },
    })),
  );
}

export function streamRoute(app: FastifyInstance) {
  const { db } = app;
  restRoutes(app, 'chat-events', { tags: TAGS }).get<{ Querystring: { conversationId?: number } }>(
    '',
    {
      summary:
        "The caller's new messages as Server-Sent Events (event `message`, id = message id), after Last-Event-ID",
      description:
        "Send the last message id the client has as the Last-Event-ID header: every later message of the caller's conversations " +
        'follows once, in id order, then new ones as they are sent. Without it the stream starts at the newest message now. ' +
        'The first event, `ready`, carries the id it starts after; an `end` event says why the server closes it (session over, access removed).',
      query: eventsQuery,
      response: { 200: { type: 'string', description: 'text/event-stream' } },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const { conversationId } = req.query;
      if (conversationId !== undefined) await svc.assertParticipant(db, user, conversationId);
      const header = req.headers['last-event-id'];
      if (header !== undefined && !/^\d{1,15}$/.test(String(header)))
        throw fieldError('Last-Event-ID', 'Last-Event-ID must be the id of the last message the client has');
      return sseStream(reply, {
        lastEventId: header === undefined ? null : Number(header),
        start: () => svc.newestMessageId(db, user.id, conversationId),
        backlog: async (afterId, limit) =>
          (await svc.messagesAfter(db, user.id, afterId, limit, conversationId)).map((m) => ({
            id: m.id,
            event: 'message',
            data: m,
          })),
        live: (wake) => app.realtime.subscribe(channelOf(user.id), wake),
      });
    },
  );
}
