/**
 * Valid requests for the chat routes (/api/v2/chat-*) for security.test.ts. Chat belongs to people, not
 * to shops: a shop's ids here are its supplier (a contact) and the demo conversation between admin and
 * that supplier, so another shop's ids are a conversation supplier1 is not in and a user it may not talk
 * to: both answer 404. tests/server/chat.test.ts checks every route against other users' conversations.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { chatConversations, chatParticipants, userShops, users } from '../../server/src/db/schema.js';
import { multipartSync, samples } from './product-files.js';

export type ChatIds = { contact: number; conversation: number };

type Sample = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
};

/** The shop's first supplier and the seeded direct conversation between admin and them. */
export async function chatIdsOf(
  app: FastifyInstance,
  shopId: number,
  _admin: { authorization: string },
): Promise<ChatIds> {
  const [link] = await app.db
    .select({ userId: userShops.userId })
    .from(userShops)
    .where(eq(userShops.shopId, shopId))
    .orderBy(asc(userShops.userId))
    .limit(1);
  const [admin] = await app.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const theirs = app.db
    .select({ id: chatParticipants.conversationId })
    .from(chatParticipants)
    .where(eq(chatParticipants.userId, link.userId));
  const [conversation] = await app.db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .innerJoin(
      chatParticipants,
      and(eq(chatParticipants.conversationId, chatConversations.id), eq(chatParticipants.userId, admin.id)),
    )
    .where(and(eq(chatConversations.type, 'direct'), inArray(chatConversations.id, theirs)));
  if (!conversation)
    throw new Error(`The demo seed has no conversation between admin and the supplier of shop ${shopId}`);
  return { contact: link.userId, conversation: conversation.id };
}

/** A request that passes validation for the route, or undefined when the route is not one of these. */
export function chatSample(method: string, url: string, shopId: number, ids: ChatIds): Sample | undefined {
  if (!url.startsWith('/api/v2/chat-')) return undefined;
  const path = url.replace(':id', String(ids.conversation));
  switch (`${method} ${url}`) {
    case 'GET /api/v2/chat-contacts':
      return { method: 'GET', url: `${url}?shopId=${shopId}` };
    case 'GET /api/v2/chat-conversations':
      return { method: 'GET', url: `${url}?id=${ids.conversation}` };
    case 'POST /api/v2/chat-conversations':
      return { method: 'POST', url, payload: { type: 'direct', participantIds: [ids.contact] } };
    case 'GET /api/v2/chat-conversations/:id':
      return { method: 'GET', url: path };
    case 'POST /api/v2/chat-conversations/:id/read':
      return { method: 'POST', url: path, payload: {} };
    case 'GET /api/v2/chat-conversations/:id/messages':
      return { method: 'GET', url: `${path}?_start=0&_end=20` };
    case 'POST /api/v2/chat-conversations/:id/messages':
      return { method: 'POST', url: path, payload: { clientId: 'probe-security-1', body: 'Probe' } };
    case 'POST /api/v2/chat-conversations/:id/images':
      return {
        method: 'POST',
        url: path,
        ...multipartSync(
          { clientId: 'probe-security-2' },
          { name: 'file', filename: 'probe.png', data: samples.png() },
        ),
      };
    case 'GET /api/v2/chat-events':
      return { method: 'GET', url: `${url}?conversationId=${ids.conversation}` };
    default:
      return undefined;
  }
}
