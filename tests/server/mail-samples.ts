/**
 * Valid requests for the mail routes (/api/v2/mails, /api/v2/mail-labels, /api/v2/mail-contacts) for
 * security.test.ts. Mail belongs to a user, not a shop: the ids are those of the shop's first user — a
 * mail staff sent them, a draft of theirs with a file, a label of theirs — so another shop's ids are
 * another user's, which answers 404 (tests/server/mail.test.ts tries every route with them).
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { mailAttachments, mailLabels, mailMessages, mailboxEntries, userShops } from '../../server/src/db/schema.js';
import { multipartSync, samples } from './product-files.js';

export type MailIds = { entry: number; message: number; draft: number; attachment: number; label: number };

export async function mailIdsOf(
  app: FastifyInstance,
  shopId: number,
  admin: { authorization: string },
): Promise<MailIds> {
  const [owner] = await app.db
    .select({ id: userShops.userId })
    .from(userShops)
    .where(eq(userShops.shopId, shopId))
    .orderBy(asc(userShops.userId))
    .limit(1);
  const made = await app.inject({
    method: 'POST',
    url: '/api/v2/mails',
    headers: admin,
    payload: { to: [owner.id], subject: 'Walker probe' },
  });
  if (made.statusCode !== 201) throw new Error(`mail draft: ${made.statusCode} ${made.body}`);
  const sent = await app.inject({
    method: 'POST',
    url: `/api/v2/mails/${made.json().id}/send`,
    headers: admin,
    payload: { updatedAt: made.json().updatedAt },
  });
  if (sent.statusCode !== 200) throw new Error(`mail send: ${sent.statusCode} ${sent.body}`);
  const message = sent.json().messageId as number;
  const [entry] = await app.db
    .select({ id: mailboxEntries.id })
    .from(mailboxEntries)
    .where(and(eq(mailboxEntries.messageId, message), eq(mailboxEntries.userId, owner.id)));
  // The owner's own draft with a file, and a label: written straight to the tables (their password is not the walker's business).
  const [draft] = await app.db
    .insert(mailMessages)
    .values({ senderId: owner.id, subject: 'Walker draft', body: '' })
    .returning({ id: mailMessages.id });
  const [draftEntry] = await app.db
    .insert(mailboxEntries)
    .values({ messageId: draft.id, userId: owner.id, folder: 'drafts', read: true })
    .returning({ id: mailboxEntries.id });
  const [file] = await app.db
    .insert(mailAttachments)
    .values({
      messageId: draft.id,
      url: `/uploads/image/${'0'.repeat(32)}.png`,
      mime: 'image/png',
      size: 1,
      originalName: 'probe.png',
    })
    .returning({ id: mailAttachments.id });
  const [label] = await app.db
    .insert(mailLabels)
    .values({ userId: owner.id, name: `Walker ${shopId}`, color: '#000000' })
    .returning({ id: mailLabels.id });
  return { entry: entry.id, message, draft: draftEntry.id, attachment: file.id, label: label.id };
}

type Sample = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
};

/** A request that passes validation for the route, or undefined when the route is not one of these. */
export function mailSample(method: string, url: string, shopId: number, ids: MailIds): Sample | undefined {
  if (!/^\/api\/v2\/mail(s|-labels|-contacts)(\/|$)/.test(url)) return undefined;
  const on = (id: number, payload?: object) => ({
    method: method as Sample['method'],
    url: url.replace(':id', String(id)).replace(':attachmentId', String(ids.attachment)),
    ...(payload ? { payload } : {}),
  });
  switch (`${method} ${url}`) {
    case 'GET /api/v2/mails':
      return { method: 'GET', url: `${url}?labelId=${ids.label}` };
    case 'POST /api/v2/mails':
      return { method: 'POST', url, payload: { replyToId: ids.message } };
    case 'PATCH /api/v2/mails/:id':
      return on(ids.entry, { starred: true });
    case 'POST /api/v2/mails/:id/send':
      return on(ids.draft, { updatedAt: new Date().toISOString() });
    case 'POST /api/v2/mails/:id/move':
      return on(ids.entry, { folder: 'trash' });
    case 'POST /api/v2/mails/:id/attachments':
      return { ...on(ids.draft), ...multipartSync({}, { name: 'file', filename: 'probe.png', data: samples.png() }) };
    case 'DELETE /api/v2/mails/:id/attachments/:attachmentId':
      return on(ids.draft);
    case 'GET /api/v2/mail-labels':
      return { method: 'GET', url: `${url}?id=${ids.label}` };
    case 'POST /api/v2/mail-labels':
      return { method: 'POST', url, payload: { name: 'Probe', color: '#000000', mailIds: [ids.entry] } };
    case 'PATCH /api/v2/mail-labels/:id':
      return on(ids.label, { name: 'Probe' });
    case 'DELETE /api/v2/mail-labels/:id':
      return on(ids.label);
    case 'GET /api/v2/mail-contacts':
      return { method: 'GET', url: `${url}?shopId=${shopId}` };
    default:
      return on(url.includes('mail-labels') ? ids.label : ids.entry);
  }
}
