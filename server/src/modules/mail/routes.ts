/**
 * The mail app (docs/api/mail.md): REST under `/api/v2/mails`, `/api/v2/mail-labels` and
 * `/api/v2/mail-contacts`. Access comes from the table of screens (the mail screens of both areas);
 * every query is scoped to the signed-in user in the service: a user sees only their own mail.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { restRoutes } from '../../rest/resource.js';
import { multipartDoc } from '../../lib/schemas.js';
import { removeStored, withUpload } from '../../lib/uploads.js';
import * as s from './schemas.js';
import * as svc from './service.js';

type Id = { id: number };
const listed = <T>(reply: FastifyReply, found: { rows: T[]; total: number }) => {
  reply.header('x-total-count', String(found.total));
  return found.rows;
};

export default async function mailRoutes(app: FastifyInstance) {
  const { db } = app;
  const removeFiles = (urls: string[]) => Promise.all(urls.map((url) => removeStored(app.storage, url)));

  // ----- /api/v2/mails: the caller's copies -----
  const mails = restRoutes(app, 'mails', { tags: s.TAGS });
  mails.get<{ Querystring: svc.MailsQuery }>(
    '',
    {
      summary: "The caller's mails of a folder or label, newest first (total in x-total-count)",
      query: s.mailsQuery,
      response: { 200: s.rows(s.summary) },
    },
    async (req, reply) => listed(reply, await svc.listMails(db, requireUser(req), req.query)),
  );
  mails.get<{ Params: Id }>(
    '/:id',
    { summary: 'One mail of the caller with its conversation; opening it marks it read', response: { 200: s.mail } },
    async (req) => svc.openMail(db, requireUser(req), req.params.id),
  );
  mails.post<{ Body: svc.DraftInput }>(
    '',
    {
      summary: "A new draft (in the caller's drafts); replyToId threads it under a message the caller holds",
      body: s.draftCreate,
      response: { 201: s.mail },
    },
    async (req, reply) => reply.code(201).send(await svc.createDraft(db, requireUser(req), req.body)),
  );
  mails.patch<{ Params: Id; Body: svc.MailPatch }>(
    '/:id',
    {
      summary: 'Marks and labels of a mail; subject, body and recipients of a draft (with the updatedAt read)',
      body: s.mailPatch,
      minProperties: 1,
      response: { 200: s.mail },
    },
    async (req) => svc.updateMail(db, requireUser(req), req.params.id, req.body),
  );
  mails.post<{ Params: Id; Body: svc.SendInput }>(
    '/:id/send',
    {
      summary: "Send a draft, with its last changes: a copy lands in each recipient's inbox, the caller's in sent",
      body: s.sendBody,
      required: ['updatedAt'],
      response: { 200: s.mail },
    },
    async (req) => svc.sendMail(db, requireUser(req), req.params.id, req.body),
  );
  mails.post<{ Params: Id; Body: { folder: s.Folder } }>(
    '/:id/move',
    {
      summary: 'Move a mail to the trash, or back to its home folder (restore)',
      body: s.moveBody,
      required: ['folder'],
      response: { 200: s.mail },
    },
    async (req) => svc.moveMail(db, requireUser(req), req.params.id, req.body.folder),
  );
  mails.delete<{ Params: Id }>(
    '/:id',
    {
      summary: 'Delete a mail in the trash for good, or discard a draft; answers the deleted mail',
      response: { 200: s.summary },
    },
    async (req) => {
      const { mail, files } = await svc.deleteMail(db, requireUser(req), req.params.id);
      // Files go once their rows are gone (deleting first could leave a row pointing at nothing).
      await removeFiles(files);
      return mail;
    },
  );

  // ----- attachments of a draft -----
  mails.post<{ Params: Id }>(
    '/:id/attachments',
    {
      summary: `Attach a file to a draft (at most ${s.ATTACHMENTS_MAX})`,
      multipart: multipartDoc({}, [], {
        description: 'A JPEG, PNG or WebP image (≤ 5 MB) or a PDF (≤ 10 MB), sniffed from its bytes',
      }),
      response: { 201: s.attachment },
    },
    async (req, reply) => {
      const user = requireUser(req);
      // Another user's mail, or one that is no draft, is refused before the upload is read.
      await svc.assertOwnDraft(db, user, req.params.id);
      const row = await withUpload(req, { field: 'file', kinds: ['image', 'document'] }, ({ file }) =>
        svc.addAttachment(db, user, req.params.id, file),
      );
      return reply.code(201).send(row);
    },
  );
  mails.delete<{ Params: Id & { attachmentId: number } }>(
    '/:id/attachments/:attachmentId',
    {
      summary: 'Remove a file from a draft; answers the removed attachment',
      response: { 200: s.attachment },
    },
    async (req) => {
      const row = await svc.deleteAttachment(db, requireUser(req), req.params.id, req.params.attachmentId);
      await removeStored(app.storage, row.url);
      return row;
    },
  );

  // ----- /api/v2/mail-labels -----
  const labels = restRoutes(app, 'mail-labels', { tags: s.TAGS });
  labels.get<{ Querystring: { id?: number[] } }>(
    '',
    {
      summary: "The system labels and the caller's own labels, with total and unread counts",
      query: s.labelsQuery,
      response: { 200: s.rows(s.label) },
    },
    async (req, reply) => listed(reply, await svc.listLabels(db, requireUser(req), req.query.id)),
  );
  labels.post<{ Body: { name: string; color: string; mailIds?: number[] } }>(
    '',
    {
      summary: 'A new label of the caller; mailIds puts mails under it at once',
      body: s.labelCreate,
      required: ['name', 'color'],
      response: { 201: s.label },
    },
    async (req, reply) => reply.code(201).send(await svc.createLabel(db, requireUser(req), req.body)),
  );
  labels.patch<{ Params: Id; Body: { name?: string; color?: string } }>(
    '/:id',
    {
      summary: 'Rename or recolour a label of the caller',
      body: s.labelPatch,
      minProperties: 1,
      response: { 200: s.label },
    },
    async (req) => svc.updateLabel(db, requireUser(req), req.params.id, req.body),
  );
  labels.delete<{ Params: Id }>(
    '/:id',
    {
      summary: 'Delete a label of the caller; its mails stay where they are; answers the deleted label',
      response: { 200: s.label },
    },
    async (req) => svc.deleteLabel(db, requireUser(req), req.params.id),
  );

  // ----- /api/v2/mail-contacts -----
  const contacts = restRoutes(app, 'mail-contacts', { tags: s.TAGS });
  contacts.get<{ Querystring: svc.ContactsQuery }>(
    '',
    {
      summary:
        'People the caller may write to: anyone active for staff; staff and the users of its own shops for a supplier',
      query: s.contactsQuery,
      response: { 200: s.rows(s.contact) },
    },
    async (req, reply) => listed(reply, await svc.listContacts(db, requireUser(req), req.query)),
  );
}
