/**
 * The chat app (docs/api/chat.md): contacts, the caller's conversations, their messages (text, and images
 * as multipart), read marks and the live stream of new messages, REST under `/api/v2/chat-*`. Access
 * comes from the table of screens; the service scopes every query to the conversations the caller is in.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { fieldError } from '../../lib/errors.js';
import { restRoutes } from '../../rest/resource.js';
import { multipartDoc } from '../../lib/schemas.js';
import { removeStored, withUpload } from '../../lib/uploads.js';
import { publishMessage, streamRoute } from './events.js';
import * as s from './schemas.js';
import * as svc from './service.js';

type Id = { id: number };
const listed = <T>(reply: FastifyReply, found: { rows: T[]; total: number }) => {
  reply.header('x-total-count', String(found.total));
  return found.rows;
};

/** The text fields of an image message, checked as the JSON schema would (multipart parts are plain strings). */
function imageFields(fields: Record<string, string>): { clientId: string; body: string } {
  for (const name of Object.keys(fields)) {
    if (!(name in s.imageFields)) throw fieldError(name, `${name} is not a field of an image message`);
  }
  const clientId = fields.clientId ?? '';
  if (!new RegExp(s.CLIENT_ID_PATTERN).test(clientId))
    throw fieldError('clientId', 'clientId must be 8–64 letters, digits, - or _');
  const body = fields.body ?? '';
  if (body.length > s.BODY_MAX) throw fieldError('body', `A caption may be at most ${s.BODY_MAX} characters`);
  return { clientId, body };
}

export default async function chatRoutes(app: FastifyInstance) {
  const { db } = app;

  const contacts = restRoutes(app, 'chat-contacts', { tags: s.TAGS });
  contacts.get<{ Querystring: svc.Paging & { q?: string; shopId?: number } }>(
    '',
    {
      summary:
        'People the caller may talk to, by name: staff reach every active user, a supplier staff and the users of its shops',
      query: s.contactsQuery,
      response: { 200: s.rows(s.contact) },
    },
    async (req, reply) => listed(reply, await svc.listContacts(db, requireUser(req), req.query)),
  );

  const conversations = restRoutes(app, 'chat-conversations', { tags: s.TAGS });
  conversations.get<{ Querystring: svc.Paging & { id?: number[]; q?: string } }>(
    '',
    {
      summary:
        'The conversations the caller takes part in, latest activity first, with unread counts (total in x-total-count)',
      query: s.conversationsQuery,
      response: { 200: s.rows(s.conversation) },
    },
    async (req, reply) => listed(reply, await svc.listConversations(db, requireUser(req), req.query)),
  );
  conversations.get<{ Params: Id }>(
    '/:id',
    { summary: 'One conversation of the caller', response: { 200: s.conversation } },
    async (req) => svc.getConversation(db, requireUser(req), req.params.id),
  );
  conversations.post<{ Body: svc.NewConversation }>(
    '',
    {
      summary: 'Start a conversation: direct (one per pair: an existing one answers 200) or a named group',
      body: s.createConversation,
      required: ['type', 'participantIds'],
      response: { 200: s.conversation, 201: s.conversation },
    },
    async (req, reply) => {
      const { conversation, created } = await svc.createConversation(db, requireUser(req), req.body);
      return reply.code(created ? 201 : 200).send(conversation);
    },
  );
  conversations.post<{ Params: Id; Body: { lastReadMessageId?: number } }>(
    '/:id/read',
    {
      summary: 'Mark the conversation read up to a message (default: its newest); answers it with its unread count',
      body: s.readBody,
      response: { 200: s.conversation },
    },
    async (req) => svc.markRead(db, requireUser(req), req.params.id, req.body.lastReadMessageId),
  );

  conversations.get<{ Params: Id; Querystring: svc.MessagesQuery }>(
    '/:id/messages',
    {
      summary:
        'Messages of a conversation in send order (id); filter id_gt / id_lte, page with _start/_end (total in x-total-count)',
      query: s.messagesQuery,
      response: { 200: s.rows(s.message) },
    },
    async (req, reply) => listed(reply, await svc.listMessages(db, requireUser(req), req.params.id, req.query)),
  );
  conversations.post<{ Params: Id; Body: { clientId: string; body: string } }>(
    '/:id/messages',
    {
      summary: 'Send a text message (201); a resend with the same clientId answers the stored message (200)',
      body: s.textMessage,
      required: ['clientId', 'body'],
      response: { 200: s.message, 201: s.message },
    },
    async (req, reply) => {
      const { message, created } = await svc.sendMessage(
        db,
        requireUser(req),
        req.params.id,
        { ...req.body, contentType: 'text', attachments: [] },
        publishMessage,
      );
      return reply.code(created ? 201 : 200).send(message);
    },
  );
  conversations.post<{ Params: Id }>(
    '/:id/images',
    {
      summary:
        'Send an image message (multipart: file, clientId, an optional caption body); a resend with the same clientId answers the stored message (200)',
      multipart: multipartDoc(s.imageFields, ['clientId'], {
        description: 'A JPEG, PNG or WebP image (≤ 5 MB), sniffed from its bytes',
      }),
      response: { 200: s.message, 201: s.message },
    },
    async (req, reply) => {
      const user = requireUser(req);
      // Someone else's conversation is refused before the upload is read.
      await svc.assertParticipant(db, user, req.params.id);
      const { message, created } = await withUpload(
        req,
        { field: 'file', kinds: ['image'] },
        async ({ fields, file }) => {
          const sent = await svc.sendMessage(
            db,
            user,
            req.params.id,
            { ...imageFields(fields), contentType: 'image', attachments: [svc.imageAttachment(file)] },
            publishMessage,
          );
          // A resend keeps the first copy of the image.
          if (!sent.created) await removeStored(app.storage, file.url);
          return sent;
        },
      );
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  streamRoute(app);
}
