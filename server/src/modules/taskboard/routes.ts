/**
 * The template task board (docs/api/storefronts.md, "Task board"): each user's own board. The legacy
 * column verbs under `/api/kanban/columns/*`, the rest as REST under `/api/v2/task-*`. Access comes
 * from the table of screens; every query is scoped to the signed-in user in the service.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { restRoutes } from '../../rest/resource.js';
import { routesOf } from '../../lib/route.js';
import { multipartDoc } from '../../lib/schemas.js';
import { removeStored, withUpload } from '../../lib/uploads.js';
import * as s from './schemas.js';
import * as svc from './service.js';

type Id = { id: number };
const listed = <T>(reply: FastifyReply, found: { rows: T[]; total: number }) => {
  reply.header('x-total-count', String(found.total));
  return found.rows;
};

export default async function taskboardRoutes(app: FastifyInstance) {
  const { db } = app;
  const removeFiles = (urls: string[]) => Promise.all(urls.map((url) => removeStored(app.storage, url)));

  // ----- legacy: columns -----
  const legacy = routesOf(app, '/api/kanban', { tags: s.TAGS });
  legacy.post<{ Body: svc.ColumnsUpdateInput }>('columns/update', { schema: s.columnsUpdateSchema }, async (req) => ({
    status: 200,
    ...(await svc.saveColumn(db, requireUser(req), req.body)),
  }));
  legacy.post<{ Body: { columnId: number } }>('columns/delete', { schema: s.columnsDeleteSchema }, async (req) => {
    const { files } = await svc.deleteColumn(db, requireUser(req), req.body.columnId);
    // Files go once their rows are gone (deleting first could leave a row pointing at nothing).
    await removeFiles(files);
    return { status: 200, message: 'Column deleted with its cards.' };
  });

  // ----- /api/v2/task-columns -----
  const columns = restRoutes(app, 'task-columns', { tags: s.TAGS });
  columns.get<{ Querystring: svc.Paging & { id?: number[] } }>(
    '',
    {
      summary: "The caller's columns by position (total in x-total-count)",
      query: s.columnsQuery,
      response: { 200: s.rows(s.column) },
    },
    async (req, reply) => listed(reply, await svc.listColumns(db, requireUser(req), req.query)),
  );
  columns.post<{ Params: Id; Body: { index: number } }>(
    '/:id/move',
    {
      summary: "Move a column to `index` in the caller's board; the others close up",
      body: s.columnMoveBody,
      required: ['index'],
      response: { 200: s.column },
    },
    async (req) => svc.moveColumn(db, requireUser(req), req.params.id, req.body.index),
  );

  // ----- /api/v2/task-cards -----
  const cards = restRoutes(app, 'task-cards', { tags: s.TAGS });
  cards.get<{ Querystring: svc.Paging & { columnId?: number } }>(
    '',
    {
      summary: "The caller's cards, by column and position (total in x-total-count)",
      query: s.cardsQuery,
      response: { 200: s.rows(s.card) },
    },
    async (req, reply) => listed(reply, await svc.listCards(db, requireUser(req), req.query)),
  );
  cards.get<{ Params: Id }>('/:id', { summary: 'One card of the caller', response: { 200: s.card } }, async (req) =>
    svc.getCard(db, requireUser(req), req.params.id),
  );
  cards.post<{ Body: svc.CardInput & { columnId: number } }>(
    '',
    {
      summary: "A new card at the end of one of the caller's columns",
      body: s.cardCreate,
      required: ['columnId', 'name'],
      response: { 201: s.card },
    },
    async (req, reply) => reply.code(201).send(await svc.createCard(db, requireUser(req), req.body)),
  );
  cards.patch<{ Params: Id; Body: Partial<svc.CardInput> }>(
    '/:id',
    {
      summary: 'Change a card (only the fields sent); move it with /move',
      body: s.cardWrite,
      minProperties: 1,
      response: { 200: s.card },
    },
    async (req) => svc.updateCard(db, requireUser(req), req.params.id, req.body),
  );
  cards.delete<{ Params: Id }>(
    '/:id',
    {
      summary: 'Delete a card and its attachments; later cards close up; answers the deleted card',
      response: { 200: s.card },
    },
    async (req) => {
      const { card, files } = await svc.deleteCard(db, requireUser(req), req.params.id);
      await removeFiles(files);
      return card;
    },
  );
  cards.post<{ Params: Id; Body: { columnId: number; index: number } }>(
    '/:id/move',
    {
      summary:
        "Move a card to `index` in one of the caller's columns (0-based; past the end → the end); positions stay dense",
      body: s.moveBody,
      required: ['columnId', 'index'],
      response: { 200: s.card },
    },
    async (req) => svc.moveCard(db, requireUser(req), req.params.id, req.body),
  );

  // ----- attachments -----
  cards.get<{ Params: Id }>(
    '/:id/attachments',
    { summary: "A card's attachments, oldest first", response: { 200: s.rows(s.attachment) } },
    async (req, reply) => listed(reply, await svc.listAttachments(db, requireUser(req), req.params.id)),
  );
  cards.post<{ Params: Id }>(
    '/:id/attachments',
    {
      summary: `Attach a file to a card (at most ${s.ATTACHMENTS_MAX})`,
      multipart: multipartDoc({}, [], {
        description: 'A JPEG, PNG or WebP image (≤ 5 MB) or a PDF (≤ 10 MB), sniffed from its bytes',
      }),
      response: { 201: s.attachment },
    },
    async (req, reply) => {
      const user = requireUser(req);
      // Another user's card is refused before the upload is read.
      await svc.assertOwnCard(db, user, req.params.id);
      const row = await withUpload(req, { field: 'file', kinds: ['image', 'document'] }, ({ file }) =>
        svc.addAttachment(db, user, req.params.id, file),
      );
      return reply.code(201).send(row);
    },
  );
  cards.delete<{ Params: Id & { attachmentId: number } }>(
    '/:id/attachments/:attachmentId',
    {
      summary: 'Delete an attachment of a card; answers the deleted attachment',
      response: { 200: s.attachment },
    },
    async (req) => {
      const row = await svc.deleteAttachment(db, requireUser(req), req.params.id, req.params.attachmentId);
      await removeStored(app.storage, row.url);
      return row;
    },
  );

  // ----- /api/v2/task-assignees -----
  const assignees = restRoutes(app, 'task-assignees', { tags: s.TAGS });
  assignees.get<{ Querystring: { shopId?: number } }>(
    '',
    {
      summary: 'People the caller may assign: active staff for staff, the users of its shops for a supplier',
      query: s.assigneesQuery,
      response: { 200: s.rows(s.assignee) },
    },
    async (req, reply) => listed(reply, await svc.listAssignees(db, requireUser(req), req.query.shopId)),
  );
}
